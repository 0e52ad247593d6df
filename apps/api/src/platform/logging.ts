import type { FastifyLoggerOptions, FastifyRequest } from 'fastify';
import { databaseError } from './errors';

/** The web app's catch-all: what it serves is a page or a file of the build, not an API call. */
const WEB_APP_ROUTE = '/*';

/**
 * What the log says was called: the route's pattern (`/v1/auth/invitation/:code`), never the URL.
 * A URL carries what the caller typed: a phone or an e-mail in the query, an invitation or reset
 * code in the path. A path no route matches is not logged at all, since any of it may be such a
 * value.
 */
export function routeOf(request: FastifyRequest): string {
  const route = request.routeOptions.url;
  if (route === undefined) return '(sin ruta)';
  return route === WEB_APP_ROUTE ? '(aplicación web)' : route;
}

/** The call frames of a stack, without its first lines: those repeat the message. */
const framesOf = (stack: string | undefined) =>
  (stack ?? '')
    .split('\n')
    .filter((line) => line.startsWith('    at '))
    .join('\n');

interface LoggedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

const isDatabaseError = (error: Error) =>
  error.name === 'DrizzleQueryError' || 'query' in error || !!databaseError(error).code;

/**
 * An error fit for the log. A database error's message, stack heading and fields carry the query's
 * parameters (password and PIN hashes, CURP, e-mail…) and the values the server refused, so of
 * one only the SQLSTATE and the names of the constraint, table and column are kept.
 */
export function safeError(error: unknown): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: '', stack: '' };
  if (isDatabaseError(error)) {
    const cause = (error as { cause?: { table?: unknown; column?: unknown } }).cause;
    const { code, constraint } = databaseError(error);
    return {
      type: error.name,
      message: 'falló una consulta a la base de datos',
      sqlState: code,
      constraint,
      table: typeof cause?.table === 'string' ? cause.table : undefined,
      column: typeof cause?.column === 'string' ? cause.column : undefined,
      stack: framesOf(error.stack),
    };
  }
  return {
    type: error.name,
    message: error.message,
    code: (error as { code?: unknown }).code,
    stack: error.stack ?? '',
    ...(error.cause === undefined ? {} : { cause: safeError(error.cause) }),
  };
}

/** What Fastify hands the `res` serializer: the reply, its fields all optional but the status. */
type SerializedReply = Parameters<
  NonNullable<NonNullable<FastifyLoggerOptions['serializers']>['res']>
>[0];

export const logSerializers = {
  err: safeError,
  req(request: FastifyRequest) {
    return {
      method: request.method,
      route: routeOf(request),
      remoteAddress: request.ip,
      userAgent: request.headers['user-agent'],
    };
  },
  /** The "request completed" line: with the request id and response time Fastify adds, all an operator needs. */
  res(reply: SerializedReply) {
    const request = reply.request;
    return {
      method: request?.method,
      route: request ? routeOf(request) : undefined,
      statusCode: reply.statusCode,
      userId: request?.auth?.userId,
    };
  },
};

/** Bodies are never logged (no serializer reads them); these paths keep headers that carry secrets out of the log too. */
export const logRedact = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
];
