import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, signInAs, type TestApp } from '../../test/harness';
import {
  expectNoUpdateAfterDelete,
  expectOneOfConcurrentDeletes,
  onPostgres,
} from '../../test/races';

interface Provider {
  id: number;
  name: string;
  rfc: string;
  regime: string;
  phone: string;
  mobilePhone: string;
  payConditions: number;
  email: string | null;
  zipCode: string | null;
}
type Page<T> = { items: T[]; meta: { itemCount: number } };

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await signInAs(t.app, 'superAdmin')).token;
});
afterAll(async () => {
  await t.close();
});

const valid = {
  name: 'Farmacéutica Baja',
  tradename: 'FarmaBaja',
  rfc: 'fba200101ab1',
  regime: 'Moral',
  phone: '(664)123-4567',
  contactName: 'Julia Soto',
  mobilePhone: '664 765 4321',
  payConditions: 30,
  clabeAccount: '012180001234567891',
};
const create = (body: Record<string, unknown>, token = admin) =>
  call<Provider>(t.app, 'POST', '/v1/provider/create', { token, body });

describe('providers (spec 001 §3, §5)', () => {
  it('stores phones as digits and the RFC in capitals', async () => {
    const answer = await create(valid);
    expect(answer.status).toBe(201);
    expect(answer.body.data).toMatchObject({
      phone: '6641234567',
      mobilePhone: '6647654321',
      rfc: 'FBA200101AB1',
      regime: 'Moral',
      payConditions: 30,
      email: null,
    });
  });

  it("answers 'RFC Inválido' for an RFC outside the pattern and names every required field", async () => {
    const answer = await create({ rfc: 'XYZ123', regime: 'Sociedad' });
    expect(answer.status).toBe(400);
    expect(answer.body.details).toEqual(
      expect.arrayContaining([
        { field: 'rfc', message: 'RFC Inválido' },
        { field: 'regime', message: 'El campo Régimen tiene un valor no permitido' },
        { field: 'name', message: 'El campo Nombre es obligatorio' },
        { field: 'tradename', message: 'El campo Nombre comercial es obligatorio' },
        { field: 'contactName', message: 'El campo Nombre de contacto es obligatorio' },
        { field: 'phone', message: 'El campo Teléfono es obligatorio' },
        { field: 'mobilePhone', message: 'El campo Celular es obligatorio' },
        { field: 'payConditions', message: 'El campo Condiciones de pago (días) es obligatorio' },
      ]),
    );
  });

  it('limits lengths: names 50, address 50, zip 5, e-mail 100 and valid, CLABE 18, bank account 20', async () => {
    const answer = await create({
      ...valid,
      name: 'x'.repeat(51),
      address: 'x'.repeat(51),
      zipCode: '123456',
      email: 'no-es-correo',
      clabeAccount: '1'.repeat(19),
      bankAccount: '1'.repeat(21),
    });
    expect(answer.body.details).toEqual(
      expect.arrayContaining([
        { field: 'name', message: 'El campo Nombre admite máximo 50 caracteres' },
        { field: 'address', message: 'El campo Dirección admite máximo 50 caracteres' },
        { field: 'zipCode', message: 'Longitud inválida' },
        {
          field: 'email',
          message: 'El campo Correo electrónico debe ser un correo electrónico válido',
        },
        { field: 'clabeAccount', message: 'El campo CLABE admite máximo 18 caracteres' },
        { field: 'bankAccount', message: 'El campo Cuenta bancaria admite máximo 20 caracteres' },
      ]),
    );
    expect((await create({ ...valid, email: `${'a'.repeat(96)}@x.mx` })).body.details).toEqual([
      { field: 'email', message: 'El campo Correo electrónico admite máximo 100 caracteres' },
    ]);
  });

  it("answers 'RFC Inválido' for any RFC outside the pattern, whatever its length", async () => {
    for (const rfc of [
      'FBA200101AB12',
      'FBA200101AB1XYZ',
      'FBA2001',
      'FBA201301AB1',
      'FB-200101AB1',
    ])
      expect((await create({ ...valid, rfc })).body.details, rfc).toEqual([
        { field: 'rfc', message: 'RFC Inválido' },
      ]);
    expect((await create({ ...valid, rfc: '' })).body.details).toEqual([
      { field: 'rfc', message: 'El campo RFC es obligatorio' },
    ]);
    // A person's RFC has 13 characters, a company's 12.
    expect((await create({ ...valid, rfc: 'MERL850412QK3' })).status).toBe(201);
  });

  it("answers 'Longitud inválida' for a zip code too long or not digits, alike", async () => {
    for (const zipCode of ['123456', '22A00', '2200O', '22 000'])
      expect((await create({ ...valid, zipCode })).body.details, zipCode).toEqual([
        { field: 'zipCode', message: 'Longitud inválida' },
      ]);
    const created = await create({ ...valid, zipCode: ' 22000 ' });
    expect(created.status).toBe(201);
    expect(created.body.data.zipCode).toBe('22000');
    const edited = await call<Provider>(
      t.app,
      'PUT',
      `/v1/provider/${created.body.data.id}/update`,
      {
        token: admin,
        body: { zipCode: '220000' },
      },
    );
    expect(edited.body.details).toEqual([{ field: 'zipCode', message: 'Longitud inválida' }]);
  });

  it('refuses pay conditions that are not whole days and unknown fields', async () => {
    const answer = await create({ ...valid, payConditions: 2.5, discount: 10 });
    expect(answer.body.details).toEqual(
      expect.arrayContaining([
        {
          field: 'payConditions',
          message: 'El campo Condiciones de pago (días) debe ser un número entero',
        },
        { field: 'discount', message: 'Campo no permitido' },
      ]),
    );
  });

  it('searches by name, trade name or RFC, edits with the fields sent, and soft-deletes', async () => {
    const created = (
      await create({
        ...valid,
        name: 'Óptica Médica Sur',
        tradename: 'Ópticas del Sur',
        rfc: 'OMS190101AA1',
      })
    ).body.data;
    const search = (value: string, field?: string) =>
      call<Page<Provider>>(t.app, 'GET', '/v1/provider', {
        token: admin,
        query: { search: JSON.stringify({ field, value }) },
      });
    expect((await search('optica medica')).body.data.items.map((item) => item.id)).toEqual([
      created.id,
    ]);
    expect((await search('oms190101', 'rfc')).body.data.items.map((item) => item.id)).toEqual([
      created.id,
    ]);
    const updated = await call<Provider>(t.app, 'PUT', `/v1/provider/${created.id}/update`, {
      token: admin,
      body: { payConditions: 60, phone: '664-000-1111' },
    });
    expect(updated.body.data).toMatchObject({
      payConditions: 60,
      phone: '6640001111',
      name: 'Óptica Médica Sur',
    });
    expect(
      (await call(t.app, 'POST', `/v1/provider/${created.id}/delete`, { token: admin })).status,
    ).toBe(200);
    expect(
      (await call(t.app, 'GET', `/v1/provider/${created.id}`, { token: admin })).body,
    ).toMatchObject({ statusCode: 404, code: 17 });
    const withDeleted = await call<Page<Provider>>(t.app, 'GET', '/v1/provider', {
      token: admin,
      query: { withDeleted: 'true', search: 'Óptica Médica' },
    });
    expect(withDeleted.body.data.items.map((item) => item.id)).toEqual([created.id]);
  });

  it('audits each change', async () => {
    const log = await call<
      Page<{ action: string; changes: Record<string, { before: unknown; after: unknown }> | null }>
    >(t.app, 'GET', '/v1/log', { token: admin, query: { module: 'providers' } });
    expect(log.body.data.items.map((item) => item.action)).toEqual(
      expect.arrayContaining(['create', 'update', 'delete']),
    );
    // CONTRACT §5: a delete is a change like any other, recorded as field → { before, after }.
    const deletion = log.body.data.items.find((item) => item.action === 'delete');
    expect(deletion?.changes?.deletedAt).toEqual({ before: null, after: expect.any(String) });
  });

  it('is closed to roles without the providers privilege', async () => {
    const medic = (await signInAs(t.app, 'medic')).token;
    expect((await call(t.app, 'GET', '/v1/provider', { token: medic })).status).toBe(403);
    const logistics = (await signInAs(t.app, 'logisticsManager')).token;
    expect((await create({ ...valid, rfc: 'LOG200101AB1' }, logistics)).status).toBe(201);
  });
});

describe.skipIf(!onPostgres)('providers under concurrent writes (PostgreSQL)', () => {
  const target = async () => ({
    path: 'provider',
    id: (await create(valid)).body.data.id,
    module: 'providers',
    notFound: 17,
  });

  it('of 20 concurrent deletes one succeeds and writes one entry; the rest are 404', async () => {
    await expectOneOfConcurrentDeletes(t.app, admin, await target());
  });

  it('an update racing the delete never lands on the deleted provider', async () => {
    await expectNoUpdateAfterDelete(t.app, admin, await target(), { contactName: 'Otra persona' });
  });
});
