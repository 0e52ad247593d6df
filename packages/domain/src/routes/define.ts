import { z } from 'zod';
import type { listQuery } from '../schemas/common';
import { idParams, listOf } from '../schemas/common';
import { NotFound } from '../errors';
import { hasPrivilege, type Action, type Privileges, type Resource } from '../privileges';

/**
 * The route table: every call of the API declared once, here, with its method, path, who may call
 * it, its schemas, its list fields and the error codes it may answer. The API registers its routes
 * from these declarations (and documents them in OpenAPI); the web app calls the API only through
 * them, so the two cannot drift apart.
 */

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type Privilege = { resource: Resource; action: Action };

/**
 * Who may call a route: anyone (`public`), any signed-in user (`signedIn`, with the reason: a
 * lookup, one's own password), or a session whose role map grants the privilege (or any one of
 * several).
 */
export type Access =
  { public: true } | { signedIn: string } | { privilege: Privilege } | { anyOf: Privilege[] };

/** A (status, sub-code) pair of the error catalogue that a route may answer. */
export type ErrorCode = readonly [status: number, code: number];

export interface RouteDef<
  Path extends string = string,
  Params extends z.ZodType | undefined = z.ZodType | undefined,
  Query extends z.ZodType | undefined = z.ZodType | undefined,
  Body extends z.ZodType | undefined = z.ZodType | undefined,
  Answer extends z.ZodType = z.ZodType,
> {
  /** The first method is the one the web app uses; the rest are accepted synonyms. */
  method: Method | readonly Method[];
  /** Under `/v1`, with `:name` parameters. */
  path: Path;
  access: Access;
  tag: string;
  summary: string;
  params?: Params;
  query?: Query;
  body?: Body;
  /** A multipart upload: the body is read from the form, not validated as JSON. */
  multipart?: boolean;
  answer: Answer;
  /** 201 for a create; 200 otherwise. */
  status?: 200 | 201;
  /** The catalogue sub-code of a success that has one (a reset request answers 201 code 1). */
  code?: number;
  /** The errors of the catalogue this route may answer besides 400, 401 and 403. */
  errors?: readonly ErrorCode[];
  /** For a list: the fields `field` may sort by and `search` may name. */
  list?: ListFields;
}

export interface ListFields<S extends string = string, F extends string = string> {
  sortable: readonly S[];
  defaultSort: S;
  searchable: readonly F[];
  defaultSearch: readonly F[];
}

/** Declares a route, keeping its exact schemas and list fields in its type. */
export function route<const D extends RouteDef>(definition: D): D {
  return definition;
}

/** The methods a route accepts, the web app's first. */
export const methodsOf = (route: Pick<RouteDef, 'method'>): readonly Method[] =>
  typeof route.method === 'string' ? [route.method] : route.method;

/** The list query of a resource, its `field` an enum of the fields it sorts by (CONTRACT §3). */
export function sortedBy<Q extends typeof listQuery, const S extends string>(
  query: Q,
  sortable: readonly [S, ...S[]],
) {
  return query.extend({
    field: z
      .enum(sortable, {
        error: `No se puede ordenar por ese campo; campos permitidos: ${sortable.join(', ')}`,
      })
      .optional(),
  });
}

export const deletedAnswer = z.object({ id: z.number().int() });

interface CrudSpec<
  Path extends string,
  Record extends z.ZodType,
  Query extends typeof listQuery,
  Create extends z.ZodType,
  Update extends z.ZodType,
  S extends string,
  F extends string,
> {
  /** The path segment as the specification writes it (`cabain`, `cabain-type`). */
  path: Path;
  resource: Resource;
  tag: string;
  /** The record in Spanish, for the summaries ("una cabina"). */
  noun: string;
  notFound: number;
  record: Record;
  query: Query;
  create: Create;
  update: Update;
  list: ListFields<S, F> & { sortable: readonly [S, ...S[]] };
  /** What the list filters by, beyond the common list query, in a phrase. */
  filters?: string;
  /** Errors the create and update may answer besides the 404 (e.g. a name in use). */
  writeErrors?: readonly ErrorCode[];
  /** Errors the delete may answer besides the 404 (e.g. a category in use). */
  deleteErrors?: readonly ErrorCode[];
}

/**
 * The five calls of a resource with the usual list, detail, create, update and delete (CONTRACT
 * §2): `GET /{path}` (view), `GET /{path}/:id` (show), `POST /{path}/create`,
 * `PUT /{path}/:id/update` and `POST|DELETE /{path}/:id/delete`.
 */
export function crudRoutes<
  const Path extends string,
  Record extends z.ZodType,
  Query extends typeof listQuery,
  Create extends z.ZodType,
  Update extends z.ZodType,
  const S extends string,
  const F extends string,
>(spec: CrudSpec<Path, Record, Query, Create, Update, S, F>) {
  const privilege = (action: Action) => ({ privilege: { resource: spec.resource, action } });
  const notFound = [404, spec.notFound] as const;
  const help = [
    `búsqueda por ${spec.list.searchable.join(', ')}`,
    spec.filters,
    `orden por ${spec.list.sortable.join(', ')}`,
  ]
    .filter(Boolean)
    .join('; ');
  return {
    list: route({
      method: 'GET',
      path: `/${spec.path}`,
      access: privilege('view'),
      tag: spec.tag,
      summary: `Listar: ${help}`,
      query: sortedBy(spec.query, spec.list.sortable),
      answer: listOf(spec.record),
      list: spec.list,
    }),
    get: route({
      method: 'GET',
      path: `/${spec.path}/:id`,
      access: privilege('show'),
      tag: spec.tag,
      summary: `Obtener ${spec.noun}`,
      params: idParams,
      answer: spec.record,
      errors: [notFound],
    }),
    create: route({
      method: 'POST',
      path: `/${spec.path}/create`,
      access: privilege('create'),
      tag: spec.tag,
      summary: `Crear ${spec.noun}`,
      body: spec.create,
      answer: spec.record,
      status: 201,
      errors: spec.writeErrors ?? [],
    }),
    update: route({
      method: 'PUT',
      path: `/${spec.path}/:id/update`,
      access: privilege('edit'),
      tag: spec.tag,
      summary: `Actualizar ${spec.noun}; los campos omitidos conservan su valor`,
      params: idParams,
      body: spec.update,
      answer: spec.record,
      errors: [notFound, ...(spec.writeErrors ?? [])],
    }),
    remove: route({
      method: ['POST', 'DELETE'],
      path: `/${spec.path}/:id/delete`,
      access: privilege('delete'),
      tag: spec.tag,
      summary: `Eliminar (baja lógica) ${spec.noun}`,
      params: idParams,
      answer: deletedAnswer,
      errors: [notFound, ...(spec.deleteErrors ?? [])],
    }),
  };
}

/**
 * Whether a session with these privileges may call a route (as the API's guard decides it), so a
 * screen never makes a call the session would be refused. `signedIn` holds `null` when no one is.
 */
export function allows(access: Access, privileges: Privileges | null): boolean {
  if ('public' in access) return true;
  if (privileges === null) return false;
  if ('signedIn' in access) return true;
  const options = 'anyOf' in access ? access.anyOf : [access.privilege];
  return options.some(({ resource, action }) => hasPrivilege(privileges, resource, action));
}

/** An image answered as its bytes, not in the envelope. */
export const imageAnswer = z.unknown().describe('La imagen (bytes), no el sobre JSON');

/**
 * A photo served by its random 128-bit name. Public: an `<img>` sends no token, and the name
 * cannot be guessed. An unknown name is 404 code 15.
 */
export function publicImage<const P extends string>(path: P, tag: string, what: string) {
  return route({
    method: 'GET',
    path,
    access: { public: true },
    tag,
    summary: `${what} por su nombre (pública: las etiquetas <img> no envían el token y el nombre aleatorio de 128 bits no se adivina; 404 código 15)`,
    params: z.object({ name: z.string() }),
    answer: imageAnswer,
    errors: [[404, NotFound.photo]],
  });
}
