import type { RouteOptions } from 'fastify';
import type { SwaggerTransformObject } from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { cataloguePairs, errorEnvelope, messageFor } from '@clinica/domain';
import { IMAGE_MIME } from './files';
import { isGuardedUrl } from './session';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Error statuses particular to this route, for the OpenAPI document (401 and 429 of a
     * sign-in, 422 of a refresh). The ones every route of its kind answers are added for it.
     */
    errors?: number[];
  }
}

const ERROR_TEXT: Record<number, string> = {
  400: 'Datos inválidos (código 0): details lista cada campo con su mensaje en español',
  401: 'Sin sesión válida, o credenciales incorrectas (ver los códigos en la descripción)',
  403: messageFor(403),
  404: 'No existe, o es de otra sucursal (el código dice qué no se encontró)',
  409: 'Conflicto con los datos guardados (un valor único repetido, un registro en uso)',
  413: messageFor(413),
  422: 'No se puede procesar (ver los códigos en la descripción)',
  429: messageFor(429),
  500: messageFor(500),
};

/** The error answers a route gives besides its own: by what it takes and who may call it. */
function errorStatuses(route: RouteOptions): number[] {
  const config = route.config ?? {};
  const schema = route.schema ?? {};
  const methods = [route.method].flat();
  const takesBody = methods.some((method) => method === 'POST' || method === 'PUT');
  const statuses = new Set<number>(config.errors ?? []);
  if (schema.body || schema.querystring || schema.params || takesBody) statuses.add(400);
  if (!config.public) statuses.add(401);
  if (config.privilege) statuses.add(403);
  if (route.url.includes('/:')) statuses.add(404);
  if (takesBody && !config.public) statuses.add(409);
  if (takesBody) statuses.add(413);
  statuses.add(500);
  return [...statuses].sort((a, b) => a - b);
}

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

/**
 * The OpenAPI transform: every /v1 route documents the error envelope for the statuses it can
 * answer, added here once rather than in each route, and only in the document — the answers
 * themselves are rendered by the one error handler.
 */
export function documentErrors(input: TransformInput) {
  const route = (input as TransformInput & { route?: RouteOptions }).route;
  if (!route || !isGuardedUrl(input.url)) return jsonSchemaTransform(input);
  const own = (input.schema?.response ?? {}) as Record<string | number, unknown>;
  const errors = Object.fromEntries(
    errorStatuses(route).map((status) => [
      status,
      errorEnvelope.describe(ERROR_TEXT[status] ?? messageFor(status)),
    ]),
  );
  const document = jsonSchemaTransform({
    ...input,
    schema: { ...input.schema, response: { ...errors, ...own } },
  });
  const file = fileAnswer(input.schema as FileSchema | undefined);
  if (!file) return document;
  const schema = document.schema as { response?: Record<string | number, unknown> };
  return { ...document, schema: { ...schema, response: { 200: file, ...schema.response } } };
}

type FileSchema = { response?: unknown; produces?: readonly string[] };

const BINARY = { type: 'string', format: 'binary' } as const;

/**
 * The success of a route that answers a file's bytes instead of the envelope (a photo, a PDF):
 * such a route declares no response schema, only the types it `produces`, so its 200 is written
 * here with those types (`image/*` as the four kinds of image the API stores).
 */
function fileAnswer(schema: FileSchema | undefined) {
  if (!schema?.produces || schema.response) return null;
  const types = schema.produces.flatMap((type) =>
    type === 'image/*' ? Object.values(IMAGE_MIME) : [type],
  );
  const pdf = types.includes('application/pdf');
  return {
    description: pdf
      ? 'El documento PDF (sus bytes, no el sobre JSON), para abrirse en línea'
      : 'La imagen (sus bytes, no el sobre JSON)',
    content: Object.fromEntries(types.map((type) => [type, { schema: BINARY }])),
  };
}

type Operation = { operationId?: string; tags?: string[] };
type OpenApiDocument = { paths?: Record<string, Record<string, Operation>> };

/**
 * The last touch on the whole document (`transformObject`): a route that answers several methods
 * (`POST|DELETE …/delete`) is one declaration, so its synonyms get the method after its
 * `operationId` (`cabinRemove`, then `cabinRemoveDelete`), and every tag the operations use is
 * declared at the top, in alphabetical order.
 */
export const finishDocument: SwaggerTransformObject = (input) => {
  if (!('openapiObject' in input)) return input.swaggerObject;
  const document = input.openapiObject as Partial<OpenApiDocument>;
  const tags = new Set<string>();
  const paths = Object.fromEntries(
    Object.entries(document.paths ?? {}).map(([path, item]) => {
      const seen = new Set<string>();
      const operations = Object.entries(item).map(([method, operation]) => {
        operation.tags?.forEach((tag) => tags.add(tag));
        const id = operation.operationId;
        if (id === undefined || !seen.has(id)) {
          if (id !== undefined) seen.add(id);
          return [method, operation];
        }
        const synonym = `${id}${method.charAt(0).toUpperCase()}${method.slice(1).toLowerCase()}`;
        return [method, { ...operation, operationId: synonym }];
      });
      return [path, Object.fromEntries(operations)];
    }),
  );
  return {
    ...input.openapiObject,
    tags: [...tags].sort().map((name) => ({ name })),
    paths,
  } as ReturnType<SwaggerTransformObject>;
};

/** The error catalogue as a table for the OpenAPI description (CONTRACT §6). */
export function catalogueTable(): string {
  const rows = cataloguePairs().map(
    ({ status, code, message }) => `| ${status} | ${code} | ${message.replaceAll('|', '\\|')} |`,
  );
  return ['| estado | código | mensaje |', '| --- | --- | --- |', ...rows].join('\n');
}
