import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { messageFor, msg } from '@clinica/domain';
import { AppError, databaseError, invalid, type FieldError } from './errors';

function envelopeOf(status: number, code: number, details?: FieldError[]) {
  return {
    statusCode: status,
    code,
    message: messageFor(status, code),
    ...(details ? { details } : {}),
  };
}

/**
 * What to say when the body as a whole is not an object: zod's locale would say "se esperaba
 * objeto, recibido arreglo", true but no help to a client that forgot to send one.
 */
function bodyShapeMessage(body: unknown): string {
  return body === undefined
    ? 'Falta el cuerpo de la solicitud: envía un objeto JSON'
    : 'El cuerpo de la solicitud debe ser un objeto JSON';
}

/**
 * A JSON body must be an object. Checked before any route's schema, so `null`, an array or a
 * scalar is a 400 everywhere, also where the body may be left out (`PUT /product/{id}/reject`
 * would otherwise take `null` for "no reason" and reject the product).
 */
export function registerBodyShapeCheck(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const { body } = request;
    if (body === undefined || (typeof body === 'object' && body !== null && !Array.isArray(body)))
      return;
    throw invalid({ field: 'body', message: bodyShapeMessage(body) });
  });
}

/** Every failing field of a request, with the schema's Spanish message. */
function validationDetails(
  error: {
    validation: {
      instancePath: string;
      message?: string;
      keyword: string;
      params: Record<string, unknown>;
    }[];
    validationContext?: string;
  },
  body: unknown,
) {
  const context = error.validationContext ?? 'body';
  return error.validation.flatMap((issue): FieldError[] => {
    const base = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    if (issue.keyword === 'unrecognized_keys' && Array.isArray(issue.params.keys)) {
      return issue.params.keys.map((key) => ({
        field: base ? `${base}.${String(key)}` : String(key),
        message: msg.unknownField,
      }));
    }
    if (!base && context === 'body' && issue.keyword === 'invalid_type') {
      return [{ field: 'body', message: bodyShapeMessage(body) }];
    }
    return [{ field: base || 'body', message: issue.message ?? 'Valor inválido' }];
  });
}

/** Database failures that a request caused, answered as conflicts rather than server errors. */
const SQLSTATE_STATUS: Record<string, [number, number]> = {
  '23505': [409, 22], // unique violation
  '23P01': [409, 5], // exclusion (an overlapping booking)
  '23503': [409, 2], // foreign key
  '23514': [409, 2], // check
  '40001': [409, 1], // serialization failure
  '40P01': [409, 1], // deadlock
  // Raised by the closed-day triggers of migration 0030: the branch-day has its cash closing.
  CC045: [409, 45],
};

/** The one error handler: catalogue errors, validation, transport errors, then 500. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.status).send(envelopeOf(error.status, error.code, error.details));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.status(400).send(envelopeOf(400, 0, validationDetails(error, request.body)));
    }
    switch (error.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return reply
          .status(400)
          .send(
            envelopeOf(400, 0, [
              { field: 'body', message: 'El cuerpo de la solicitud no es un JSON válido' },
            ]),
          );
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return reply.status(413).send(envelopeOf(413, 0));
      // More files (or parts) than a multipart route admits: its own message, not the 1 MB one.
      case 'FST_FILES_LIMIT':
      case 'FST_PARTS_LIMIT':
        return reply.status(413).send(envelopeOf(413, 1));
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return reply.status(415).send(envelopeOf(415, 0));
    }
    if (error instanceof SyntaxError && error.statusCode === 400) {
      return reply
        .status(400)
        .send(
          envelopeOf(400, 0, [
            { field: 'body', message: 'El cuerpo de la solicitud no es un JSON válido' },
          ]),
        );
    }
    const { code: sqlState, constraint } = databaseError(error);
    const mapped = sqlState ? SQLSTATE_STATUS[sqlState] : undefined;
    const route = `${request.method} ${request.routeOptions.url ?? '(sin ruta)'}`;
    if (mapped) {
      request.log.warn({ sqlState, constraint, route }, 'conflicto de integridad');
      return reply.status(mapped[0]).send(envelopeOf(mapped[0], mapped[1]));
    }
    const status =
      error.statusCode && error.statusCode >= 400 && error.statusCode < 500
        ? error.statusCode
        : 500;
    // The err serializer (platform/logging) keeps a database error's values out of the log.
    if (status === 500) request.log.error({ err: error, route }, 'error no controlado');
    return reply.status(status).send(envelopeOf(status, 0));
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send(envelopeOf(404, 0));
  });
}
