import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { envelope, idParams, listOf, type ListMeta, type Resource } from '@clinica/domain';
import { created, ok } from './envelope';
import { sessionOf, type Session } from './session';

type Zod = z.ZodType;

/** What a resource with the usual list, detail, create, update and delete calls provides. */
export interface CrudResource<R extends Zod, Q extends Zod, C extends Zod, U extends Zod> {
  /** The API path segment as the specification writes it (`cabain`, `cabain-type`). */
  path: string;
  resource: Resource;
  tag: string;
  /** The record in Spanish, for the summaries ("una cabina"). */
  noun: string;
  /** Sort and search fields, filters and 404 code, for the list's OpenAPI summary. */
  listHelp: string;
  notFoundCode: number;
  schemas: { record: R; query: Q; create: C; update: U };
  list(session: Session, query: z.output<Q>): Promise<{ items: z.output<R>[]; meta: ListMeta }>;
  get(session: Session, id: number): Promise<z.output<R>>;
  create(session: Session, body: z.output<C>): Promise<z.output<R>>;
  update(session: Session, id: number, body: z.output<U>): Promise<z.output<R>>;
  remove(session: Session, id: number): Promise<{ id: number }>;
}

/**
 * Registers `GET /{path}`, `GET /{path}/:id`, `POST /{path}/create`, `PUT /{path}/:id/update` and
 * `POST|DELETE /{path}/:id/delete` (CONTRACT §2), each guarded by the resource's privilege.
 */
export function registerCrud<R extends Zod, Q extends Zod, C extends Zod, U extends Zod>(
  app: FastifyInstance,
  crud: CrudResource<R, Q, C, U>,
): void {
  // The schemas validate and document at run time; the types come from CrudResource's signatures,
  // which TypeScript cannot carry through Fastify's generic route types.
  const tags = [crud.tag];
  const privilege = (action: 'view' | 'create' | 'edit' | 'delete') => ({
    privilege: { resource: crud.resource, action },
  });
  const idOf = (request: FastifyRequest) => (request.params as { id: number }).id;
  const record = envelope(crud.schemas.record);

  app.route({
    method: 'GET',
    url: `/${crud.path}`,
    config: privilege('view'),
    schema: {
      tags,
      summary: crud.listHelp,
      querystring: crud.schemas.query,
      response: { 200: envelope(listOf(crud.schemas.record)) },
    },
    handler: async (request) =>
      ok(await crud.list(sessionOf(request), request.query as z.output<Q>)),
  });

  app.route({
    method: 'GET',
    url: `/${crud.path}/:id`,
    config: privilege('view'),
    schema: {
      tags,
      summary: `Obtener ${crud.noun} (404 código ${crud.notFoundCode})`,
      params: idParams,
      response: { 200: record },
    },
    handler: async (request) => ok(await crud.get(sessionOf(request), idOf(request))),
  });

  app.route({
    method: 'POST',
    url: `/${crud.path}/create`,
    config: privilege('create'),
    schema: {
      tags,
      summary: `Crear ${crud.noun}`,
      body: crud.schemas.create,
      response: { 201: record },
    },
    handler: async (request, reply) =>
      reply
        .status(201)
        .send(created(await crud.create(sessionOf(request), request.body as z.output<C>))),
  });

  app.route({
    method: 'PUT',
    url: `/${crud.path}/:id/update`,
    config: privilege('edit'),
    schema: {
      tags,
      summary: `Actualizar ${crud.noun}; los campos omitidos conservan su valor`,
      params: idParams,
      body: crud.schemas.update,
      response: { 200: record },
    },
    handler: async (request) =>
      ok(await crud.update(sessionOf(request), idOf(request), request.body as z.output<U>)),
  });

  app.route({
    method: ['POST', 'DELETE'],
    url: `/${crud.path}/:id/delete`,
    config: privilege('delete'),
    schema: {
      tags,
      summary: `Eliminar (baja lógica) ${crud.noun}`,
      params: idParams,
      response: { 200: envelope(z.object({ id: z.number().int() })) },
    },
    handler: async (request) => ok(await crud.remove(sessionOf(request), idOf(request))),
  });
}
