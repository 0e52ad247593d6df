import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, signInAs, type TestApp } from '../../test/harness';
import { auditEntryOf } from './audit-entry.testing';
import {
  expectNoUpdateAfterDelete,
  expectOneOfConcurrentDeletes,
  onPostgres,
} from '../../test/races';

interface Category {
  id: number;
  name: string;
  type: 'treatment' | 'product';
}
type Page<T> = { items: T[]; meta: { itemCount: number } };

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await signInAs(t.app, 'superAdmin', 'CEDIS')).token;
});
afterAll(async () => {
  await t.close();
});

const createCategory = (body: Record<string, unknown>, token = admin) =>
  call<Category>(t.app, 'POST', '/v1/category/create', { token, body });

describe('categories (spec 000 §3, §5)', () => {
  it('creates, filters by type, refuses a repeated name of the same type, and deletes', async () => {
    const created = await createCategory({ name: 'Mesoterapia', type: 'treatment' });
    expect(created.status).toBe(201);
    const again = await createCategory({ name: 'mesoterapia', type: 'treatment' });
    expect(again.body.details).toEqual([
      { field: 'name', message: 'Ya existe una categoría con este nombre y tipo' },
    ]);
    expect((await createCategory({ name: 'Mesoterapia', type: 'product' })).status).toBe(201);
    const products = await call<Page<Category>>(t.app, 'GET', '/v1/category', {
      token: admin,
      query: { type: 'product', take: '100' },
    });
    expect(products.body.data.items.every((item) => item.type === 'product')).toBe(true);
    expect(products.body.data.meta.itemCount).toBe(7);
    expect(
      (await call(t.app, 'DELETE', `/v1/category/${created.body.data.id}/delete`, { token: admin }))
        .status,
    ).toBe(200);
    expect(
      (await call(t.app, 'GET', `/v1/category/${created.body.data.id}`, { token: admin })).body
        .code,
    ).toBe(11);
  });

  it("requires name and type: 'El campo Nombre es obligatorio', 'El campo Tipo es obligatorio'", async () => {
    const answer = await createCategory({ name: '  ' });
    expect(answer.status).toBe(400);
    expect(answer.body.details).toEqual([
      { field: 'name', message: 'El campo Nombre es obligatorio' },
      { field: 'type', message: 'El campo Tipo es obligatorio' },
    ]);
  });

  it('refuses a type other than treatment or product with the wrong-value message', async () => {
    const answer = await createCategory({ name: 'Spa', type: 'service' });
    expect(answer.status).toBe(400);
    expect(answer.body.details).toEqual([
      { field: 'type', message: 'El campo Tipo tiene un valor no permitido' },
    ]);
  });

  it('reads one category by id; an unknown one is 404 code 11', async () => {
    const created = (await createCategory({ name: 'Depilación', type: 'treatment' })).body.data;
    const answer = await call<Category>(t.app, 'GET', `/v1/category/${created.id}`, {
      token: admin,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({ id: created.id, name: 'Depilación', type: 'treatment' });
    const missing = await call(t.app, 'GET', '/v1/category/999999', { token: admin });
    expect(missing.body).toMatchObject({ statusCode: 404, code: 11 });
  });

  it('updates with PUT /category/{id}/update: fields left out keep their values', async () => {
    const created = (await createCategory({ name: 'Capilares', type: 'treatment' })).body.data;
    const answer = await call<Category>(t.app, 'PUT', `/v1/category/${created.id}/update`, {
      token: admin,
      body: { name: 'Tratamientos capilares' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({
      id: created.id,
      name: 'Tratamientos capilares',
      type: 'treatment',
    });
    const emptied = await call(t.app, 'PUT', `/v1/category/${created.id}/update`, {
      token: admin,
      body: { name: '' },
    });
    expect(emptied.body.details).toEqual([
      { field: 'name', message: 'El campo Nombre es obligatorio' },
    ]);
    const missing = await call(t.app, 'PUT', '/v1/category/999999/update', {
      token: admin,
      body: { name: 'Nada' },
    });
    expect(missing.body).toMatchObject({ statusCode: 404, code: 11 });
  });

  it.todo('refuses to delete a category tied to a package (404 code 34) once packages exist');
});

describe('category audit entries (CONTRACT §5)', () => {
  it('writes create, update and delete with field → { before, after }', async () => {
    const created = (await createCategory({ name: 'Radiofrecuencia', type: 'treatment' })).body
      .data;
    const entry = (action: string) =>
      auditEntryOf(t.app, admin, { module: 'category', action, recordId: created.id });

    expect((await entry('create'))?.changes).toEqual({
      id: { before: null, after: created.id },
      name: { before: null, after: 'Radiofrecuencia' },
      type: { before: null, after: 'treatment' },
    });

    await call(t.app, 'PUT', `/v1/category/${created.id}/update`, {
      token: admin,
      body: { name: 'Radiofrecuencia facial', type: 'treatment' },
    });
    const update = await entry('update');
    expect(update?.module.alias).toBe('category');
    expect(update?.changes).toEqual({
      name: { before: 'Radiofrecuencia', after: 'Radiofrecuencia facial' },
    });

    await call(t.app, 'POST', `/v1/category/${created.id}/delete`, { token: admin });
    expect((await entry('delete'))?.changes).toEqual({
      deletedAt: { before: null, after: t.clock.now().toISOString() },
    });
  });

  it('lets a role without the category privileges neither create nor delete', async () => {
    const medic = (await signInAs(t.app, 'medic')).token;
    expect((await createCategory({ name: 'Ajena', type: 'product' }, medic)).status).toBe(403);
  });
});

describe.skipIf(!onPostgres)('categories under concurrent writes (PostgreSQL)', () => {
  const target = async () => ({
    path: 'category',
    id: (await createCategory({ name: `Carrera ${Math.random()}`, type: 'treatment' })).body.data
      .id,
    module: 'category',
    notFound: 11,
  });

  it('of 20 concurrent deletes one succeeds and writes one entry; the rest are 404', async () => {
    await expectOneOfConcurrentDeletes(t.app, admin, await target());
  });

  it('an update racing the delete never lands on the deleted category', async () => {
    await expectNoUpdateAfterDelete(t.app, admin, await target(), { name: 'Otra' });
  });
});
