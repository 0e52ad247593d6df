import type { FastifyRequest } from 'fastify';
import { databaseError } from './errors';

const SECRET_QUERY = /^(token|refresh_?token|code|pin|password)$/i;

/**
 * A URL fit for the log: secrets in the query and the reset code in /forgot-password/{code} are
 * masked, so request logs never carry a password, PIN, token or reset code.
 */
export function safeUrl(url: string): string {
  const [path = '', query] = url.split('?', 2);
  const safePath = path.replace(/(\/forgot-password\/)[^/]+/i, '$1••••');
  if (!query) return safePath;
  const params = new URLSearchParams(query);
  for (const key of [...params.keys()]) if (SECRET_QUERY.test(key)) params.set(key, '••••');
  return `${safePath}?${params.toString()}`;
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

export const logSerializers = {
  err: safeError,
  req(request: FastifyRequest) {
    return {
      method: request.method,
      url: safeUrl(request.url),
      remoteAddress: request.ip,
      userAgent: request.headers['user-agent'],
    };
  },
};

/** Bodies are never logged (no serializer reads them); these paths keep headers that carry secrets out of the log too. */
export const logRedact = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
];
