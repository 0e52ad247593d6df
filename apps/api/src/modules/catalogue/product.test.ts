import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, signInAs, type TestApp } from '../../test/harness';
import { auditTrail, expectOneOfConcurrentDeletes, onPostgres } from '../../test/races';

interface Product {
  id: number;
  sku: string;
  name: string;
  status: boolean;
  productType: { id: number; name: string };
  providers: { id: number; name: string }[];
  categories: { id: number; name: string }[];
  photos: { id: number; name: string }[];
  approvalStatus: string;
  approvalLabel: string;
  approved_at: string | null;
  rejected_at: string | null;
  cost: number;
  tax: number;
  costWithTax: number;
  contentLabel: string;
  indirectExpenses: number | null;
  franchiseTax: number | null;
  additionalCostFranchise: number | null;
  franchisePrice: number | null;
  salePrice: number | null;
  points: number | null;
}
type Page<T> = { items: T[]; meta: { itemCount: number } };
type Named = { id: number; name: string };

let t: TestApp;
let admin: string;
let logistics: string;
const types = new Map<string, number>();
let categoryId: number;
let providerIds: number[];
beforeAll(async () => {
  t = await createTestApp();
  admin = (await signInAs(t.app, 'superAdmin')).token;
  logistics = (await signInAs(t.app, 'logisticsManager')).token;
  for (const type of (await call<Named[]>(t.app, 'GET', '/v1/product-type', { token: admin })).body
    .data)
    types.set(type.name, type.id);
  categoryId = (
    await call<Page<Named>>(t.app, 'GET', '/v1/category', {
      token: admin,
      query: { type: 'product' },
    })
  ).body.data.items[0]!.id;
  providerIds = (
    await call<Page<Named>>(t.app, 'GET', '/v1/provider', { token: admin })
  ).body.data.items.map((item) => item.id);
});
afterAll(async () => {
  await t.close();
});

let serial = 0;
const newProduct = (type: string, extra: Record<string, unknown> = {}) => ({
  productTypeId: types.get(type),
  sku: `PT-${String((serial += 1)).padStart(4, '0')}`,
  name: 'Crema de prueba',
  brand: 'Marca',
  barCode: '7501234567890',
  description: 'Producto de prueba',
  contentType: 'Vial',
  content: 10,
  measureUnit: 'ml',
  cost: 100,
  tax: 16,
  providersIds: [providerIds[0]],
  categoriesIds: [categoryId],
  ...extra,
});
const create = async (type: string, extra: Record<string, unknown> = {}, token = logistics) =>
  call<Product>(t.app, 'POST', '/v1/product/create', { token, body: newProduct(type, extra) });
const approve = (id: number, body: Record<string, unknown>, token = admin) =>
  call<Product>(t.app, 'PUT', `/v1/product/${id}/approve`, { token, body });
const reject = (id: number, token = admin) =>
  call<Product>(t.app, 'PUT', `/v1/product/${id}/reject`, { token });
const update = (id: number, path: string, body: Record<string, unknown>, token = admin) =>
  call<Product>(t.app, 'PUT', `/v1/product/${id}/${path}`, { token, body });
const medicalFinancials = { indirectExpenses: 5, franchiseTax: 16, additionalCostFranchise: 12 };

describe('creating products (spec 001 §3, §5, §9)', () => {
  it('starts pending and active, with cost with tax and the content label computed', async () => {
    const answer = await create('Médico/Venta');
    expect(answer.status).toBe(201);
    expect(answer.body.data).toMatchObject({
      approvalStatus: 'pending',
      approvalLabel: 'Pendiente',
      status: true,
      costWithTax: 116,
      contentLabel: '10 ml(s) Vial',
      franchisePrice: null,
      productType: { name: 'Médico/Venta' },
      providers: [{ id: providerIds[0] }],
      photos: [],
    });
  });

  it('checks SKU 4 to 12, tax 0/8/16 and the required fields', async () => {
    const answer = await create('Insumo', {
      sku: 'ABC',
      tax: 15,
      name: '',
      providersIds: [],
      contentType: 'Botella',
    });
    expect(answer.body.details).toEqual(
      expect.arrayContaining([
        { field: 'sku', message: 'El campo SKU requiere mínimo 4 caracteres' },
        { field: 'tax', message: 'El campo IVA admite 0, 8 o 16' },
        { field: 'name', message: 'El campo Nombre es obligatorio' },
        { field: 'providersIds', message: 'El campo Proveedores es obligatorio' },
        { field: 'contentType', message: 'El campo Tipo de contenido tiene un valor no permitido' },
      ]),
    );
    expect((await create('Insumo', { sku: 'ABCDEFGHIJKLM' })).body.details).toEqual([
      { field: 'sku', message: 'El campo SKU admite máximo 12 caracteres' },
    ]);
  });

  it('rejects an unknown field in the body (400 naming it), never storing it', async () => {
    const answer = await create('Insumo', { color: 'azul' });
    expect(answer.status).toBe(400);
    expect(answer.body.details).toEqual([{ field: 'color', message: 'Campo no permitido' }]);
  });

  it('answers 400 code 3 for a SKU a live product has, in any case', async () => {
    const answer = await create('Insumo', { sku: 'in-guant' });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 3, message: 'El SKU ya existe' });
  });

  it('refuses unknown providers and categories of treatments', async () => {
    const treatmentCategory = (
      await call<Page<Named>>(t.app, 'GET', '/v1/category', {
        token: admin,
        query: { type: 'treatment' },
      })
    ).body.data.items[0]!.id;
    expect((await create('Insumo', { providersIds: [9999] })).body.details).toEqual([
      { field: 'providersIds', message: 'Algún proveedor no existe' },
    ]);
    expect((await create('Insumo', { categoriesIds: [treatmentCategory] })).body.details).toEqual([
      { field: 'categoriesIds', message: 'Alguna categoría no existe o no es de producto' },
    ]);
  });
});

describe('approval (spec 001 §4)', () => {
  it('lets a logistics manager create but not approve or reject; the super administrator approves', async () => {
    const product = (await create('Médico/Venta')).body.data;
    expect((await approve(product.id, medicalFinancials, logistics)).status).toBe(403);
    expect((await reject(product.id, logistics)).status).toBe(403);
    const approved = await approve(product.id, medicalFinancials);
    expect(approved.status).toBe(200);
    // 116 × 1.16 × 1.12 + 5 = 155.7072
    expect(approved.body.data).toMatchObject({
      approvalStatus: 'approved',
      approvalLabel: 'Aprobado',
      franchisePrice: 155.71,
      indirectExpenses: 5,
    });
    expect(approved.body.data.approved_at).not.toBeNull();
  });

  it('asks the financial fields of the product type', async () => {
    const cosmetic = (await create('Cosmetólogo/Venta')).body.data;
    const missing = await approve(cosmetic.id, medicalFinancials);
    expect(missing.body.details).toEqual([
      { field: 'profitPorcentage', message: 'El campo Porcentaje de utilidad es obligatorio' },
      { field: 'salePrice', message: 'El campo Precio de venta es obligatorio' },
      { field: 'points', message: 'El campo Puntos es obligatorio' },
    ]);
    const done = await approve(cosmetic.id, {
      ...medicalFinancials,
      profitPorcentage: 60,
      salePrice: 185.6,
      points: 2,
      franchisePrice: 155.7,
    });
    expect(done.body.data).toMatchObject({
      approvalStatus: 'approved',
      salePrice: 185.6,
      points: 2,
      franchisePrice: 155.71,
    });
    const supply = (await create('Insumo')).body.data;
    expect((await approve(supply.id, medicalFinancials)).body.details).toEqual([
      { field: 'indirectExpenses', message: 'El campo Gastos indirectos no aplica al tipo Insumo' },
    ]);
    expect(
      (await approve(supply.id, { franchiseTax: 16, additionalCostFranchise: 5 })).body.data
        .franchisePrice,
    ).toBe(141.29);
  });

  it('refuses a franchise price that disagrees with the formula by more than a cent', async () => {
    const product = (await create('Médico/Venta')).body.data;
    const answer = await approve(product.id, { ...medicalFinancials, franchisePrice: 150 });
    expect(answer.status).toBe(400);
    expect(answer.body.details).toEqual([
      {
        field: 'franchisePrice',
        message: 'El precio franquicia no coincide con el cálculo ($155.71)',
      },
    ]);
    expect(
      (await call<Product>(t.app, 'GET', `/v1/product/${product.id}`, { token: admin })).body.data
        .approvalStatus,
    ).toBe('pending');
  });

  it('approves and rejects only while pending (409), and audits approve and reject', async () => {
    const first = (await create('Médico/Venta')).body.data;
    await approve(first.id, medicalFinancials);
    expect((await approve(first.id, medicalFinancials)).body).toMatchObject({
      statusCode: 409,
      details: [{ field: 'approvalStatus', message: 'El producto ya fue aprobado' }],
    });
    expect((await reject(first.id)).status).toBe(409);
    const second = (await create('Médico/Venta')).body.data;
    const rejected = await call<Product>(t.app, 'PUT', `/v1/product/${second.id}/reject`, {
      token: admin,
      body: { reason: 'Proveedor sin registro sanitario' },
    });
    expect(rejected.body.data).toMatchObject({
      approvalStatus: 'rejected',
      approvalLabel: 'Rechazado',
      approved_at: null,
    });
    expect((await approve(second.id, medicalFinancials)).body.details).toEqual([
      { field: 'approvalStatus', message: 'El producto ya fue rechazado' },
    ]);
    const log = await call<Page<{ action: string; recordId: number; detail: string | null }>>(
      t.app,
      'GET',
      '/v1/log',
      { token: admin, query: { module: 'products', take: '100' } },
    );
    const entries = log.body.data.items;
    expect(
      entries.find((entry) => entry.action === 'approve' && entry.recordId === first.id),
    ).toBeDefined();
    expect(
      entries.find((entry) => entry.action === 'reject' && entry.recordId === second.id)?.detail,
    ).toBe('Proveedor sin registro sanitario');
  });

  it('lets only one of two reviews at once win', async () => {
    const product = (await create('Médico/Venta')).body.data;
    const answers = await Promise.all([approve(product.id, medicalFinancials), reject(product.id)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
  });
});

describe('editing by type (spec 001 §4, §7)', () => {
  it('takes the update path of the product type only (400 otherwise) and keeps SKU and type', async () => {
    const product = (await create('Uso Cabina')).body.data;
    const wrong = await update(product.id, 'update-medical-product', { name: 'Otro' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.details).toEqual([
      {
        field: 'productTypeId',
        message: 'El producto es de tipo Uso Cabina: se actualiza con update-cabain-product',
      },
    ]);
    const edited = await update(
      product.id,
      'update-cabain-product',
      { name: 'Gel frío', sku: 'CAMBIADO', productTypeId: types.get('Insumo'), tax: 8 },
      logistics,
    );
    expect(edited.body.data).toMatchObject({
      name: 'Gel frío',
      sku: product.sku,
      productType: { name: 'Uso Cabina' },
      costWithTax: 108,
    });
  });

  it('updates a Cosmetólogo/Venta product through update-cosmetic-product', async () => {
    const product = (await create('Cosmetólogo/Venta')).body.data;
    const edited = await update(
      product.id,
      'update-cosmetic-product',
      { name: 'Bálsamo labial FPS 30', brand: 'Isdin', content: 4, measureUnit: 'g', tax: 0 },
      logistics,
    );
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({
      id: product.id,
      sku: product.sku,
      name: 'Bálsamo labial FPS 30',
      costWithTax: 100,
      contentLabel: '4 g(s) Vial',
      productType: { name: 'Cosmetólogo/Venta' },
      approvalStatus: 'pending',
    });
    const read = await call<Product>(t.app, 'GET', `/v1/product/${product.id}`, { token: admin });
    expect(read.body.data.name).toBe('Bálsamo labial FPS 30');
  });

  it('returns a rejected product to pending when saved, and does not toggle its status', async () => {
    const product = (await create('Insumo')).body.data;
    await reject(product.id);
    expect((await update(product.id, 'update-input-product', { status: 0 })).body.details).toEqual([
      { field: 'status', message: 'Un producto rechazado no se puede activar ni desactivar' },
    ]);
    const saved = await update(
      product.id,
      'update-input-product',
      { description: 'Con registro sanitario' },
      logistics,
    );
    expect(saved.body.data).toMatchObject({
      approvalStatus: 'pending',
      rejected_at: null,
      status: true,
    });
    const deactivated = await update(product.id, 'update-input-product', { status: 0 });
    expect(deactivated.body.data.status).toBe(false);
  });

  it('needs approve to change financial fields and keeps the franchise price on the formula', async () => {
    const product = (await create('Médico/Venta')).body.data;
    await approve(product.id, medicalFinancials);
    expect(
      (await update(product.id, 'update-medical-product', { franchiseTax: 20 }, logistics)).status,
    ).toBe(403);
    // The same values sent back are no change, so the form may send them.
    expect(
      (
        await update(
          product.id,
          'update-medical-product',
          { franchiseTax: 16, name: 'Toxina' },
          logistics,
        )
      ).status,
    ).toBe(200);
    const costlier = await update(product.id, 'update-medical-product', { cost: 200 }, logistics);
    expect(costlier.body.data).toMatchObject({
      costWithTax: 232,
      franchisePrice: 306.41,
      approvalStatus: 'approved',
    });
    const retaxed = await update(product.id, 'update-medical-product', {
      franchiseTax: 0,
      additionalCostFranchise: 0,
      indirectExpenses: 0,
    });
    expect(retaxed.body.data.franchisePrice).toBe(232);
  });
});

describe('the approval rules the form shares (packages/domain product-approval)', () => {
  it('keeps the prices of a rejected product: they are set when it is approved again', async () => {
    const product = (await create('Insumo')).body.data;
    await reject(product.id);
    const priced = await update(product.id, 'update-input-product', { franchiseTax: 10 });
    expect(priced.status).toBe(400);
    expect(priced.body.details).toEqual([
      {
        field: 'franchiseTax',
        message:
          'Un producto rechazado no lleva precios: vuelve a Pendiente y se fijan al aprobarlo',
      },
    ]);
    expect(
      (await call<Product>(t.app, 'GET', `/v1/product/${product.id}`, { token: admin })).body.data
        .approvalStatus,
    ).toBe('rejected');
  });
});

describe('lists, types and deletes', () => {
  const list = (query: Record<string, string>) =>
    call<Page<Product>>(t.app, 'GET', '/v1/product', {
      token: admin,
      query: { take: '100', ...query },
    });

  it('filters by approval state, provider and excluded types, and searches SKU, name, brand and barcode', async () => {
    const states = async (isApproved: string) =>
      new Set((await list({ isApproved })).body.data.items.map((item) => item.approvalStatus));
    expect(await states('pending')).toEqual(new Set(['pending']));
    expect(await states('rejected')).toEqual(new Set(['rejected']));
    expect(await states('1')).toEqual(new Set(['approved']));
    expect(await states('0')).toEqual(new Set(['pending', 'rejected']));
    const byProvider = await list({ providerId: String(providerIds[0]) });
    expect(
      byProvider.body.data.items.every((item) =>
        item.providers.some((provider) => provider.id === providerIds[0]),
      ),
    ).toBe(true);
    const noSupplies = await list({
      excludeType: `${types.get('Insumo')},${types.get('Uso Cabina')}`,
    });
    expect(
      noSupplies.body.data.items.every((item) =>
        ['Médico/Venta', 'Cosmetólogo/Venta'].includes(item.productType.name),
      ),
    ).toBe(true);
    // A product of its own, found by its brand and by its SKU.
    const own = (await create('Insumo', { brand: 'Juvenalia Fábrica' })).body.data;
    expect(
      (
        await list({ search: JSON.stringify({ field: 'brand', value: 'juvenalia' }) })
      ).body.data.items.map((item) => item.sku),
    ).toEqual([own.sku]);
    expect((await list({ search: own.sku })).body.data.items.map((item) => item.sku)).toEqual([
      own.sku,
    ]);
    expect((await list({ isApproved: 'maybe' })).status).toBe(400);
  });

  it('searches by name (accents and case aside) and by barcode', async () => {
    const product = (
      await create('Cosmetólogo/Venta', {
        name: 'Mascarilla de Arcilla Rosa',
        barCode: '7509990001112',
      })
    ).body.data;
    const byName = await list({ search: JSON.stringify({ field: 'name', value: 'ARCILLA rosa' }) });
    expect(byName.body.data.items.map((item) => item.id)).toEqual([product.id]);
    const byBarCode = await list({
      search: JSON.stringify({ field: 'barCode', value: '7509990001112' }),
    });
    expect(byBarCode.body.data.items.map((item) => item.id)).toEqual([product.id]);
    // Without a field, the default search covers the barcode too.
    expect((await list({ search: '7509990001112' })).body.data.items).toHaveLength(1);
    expect(
      (await list({ search: JSON.stringify({ field: 'name', value: 'inexistente' }) })).body.data
        .items,
    ).toEqual([]);
  });

  it('filters active (status=1) and inactive (status=0) products', async () => {
    const inactive = (await create('Insumo')).body.data;
    await update(inactive.id, 'update-input-product', { status: 0 });
    const active = await list({ status: '1' });
    expect(active.body.data.items.length).toBeGreaterThan(0);
    expect(active.body.data.items.every((item) => item.status)).toBe(true);
    expect(active.body.data.items.some((item) => item.id === inactive.id)).toBe(false);
    const off = await list({ status: '0' });
    expect(off.body.data.items.every((item) => !item.status)).toBe(true);
    expect(off.body.data.items.some((item) => item.id === inactive.id)).toBe(true);
  });

  it('hides deleted products with withDeleted=false, as when it is left out', async () => {
    const product = (await create('Insumo')).body.data;
    await call(t.app, 'POST', `/v1/product/${product.id}/delete`, { token: admin });
    const bySku = { search: JSON.stringify({ field: 'sku', value: product.sku }) };
    expect((await list({ ...bySku, withDeleted: 'false' })).body.data.items).toEqual([]);
    expect((await list(bySku)).body.data.meta.itemCount).toBe(0);
    const withDeleted = await list({ ...bySku, withDeleted: 'true' });
    expect(withDeleted.body.data.items.map((item) => item.id)).toEqual([product.id]);
  });

  it('reads one product type (404 code 16 for another)', async () => {
    expect(
      (await call<Named>(t.app, 'GET', `/v1/product-type/${types.get('Insumo')}`, { token: admin }))
        .body.data.name,
    ).toBe('Insumo');
    expect((await call(t.app, 'GET', '/v1/product-type/999', { token: admin })).body).toMatchObject(
      { statusCode: 404, code: 16 },
    );
  });

  it('soft-deletes with POST or DELETE (404 code 13 afterwards); a medic may only read', async () => {
    const first = (await create('Insumo')).body.data;
    const second = (await create('Insumo')).body.data;
    const medic = (await signInAs(t.app, 'medic')).token;
    expect((await call(t.app, 'GET', `/v1/product/${first.id}`, { token: medic })).status).toBe(
      200,
    );
    expect(
      (await call(t.app, 'POST', `/v1/product/${first.id}/delete`, { token: medic })).status,
    ).toBe(403);
    expect(
      (await call(t.app, 'POST', `/v1/product/${first.id}/delete`, { token: admin })).status,
    ).toBe(200);
    expect(
      (await call(t.app, 'DELETE', `/v1/product/${second.id}/delete`, { token: logistics })).status,
    ).toBe(200);
    expect(
      (await call(t.app, 'GET', `/v1/product/${first.id}`, { token: admin })).body,
    ).toMatchObject({ statusCode: 404, code: 13 });
    // Its SKU is free again for a live product.
    expect((await create('Insumo', { sku: first.sku })).status).toBe(201);
    expect((await list({ withDeleted: 'true', search: second.sku })).body.data.items).toHaveLength(
      1,
    );
  });
});

describe.skipIf(!onPostgres)('products under concurrent writes (PostgreSQL)', () => {
  it('of 20 concurrent deletes one succeeds and writes one entry; the rest are 404', async () => {
    const product = (await create('Insumo')).body.data;
    await expectOneOfConcurrentDeletes(t.app, admin, {
      path: 'product',
      id: product.id,
      module: 'products',
      notFound: 13,
    });
  });

  it('an approval racing the delete never lands on the deleted product', async () => {
    const product = (await create('Insumo')).body.data;
    const insumo = { franchiseTax: 16, additionalCostFranchise: 12 };
    const [approved, deleted] = await Promise.all([
      approve(product.id, insumo),
      call(t.app, 'DELETE', `/v1/product/${product.id}/delete`, { token: admin }),
    ]);
    expect(deleted.status).toBe(200);
    expect([200, 404]).toContain(approved.status);
    const trail = (await auditTrail(t.app, 'products', product.id)).map((entry) => entry.action);
    expect(trail.at(-1)).toBe('delete');
  });
});
