import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { branchId, call, createTestApp, signInAs, type TestApp } from '../../test/harness';
import {
  expectNoUpdateAfterDelete,
  expectOneOfConcurrentDeletes,
  onPostgres,
} from '../../test/races';

interface Appliance {
  id: number;
  type: { id: number; name: string };
  name: string;
  status: string;
  active: boolean;
}
interface Link {
  id: number;
  appliance: { id: number; name: string };
  branch: { id: number; name: string };
  sku: string;
  statusDescription: string;
  lastMaintenance: string | null;
  status: boolean;
}
type Page<T> = { items: T[]; meta: { itemCount: number } };

let t: TestApp;
let admin: string;
let manager: string;
let logistics: string;
let types: Map<string, number>;
let zonaRio: number;
let playas: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await signInAs(t.app, 'superAdmin')).token;
  manager = (await signInAs(t.app, 'branchManager')).token;
  logistics = (await signInAs(t.app, 'logisticsManager')).token;
  const typeList = await call<{ id: number; name: string }[]>(t.app, 'GET', '/v1/treatment-type', {
    token: admin,
  });
  types = new Map(typeList.body.data.map((type) => [type.name, type.id]));
  zonaRio = await branchId(t.app, 'Zona Río');
  playas = await branchId(t.app, 'Playas de Tijuana');
});
afterAll(async () => {
  await t.close();
});

const createAppliance = (body: Record<string, unknown>, token = admin) =>
  call<Appliance>(t.app, 'POST', '/v1/appliance/create', { token, body });
const createLink = (body: Record<string, unknown>, token = admin) =>
  call<Link>(t.app, 'POST', '/v1/branch-appliance/create', { token, body });
const links = (token: string, query: Record<string, string> = {}) =>
  call<Page<Link>>(t.app, 'GET', '/v1/branch-appliance', {
    token,
    query: { take: '100', ...query },
  });

describe('appliances (spec 002 §3, §5)', () => {
  it('requires type, name, brand and model; status is one of the four', async () => {
    const answer = await createAppliance({ status: 'Roto' });
    expect(answer.status).toBe(400);
    expect(answer.body.details).toEqual(
      expect.arrayContaining([
        { field: 'typeId', message: 'El campo Tipo es obligatorio' },
        { field: 'name', message: 'El campo Nombre es obligatorio' },
        { field: 'brand', message: 'El campo Marca es obligatorio' },
        { field: 'model', message: 'El campo Modelo es obligatorio' },
        { field: 'status', message: 'El campo Estatus tiene un valor no permitido' },
      ]),
    );
  });

  it('creates working and active by default, and lists the selection by applianceType and active=1', async () => {
    const created = await createAppliance({
      typeId: types.get('Médico'),
      name: 'Láser CO2 fraccionado',
      brand: 'Lutronic',
      model: 'eCO2',
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      status: 'Funcionando',
      active: true,
      type: { name: 'Médico' },
    });
    await call(t.app, 'PUT', `/v1/appliance/${created.body.data.id}/update`, {
      token: admin,
      body: { active: 0, status: 'Averiado' },
    });
    // Two active medical appliances of the test's own, which the selection lists.
    for (const [name, model] of [
      ['Láser diodo de prueba', 'LD-1'],
      ['Luz pulsada de prueba', 'LP-1'],
    ])
      await createAppliance({ typeId: types.get('Médico'), name, brand: 'Fábrica', model });
    const selection = await call<Page<Appliance>>(t.app, 'GET', '/v1/appliance', {
      token: admin,
      query: { applianceType: String(types.get('Médico')), active: '1', take: '100' },
    });
    const names = selection.body.data.items.map((item) => item.name);
    expect(names).toEqual(
      expect.arrayContaining(['Láser diodo de prueba', 'Luz pulsada de prueba']),
    );
    expect(names).not.toContain('Láser CO2 fraccionado');
    expect(
      selection.body.data.items.every((item) => item.type.name === 'Médico' && item.active),
    ).toBe(true);
  });

  it('searches by name, brand and model', async () => {
    const search = (value: string) =>
      call<Page<Appliance>>(t.app, 'GET', '/v1/appliance', {
        token: admin,
        query: { search: value },
      });
    expect((await search('venus legacy')).body.data.items.map((item) => item.name)).toEqual([
      'Radiofrecuencia multipolar',
    ]);
    expect((await search('syndeo')).body.data.items.map((item) => item.name)).toEqual([
      'Hidrodermoabrasión',
    ]);
    expect((await search('hidrodermo')).body.data.items).toHaveLength(1);
  });

  it('deleting an appliance removes its branch links; a missing one is 404 code 10', async () => {
    const created = (
      await createAppliance({
        typeId: types.get('Cosmetóloga'),
        name: 'Presoterapia',
        brand: 'Pressomed',
        model: 'P8',
      })
    ).body.data;
    const link = (await createLink({ applianceId: created.id, branchId: zonaRio, sku: 'PRESO-01' }))
      .body.data;
    expect(
      (await call(t.app, 'DELETE', `/v1/appliance/${created.id}/delete`, { token: admin })).status,
    ).toBe(200);
    expect(
      (await call(t.app, 'GET', `/v1/appliance/${created.id}`, { token: admin })).body,
    ).toMatchObject({ statusCode: 404, code: 10 });
    expect(
      (await call(t.app, 'GET', `/v1/branch-appliance/${link.id}`, { token: admin })).body.code,
    ).toBe(10);
  });
});

describe('branch appliances (spec 002 §5, §6)', () => {
  it('shows a branch-fixed role only its branch and answers 404 code 10 for another branch', async () => {
    const own = await links(manager);
    expect(own.body.data.items.length).toBeGreaterThan(0);
    expect(own.body.data.items.every((link) => link.branch.id === zonaRio)).toBe(true);
    const foreign = (await links(admin, { branchId: String(playas) })).body.data.items[0]!;
    expect(
      (await call(t.app, 'GET', `/v1/branch-appliance/${foreign.id}`, { token: manager })).body,
    ).toMatchObject({ statusCode: 404, code: 10 });
    expect(
      (
        await call(t.app, 'PUT', `/v1/branch-appliance/${foreign.id}/update`, {
          token: manager,
          body: { comments: 'x' },
        })
      ).status,
    ).toBe(404);
    // The scope comes first: what would be a 403 or a 400 for its own branch is 404 here.
    for (const body of [{ status: 0 }, { applianceId: 999999 }, { branchId: zonaRio }]) {
      expect(
        (
          await call(t.app, 'PUT', `/v1/branch-appliance/${foreign.id}/update`, {
            token: manager,
            body,
          })
        ).body,
      ).toMatchObject({ statusCode: 404, code: 10 });
    }
  });

  it('links at the own branch for a fixed role; naming another branch is 404 code 6 (issue 9)', async () => {
    const laser = (
      await call<Page<Appliance>>(t.app, 'GET', '/v1/appliance', {
        token: admin,
        query: { search: 'Soprano' },
      })
    ).body.data.items[0]!;
    // Another branch is refused as if it did not exist, never silently replaced by the own one.
    const foreign = await createLink(
      { applianceId: laser.id, branchId: playas, sku: 'ZR-LASER-02' },
      manager,
    );
    expect(foreign.body).toMatchObject({ statusCode: 404, code: 6 });
    const answer = await createLink(
      {
        applianceId: laser.id,
        sku: 'ZR-LASER-02',
        lastMaintenance: '2026-10-01',
      },
      manager,
    );
    expect(answer.status).toBe(201);
    expect(answer.body.data).toMatchObject({
      branch: { id: zonaRio },
      statusDescription: 'Funcionando',
      status: true,
      lastMaintenance: '2026-10-01',
    });
    const named = await createLink(
      { applianceId: laser.id, branchId: zonaRio, sku: 'ZR-LASER-03' },
      manager,
    );
    expect(named.body.data.branch.id).toBe(zonaRio);
    // Moving a link of its own branch to another is 404 as well.
    const moved = await call(t.app, 'PUT', `/v1/branch-appliance/${answer.body.data.id}/update`, {
      token: manager,
      body: { branchId: playas },
    });
    expect(moved.body).toMatchObject({ statusCode: 404, code: 6 });
  });

  it('requires the appliance, the sku and, for roles that choose it, the branch', async () => {
    expect((await createLink({}, logistics)).body.details).toEqual(
      expect.arrayContaining([
        { field: 'applianceId', message: 'El campo Aparato es obligatorio' },
        { field: 'sku', message: 'El campo SKU es obligatorio' },
      ]),
    );
    const laser = (await links(admin)).body.data.items[0]!.appliance.id;
    expect(
      (await createLink({ applianceId: laser, sku: 'SIN-SUC' }, logistics)).body.details,
    ).toEqual([{ field: 'branchId', message: 'El campo Sucursal es obligatorio' }]);
    expect(
      (await createLink({ applianceId: laser, sku: 'CEDIS-01', branchId: playas }, logistics)).body
        .data.branch.id,
    ).toBe(playas);
  });

  it('refuses a device number already in use: 400 code 1', async () => {
    const existing = (await links(admin)).body.data.items[0]!;
    const answer = await createLink({
      applianceId: existing.appliance.id,
      branchId: zonaRio,
      sku: existing.sku.toLowerCase(),
    });
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe(1);
    expect(answer.body.message).toBe('El número de dispositivo ya existe');
  });

  it('lets only approvers choose another appliance or toggle the status', async () => {
    const link = (await links(manager)).body.data.items[0]!;
    const all = await call<Page<Appliance>>(t.app, 'GET', '/v1/appliance', { token: admin });
    const other = all.body.data.items.find((item) => item.id !== link.appliance.id)!;
    const update = (body: Record<string, unknown>, token: string) =>
      call<Link>(t.app, 'PUT', `/v1/branch-appliance/${link.id}/update`, { token, body });
    expect((await update({ status: 0 }, manager)).status).toBe(403);
    expect((await update({ applianceId: other.id }, manager)).status).toBe(403);
    // Sending the values it already has is no change, so the form may send them back.
    expect(
      (
        await update(
          {
            status: 1,
            applianceId: link.appliance.id,
            statusDescription: 'Con fallas',
            comments: 'Falla el cabezal',
          },
          manager,
        )
      ).body.data,
    ).toMatchObject({ statusDescription: 'Con fallas', status: true });
    const approved = await update({ status: 0, applianceId: other.id }, admin);
    expect(approved.body.data).toMatchObject({ status: false, appliance: { id: other.id } });
    const inactive = await links(manager, { status: '0' });
    expect(inactive.body.data.items.map((item) => item.id)).toContain(link.id);
  });

  it('lets only a user with create move a link to another branch', async () => {
    const link = (await links(admin, { branchId: String(playas) })).body.data.items[0]!;
    const operative = (await signInAs(t.app, 'operationalManager')).token;
    expect(
      (await call(t.app, 'GET', `/v1/branch-appliance/${link.id}`, { token: operative })).status,
    ).toBe(404);
    const moved = await call<Link>(t.app, 'PUT', `/v1/branch-appliance/${link.id}/update`, {
      token: logistics,
      body: { branchId: zonaRio },
    });
    expect(moved.body.data.branch.id).toBe(zonaRio);
  });

  it('is closed to roles without the appliances privilege', async () => {
    const medic = (await signInAs(t.app, 'medic')).token;
    expect((await links(medic)).status).toBe(403);
  });
});

describe.skipIf(!onPostgres)('appliances under concurrent writes (PostgreSQL)', () => {
  let serial = 0;
  const newAppliance = async () =>
    (
      await createAppliance({
        typeId: types.get('Médico'),
        name: `Carrera ${(serial += 1)}`,
        brand: 'Marca',
        model: 'M1',
      })
    ).body.data.id;
  const appliance = async () => ({
    path: 'appliance',
    id: await newAppliance(),
    module: 'appliances',
    notFound: 10,
  });
  const link = async () => ({
    path: 'branch-appliance',
    id: (
      await createLink({
        applianceId: await newAppliance(),
        branchId: zonaRio,
        sku: `CARRERA-${(serial += 1)}`,
      })
    ).body.data.id,
    module: 'branch_appliance',
    notFound: 10,
  });

  it('of 20 concurrent deletes of an appliance one succeeds and writes one entry', async () => {
    await expectOneOfConcurrentDeletes(t.app, admin, await appliance());
  });

  it('an update racing the delete never lands on the deleted appliance', async () => {
    await expectNoUpdateAfterDelete(t.app, admin, await appliance(), { brand: 'Otra' });
  });

  it('of 20 concurrent deletes of a branch appliance one succeeds and writes one entry', async () => {
    await expectOneOfConcurrentDeletes(t.app, admin, await link());
  });

  it('an update racing the delete never lands on the deleted branch appliance', async () => {
    await expectNoUpdateAfterDelete(t.app, admin, await link(), { comments: 'Revisado' });
  });

  it('never leaves a live link to an appliance deleted while links are created', async () => {
    const applianceId = await newAppliance();
    const creates = Array.from({ length: 10 }, () =>
      createLink({ applianceId, branchId: zonaRio, sku: `CARRERA-${(serial += 1)}` }),
    );
    const remove = call(t.app, 'DELETE', `/v1/appliance/${applianceId}/delete`, { token: admin });
    const [deleted, ...answers] = await Promise.all([remove, ...creates]);
    expect(deleted!.status).toBe(200);
    for (const answer of answers) expect([201, 400]).toContain(answer.status);
    const live = await links(admin, { applianceId: String(applianceId) });
    expect(live.body.data.items).toEqual([]);
  });
});
