import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { isOnSale, type OfferRecord } from '@clinica/domain';
import { role } from '../../db/schema';
import { branchId, call, createTestApp, signInAs, type TestApp } from '../../test/harness';
import {
  auditTrail,
  expectNoUpdateAfterDelete,
  expectOneOfConcurrentDeletes,
  onPostgres,
} from '../../test/races';
import { newTreatment } from '../../test/factories';
import { picture, upload } from '../catalogue/test-support';

type Page<T> = { items: T[]; meta: { itemCount: number } };
type Named = { id: number; name: string };
type Treatment = { id: number; sku: string; areas: number[] };
type TreatmentRole = 'cleansing' | 'peel' | 'hydra' | 'bodyRf';

let t: TestApp;
let admin: string;
const branches = new Map<string, number>();
/** Cosmetic treatments of the file's own: the hydrafacial's area is none of the body's. */
const treatments = new Map<TreatmentRole, Treatment>();
let facialCategory: number;
let productCategory: number;
let cosmeticType: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await signInAs(t.app, 'superAdmin')).token;
  const get = async <T>(url: string, query?: Record<string, string>) =>
    (await call<T>(t.app, 'GET', url, { token: admin, query })).body.data;
  for (const name of ['Zona Río', 'Playas de Tijuana', 'Mexicali Centro', 'CEDIS'])
    branches.set(name, await branchId(t.app, name));
  const categories = (await get<Page<Named & { type: string }>>('/v1/category', { take: '100' }))
    .items;
  facialCategory = categories.find((item) => item.type === 'treatment')!.id;
  productCategory = categories.find((item) => item.type === 'product')!.id;
  cosmeticType = (await get<Named[]>('/v1/treatment-type')).find(
    (type) => type.name === 'Cosmetóloga',
  )!.id;
  const areas = (await get<Named[]>('/v1/area', { treatmentTypeId: String(cosmeticType) }))
    .map((area) => area.id)
    .sort((a, b) => a - b);
  const roles: [TreatmentRole, number[]][] = [
    ['cleansing', [areas[0]!]],
    ['peel', [areas[0]!]],
    ['hydra', [areas[0]!]],
    ['bodyRf', [areas[1]!]],
  ];
  for (const [role, areasIds] of roles) {
    const made = await newTreatment(t.app, admin, {
      name: `Tratamiento ${role}`,
      type: 'Cosmetóloga',
      term: '01:00',
      categoriesIds: [facialCategory],
      areasIds,
    });
    treatments.set(role, { ...made, areas: areasIds });
  }
});
afterAll(async () => {
  await t.close();
});

const line = (
  role: TreatmentRole,
  prices: [number, number],
  extra: Record<string, unknown> = {},
) => {
  const treatment = treatments.get(role)!;
  return {
    treatmentId: treatment.id,
    areasIds: [treatment.areas[0]!],
    limit: 1,
    regularPrice: prices[0],
    promotionPrice: prices[1],
    ...extra,
  };
};

let serial = 0;
const nextSku = (prefix = 'PQ') => `${prefix}-T${String((serial += 1)).padStart(3, '0')}`;

const aPackage = (overrides: Record<string, unknown> = {}) => ({
  type: 'Package',
  sku: nextSku(),
  name: 'Paquete facial completo',
  description: 'Limpieza profunda y peeling',
  treatmentTypeId: cosmeticType,
  categoryId: facialCategory,
  points: 50,
  cabainTime: '01:30',
  branchesIds: [branches.get('Zona Río')],
  paymentType: ['Efectivo', 'Tarjeta de crédito'],
  validBySchedule: 0,
  validByTime: 0,
  treatmentPackage: [
    line('cleansing', [1200, 950.5], { sessions: 3 }),
    line('peel', [1500.25, 1100], { sessions: 2 }),
  ],
  ...overrides,
});
const aPromotion = (overrides: Record<string, unknown> = {}) => ({
  ...aPackage(),
  type: 'Promotion',
  sku: nextSku('PR'),
  name: 'Promoción mañanas',
  treatmentPackage: [line('hydra', [900, 599])],
  ...overrides,
});

const create = (body: Record<string, unknown>, token = admin) =>
  call<OfferRecord>(t.app, 'POST', '/v1/package/create', { token, body });
const update = (id: number, body: Record<string, unknown>, token = admin) =>
  call<OfferRecord>(t.app, 'PUT', `/v1/package/${id}/update`, { token, body });
const list = (query: Record<string, string>, token = admin) =>
  call<Page<OfferRecord>>(t.app, 'GET', '/v1/package', {
    token,
    query: { take: '100', ...query },
  });

describe('packages and promotions (spec 002 §3–§5, CONTRACT §11)', () => {
  it('creates a package with two lines: price = Σ promotionPrice, regularPrice = Σ regularPrice', async () => {
    const answer = await create(aPackage({ sku: 'PQ-NUEVO1' }));
    expect(answer.status).toBe(201);
    expect(answer.body.data).toMatchObject({
      type: 'Package',
      sku: 'PQ-NUEVO1',
      price: 2050.5,
      regularPrice: 2700.25,
      cabainTime: '01:30',
      cabainTimeLabel: '1 h 30 min',
      status: 1,
      validBySchedule: 0,
      validByTime: 0,
      paymentType: ['Efectivo', 'Tarjeta de crédito'],
      branches: [{ name: 'Zona Río' }],
      category: { id: facialCategory },
      photo: null,
    });
    expect(
      answer.body.data.treatmentPackage.map((item) => [item.treatment.sku, item.sessions]),
    ).toEqual([
      [treatments.get('cleansing')!.sku, 3],
      [treatments.get('peel')!.sku, 2],
    ]);
    const trail = await auditTrail(t.app, 'packages', answer.body.data.id);
    expect(trail.map((entry) => entry.action)).toEqual(['create']);
  });

  it('refuses prices sent by the client: the server computes them', async () => {
    const answer = await create({ ...aPackage(), price: 1, regularPrice: 2 });
    expect(answer.status).toBe(400);
    expect(answer.body.details).toEqual([
      { field: 'price', message: 'Campo no permitido' },
      { field: 'regularPrice', message: 'Campo no permitido' },
    ]);
  });

  it('keeps the SKU unique across packages and promotions, whatever its case (400 code 3)', async () => {
    await create(aPackage({ sku: 'PQ-UNICO' }));
    const answer = await create(aPromotion({ sku: 'pq-unico' }));
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe(3);
    expect(answer.body.details).toEqual([{ field: 'sku', message: 'El SKU ya existe' }]);
  });

  it('asks the SKU of 4 to 12, sessions ≥ 1 on package lines and limit ≥ 1', async () => {
    const answer = await create(
      aPackage({
        sku: 'ABC',
        treatmentPackage: [line('cleansing', [1, 1], { sessions: 0, limit: 0 })],
      }),
    );
    expect(answer.status).toBe(400);
    expect(answer.body.details).toEqual([
      { field: 'sku', message: 'El campo SKU requiere mínimo 4 caracteres' },
      {
        field: 'treatmentPackage.0.sessions',
        message: 'El campo Sesiones debe ser mayor o igual a 1',
      },
      { field: 'treatmentPackage.0.limit', message: 'El campo Límite debe ser mayor o igual a 1' },
    ]);
    const missing = await create(aPackage({ treatmentPackage: [line('cleansing', [1, 1])] }));
    expect(missing.body.details).toEqual([
      { field: 'treatmentPackage.0.sessions', message: 'El campo Sesiones es obligatorio' },
    ]);
  });

  it('takes no sessions on a promotion line (packages only)', async () => {
    const answer = await create(
      aPromotion({ treatmentPackage: [line('hydra', [1, 1], { sessions: 2 })] }),
    );
    expect(answer.status).toBe(400);
    expect(answer.body.details).toEqual([
      { field: 'treatmentPackage.0.sessions', message: 'Las promociones no llevan sesiones' },
    ]);
  });

  it('requires the dates when limited in time and the hours when limited by hours', async () => {
    const answer = await create(
      aPromotion({ validBySchedule: 1, validByTime: 1, startTime: '14:00', endTime: '10:00' }),
    );
    expect(answer.status).toBe(400);
    expect(answer.body.details).toEqual([
      { field: 'startDate', message: 'El campo Fecha de inicio es obligatorio' },
      { field: 'endDate', message: 'El campo Fecha de fin es obligatorio' },
      { field: 'endTime', message: 'La hora de fin debe ser posterior a la hora de inicio' },
    ]);
  });

  it('answers the catalogue codes for what it links to', async () => {
    const unknownTreatment = await create(
      aPromotion({ treatmentPackage: [{ ...line('hydra', [1, 1]), treatmentId: 999_999 }] }),
    );
    expect([unknownTreatment.status, unknownTreatment.body.code]).toEqual([404, 2]);
    const unknownArea = await create(
      aPromotion({ treatmentPackage: [{ ...line('hydra', [1, 1]), areasIds: [999_999] }] }),
    );
    expect([unknownArea.status, unknownArea.body.code]).toEqual([404, 28]);
    const unknownBranch = await create(aPromotion({ branchesIds: [999_999] }));
    expect([unknownBranch.status, unknownBranch.body.code]).toEqual([404, 6]);
    const unknownCategory = await create(aPromotion({ categoryId: 999_999 }));
    expect([unknownCategory.status, unknownCategory.body.code]).toEqual([404, 11]);
  });

  it('refuses areas of another treatment, a product category and the distribution centre', async () => {
    const otherAreas = treatments.get('bodyRf')!.areas;
    const foreignArea = otherAreas.find((id) => !treatments.get('hydra')!.areas.includes(id))!;
    const wrongArea = await create(
      aPromotion({ treatmentPackage: [{ ...line('hydra', [1, 1]), areasIds: [foreignArea] }] }),
    );
    expect(wrongArea.status).toBe(400);
    expect(wrongArea.body.details).toEqual([
      { field: 'treatmentPackage.0.areasIds', message: 'Las áreas no corresponden al tratamiento' },
    ]);
    const productCat = await create(aPromotion({ categoryId: productCategory }));
    expect(productCat.body.details).toEqual([
      { field: 'categoryId', message: 'La categoría no es de tratamiento' },
    ]);
    const cedis = await create(aPromotion({ branchesIds: [branches.get('CEDIS')] }));
    expect(cedis.body.details).toEqual([
      {
        field: 'branchesIds',
        message: 'El centro de distribución no vende paquetes ni promociones',
      },
    ]);
  });

  it('updates: SKU locked, type locked, lines replaced and prices recomputed, others kept', async () => {
    const created = (await create(aPackage())).body.data;
    const answer = await update(created.id, {
      sku: 'OTRO-SKU',
      treatmentPackage: [line('hydra', [800, 700], { sessions: 4 })],
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({
      sku: created.sku,
      price: 700,
      regularPrice: 800,
      name: created.name,
      branchesIds: created.branchesIds,
    });
    expect(answer.body.data.treatmentPackage).toHaveLength(1);
    const retype = await update(created.id, { type: 'Promotion' });
    expect(retype.status).toBe(400);
    expect(retype.body.details).toEqual([
      { field: 'type', message: 'El tipo no se puede cambiar' },
    ]);
    const off = await update(created.id, { status: 0 });
    expect(off.body.data.status).toBe(0);
    // Limited in time on an update that sends no dates: checked on the offer as it will be saved.
    const noDates = await update(created.id, { validBySchedule: 1 });
    expect(noDates.status).toBe(400);
    expect(noDates.body.details?.map((detail) => detail.field)).toEqual(['startDate', 'endDate']);
  });

  it('answers 404 code 18 for an unknown or deleted offer, and deletes softly', async () => {
    const missing = await call(t.app, 'GET', '/v1/package/999999', { token: admin });
    expect([missing.status, missing.body.code]).toEqual([404, 18]);
    const created = (await create(aPromotion())).body.data;
    const removed = await call(t.app, 'POST', `/v1/package/${created.id}/delete`, { token: admin });
    expect(removed.status).toBe(200);
    const again = await call(t.app, 'DELETE', `/v1/package/${created.id}/delete`, { token: admin });
    expect([again.status, again.body.code]).toEqual([404, 18]);
    const withDeleted = await list({ type: 'Promotion', withDeleted: 'true' });
    expect(withDeleted.body.data.items.some((item) => item.id === created.id)).toBe(true);
    const trail = await auditTrail(t.app, 'promotions', created.id);
    expect(trail.map((entry) => entry.action)).toEqual(['create', 'delete']);
  });

  it('keeps a category tied to a live package from being deleted (404 code 34)', async () => {
    const made = await call<Named>(t.app, 'POST', '/v1/category/create', {
      token: admin,
      body: { name: 'Paquetes de temporada', type: 'treatment' },
    });
    await create(aPackage({ categoryId: made.body.data.id }));
    const answer = await call(t.app, 'DELETE', `/v1/category/${made.body.data.id}/delete`, {
      token: admin,
    });
    expect([answer.status, answer.body.code]).toEqual([404, 34]);
  });

  it('lists by type, searches by name or SKU, filters by branch', async () => {
    await create(aPackage({ sku: 'PQ-BUSCA', name: 'Paquete reductivo' }));
    const packages = await list({ type: 'Package' });
    expect(packages.body.data.items.every((item) => item.type === 'Package')).toBe(true);
    const found = await list({ search: JSON.stringify({ value: 'reductivo' }) });
    expect(found.body.data.items.map((item) => item.sku)).toEqual(['PQ-BUSCA']);
    const playas = await list({ branchId: String(branches.get('Playas de Tijuana')) });
    expect(
      playas.body.data.items.every((item) =>
        item.branchesIds.includes(branches.get('Playas de Tijuana')!),
      ),
    ).toBe(true);
    const bad = await list({ field: 'description' });
    expect(bad.status).toBe(400);
  });

  it('uploads one photo, served as a public thumbnail; none is 400 code 6', async () => {
    const created = (await create(aPackage())).body.data;
    const answer = await upload<{ photo: Named }>(t.app, `/v1/package/${created.id}/photo`, admin, [
      { filename: 'paquete.png', bytes: await picture('png') },
    ]);
    expect(answer.status).toBe(200);
    const thumbnail = await t.app.inject({
      method: 'GET',
      url: `/v1/package/thumbnail/${answer.body.data.photo.name}`,
    });
    expect(thumbnail.statusCode).toBe(200);
    expect(thumbnail.headers['content-type']).toBe('image/webp');
    const detail = await call<OfferRecord>(t.app, 'GET', `/v1/package/${created.id}`, {
      token: admin,
    });
    expect(detail.body.data.photo?.name).toBe(answer.body.data.photo.name);
    const none = await upload(t.app, `/v1/package/${created.id}/photo`, admin, []);
    expect([none.status, none.body.code]).toEqual([400, 6]);
    const two = await upload(t.app, `/v1/package/${created.id}/photo`, admin, [
      { filename: 'a.png', bytes: await picture('png') },
      { filename: 'b.png', bytes: await picture('png') },
    ]);
    expect(two.status).toBe(400);
    const text = await upload(t.app, `/v1/package/${created.id}/photo`, admin, [
      { filename: 'nota.png', bytes: Buffer.from('no soy una imagen') },
    ]);
    expect(text.status).toBe(400);
  });
});

describe('what is on sale at a branch now, the point of sale query (CONTRACT §11)', () => {
  const start = new Date('2026-11-20T17:00:00Z');
  /** Moves the clock, signing in again: an access token lives 15 minutes of that clock. */
  const moveTo = async (instant: string | Date) => {
    t.clock.set(new Date(instant));
    admin = (await signInAs(t.app, 'superAdmin')).token;
  };
  afterAll(async () => {
    await moveTo(start);
  });
  it('lists a promotion limited to 10:00–14:00 only within its hours, in the branch zone', async () => {
    const zonaRio = branches.get('Zona Río')!;
    const promotion = (
      await create(
        aPromotion({
          sku: 'PR-MANANA',
          validByTime: 1,
          startTime: '10:00',
          endTime: '14:00',
          paymentType: ['Efectivo'],
        }),
      )
    ).body.data;
    const onSale = async () =>
      (await list({ onSale: 'true', branchId: String(zonaRio) })).body.data.items.map(
        (item) => item.sku,
      );
    await moveTo('2026-11-20T17:59:59Z'); // 09:59:59 in Tijuana (UTC−8)
    expect(await onSale()).not.toContain('PR-MANANA');
    await moveTo('2026-11-20T18:00:00Z'); // 10:00
    expect(await onSale()).toContain('PR-MANANA');
    await moveTo('2026-11-20T22:00:00Z'); // 14:00
    expect(await onSale()).not.toContain('PR-MANANA');
    await moveTo('2026-11-20T19:00:00Z');
    const byCard = await list({
      onSale: 'true',
      branchId: String(zonaRio),
      paymentMethod: 'Tarjeta de crédito',
    });
    expect(byCard.body.data.items.map((item) => item.sku)).not.toContain('PR-MANANA');
    const elsewhere = await list({
      onSale: 'true',
      branchId: String(branches.get('Mexicali Centro')),
    });
    expect(elsewhere.body.data.items.map((item) => item.id)).not.toContain(promotion.id);
  });

  it('lists a package limited in time from its first local day through its last', async () => {
    const zonaRio = branches.get('Zona Río')!;
    await create(
      aPackage({
        sku: 'PQ-BUENFIN',
        validBySchedule: 1,
        startDate: '2026-11-13',
        endDate: '2026-11-16',
      }),
    );
    const onSaleAt = async (instant: string) => {
      await moveTo(instant);
      return (await list({ onSale: '1', branchId: String(zonaRio) })).body.data.items.map(
        (item) => item.sku,
      );
    };
    expect(await onSaleAt('2026-11-13T07:59:59Z')).not.toContain('PQ-BUENFIN');
    expect(await onSaleAt('2026-11-13T08:00:00Z')).toContain('PQ-BUENFIN');
    expect(await onSaleAt('2026-11-17T07:59:59Z')).toContain('PQ-BUENFIN');
    expect(await onSaleAt('2026-11-17T08:00:00Z')).not.toContain('PQ-BUENFIN');
  });

  it('agrees with the domain’s isOnSale on every offer, branch and instant', async () => {
    const all = (await list({})).body.data.items;
    expect(all.length).toBeGreaterThan(3);
    const instants = [
      '2026-11-13T07:59:59Z',
      '2026-11-15T18:30:00Z',
      '2026-11-20T17:00:00Z',
      '2026-11-21T03:00:00Z',
      '2026-12-24T21:59:00Z',
      '2027-01-10T16:00:00Z',
    ];
    for (const instant of instants) {
      await moveTo(instant);
      for (const [name, id] of branches) {
        if (name === 'CEDIS') continue;
        for (const method of [undefined, 'Efectivo', 'Puntos'] as const) {
          const query: Record<string, string> = { onSale: 'true', branchId: String(id) };
          if (method) query.paymentMethod = method;
          const sql = (await list(query)).body.data.items.map((item) => item.id).sort();
          const pure = all
            .filter((item) => isOnSale(item, id, new Date(instant), method))
            .map((item) => item.id)
            .sort();
          expect(sql, `${instant} ${name} ${method ?? ''}`).toEqual(pure);
        }
      }
    }
  });
});

describe('privileges by the record’s type, and branch scope (CONTRACT §5, §11)', () => {
  let medic: string;
  let promotionId: number;
  let otherBranchPackage: number;
  beforeAll(async () => {
    // The medic's role, granted packages but not promotions (the map is read on every call).
    await t.app.db
      .update(role)
      .set({
        privileges: {
          packages: ['view', 'show', 'create', 'edit', 'delete'],
          agenda: ['view'],
        },
      })
      .where(eq(role.key, 'medic'));
    medic = (await signInAs(t.app, 'medic')).token;
    promotionId = (await create(aPromotion())).body.data.id;
    otherBranchPackage = (
      await create(aPackage({ branchesIds: [branches.get('Playas de Tijuana')] }))
    ).body.data.id;
  });

  const cases: [string, () => Promise<{ status: number; body: { code: number } }>, number][] = [
    ['list promotions', () => list({ type: 'Promotion' }, medic), 403],
    [
      'read a promotion',
      () => call(t.app, 'GET', `/v1/package/${promotionId}`, { token: medic }),
      403,
    ],
    ['create a promotion', () => create(aPromotion(), medic), 403],
    ['edit a promotion', () => update(promotionId, { name: 'Nueva' }, medic), 403],
    [
      'delete a promotion',
      () => call(t.app, 'DELETE', `/v1/package/${promotionId}/delete`, { token: medic }),
      403,
    ],
    ['create a package at its branch', () => create(aPackage(), medic), 201],
    [
      'create a package at another branch',
      () => create(aPackage({ branchesIds: [branches.get('Playas de Tijuana')] }), medic),
      404,
    ],
    [
      'read a package of another branch',
      () => call(t.app, 'GET', `/v1/package/${otherBranchPackage}`, { token: medic }),
      404,
    ],
    [
      'edit a package of another branch',
      () => update(otherBranchPackage, { points: 1 }, medic),
      404,
    ],
  ];
  it.each(cases)('a medic with packages only: %s → %i', async (_name, run, status) => {
    expect((await run()).status).toBe(status);
  });

  it('lists to a medic only the packages of its branch, no promotions', async () => {
    const answer = await list({}, medic);
    expect(answer.status).toBe(200);
    const zonaRio = branches.get('Zona Río')!;
    expect(answer.body.data.items.length).toBeGreaterThan(0);
    for (const item of answer.body.data.items) {
      expect(item.type).toBe('Package');
      expect(item.branchesIds).toContain(zonaRio);
    }
    // Naming another branch, on sale or not, still shows only what its own branch offers.
    for (const query of [{}, { onSale: 'true' }] as Record<string, string>[]) {
      const other = await list(
        { ...query, branchId: String(branches.get('Playas de Tijuana')) },
        medic,
      );
      expect(other.status).toBe(200);
      for (const item of other.body.data.items) expect(item.branchesIds).toContain(zonaRio);
    }
  });

  it('refuses the list to a role with neither privilege (403)', async () => {
    const logistics = (await signInAs(t.app, 'logisticsManager')).token;
    expect((await list({}, logistics)).status).toBe(403);
  });
});

describe.skipIf(!onPostgres)('packages under concurrent writes (PostgreSQL)', () => {
  const target = async () => ({
    path: 'package',
    id: (await create(aPackage())).body.data.id,
    module: 'packages',
    notFound: 18,
  });
  it('of 20 concurrent deletes one succeeds and writes one entry; the rest are 404', async () => {
    await expectOneOfConcurrentDeletes(t.app, admin, await target());
  });
  it('no update lands on a package after its delete', async () => {
    await expectNoUpdateAfterDelete(t.app, admin, await target(), { points: 7 });
  });
});
