import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, isNotNull, isNull, ne } from 'drizzle-orm';
import type { CouponDetail, CouponRecord } from '@clinica/domain';
import { coupon, product, productType, treatment } from '../../db/schema';
import { branchId, call, createTestApp, signInAs, type TestApp } from '../../test/harness';
import { auditTrail, expectOneOfConcurrentDeletes, onPostgres } from '../../test/races';

type Page<T> = { items: T[]; meta: { itemCount: number } };

let t: TestApp;
let admin: string;
let manager: string;
let zonaRio: number;
let playas: number;
let treatmentItem: { id: number; price: number };
let saleProduct: { id: number; salePrice: number };
let otherProduct: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await signInAs(t.app, 'superAdmin')).token;
  manager = (await signInAs(t.app, 'branchManager')).token;
  zonaRio = await branchId(t.app, 'Zona Río');
  playas = await branchId(t.app, 'Playas de Tijuana');
  const [firstTreatment] = await t.app.db
    .select({ id: treatment.id, price: treatment.price })
    .from(treatment)
    .where(and(isNull(treatment.deletedAt), eq(treatment.active, true)))
    .orderBy(asc(treatment.id))
    .limit(1);
  treatmentItem = firstTreatment!;
  const products = (typeName: string, same: boolean) =>
    t.app.db
      .select({ id: product.id, salePrice: product.salePrice })
      .from(product)
      .innerJoin(productType, eq(productType.id, product.productTypeId))
      .where(
        and(
          same ? eq(productType.name, typeName) : ne(productType.name, typeName),
          isNotNull(product.approvedAt),
          same ? isNotNull(product.salePrice) : undefined,
        ),
      )
      .orderBy(asc(product.id))
      .limit(1);
  const [sale] = await products('Cosmetólogo/Venta', true);
  saleProduct = { id: sale!.id, salePrice: sale!.salePrice! };
  otherProduct = (await products('Cosmetólogo/Venta', false))[0]!.id;
  // The demo seed runs first; on a busy machine it takes longer than the usual hook timeout.
}, 240_000);
afterAll(async () => {
  await t?.close();
});

let serial = 0;
const nextCode = () => `PRUEBA${String((serial += 1)).padStart(3, '0')}`;
const validBody = (overrides: Record<string, unknown> = {}) => ({
  code: nextCode(),
  name: 'Buen Fin',
  description: 'Descuento de temporada',
  branchesIds: [zonaRio],
  limit: 10,
  type: 'Treatment',
  treatmentId: treatmentItem.id,
  discount: 15,
  expireDate: '2026-12-31',
  ...overrides,
});
const create = (body: Record<string, unknown>, token = admin) =>
  call<CouponRecord>(t.app, 'POST', '/v1/coupon/create', { token, body });
const detail = (id: number, token = admin) =>
  call<CouponDetail>(t.app, 'GET', `/v1/coupons/${id}`, { token });
const update = (id: number, body: Record<string, unknown>, token = admin) =>
  call<CouponRecord>(t.app, 'PUT', `/v1/coupon/${id}/update`, { token, body });
const list = (query: Record<string, string> = {}, token = admin) =>
  call<Page<CouponRecord>>(t.app, 'GET', '/v1/coupon', { token, query: { take: '100', ...query } });

describe('coupon form rules (spec 002 §5, CONTRACT §11)', () => {
  it('names every missing field in Spanish and stores nothing', async () => {
    const answer = await create({});
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe(0);
    expect(answer.body.details).toEqual(
      expect.arrayContaining([
        { field: 'code', message: 'El campo Código es obligatorio' },
        { field: 'name', message: 'El campo Nombre es obligatorio' },
        { field: 'description', message: 'El campo Descripción es obligatorio' },
        { field: 'branchesIds', message: 'El campo Sucursales válidas es obligatorio' },
        { field: 'limit', message: 'El campo Límite de usos es obligatorio' },
        { field: 'type', message: 'El campo Tipo es obligatorio' },
        { field: 'discount', message: 'El campo Descuento es obligatorio' },
        { field: 'expireDate', message: 'El campo Fecha de vencimiento es obligatorio' },
      ]),
    );
  });

  it('code 5 to 15 characters, name at most 50, limit at least 1', async () => {
    const answer = await create(
      validBody({ code: 'ABCD', name: 'x'.repeat(51), limit: 0, expireDate: '2026-02-30' }),
    );
    expect(answer.status).toBe(400);
    expect(answer.body.details).toEqual(
      expect.arrayContaining([
        { field: 'code', message: 'El campo Código requiere mínimo 5 caracteres' },
        { field: 'name', message: 'El campo Nombre admite máximo 50 caracteres' },
        { field: 'limit', message: 'El campo Límite de usos debe ser mayor o igual a 1' },
        {
          field: 'expireDate',
          message: 'El campo Fecha de vencimiento debe ser una fecha válida (AAAA-MM-DD)',
        },
      ]),
    );
    const long = await create(validBody({ code: 'A'.repeat(16) }));
    expect(long.body.details).toEqual([
      { field: 'code', message: 'El campo Código admite máximo 15 caracteres' },
    ]);
    const spaced = await create(validBody({ code: 'BUEN FIN' }));
    expect(spaced.body.details?.[0]?.field).toBe('code');
  });

  it('discount: 0 < % ≤ 100 (an empty mask arrives as 0 and is refused)', async () => {
    for (const [discount, message] of [
      [0, 'El campo Descuento debe ser mayor a 0'],
      [100.5, 'El campo Descuento debe ser menor o igual a 100'],
      [-5, 'El campo Descuento debe ser mayor a 0'],
      [12.345, 'El campo Descuento admite máximo dos decimales'],
      ['15', 'El campo Descuento debe ser un número'],
    ] as const) {
      const answer = await create(validBody({ discount }));
      expect(answer.status).toBe(400);
      expect(answer.body.details).toEqual([{ field: 'discount', message }]);
    }
    expect((await create(validBody({ discount: 100 }))).status).toBe(201);
  });

  it('the type decides the item: a treatment coupon needs its treatment and no product', async () => {
    const none = await create(validBody({ treatmentId: undefined }));
    expect(none.body.details).toEqual([
      { field: 'treatmentId', message: 'El campo Tratamiento es obligatorio' },
    ]);
    const both = await create(
      validBody({ type: 'Product', treatmentId: treatmentItem.id, productId: saleProduct.id }),
    );
    expect(both.body.details).toEqual([
      { field: 'treatmentId', message: 'Un cupón de producto no lleva tratamiento' },
    ]);
    const wrongType = await create(validBody({ type: 'Paquete' }));
    expect(wrongType.body.details).toEqual([
      { field: 'type', message: 'El campo Tipo tiene un valor no permitido' },
    ]);
  });

  it('a product coupon takes only an active, approved Cosmetólogo/Venta product', async () => {
    const answer = await create(
      validBody({ type: 'Product', treatmentId: null, productId: otherProduct }),
    );
    expect(answer.status).toBe(400);
    expect(answer.body.details?.[0]?.field).toBe('productId');
    const missing = await create(validBody({ treatmentId: 999_999 }));
    expect(missing.body.details).toEqual([
      { field: 'treatmentId', message: 'El tratamiento no existe o está inactivo' },
    ]);
  });

  it('refuses unknown fields and unknown branches, storing nothing', async () => {
    const before = (await list()).body.data.meta.itemCount;
    expect((await create({ ...validBody(), used: 5 })).status).toBe(400);
    const branchless = await create(validBody({ branchesIds: [zonaRio, 999_999] }));
    expect(branchless.body.details).toEqual([
      { field: 'branchesIds', message: 'Alguna sucursal no existe' },
    ]);
    expect((await list()).body.data.meta.itemCount).toBe(before);
  });
});

describe('creating, reading and listing coupons', () => {
  it('creates a treatment coupon with its prices computed (price − price × discount / 100)', async () => {
    const answer = await create(validBody({ code: 'verano-26', branchesIds: [zonaRio, playas] }));
    expect(answer.status).toBe(201);
    const record = answer.body.data;
    expect(record).toMatchObject({
      code: 'VERANO-26',
      limit: 10,
      used: 0,
      remaining: 10,
      status: true,
      discount: 15,
      type: 'Treatment',
      treatment: { id: treatmentItem.id, price: treatmentItem.price },
      product: null,
      regularPrice: treatmentItem.price,
      discountPrice: Math.round(treatmentItem.price * 85) / 100,
    });
    expect(record.branches.map((b) => b.id).sort()).toEqual([zonaRio, playas].sort());
    expect((await auditTrail(t.app, 'coupons', record.id)).map((e) => e.action)).toEqual([
      'create',
    ]);
  });

  it('a code is unique whatever its case (400 code 9)', async () => {
    await create(validBody({ code: 'UNICO-1' }));
    const again = await create(validBody({ code: 'unico-1' }));
    expect(again.status).toBe(400);
    expect(again.body.code).toBe(9);
    expect(again.body.message).toBe('Ya existe un cupón con este código');
  });

  it('creates a product coupon priced from the product’s sale price', async () => {
    const answer = await create(
      validBody({
        type: 'Product',
        treatmentId: undefined,
        productId: saleProduct.id,
        discount: 10,
      }),
    );
    expect(answer.status).toBe(201);
    expect(answer.body.data).toMatchObject({
      type: 'Product',
      treatment: null,
      product: { id: saleProduct.id, salePrice: saleProduct.salePrice },
      regularPrice: saleProduct.salePrice,
      discountPrice: Math.round(saleProduct.salePrice * 90) / 100,
    });
  });

  it('the detail carries remaining uses and the (still empty) orders that used it', async () => {
    const created = (await create(validBody({ limit: 4 }))).body.data;
    const answer = await detail(created.id);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({
      id: created.id,
      remaining: 4,
      orders: [],
      cashOrders: [],
    });
    const missing = await detail(999_999);
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe(30);
  });

  it('lists with search by code or name, type and status filters, sorted by the documented fields', async () => {
    const code = nextCode();
    await create(validBody({ code, name: 'Cumpleaños de Ángela' }));
    await create(validBody({ name: 'Inactivo de prueba', status: 0 }));
    const byCode = await list({
      search: JSON.stringify({ field: 'code', value: code.toLowerCase() }),
    });
    expect(byCode.body.data.items.map((c) => c.code)).toEqual([code]);
    const byName = await list({ search: 'CUMPLEANOS DE ANGELA' });
    expect(byName.body.data.items.map((c) => c.name)).toEqual(['Cumpleaños de Ángela']);
    const products = await list({ type: 'Product' });
    expect(products.body.data.items.every((c) => c.type === 'Product')).toBe(true);
    const inactive = await list({ status: '0' });
    expect(inactive.body.data.items.length).toBeGreaterThan(0);
    expect(inactive.body.data.items.every((c) => !c.status)).toBe(true);
    const sorted = await list({ field: 'limit', order: 'ASC' });
    const limits = sorted.body.data.items.map((c) => c.limit);
    expect(limits).toEqual([...limits].sort((a, b) => a - b));
    expect((await list({ field: 'password' })).status).toBe(400);
    expect((await list({ type: 'Paquete' })).status).toBe(400);
  });
});

describe('updating and deleting coupons', () => {
  it('type and item are locked on edit; the rest changes and is audited', async () => {
    const created = (await create(validBody())).body.data;
    const answer = await update(created.id, {
      ...validBody({ code: created.code }),
      type: 'Product',
      productId: saleProduct.id,
      treatmentId: null,
      name: 'Nuevo nombre',
      discount: 20,
      status: 0,
      branchesIds: [playas],
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({
      type: 'Treatment',
      treatment: { id: treatmentItem.id },
      product: null,
      name: 'Nuevo nombre',
      discount: 20,
      status: false,
      branches: [{ id: playas, name: 'Playas de Tijuana' }],
    });
    expect((await auditTrail(t.app, 'coupons', created.id)).map((e) => e.action)).toEqual([
      'create',
      'update',
    ]);
  });

  it('an update keeps what it leaves out; a code in use elsewhere is 400 code 9', async () => {
    const first = (await create(validBody())).body.data;
    const second = (await create(validBody())).body.data;
    const kept = await update(second.id, { limit: 20 });
    expect(kept.body.data).toMatchObject({ limit: 20, name: second.name, code: second.code });
    const taken = await update(second.id, { code: first.code.toLowerCase() });
    expect(taken.status).toBe(400);
    expect(taken.body.code).toBe(9);
  });

  it('the limit may not drop below the uses already made', async () => {
    const created = (await create(validBody({ limit: 5 }))).body.data;
    await t.app.db.update(coupon).set({ used: 3 }).where(eq(coupon.id, created.id));
    const answer = await update(created.id, { limit: 2 });
    expect(answer.status).toBe(400);
    expect(answer.body.details).toEqual([
      {
        field: 'limit',
        message: 'El límite de usos no puede ser menor que los usos ya registrados',
      },
    ]);
    expect((await update(created.id, { limit: 3 })).body.data.remaining).toBe(0);
  });

  it('deletes softly at DELETE /coupons/{id}/delete; the coupon is then 404 code 30', async () => {
    const created = (await create(validBody())).body.data;
    const removed = await call(t.app, 'DELETE', `/v1/coupons/${created.id}/delete`, {
      token: admin,
    });
    expect(removed.status).toBe(200);
    expect((await detail(created.id)).body.code).toBe(30);
    expect((await update(created.id, { name: 'Otro' })).status).toBe(404);
    // Its code is free again.
    expect((await create(validBody({ code: created.code }))).status).toBe(201);
  });
});

describe('privileges and branches (CONTRACT §5)', () => {
  it('a Sucursal Gerente reads coupons but cannot create, edit or delete them (403)', async () => {
    const created = (await create(validBody())).body.data;
    expect((await create(validBody(), manager)).status).toBe(403);
    expect((await update(created.id, { name: 'X' }, manager)).status).toBe(403);
    const removed = await call(t.app, 'DELETE', `/v1/coupons/${created.id}/delete`, {
      token: manager,
    });
    expect(removed.status).toBe(403);
    expect((await call(t.app, 'GET', '/v1/coupon', {})).status).toBe(401);
  });

  it('a role fixed to its branch sees only the coupons valid at it; another branch’s is 404', async () => {
    const playasOnly = (await create(validBody({ branchesIds: [playas] }))).body.data;
    const both = (await create(validBody({ branchesIds: [playas, zonaRio] }))).body.data;
    const seen = (await list({}, manager)).body.data.items;
    expect(seen.every((c) => c.branches.some((b) => b.id === zonaRio))).toBe(true);
    expect(seen.map((c) => c.id)).toContain(both.id);
    expect(seen.map((c) => c.id)).not.toContain(playasOnly.id);
    const asked = (await list({ branchId: String(playas) }, manager)).body.data.items;
    expect(asked.map((c) => c.id)).not.toContain(playasOnly.id);
    const foreign = await detail(playasOnly.id, manager);
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe(30);
    expect((await detail(both.id, manager)).status).toBe(200);
  });
});

describe.runIf(onPostgres)('coupons under concurrent writes (PostgreSQL)', () => {
  it('of concurrent deletes one wins, the rest are 404 code 30', async () => {
    const created = (await create(validBody())).body.data;
    await expectOneOfConcurrentDeletes(t.app, admin, {
      path: 'coupons',
      id: created.id,
      module: 'coupons',
      notFound: 30,
    });
  });

  it('two creates of one code at once: one 201, one 400 code 9', async () => {
    const code = nextCode();
    const answers = await Promise.all([create(validBody({ code })), create(validBody({ code }))]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 400]);
    expect(answers.find((a) => a.status === 400)!.body.code).toBe(9);
  });
});
