import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { cabin } from '../../db/schema';
import { branchId, call, createTestApp, signInAs, type TestApp } from '../../test/harness';
import { newBranch } from '../../test/factories';
import {
  expectNoUpdateAfterDelete,
  expectOneOfConcurrentDeletes,
  onPostgres,
} from '../../test/races';
import { auditEntryOf } from './audit-entry.testing';

interface CabinType {
  id: number;
  name: string;
  color: string;
  order: number;
  treatmentType: { id: number; appointmentName: string };
}
type Page<T> = { items: T[]; meta: { itemCount: number } };

let t: TestApp;
let admin: string;
/** A cabin type of the file's own, with a cabin of its own clinic. */
let facialType: CabinType;
let treatmentTypeId: number;
let appointmentName: string;
/** Colours no cabin type uses yet, handed out one per test. */
let freeColors: string[];
beforeAll(async () => {
  t = await createTestApp();
  admin = (await signInAs(t.app, 'superAdmin', 'CEDIS')).token;
  const treatmentTypes = await call<{ id: number; appointmentName: string }[]>(
    t.app,
    'GET',
    '/v1/treatment-type',
    { token: admin },
  );
  treatmentTypeId = treatmentTypes.body.data[0]!.id;
  appointmentName = treatmentTypes.body.data[0]!.appointmentName;
  const colors = await call<{ hex: string }[]>(t.app, 'GET', '/v1/color', {
    token: admin,
    query: { available: '1' },
  });
  freeColors = colors.body.data.map((color) => color.hex);
  facialType = await createType({ name: 'Cabina facial de fábrica' });
  const clinic = await newBranch(t.app, admin, { open: true });
  const room = await call(t.app, 'POST', '/v1/cabain/create', {
    token: admin,
    body: { name: 'Facial de fábrica', typeId: facialType.id, branchId: clinic },
  });
  expect(room.status).toBe(201);
});
afterAll(async () => {
  await t.close();
});

let serial = 0;
async function createType(overrides: Record<string, unknown> = {}) {
  serial += 1;
  const answer = await call<CabinType>(t.app, 'POST', '/v1/cabain-type/create', {
    token: admin,
    body: {
      treatmentTypeId,
      name: `Tipo ${serial}`,
      order: 10 + serial,
      color: freeColors.pop()!,
      ...overrides,
    },
  });
  expect(answer.status).toBe(201);
  return answer.body.data;
}

describe('cabin types (spec 000 §3, §5)', () => {
  it('lists swatch colour, name, order and the treatment type appointment name', async () => {
    const created = await createType({ name: 'Consultorio de fábrica' });
    const list = await call<Page<CabinType>>(t.app, 'GET', '/v1/cabain-type', {
      token: admin,
      query: { search: JSON.stringify({ field: 'name', value: 'Consultorio de fábrica' }) },
    });
    expect(list.body.data.items).toHaveLength(1);
    expect(list.body.data.items[0]).toMatchObject({
      id: created.id,
      name: 'Consultorio de fábrica',
      order: created.order,
      color: created.color,
      treatmentType: { id: treatmentTypeId, appointmentName },
    });
  });

  it('reads one cabin type by id; an unknown one is 404 code 8', async () => {
    const answer = await call<CabinType>(t.app, 'GET', `/v1/cabain-type/${facialType.id}`, {
      token: admin,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({
      id: facialType.id,
      name: facialType.name,
      color: facialType.color,
      order: facialType.order,
    });
    const missing = await call(t.app, 'GET', '/v1/cabain-type/999999', { token: admin });
    expect(missing.body).toMatchObject({ statusCode: 404, code: 8 });
  });

  it('requires treatment type, name, order and colour', async () => {
    const answer = await call(t.app, 'POST', '/v1/cabain-type/create', { token: admin, body: {} });
    expect(answer.status).toBe(400);
    expect(answer.body.details).toEqual([
      { field: 'treatmentTypeId', message: 'El campo Tipo de tratamiento es obligatorio' },
      { field: 'name', message: 'El campo Nombre es obligatorio' },
      { field: 'order', message: 'El campo Orden es obligatorio' },
      { field: 'color', message: 'El campo Color es obligatorio' },
    ]);
  });

  it('offers and accepts only colours no other cabin type uses', async () => {
    const available = await call<{ hex: string }[]>(t.app, 'GET', '/v1/color', {
      token: admin,
      query: { available: '1' },
    });
    const hexes = available.body.data.map((color) => color.hex);
    // A colour of the file's own type is taken; one no type uses is offered.
    const used = (await createType()).color;
    const free = freeColors.pop()!;
    const after = await call<{ hex: string }[]>(t.app, 'GET', '/v1/color', {
      token: admin,
      query: { available: '1' },
    });
    expect(after.body.data.map((color) => color.hex)).not.toContain(used);
    expect(hexes).not.toContain(facialType.color);
    expect(hexes).toContain(free);
    const own = await call<{ hex: string }[]>(t.app, 'GET', '/v1/color', {
      token: admin,
      query: { available: '1', cabinTypeId: String(facialType.id) },
    });
    expect(own.body.data.map((color) => color.hex)).toContain(facialType.color);
    const body = {
      treatmentTypeId,
      name: 'Hidrofacial',
      order: 6,
      color: `#${used.toLowerCase()}`,
    };
    const taken = await call(t.app, 'POST', '/v1/cabain-type/create', { token: admin, body });
    expect(taken.status).toBe(400);
    expect(taken.body.details).toEqual([
      { field: 'color', message: 'El color ya está asignado a otro tipo de cabina' },
    ]);
    const ok = await call<CabinType>(t.app, 'POST', '/v1/cabain-type/create', {
      token: admin,
      body: { ...body, color: `#${free.toLowerCase()}` },
    });
    expect(ok.status).toBe(201);
    expect(ok.body.data.color).toBe(free);
    const order = await call(t.app, 'POST', '/v1/cabain-type/create', {
      token: admin,
      body: { ...body, order: 0, color: 'B0BEC5' },
    });
    expect(order.body.details).toEqual([
      { field: 'order', message: 'El campo Orden debe ser mayor o igual a 1' },
    ]);
  });

  it('updates the fields sent and keeps the rest', async () => {
    const created = await createType();
    const answer = await call<CabinType>(t.app, 'PUT', `/v1/cabain-type/${created.id}/update`, {
      token: admin,
      body: { name: 'Cabina corporal', order: 3 },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({
      id: created.id,
      name: 'Cabina corporal',
      order: 3,
      color: created.color,
    });
    const read = await call<CabinType>(t.app, 'GET', `/v1/cabain-type/${created.id}`, {
      token: admin,
    });
    expect(read.body.data.name).toBe('Cabina corporal');
  });

  it("refuses an update to a colour another cabin type uses, and keeps the type's own", async () => {
    const created = await createType();
    const taken = await call(t.app, 'PUT', `/v1/cabain-type/${created.id}/update`, {
      token: admin,
      body: { color: facialType.color },
    });
    expect(taken.status).toBe(400);
    expect(taken.body.details).toEqual([
      { field: 'color', message: 'El color ya está asignado a otro tipo de cabina' },
    ]);
    const own = await call<CabinType>(t.app, 'PUT', `/v1/cabain-type/${created.id}/update`, {
      token: admin,
      body: { color: created.color.toLowerCase() },
    });
    expect(own.status).toBe(200);
    expect(own.body.data.color).toBe(created.color);
  });

  it('does not delete a cabin type that cabins use (409 code 37)', async () => {
    const answer = await call(t.app, 'POST', `/v1/cabain-type/${facialType.id}/delete`, {
      token: admin,
    });
    expect(answer.status).toBe(409);
    expect(answer.body.code).toBe(37);
  });

  it("lets only roles with 'cabain_types' create or edit them", async () => {
    const medic = (await signInAs(t.app, 'medic')).token;
    expect(
      (
        await call(t.app, 'PUT', `/v1/cabain-type/${facialType.id}/update`, {
          token: medic,
          body: { order: 9 },
        })
      ).status,
    ).toBe(403);
  });
});

describe('cabin type audit entries (CONTRACT §5)', () => {
  it('writes create, update and delete with field → { before, after }', async () => {
    const created = await createType({ name: 'Para auditar' });
    const entry = (action: string) =>
      auditEntryOf(t.app, admin, { module: 'cabain_types', action, recordId: created.id });

    expect((await entry('create'))?.changes).toMatchObject({
      name: { before: null, after: 'Para auditar' },
      color: { before: null, after: created.color },
    });

    await call(t.app, 'PUT', `/v1/cabain-type/${created.id}/update`, {
      token: admin,
      body: { name: 'Auditado', order: created.order },
    });
    const update = await entry('update');
    expect(update?.module.alias).toBe('cabain_types');
    expect(update?.changes).toEqual({ name: { before: 'Para auditar', after: 'Auditado' } });

    const removed = await call(t.app, 'DELETE', `/v1/cabain-type/${created.id}/delete`, {
      token: admin,
    });
    expect(removed.status).toBe(200);
    expect((await entry('delete'))?.changes).toEqual({
      deletedAt: { before: null, after: t.clock.now().toISOString() },
    });
  });
});

describe.skipIf(!onPostgres)('cabin types under concurrent writes (PostgreSQL)', () => {
  const target = async () => ({
    path: 'cabain-type',
    id: (await createType()).id,
    module: 'cabain_types',
    notFound: 8,
  });

  it('of 20 concurrent deletes one succeeds and writes one entry; the rest are 404', async () => {
    await expectOneOfConcurrentDeletes(t.app, admin, await target());
  });

  it('an update racing the delete never lands on the deleted cabin type', async () => {
    await expectNoUpdateAfterDelete(t.app, admin, await target(), { name: 'Otro' });
  });

  it('deleting a cabin type while cabins are created with it leaves no live cabin on a deleted type', async () => {
    const type = await createType();
    const zonaRio = await branchId(t.app, 'Zona Río');
    const answers = await Promise.all([
      ...Array.from({ length: 20 }, (_, index) =>
        call(t.app, 'POST', '/v1/cabain/create', {
          token: admin,
          body: { name: `Carrera ${type.id}-${index}`, typeId: type.id, branchId: zonaRio },
        }),
      ),
      call(t.app, 'DELETE', `/v1/cabain-type/${type.id}/delete`, { token: admin }),
    ]);
    const removed = answers.at(-1)!;
    const creates = answers.slice(0, -1);
    const liveCabins = await t.app.db
      .select({ id: cabin.id })
      .from(cabin)
      .where(and(eq(cabin.typeId, type.id), isNull(cabin.deletedAt)));
    if (removed.status === 200) {
      expect(liveCabins).toEqual([]);
      // Every create came after the delete and was told the type does not exist.
      for (const answer of creates) {
        expect(answer.status).toBe(400);
        expect(answer.body.details).toEqual([
          { field: 'typeId', message: 'El tipo de cabina no existe' },
        ]);
      }
    } else {
      expect(removed.body).toMatchObject({ statusCode: 409, code: 37 });
      expect(liveCabins.length).toBe(creates.filter((answer) => answer.status === 201).length);
      expect(liveCabins.length).toBeGreaterThan(0);
    }
  });
});
