import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BranchRecord } from '@clinica/domain';
import { branchId, call, createTestApp, signInAs, type TestApp } from '../../test/harness';
import {
  expectNoUpdateAfterDelete,
  expectOneOfConcurrentDeletes,
  onPostgres,
} from '../../test/races';
import { auditEntryOf } from './audit-entry.testing';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await signInAs(t.app, 'superAdmin', 'CEDIS')).token;
});
afterAll(async () => {
  await t.close();
});

const week = [
  { day: 0, opening: '09:00', closing: '19:00' },
  { day: 1, opening: '09:00', closing: '19:00' },
  { day: 5, opening: '10:00', closing: '14:30' },
  { day: 6, opening: '00:00', closing: '00:00' },
];
const valid = {
  name: 'Ensenada Centro',
  street: 'Av. López Mateos',
  extNumber: '1020',
  suburb: 'Zona Centro',
  city: 'Ensenada',
  state: 'Baja California',
  zipCode: '22800',
  phone: '(646)123-4567',
  code: 'ENSCENT004',
  rfc: 'cbe180101ab1',
  businessName: 'Clínicas Bellezza S.A. de C.V.',
  zone: 'America/Tijuana',
  schedule: week,
};
const create = (body: Record<string, unknown>, token = admin) =>
  call<BranchRecord>(t.app, 'POST', '/v1/branch/create', { token, body });

describe('branches (spec 000 §3, §5)', () => {
  it('creates a branch with its week; phone stored as digits, days left out are days off', async () => {
    const answer = await create(valid);
    expect(answer.status).toBe(201);
    expect(answer.body.message).toBe('Registro creado correctamente');
    const branch = answer.body.data;
    expect(branch).toMatchObject({
      name: 'Ensenada Centro',
      phone: '6461234567',
      rfc: 'CBE180101AB1',
      active: true,
      franchise: false,
    });
    expect(branch.schedules).toHaveLength(7);
    expect(branch.schedules[0]).toEqual({ day: 0, opening: '09:00', closing: '19:00' });
    expect(branch.schedules[2]).toEqual({ day: 2, opening: '00:00', closing: '00:00' });
    const log = await call<{ items: { action: string; recordId: number }[] }>(
      t.app,
      'GET',
      '/v1/log',
      { token: admin, query: { module: 'branch' } },
    );
    expect(log.body.data.items[0]).toMatchObject({ action: 'create', recordId: branch.id });
  });

  it('applies the field rules with their messages', async () => {
    const answer = await create({
      ...valid,
      name: '',
      zipCode: '2280',
      code: 'CORTO',
      rfc: 'XYZ',
      phone: '123',
      schedule: [
        { day: 0, opening: '09:15', closing: '08:00' },
        { day: 0, opening: '10:00', closing: '11:00' },
      ],
    });
    expect(answer.status).toBe(400);
    expect(answer.body.details).toEqual(
      expect.arrayContaining([
        { field: 'name', message: 'El campo Nombre es obligatorio' },
        { field: 'zipCode', message: 'Longitud inválida' },
        { field: 'code', message: 'Longitud inválida' },
        { field: 'rfc', message: 'RFC Invalido' },
        { field: 'phone', message: 'El campo Teléfono debe tener 10 dígitos' },
        { field: 'schedule.0.opening', message: 'El campo Apertura va en pasos de 30 minutos' },
        { field: 'schedule.1.day', message: 'El día está repetido' },
      ]),
    );
    const missing = await create({});
    expect(missing.body.details?.map((detail) => detail.field)).toEqual(
      expect.arrayContaining([
        'name',
        'street',
        'extNumber',
        'suburb',
        'city',
        'state',
        'zipCode',
        'phone',
        'code',
        'rfc',
        'businessName',
      ]),
    );
  });

  it('refuses a code another branch has', async () => {
    const answer = await create({ ...valid, name: 'Otra', code: 'TIJZRIO001' });
    expect(answer.status).toBe(400);
    expect(answer.body.details).toEqual([
      { field: 'code', message: 'El código ya está en uso por otra sucursal' },
    ]);
  });

  it('updates only the fields sent', async () => {
    const id = await branchId(t.app, 'Mexicali Centro');
    const answer = await call<BranchRecord>(t.app, 'PUT', `/v1/branch/${id}/update`, {
      token: admin,
      body: { name: 'Mexicali Centro Cívico', franchise: true },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({
      name: 'Mexicali Centro Cívico',
      franchise: true,
      code: 'MXLCENT003',
      city: 'Mexicali',
    });
    expect(answer.body.data.schedules[6]).toEqual({ day: 6, opening: '10:00', closing: '14:00' });
  });

  it('never deletes the distribution centre, nor switches its Activar and Franquicia', async () => {
    const cedis = await branchId(t.app, 'CEDIS');
    const remove = await call(t.app, 'POST', `/v1/branch/${cedis}/delete`, { token: admin });
    expect(remove.status).toBe(409);
    expect(remove.body).toEqual({
      statusCode: 409,
      code: 36,
      message: 'No se puede eliminar el centro de distribución',
    });
    const update = await call(t.app, 'PUT', `/v1/branch/${cedis}/update`, {
      token: admin,
      body: { active: false, franchise: true },
    });
    expect(update.status).toBe(400);
    expect(update.body.details?.map((detail) => detail.field)).toEqual(['active', 'franchise']);
  });

  it('soft-deletes a branch (POST or DELETE): gone from lists unless withDeleted, its id 404 code 6', async () => {
    const created = (await create({ ...valid, name: 'Temporal', code: 'TEMPORAL01' })).body.data;
    const answer = await call(t.app, 'DELETE', `/v1/branch/${created.id}/delete`, { token: admin });
    expect(answer.status).toBe(200);
    expect((await call(t.app, 'GET', `/v1/branch/${created.id}`, { token: admin })).body.code).toBe(
      6,
    );
    const search = { search: JSON.stringify({ field: 'name', value: 'temporal' }) };
    expect(
      (
        await call<{ meta: { itemCount: number } }>(t.app, 'GET', '/v1/branch', {
          token: admin,
          query: search,
        })
      ).body.data.meta.itemCount,
    ).toBe(0);
    expect(
      (
        await call<{ meta: { itemCount: number } }>(t.app, 'GET', '/v1/branch', {
          token: admin,
          query: { ...search, withDeleted: 'true' },
        })
      ).body.data.meta.itemCount,
    ).toBe(1);
  });

  it('lists with search by name or phone, and the status and franchise filters', async () => {
    const list = (query: Record<string, string>) =>
      call<{ items: BranchRecord[] }>(t.app, 'GET', '/v1/branch/paginated', {
        token: admin,
        query,
      });
    expect(
      (
        await list({ search: JSON.stringify({ field: 'name', value: 'zona rio' }) })
      ).body.data.items.map((b) => b.name),
    ).toEqual(['Zona Río']);
    expect(
      (
        await list({ search: JSON.stringify({ field: 'phone', value: '6646809010' }) })
      ).body.data.items.map((b) => b.name),
    ).toEqual(['Playas de Tijuana']);
    const franchises = (await list({ franchise: '1' })).body.data.items.map((b) => b.name);
    expect(franchises).toContain('Playas de Tijuana');
    expect(franchises).not.toContain('Zona Río');
  });

  it('shows a branch manager only their branch; another branch is 404, and creating is 403', async () => {
    const manager = (await signInAs(t.app, 'branchManager')).token;
    const list = await call<{ items: BranchRecord[] }>(t.app, 'GET', '/v1/branch', {
      token: manager,
    });
    expect(list.body.data.items.map((b) => b.name)).toEqual(['Zona Río']);
    const other = await call(
      t.app,
      'GET',
      `/v1/branch/${await branchId(t.app, 'Playas de Tijuana')}`,
      { token: manager },
    );
    expect(other.status).toBe(404);
    expect(other.body.code).toBe(6);
    expect((await create({ ...valid, code: 'GERENTE001' }, manager)).status).toBe(403);
  });

  it('reads one branch by id with its week; an unknown one is 404 code 6', async () => {
    const id = await branchId(t.app, 'Zona Río');
    const answer = await call<BranchRecord>(t.app, 'GET', `/v1/branch/${id}`, { token: admin });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ id, name: 'Zona Río', code: 'TIJZRIO001' });
    expect(answer.body.data.schedules).toHaveLength(7);
    expect(answer.body.data.schedules[0]).toEqual({ day: 0, opening: '09:00', closing: '20:00' });
    const missing = await call(t.app, 'GET', '/v1/branch/999999', { token: admin });
    expect(missing.body).toMatchObject({ statusCode: 404, code: 6 });
  });

  it("requires an enabled day's opening and closing (spec 000 §5)", async () => {
    const answer = await create({
      ...valid,
      code: 'SINRANGO01',
      schedule: [{ day: 0 }, { day: 1, opening: '', closing: null }],
    });
    expect(answer.status).toBe(400);
    expect(answer.body.details).toEqual([
      { field: 'schedule.0.opening', message: 'El campo Apertura es obligatorio' },
      { field: 'schedule.0.closing', message: 'El campo Cierre es obligatorio' },
      { field: 'schedule.1.opening', message: 'El campo Apertura es obligatorio' },
      { field: 'schedule.1.closing', message: 'El campo Cierre es obligatorio' },
    ]);
  });

  it('numbers schedule days 0 (Monday) to 6 (Sunday) and refuses 7 (CONTRACT §8)', async () => {
    const sunday = await create({
      ...valid,
      code: 'DOMINGO001',
      schedule: [{ day: 6, opening: '10:00', closing: '14:00' }],
    });
    expect(sunday.status).toBe(201);
    expect(sunday.body.data.schedules.map((day) => day.day)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(sunday.body.data.schedules[6]).toEqual({ day: 6, opening: '10:00', closing: '14:00' });
    const seventh = await create({
      ...valid,
      code: 'DIASIETE01',
      schedule: [{ day: 7, opening: '10:00', closing: '14:00' }],
    });
    expect(seventh.status).toBe(400);
    expect(seventh.body.details).toEqual([
      { field: 'schedule.0.day', message: 'El campo Día tiene un valor no permitido' },
    ]);
  });

  it('refuses a time zone outside the four of the specification', async () => {
    const answer = await create({ ...valid, code: 'ZONAMALA01', zone: 'Europe/Madrid' });
    expect(answer.status).toBe(400);
    expect(answer.body.details).toEqual([
      { field: 'zone', message: 'El campo Zona horaria tiene un valor no permitido' },
    ]);
  });
});

describe('branch audit entries (CONTRACT §5)', () => {
  it('writes update and delete with field → { before, after }', async () => {
    const created = (await create({ ...valid, name: 'Auditada', code: 'AUDITADA01' })).body.data;
    const entry = (action: string) =>
      auditEntryOf(t.app, admin, { module: 'branch', action, recordId: created.id });

    await call(t.app, 'PUT', `/v1/branch/${created.id}/update`, {
      token: admin,
      body: { name: 'Auditada Centro', schedule: [{ day: 0, opening: '10:00', closing: '19:00' }] },
    });
    const update = await entry('update');
    expect(update?.module.alias).toBe('branch');
    expect(update?.changes).toEqual({
      name: { before: 'Auditada', after: 'Auditada Centro' },
      schedules: { before: created.schedules, after: expect.any(Array) },
    });
    expect((update?.changes?.schedules?.after as BranchRecord['schedules'])[0]).toEqual({
      day: 0,
      opening: '10:00',
      closing: '19:00',
    });

    await call(t.app, 'POST', `/v1/branch/${created.id}/delete`, { token: admin });
    expect((await entry('delete'))?.changes).toEqual({
      deletedAt: { before: null, after: t.clock.now().toISOString() },
    });
  });
});

describe("a branch's scope is its own id (CONTRACT §5)", () => {
  it('a branch-fixed role granted edit and delete reaches only its own branch; another is 404', async () => {
    const roles = await call<{ id: number; key: string; privileges: Record<string, string[]> }[]>(
      t.app,
      'GET',
      '/v1/role',
      { token: admin },
    );
    const managerRole = roles.body.data.find((role) => role.key === 'branchManager')!;
    const granted = await call(t.app, 'PUT', `/v1/role/${managerRole.id}/update`, {
      token: admin,
      body: {
        privileges: { ...managerRole.privileges, branch: ['view', 'show', 'edit', 'delete'] },
      },
    });
    expect(granted.status).toBe(200);
    const manager = (await signInAs(t.app, 'branchManager')).token;
    const own = await branchId(t.app, 'Zona Río');
    const other = await branchId(t.app, 'Playas de Tijuana');
    const update = (id: number) =>
      call<BranchRecord>(t.app, 'PUT', `/v1/branch/${id}/update`, {
        token: manager,
        body: { phone: '6640001111' },
      });
    expect((await update(own)).status).toBe(200);
    expect((await update(other)).body).toMatchObject({ statusCode: 404, code: 6 });
    const remove = await call(t.app, 'DELETE', `/v1/branch/${other}/delete`, { token: manager });
    expect(remove.body).toMatchObject({ statusCode: 404, code: 6 });
    const playas = await call<BranchRecord>(t.app, 'GET', `/v1/branch/${other}`, { token: admin });
    expect(playas.body.data.phone).toBe('6646809010');
    expect(playas.body.data.deleted_at).toBeNull();
  });
});

describe.skipIf(!onPostgres)('branches under concurrent writes (PostgreSQL)', () => {
  let serial = 0;
  const target = async () => {
    serial += 1;
    const created = await create({
      ...valid,
      name: `Carrera ${serial}`,
      code: `CARRERA${String(serial).padStart(3, '0')}`,
    });
    expect(created.status).toBe(201);
    return { path: 'branch', id: created.body.data.id, module: 'branch', notFound: 6 };
  };

  it('of 20 concurrent deletes one succeeds and writes one entry; the rest are 404', async () => {
    await expectOneOfConcurrentDeletes(t.app, admin, await target());
  });

  it('an update racing the delete never lands on the deleted branch', async () => {
    await expectNoUpdateAfterDelete(t.app, admin, await target(), { name: 'Otra' });
  });
});
