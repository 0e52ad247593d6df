import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { readConfig } from '../config';
import { openDatabase } from '../db/client';
import { declaredOperations } from './operation-ids';

/**
 * The OpenAPI document as client generators read it (issue 23): every operation named by a
 * stable, unique `operationId` taken from the route table, tags declared, file answers declared.
 * Only the document is read, so the app is built on an empty database.
 */

type Operation = {
  operationId?: string;
  tags?: string[];
  responses: Record<string, { content?: Record<string, unknown> }>;
};
let app: FastifyInstance;
let document: {
  servers?: { url: string }[];
  tags?: { name: string }[];
  paths: Record<string, Record<string, Operation>>;
};
const operations = () =>
  Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ path, method, operation })),
  );

beforeAll(async () => {
  app = await buildApp({
    config: { ...readConfig({}), webDist: '/nonexistent' },
    database: await openDatabase({}),
    logger: false,
  });
  document = (await app.inject({ method: 'GET', url: '/v1/docs/json' })).json();
});
afterAll(() => app.close());

describe('operationIds from the route table', () => {
  it('names every declared route once, camelCase, by its group and key', () => {
    const names = declaredOperations().map(([name]) => name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(/^[a-z][A-Za-z0-9]*$/);
    const byPath = Object.fromEntries(
      declaredOperations().map(([name, route]) => [
        `${[route.method].flat()[0]} ${route.path}`,
        name,
      ]),
    );
    expect(byPath['GET /cabain']).toBe('cabinList');
    expect(byPath['POST /auth/sign-in']).toBe('authSignIn');
    expect(byPath['PUT /product/:id/update-medical-product']).toBe('productUpdateMedicalProduct');
    expect(byPath['GET /transfer/:id/download']).toBe('transferDownload');
  });

  it('gives every operation of the document a unique operationId, synonyms with their method', () => {
    const all = operations();
    expect(all.length).toBeGreaterThan(200);
    const ids = all.map(({ operation }) => operation.operationId);
    expect(ids.every((id) => typeof id === 'string')).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    const removal = document.paths['/v1/cabain/{id}/delete']!;
    expect(removal.post?.operationId).toBe('cabinRemove');
    expect(removal.delete?.operationId).toBe('cabinRemoveDelete');
  });

  it('keeps the operationIds stable: a rename shows here before a generated client breaks', async () => {
    const lines = operations()
      .map(
        ({ path, method, operation }) => `${operation.operationId} ${method.toUpperCase()} ${path}`,
      )
      .sort();
    await expect(`${lines.join('\n')}\n`).toMatchFileSnapshot('./__snapshots__/operation-ids.txt');
  });
});

describe('the rest of what a generator needs', () => {
  it('declares every tag an operation uses, and the server the paths are under', () => {
    const declared = new Set(document.tags?.map((tag) => tag.name));
    for (const { operation } of operations())
      for (const tag of operation.tags ?? []) expect(declared.has(tag)).toBe(true);
    expect(document.servers).toEqual([expect.objectContaining({ url: '/' })]);
  });

  it('declares the success of the file answers with their content types', () => {
    const get = (path: string) => document.paths[path]!.get!.responses['200']?.content;
    for (const path of [
      '/v1/purchase-order/{id}/download',
      '/v1/transfer/{id}/download',
      '/v1/assortment-order/{id}/download',
      '/v1/sale-order/{id}/download',
      '/v1/consent/{consentId}/{appointmentId}',
    ])
      expect(Object.keys(get(path) ?? {})).toEqual(['application/pdf']);
    for (const path of [
      '/v1/user/photo/{name}',
      '/v1/user/photo/thumbnail/{name}',
      '/v1/product/photo/{name}',
      '/v1/photo/thumbnail/{name}',
      '/v1/package/thumbnail/{name}',
      '/v1/note/photo/{name}',
    ])
      expect(Object.keys(get(path) ?? {})).toEqual(
        expect.arrayContaining(['image/png', 'image/jpeg', 'image/webp']),
      );
  });
});
