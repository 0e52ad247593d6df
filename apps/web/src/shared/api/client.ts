import type { z } from 'zod';
import {
  errorEnvelope,
  envelope,
  messageFor,
  methodsOf,
  type Access,
  type Method,
} from '@clinica/domain';

/**
 * The typed API client. Every call goes through a route of the domain's route table
 * (`packages/domain/src/routes`), the same declaration the API registers from: the body is
 * validated (and normalised) with the server's own schema before it leaves, and the answer is
 * checked against the schema the server answers with, so the web app and the API cannot drift
 * apart silently.
 */

export type { Method };

export interface Endpoint<
  Path extends string = string,
  Body extends z.ZodType | undefined = z.ZodType | undefined,
  Answer extends z.ZodType = z.ZodType,
> {
  method: Method | readonly Method[];
  path: Path;
  body?: Body;
  answer: Answer;
  /** Public calls carry no token, and a 401 from them is an answer, not a lost session. */
  access: Access;
  /** Declared in the route table (its OpenAPI tag): there is no other way to make a call. */
  tag: string;
}

const isPublic = (definition: Endpoint) => 'public' in definition.access;
const methodOf = (definition: Endpoint) => methodsOf(definition)[0]!;

type ParamNames<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never;

type ParamsOption<Path extends string> = [ParamNames<Path>] extends [never]
  ? { params?: undefined }
  : { params: Record<ParamNames<Path>, string | number> };

type BodyOption<Body> = Body extends z.ZodType ? { body: z.input<Body> } : { body?: undefined };

export type QueryValue = string | number | boolean | null | undefined | object;

type BodyOf<E> = E extends { body?: infer Body }
  ? [Exclude<Body, undefined>] extends [never]
    ? undefined
    : Exclude<Body, undefined>
  : undefined;

export type CallOptions<E extends Endpoint> = ParamsOption<E['path']> &
  BodyOption<BodyOf<E>> & { query?: Record<string, QueryValue>; signal?: AbortSignal };

export type AnswerOf<E extends Endpoint> = z.output<E['answer']>;

export interface ApiResult<T> {
  status: number;
  code: number;
  /** The catalogue's text for this status and code. */
  message: string;
  data: T;
}

export interface FieldDetail {
  field: string;
  message: string;
}

export class ApiError extends Error {
  readonly status: number;
  readonly code: number;
  readonly details: FieldDetail[];

  constructor(status: number, code: number, details: FieldDetail[] = []) {
    super(messageFor(status, code));
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

interface ApiHooks {
  /** The access token to send, renewed first when it is about to expire. */
  getToken: () => Promise<string | null>;
  /** Called on a 401 from a call made with a session. */
  onUnauthorized: () => void;
}

let hooks: ApiHooks = { getToken: async () => null, onUnauthorized: () => undefined };

export function configureApi(next: ApiHooks): void {
  hooks = next;
}

export const API_BASE = '/v1';

function fillPath(path: string, params: Record<string, string | number> | undefined): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`Falta el parámetro ${name} de ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** List queries carry only non-empty values; objects (search) travel as JSON text (spec 000 §7). */
export function buildQueryString(query: Record<string, QueryValue> | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) {
      if (value.length > 0) params.set(key, value.join(','));
      continue;
    }
    params.set(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * The sub-code of a failed answer (spec 000 §8): a numeric `code` in the body, else a code found
 * in JSON-encoded strings of a `message` list, else 0.
 */
export function errorCodeOf(body: unknown): number {
  if (typeof body !== 'object' || body === null) return 0;
  const record = body as Record<string, unknown>;
  if (typeof record.code === 'number') return record.code;
  if (Array.isArray(record.message)) {
    for (const entry of record.message) {
      if (typeof entry !== 'string') continue;
      try {
        const parsed: unknown = JSON.parse(entry);
        if (typeof parsed === 'object' && parsed !== null) {
          const code = (parsed as Record<string, unknown>).code;
          if (typeof code === 'number') return code;
        }
      } catch {
        // Not JSON: a plain message carries no code.
      }
    }
  }
  return 0;
}

function detailsOfIssues(issues: z.core.$ZodIssue[]): FieldDetail[] {
  return issues.map((issue) => ({ field: issue.path.join('.'), message: issue.message }));
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

export async function callApi<E extends Endpoint>(
  definition: E,
  options: CallOptions<E>,
): Promise<ApiResult<AnswerOf<E>>> {
  const { params, body, query, signal } = options as {
    params?: Record<string, string | number>;
    body?: unknown;
    query?: Record<string, QueryValue>;
    signal?: AbortSignal;
  };

  let payload: unknown = undefined;
  if (definition.body) {
    const parsed = definition.body.safeParse(body);
    if (!parsed.success) throw new ApiError(400, 0, detailsOfIssues(parsed.error.issues));
    payload = parsed.data;
  }

  const headers: Record<string, string> = { Accept: 'application/json' };
  if (payload !== undefined) headers['Content-Type'] = 'application/json';
  const token = isPublic(definition) ? null : await hooks.getToken();
  if (token) headers.Authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await fetch(
      `${API_BASE}${fillPath(definition.path, params)}${buildQueryString(query)}`,
      {
        method: methodOf(definition),
        headers,
        body: payload === undefined ? undefined : JSON.stringify(payload),
        signal,
      },
    );
  } catch (error) {
    if (signal?.aborted) throw error;
    // No answer at all counts as a 500 (spec 000 §8).
    throw new ApiError(500, 0);
  }

  return answerOf(definition, response, token);
}

/**
 * A multipart call carrying one file in the field `image` (CONTRACT §2: photos travel in their own
 * call once the record exists), answered like any other call.
 */
export async function uploadFile<E extends Endpoint>(
  definition: E,
  options: { params: Record<string, string | number>; file: Blob; fileName: string },
): Promise<ApiResult<AnswerOf<E>>> {
  const data = new FormData();
  data.append('image', options.file, options.fileName);
  const token = await hooks.getToken();
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${fillPath(definition.path, options.params)}`, {
      method: methodOf(definition),
      headers: token
        ? { Accept: 'application/json', Authorization: `Bearer ${token}` }
        : { Accept: 'application/json' },
      body: data,
    });
  } catch {
    throw new ApiError(500, 0);
  }
  return answerOf(definition, response, token);
}

async function answerOf<E extends Endpoint>(
  definition: E,
  response: Response,
  token: string | null,
): Promise<ApiResult<AnswerOf<E>>> {
  const json = await readJson(response);
  if (!response.ok) {
    const parsed = errorEnvelope.safeParse(json);
    const code = parsed.success ? parsed.data.code : errorCodeOf(json);
    const details = parsed.success ? (parsed.data.details ?? []) : [];
    if (response.status === 401 && token) hooks.onUnauthorized();
    throw new ApiError(response.status, code, details);
  }

  const parsed = envelope(definition.answer).safeParse(json);
  if (!parsed.success) {
    console.error(
      `La respuesta de ${methodOf(definition)} ${definition.path} no cumple el contrato`,
      parsed.error.issues,
    );
    throw new ApiError(500, 0);
  }
  const { code } = parsed.data;
  return {
    status: response.status,
    code,
    message: messageFor(response.status, code),
    data: parsed.data.data as AnswerOf<E>,
  };
}

/**
 * A file the API answers instead of the JSON envelope (a PDF), read with the session's token: a
 * plain link cannot carry it. A refusal is an `ApiError` like any other call's.
 */
export async function fetchFile<E extends Endpoint>(
  definition: E,
  options: { params: Record<string, string | number>; signal?: AbortSignal },
): Promise<Blob> {
  const token = await hooks.getToken();
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${fillPath(definition.path, options.params)}`, {
      method: methodOf(definition),
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      signal: options.signal,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiError(500, 0);
  }
  if (!response.ok) {
    const json = await readJson(response);
    const parsed = errorEnvelope.safeParse(json);
    if (response.status === 401 && token) hooks.onUnauthorized();
    throw new ApiError(
      response.status,
      parsed.success ? parsed.data.code : errorCodeOf(json),
      parsed.success ? (parsed.data.details ?? []) : [],
    );
  }
  return response.blob();
}

/**
 * Opens a file of the API in a new tab (spec 001 §2: PDFs open in a new tab). The tab is opened
 * at the click, before the file arrives, so the browser does not take it for a pop-up; when the
 * browser refuses it anyway, the file is downloaded instead.
 */
export async function openFile<E extends Endpoint>(
  definition: E,
  options: { params: Record<string, string | number>; fileName: string },
): Promise<void> {
  const tab = window.open('', '_blank');
  let blob: Blob;
  try {
    blob = await fetchFile(definition, { params: options.params });
  } catch (error) {
    tab?.close();
    throw error;
  }
  const url = URL.createObjectURL(blob);
  if (tab) {
    tab.location.href = url;
  } else {
    const link = document.createElement('a');
    link.href = url;
    link.download = options.fileName;
    link.click();
  }
  // The tab has read the file by then; the address is not needed any longer.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
