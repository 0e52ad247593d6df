import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, signInAs, type TestApp } from '../test/harness';

/**
 * Every route of the OpenAPI document, called by the super administrator with values its schema
 * must refuse: ids beyond the integer columns, numbers beyond every column's precision, NUL
 * bytes, wrong types, lists and objects where a scalar goes, prototype names as sort fields. No
 * answer may be a 5xx (each is a 400, or a 404/409/422 decided without the value), and nothing
 * may be written.
 */

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}
interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  schema: JsonSchema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema: JsonSchema }> };
}
interface Probe {
  method: string;
  url: string;
  payload?: string;
  label: string;
}

let t: TestApp;
let token: string;
let document: { paths: Record<string, Record<string, Operation>> };
beforeAll(async () => {
  t = await createTestApp();
  token = (await signInAs(t.app, 'superAdmin')).token;
  document = (await t.app.inject({ method: 'GET', url: '/v1/docs/json' })).json();
});
afterAll(async () => {
  await t.close();
});

/** The JSON types a schema admits, looking through anyOf/oneOf/allOf. */
function typesOf(schema: JsonSchema | undefined): Set<string> {
  if (!schema) return new Set();
  const own = [schema.type ?? []].flat();
  const nested = [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])];
  return new Set([...own, ...nested.flatMap((inner) => [...typesOf(inner)])]);
}

const NUL_TEXT = 'a\u0000b';
const HUGE_INTEGER = 2_147_483_648;
const HUGE_NUMBER = 1e15;

/** Values no field of this schema may take. */
function badValues(schema: JsonSchema): unknown[] {
  const types = typesOf(schema);
  const values: unknown[] = [{ a: 1 }, [{ a: 1 }], NUL_TEXT, HUGE_NUMBER, -HUGE_NUMBER];
  if (types.has('integer')) values.push(HUGE_INTEGER, 1.5, 'abc', [1], true);
  if (types.has('number')) values.push('abc', [1]);
  if (types.has('string')) values.push([NUL_TEXT], 'x'.repeat(10_000));
  if (types.has('boolean')) values.push('abc', 7);
  if (types.has('array')) {
    const items = schema.items ?? {};
    values.push('abc', ...badValues(items).map((item) => [item]));
    for (const [name, property] of Object.entries(items.properties ?? {})) {
      for (const value of badValues(property)) values.push([{ [name]: value }]);
    }
  }
  if (types.has('object')) {
    for (const [name, property] of Object.entries(schema.properties ?? {})) {
      for (const value of [NUL_TEXT, HUGE_NUMBER, HUGE_INTEGER, { a: 1 }])
        values.push({ [name]: value });
      void property;
    }
  }
  return values;
}

const BAD_PATH = ['2147483648', '99999999999999999999', '-1', '0', 'abc', '1.5', '1e3', '%00'];
const BAD_QUERY = ['2147483648', '99999999999999999999', '1e15', '-1', 'abc', '%00', 'a%00b'];
const BAD_SORT = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', '%00'];
const BAD_SEARCH = [
  '{"field":"__proto__","value":"x"}',
  '{"field":"constructor","value":"x"}',
  '{"value":"a\\u0000b"}',
  '{"field":"name","value":{"a":1}}',
  '[]',
  'a%00b',
];

function urlOf(path: string, params: Record<string, string>, query = ''): string {
  const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? '1');
  return query ? `${filled}?${query}` : filled;
}

/** The bad calls of one operation: each path parameter, each query parameter, each body field. */
function probesOf(method: string, path: string, operation: Operation): Probe[] {
  const probes: Probe[] = [];
  const parameters = operation.parameters ?? [];
  const upper = method.toUpperCase();
  for (const parameter of parameters.filter((each) => each.in === 'path')) {
    for (const value of BAD_PATH)
      probes.push({
        method: upper,
        url: urlOf(path, { [parameter.name]: value }),
        label: `${parameter.name}=${value}`,
      });
  }
  for (const parameter of parameters.filter((each) => each.in === 'query')) {
    const values =
      parameter.name === 'field'
        ? BAD_SORT
        : parameter.name === 'search'
          ? [...BAD_SEARCH.map(encodeURIComponent), ...BAD_QUERY]
          : BAD_QUERY;
    for (const value of values) {
      probes.push({
        method: upper,
        url: urlOf(path, {}, `${parameter.name}=${value}`),
        label: `?${parameter.name}=${value}`,
      });
    }
    probes.push({
      method: upper,
      url: urlOf(path, {}, `${parameter.name}=1&${parameter.name}=2`),
      label: `?${parameter.name} repetido`,
    });
  }
  const body = operation.requestBody?.content?.['application/json']?.schema;
  for (const [name, property] of Object.entries(body?.properties ?? {})) {
    for (const value of badValues(property)) {
      probes.push({
        method: upper,
        url: urlOf(path, {}),
        payload: JSON.stringify({ [name]: value }),
        label: `${name}: ${JSON.stringify(value).slice(0, 60)}`,
      });
    }
  }
  return probes;
}

/** A fingerprint of the data a write would change. */
async function fingerprint(): Promise<unknown> {
  const tables = [
    'audit_log',
    'branch',
    'branch_schedule',
    'cabin',
    'cabin_schedule',
    'cabin_type',
    'category',
    'provider',
    'product',
    'treatment',
    'appliance',
    'branch_appliance',
    'catalog_photo',
    'role',
    '"user"',
    'kardex',
    'kardex_personal_data',
    'kardex_bank_information',
    'kardex_phone',
    'staff_photo',
    'product_provider',
    'product_category',
    'treatment_product',
    'stock',
    'stock_movement',
    'purchase_order',
    'purchase_order_product',
    'mail_outbox',
    'attendance',
    'refresh_token',
    'reset_code',
    'sign_in_failure',
    'sign_in_lock',
  ];
  const rows: Record<string, string> = {};
  for (const table of tables) {
    const result = (await t.app.db.execute(
      sql.raw(`SELECT md5(string_agg(t::text, '|' ORDER BY t::text)) AS digest FROM ${table} t`),
    )) as unknown as { rows: { digest: string | null }[] };
    rows[table] = String(result.rows[0]?.digest);
  }
  return rows;
}

describe('no input the schema accepts causes a 500, and bad input writes nothing', () => {
  it('walks every route of the OpenAPI document with bad values', async () => {
    const before = await fingerprint();
    const failures: string[] = [];
    let calls = 0;
    for (const [path, methods] of Object.entries(document.paths)) {
      if (path.startsWith('/v1/docs')) continue;
      for (const [method, operation] of Object.entries(methods)) {
        for (const probe of probesOf(method, path, operation)) {
          calls += 1;
          const answer = await t.app.inject({
            method: probe.method as 'GET',
            url: probe.url,
            payload: probe.payload,
            headers: {
              authorization: `Bearer ${token}`,
              ...(probe.payload ? { 'content-type': 'application/json' } : {}),
            },
          });
          if (answer.statusCode >= 500)
            failures.push(`${probe.method} ${path} ${probe.label} → ${answer.statusCode}`);
        }
      }
    }
    expect(calls).toBeGreaterThan(1000);
    expect.soft(failures).toEqual([]);
    expect(await fingerprint()).toEqual(before);
  }, 600_000);
});
