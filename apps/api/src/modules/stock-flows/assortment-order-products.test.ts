import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { NotFound, ROLE_KEYS, type RoleKey } from '@clinica/domain';
import { maxMin, product } from '../../db/schema';
import { branchId, call, createTestApp, signInAs, type TestApp } from '../../test/harness';
import { insertSupplyProduct } from '../catalogue/test-support';

/**
 * GET /assortment-order/products: what the order form offers and the max it shows beside each
 * line (spec 001 §5), read in the branch scope of CONTRACT §5.
 */

type Choice = {
  productId: number;
  sku: string;
  name: string;
  max: number | null;
  min: number | null;
};

let t: TestApp;
const tokens = {} as Record<RoleKey, string>;
let zonaRio: number;
let playas: number;
let limited: number;
let unlimited: number;
let free: number;
let pending: number;
let inactive: number;

beforeAll(async () => {
  t = await createTestApp();
  for (const key of ROLE_KEYS) tokens[key] = (await signInAs(t.app, key)).token;
  zonaRio = await branchId(t.app, 'Zona Río');
  playas = await branchId(t.app, 'Playas de Tijuana');
  limited = await insertSupplyProduct(t.app.db, 'LIM-0001');
  unlimited = await insertSupplyProduct(t.app.db, 'LIM-0002');
  free = await insertSupplyProduct(t.app.db, 'LIM-0003');
  pending = await insertSupplyProduct(t.app.db, 'LIM-0004');
  inactive = await insertSupplyProduct(t.app.db, 'LIM-0005');
  await t.app.db
    .update(product)
    .set({ approvedAt: new Date() })
    .where(inArray(product.id, [limited, unlimited, free, inactive]));
  await t.app.db.update(product).set({ status: false }).where(eq(product.id, inactive));
  await t.app.db.insert(maxMin).values([
    { productId: limited, branchId: zonaRio, max: 7, min: 2 },
    { productId: unlimited, branchId: zonaRio, max: 0, min: 0 },
    { productId: limited, branchId: playas, max: 40, min: 5 },
  ]);
  // Building the app with the demo data is slow on a busy machine.
}, 180_000);
afterAll(async () => {
  await t?.close();
});

const choices = (who: RoleKey, query: Record<string, string> = {}) =>
  call<Choice[]>(t.app, 'GET', '/v1/assortment-order/products', { token: tokens[who], query });

const ours = (items: Choice[]) =>
  items
    .filter((item) => item.sku.startsWith('LIM-'))
    .map(({ sku, max, min }) => ({ sku, max, min }));

const zonaRioLimits = [
  { sku: 'LIM-0001', max: 7, min: 2 },
  { sku: 'LIM-0002', max: 0, min: 0 },
  { sku: 'LIM-0003', max: null, min: null },
];

describe('the products a branch may order, with its max and min of each', () => {
  it('offers the active approved products with the max and min of the branch asked for', async () => {
    const answer = await choices('logisticsManager', { branchId: String(zonaRio) });
    expect(answer.status).toBe(200);
    // Pending and inactive products are not offered; a product without a record has no limit.
    expect(ours(answer.body.data).sort((a, b) => a.sku.localeCompare(b.sku))).toEqual(
      zonaRioLimits,
    );
    expect(answer.body.data.some((item) => item.productId === pending)).toBe(false);
    expect(answer.body.data.some((item) => item.productId === inactive)).toBe(false);
    const other = await choices('superAdmin', { branchId: String(playas) });
    expect(other.body.data.find((item) => item.productId === limited)).toMatchObject({
      max: 40,
      min: 5,
    });
    expect(other.body.data.find((item) => item.productId === unlimited)?.max).toBeNull();
    expect(other.body.data.find((item) => item.productId === free)?.max).toBeNull();
  });

  it('gives a branch-fixed role its own branch’s, and another branch is 404 code 6', async () => {
    const own = await choices('branchManager');
    expect(own.status).toBe(200);
    expect(ours(own.body.data).sort((a, b) => a.sku.localeCompare(b.sku))).toEqual(zonaRioLimits);
    const other = await choices('operationalManager', { branchId: String(playas) });
    expect([other.status, other.body.code]).toEqual([404, NotFound.branch]);
    // The franchisee orders without the products' list privilege.
    const franchisee = await choices('franchisee');
    expect(franchisee.status).toBe(200);
    expect(franchisee.body.data.find((item) => item.productId === limited)?.max).toBe(40);
  });

  it('is 404 code 6 for a branch that does not exist, 400 for a malformed one', async () => {
    const missing = await choices('superAdmin', { branchId: '999999' });
    expect([missing.status, missing.body.code]).toEqual([404, NotFound.branch]);
    expect((await choices('superAdmin', { branchId: 'abc' })).status).toBe(400);
  });

  it('needs create or edit on assortment orders (403 for a medic or a cosmetologist)', async () => {
    expect((await choices('medic')).status).toBe(403);
    expect((await choices('cosmetologist')).status).toBe(403);
    expect((await call(t.app, 'GET', '/v1/assortment-order/products')).status).toBe(401);
  });
});
