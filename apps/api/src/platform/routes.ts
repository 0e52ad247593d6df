import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  RouteOptions,
} from 'fastify';
import type { z } from 'zod';
import type { listOf, deletedAnswer } from '@clinica/domain';
import { envelope, methodsOf, type Access, type ListMeta, type RouteDef } from '@clinica/domain';
import { contextOf, type Context, type PublicContext } from './context';
import { created, ok } from './envelope';
import { LARGE_ANSWER_BYTES, compressLarge, largeAnswerEncoding } from './large-answer';
import { operationIdOf } from './operation-ids';

/**
 * Registers the API from the route table of `packages/domain`: a route's method, path, access,
 * schemas and documented errors come from its declaration, never from a second copy here.
 */

type Out<D, K extends string> = D extends { [key in K]: infer S extends z.ZodType }
  ? z.output<S>
  : undefined;

export interface Input<D extends RouteDef> {
  params: Out<D, 'params'>;
  query: Out<D, 'query'>;
  body: Out<D, 'body'>;
  /** The client's address as TRUST_PROXY lets Fastify read it (a public call's rate limits). */
  ip: string;
}

/** A service call that answers a route: given who asks and what they sent, the route's data. */
export type Handler<D extends RouteDef> = (
  ctx: Context,
  input: Input<D>,
) => Promise<z.input<D['answer']>>;

function accessConfig(access: Access) {
  if ('public' in access) return { public: true };
  if ('signedIn' in access) return { signedIn: true };
  if ('privilege' in access) return { privilege: access.privilege };
  return { privilege: { anyOf: access.anyOf } };
}

function describe(route: RouteDef): string {
  const parts = [route.summary];
  if ('signedIn' in route.access)
    parts.push(`Cualquier usuario con sesión: ${route.access.signedIn}.`);
  if (route.list) {
    parts.push(
      `Orden (field): ${route.list.sortable.join(', ')}; por omisión ${route.list.defaultSort}. ` +
        `Búsqueda (search.field): ${route.list.searchable.join(', ')}; por omisión ${route.list.defaultSearch.join(', ')}.`,
    );
  }
  if (route.errors?.length) {
    parts.push(
      `Errores propios: ${route.errors.map(([status, code]) => `${status} código ${code}`).join(', ')}.`,
    );
  }
  return parts.join('\n\n');
}

/**
 * The Fastify options a declared route registers with, for a route whose handler is not the
 * usual "data in an envelope" (a file download, a multipart upload).
 */
export function routeOptions(route: RouteDef, extra: Partial<RouteOptions['config']> = {}) {
  const status = route.status ?? 200;
  return {
    method: [...methodsOf(route)],
    url: route.path,
    config: {
      ...accessConfig(route.access),
      errors: [...new Set((route.errors ?? []).map(([errorStatus]) => errorStatus))],
      ...extra,
    },
    schema: {
      operationId: operationIdOf(route),
      tags: [route.tag],
      summary: route.summary,
      description: describe(route),
      ...(route.params ? { params: route.params } : {}),
      ...(route.query ? { querystring: route.query } : {}),
      ...(route.body && !route.multipart ? { body: route.body } : {}),
      response: { [status]: envelope(route.answer) },
    },
  };
}

/** Registers a declared signed-in route whose answer is its handler's data in the envelope. */
export function serve<D extends RouteDef>(
  app: FastifyInstance,
  route: D,
  handler: Handler<D>,
  extra?: Partial<RouteOptions['config']>,
): void {
  if ('public' in route.access) throw new Error(`${route.path} es pública: servePublic`);
  answer(app, route, extra, (request) =>
    handler(contextOf(app, request), request as unknown as Input<D>),
  );
}

/**
 * Registers a declared signed-in route whose handler writes its data's JSON itself: a report of
 * megabytes that the database builds as one JSON text (`json_agg`), so the rows are neither
 * parsed into objects nor written again by the serializer. The route keeps its declared answer
 * for the OpenAPI document; the handler's test checks its text against that schema. A text of a
 * megabyte or more is compressed here, fast and off the event loop (`large-answer.ts`).
 */
export function serveJson<D extends RouteDef>(
  app: FastifyInstance,
  route: D,
  handler: (ctx: Context, input: Input<D>) => Promise<string>,
): void {
  if ('public' in route.access) throw new Error(`${route.path} es pública`);
  const status = route.status ?? 200;
  const empty = JSON.stringify(ok(null, route.code));
  const head = empty.slice(0, empty.length - 'null}'.length);
  app.route({
    ...routeOptions(route),
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      const data = await handler(contextOf(app, request), request as unknown as Input<D>);
      reply.status(status).type('application/json; charset=utf-8');
      const text = `${head}${data}}`;
      const encoding = text.length >= LARGE_ANSWER_BYTES ? largeAnswerEncoding(request) : null;
      if (encoding === null)
        return reply.serializer((payload: unknown) => payload as string).send(text);
      // Megabytes: compressed off the event loop, quickly (platform/large-answer.ts).
      return reply
        .header('Content-Encoding', encoding)
        .header('Vary', 'Accept-Encoding')
        .send(await compressLarge(Buffer.from(text), encoding));
    },
  });
}

/** Registers a declared public route (no session: sign-in, the branch list, health). */
export function servePublic<D extends RouteDef>(
  app: FastifyInstance,
  route: D,
  handler: (ctx: PublicContext, input: Input<D>) => Promise<z.input<D['answer']>>,
  extra?: Partial<RouteOptions['config']>,
): void {
  if (!('public' in route.access)) throw new Error(`${route.path} no es pública: serve`);
  answer(app, route, extra, (request) =>
    handler(
      {
        db: app.db,
        clock: app.clock,
        reminderHours: app.config.reminderHours,
        holdMinutes: app.config.waitlistHoldMinutes,
      },
      request as unknown as Input<D>,
    ),
  );
}

function answer(
  app: FastifyInstance,
  route: RouteDef,
  extra: Partial<RouteOptions['config']> | undefined,
  run: (request: FastifyRequest) => Promise<unknown>,
) {
  const status = route.status ?? 200;
  app.route({
    ...routeOptions(route, extra),
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      const data = await run(request);
      return reply
        .status(status)
        .send(status === 201 ? created(data, route.code) : ok(data, route.code));
    },
  });
}

/** A printed document: its bytes and the name a browser saves it under. */
export interface PdfFile {
  bytes: Buffer;
  filename: string;
}

/**
 * Registers a declared route that answers a PDF (an order, a transfer, a consent): the document
 * is the answer itself, not the JSON envelope, and it opens in a new tab, so inline.
 */
export function servePdf<D extends RouteDef>(
  app: FastifyInstance,
  route: D,
  render: (ctx: Context, params: Out<D, 'params'>) => Promise<PdfFile>,
): void {
  const declared = routeOptions(route) as Omit<RouteOptions, 'handler'> & { schema: FastifySchema };
  const { response: _envelope, ...schema } = declared.schema;
  app.route({
    ...declared,
    schema: { ...schema, produces: ['application/pdf'] } as FastifySchema,
    handler: async (request, reply) => {
      const pdf = await render(contextOf(app, request), request.params as Out<D, 'params'>);
      return reply
        .type('application/pdf')
        .header('Content-Disposition', `inline; filename="${pdf.filename}"`)
        .send(pdf.bytes);
    },
  });
}

/** What a resource with list, detail, create, update and delete provides (CONTRACT §2). */
export interface CrudService<R, Q, C, U> {
  list(ctx: Context, query: Q): Promise<{ items: R[]; meta: ListMeta }>;
  get(ctx: Context, id: number): Promise<R>;
  create(ctx: Context, body: C): Promise<R>;
  update(ctx: Context, id: number, body: U): Promise<R>;
  remove(ctx: Context, id: number): Promise<{ id: number }>;
}

type IdParams = z.ZodType<{ id: number }>;
interface CrudRoutes<
  R extends z.ZodType,
  Q extends z.ZodType,
  C extends z.ZodType,
  U extends z.ZodType,
> {
  list: RouteDef & { query: Q; answer: ReturnType<typeof listOf<R>> };
  get: RouteDef & { params: IdParams; answer: R };
  create: RouteDef & { body: C; answer: R };
  update: RouteDef & { params: IdParams; body: U; answer: R };
  remove: RouteDef & { params: IdParams; answer: typeof deletedAnswer };
}

/** Registers the five calls of a resource declared with `crudRoutes`, each answered by its service. */
export function serveCrud<
  R extends z.ZodType,
  Q extends z.ZodType,
  C extends z.ZodType,
  U extends z.ZodType,
>(
  app: FastifyInstance,
  routes: CrudRoutes<R, Q, C, U>,
  service: CrudService<z.input<R>, z.output<Q>, z.output<C>, z.output<U>>,
): void {
  serve(app, routes.list, (ctx, { query }) => service.list(ctx, query as z.output<Q>));
  serve(app, routes.get, (ctx, { params }) => service.get(ctx, params.id));
  serve(app, routes.create, (ctx, { body }) => service.create(ctx, body as z.output<C>));
  serve(app, routes.update, (ctx, { params, body }) =>
    service.update(ctx, params.id, body as z.output<U>),
  );
  serve(app, routes.remove, (ctx, { params }) => service.remove(ctx, params.id));
}
