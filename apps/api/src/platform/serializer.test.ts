import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import * as domain from '@clinica/domain';
import {
  appointmentRoutes,
  branchRoutes,
  cabinRoutes,
  envelope,
  roleRoutes,
} from '@clinica/domain';
import { call, branchId, createTestApp, signInAs, type TestApp } from '../test/harness';
import { plainJsonSchema, serializerCompiler } from './serializer';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Compile = (route: {
  schema: z.ZodType;
  method: string;
  url: string;
  httpStatus: string;
}) => (data: unknown) => string;
const writer = (compile: unknown, schema: z.ZodType) =>
  (compile as Compile)({ schema, method: 'GET', url: '/', httpStatus: '200' });

/** Every declared route of the route table, with its answer schema. */
function declaredRoutes(): { name: string; answer: z.ZodType }[] {
  const found: { name: string; answer: z.ZodType }[] = [];
  for (const [table, routes] of Object.entries(domain)) {
    if (!table.endsWith('Routes') || !routes || typeof routes !== 'object') continue;
    for (const [key, route] of Object.entries(routes as Record<string, unknown>)) {
      const candidate = route as { answer?: z.ZodType; path?: string } | null;
      if (candidate?.answer && candidate.path) {
        found.push({ name: `${table}.${key}`, answer: candidate.answer });
      }
    }
  }
  return found;
}

describe('answers written from their schemas', () => {
  it('writes every list and nearly every other answer of the route table from its schema', () => {
    const routes = declaredRoutes();
    expect(routes.length).toBeGreaterThan(150);
    const byZod = routes.filter(({ answer }) => !plainJsonSchema(envelope(answer) as z.ZodType));
    // Schemas with a transform or a default keep zod's encoding (today: the staff record's).
    expect(byZod.length, byZod.map(({ name }) => name).join(', ')).toBeLessThan(10);
    for (const { name } of byZod) expect(name).not.toMatch(/\.list$/);
  });

  it('writes the same JSON as zod for real answers: lists, a branch day of the agenda, roles', async () => {
    const { token } = await signInAs(t.app, 'superAdmin');
    const zonaRio = await branchId(t.app, 'Zona Río');
    const cases: [string, z.ZodType][] = [
      ['/v1/branch', branchRoutes.list.answer],
      ['/v1/cabain', cabinRoutes.list.answer],
      ['/v1/role', roleRoutes.list.answer],
      [
        `/v1/appointment?branchId=${zonaRio}&date=${t.clock.now().toISOString().slice(0, 10)}`,
        appointmentRoutes.list.answer,
      ],
      ['/v1/appointment', appointmentRoutes.list.answer],
    ];
    for (const [url, answer] of cases) {
      const response = await call(t.app, 'GET', url, { token });
      expect(response.status, url).toBe(200);
      const schema = envelope(answer) as z.ZodType;
      expect(plainJsonSchema(schema), url).not.toBeNull();
      const ours = writer(serializerCompiler, schema)(response.body);
      const zods = writer(zodSerializerCompiler, schema)(response.body);
      expect(JSON.parse(ours), url).toEqual(JSON.parse(zods));
    }
  });

  it('keeps only the declared fields, as zod does', () => {
    const schema = envelope(roleRoutes.list.answer) as z.ZodType;
    const written = writer(
      serializerCompiler,
      schema,
    )({ statusCode: 200, code: 0, message: 'OK', data: [], secret: 'no' });
    expect(JSON.parse(written)).toEqual({ statusCode: 200, code: 0, message: 'OK', data: [] });
  });
});
