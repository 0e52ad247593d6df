import { afterAll, beforeAll, expect } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { type StockRow } from '@clinica/domain';
import { product, productType, stock } from '../../db/schema';
import {
  branchId,
  call,
  createTestApp,
  signInAs,
  type DemoRole,
  type TestApp,
} from '../../test/harness';
import { unbalancedLots, unbalancedSummaries } from './ledger';

export let t: TestApp;
export let admin: string;
export let logistics: string;
export let manager: string;
export let operational: string;
export let franchisee: string;
export let medic: string;
export let zonaRio: number;
export let playas: number;
export let mexicali: number;
export let cedis: number;

/** Signs the administrator's token in again (a test at another hour); an import cannot assign it. */
export function setAdmin(token: string) {
  admin = token;
}

/** The stock tests' world, per test file: the app on the demo seed, the tokens of six roles and the four branches' ids. */
export function useStockWorld() {
  beforeAll(async () => {
    t = await createTestApp();
    const token = async (role: DemoRole) => (await signInAs(t.app, role)).token;
    admin = await token('superAdmin');
    logistics = await token('logisticsManager');
    manager = await token('branchManager');
    operational = await token('operationalManager');
    franchisee = await token('franchisee');
    medic = await token('medic');
    zonaRio = await branchId(t.app, 'Zona Río');
    playas = await branchId(t.app, 'Playas de Tijuana');
    mexicali = await branchId(t.app, 'Mexicali Centro');
    cedis = await branchId(t.app, 'CEDIS');
  });
  afterAll(async () => {
    await t?.close();
  });
}

/** The test clock's day in Tijuana (the demo branches' zone): 2026-11-20. */
export const TODAY = '2026-11-20';
export const dayFrom = (days: number) => {
  const day = new Date(`${TODAY}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
};

let serial = 0;
/** An approved product of the test's own, of a type, with a price and a category. */
export async function newProduct(
  options: { type?: string; name?: string; cost?: number; salePrice?: number | null } = {},
) {
  serial += 1;
  const [type] = await t.app.db
    .select({ id: productType.id })
    .from(productType)
    .where(eq(productType.name, options.type ?? 'Médico/Venta'));
  const [row] = await t.app.db
    .insert(product)
    .values({
      sku: `ST-${String(serial).padStart(5, '0')}`,
      name: options.name ?? `Producto de inventario ${serial}`,
      brand: 'Marca',
      barCode: '7501234500001',
      description: 'Para probar el inventario',
      contentType: 'Caja',
      content: 1,
      measureUnit: 'pza',
      cost: options.cost ?? 100,
      tax: 16,
      productTypeId: type!.id,
      salePrice: options.salePrice === undefined ? 250 : options.salePrice,
      approvedAt: new Date(),
    })
    .returning({ id: product.id, sku: product.sku });
  return row!;
}

export type Body = Record<string, unknown>;
export const adjust = (token: string, body: Body) =>
  call<{ stockId: number; quantity: number; allotment: string; expiresIn: string | null }>(
    t.app,
    'POST',
    '/v1/stock/adjustment',
    { token, body },
  );

/** A registration as the super administrator; the lot's id. */
export async function register(
  productId: number,
  branch: number,
  quantity: number,
  allotment: string,
  expiresIn: string | null = dayFrom(400),
) {
  const answer = await adjust(admin, {
    productId,
    branchId: branch,
    quantity,
    type: 'registration',
    allotment,
    expiresIn,
    justification: 'Inventario inicial',
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.data.stockId;
}

export const drop = (token: string, body: Body) =>
  adjust(token, { type: 'drop', justification: 'Producto dañado', quantity: 1, ...body });

export async function lots(productId: number) {
  return t.app.db
    .select({ id: stock.id, branchId: stock.branchId, quantity: stock.quantity })
    .from(stock)
    .where(eq(stock.productId, productId))
    .orderBy(asc(stock.id));
}

export async function stockRows(token: string, query: Record<string, string> = {}) {
  const answer = await call<{ items: StockRow[]; meta: { itemCount: number; pageCount: number } }>(
    t.app,
    'GET',
    '/v1/stock',
    { token, query: { take: '100', ...query } },
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data;
}

export const rowOf = async (token: string, productId: number, branch: number) =>
  (await stockRows(token, { productId: String(productId), branchId: String(branch) })).items[0];

export const maxMin = (token: string, body: Body) =>
  call<{ id: number; mmId: number; max: number; min: number }>(
    t.app,
    'POST',
    '/v1/stock/create-max-min',
    { token, body },
  );

export const balanced = async () => {
  expect(await unbalancedLots(t.app.db)).toEqual([]);
  expect(await unbalancedSummaries(t.app.db)).toEqual([]);
};
