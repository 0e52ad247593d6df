import { afterAll, beforeAll, expect } from 'vitest';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { ROLE_KEYS, type AssortmentOrderRecord, type RoleKey } from '@clinica/domain';
import {
  assortmentOrder,
  assortmentOrderProduct,
  auditLog,
  stock,
  stockMovement,
} from '../../db/schema';
import { queryRows } from '../../db/client';
import {
  branchId,
  call,
  createTestApp,
  signInAs,
  type Answer,
  type TestApp,
} from '../../test/harness';
import { insertSupplyProduct } from '../catalogue/test-support';
import { receiveStock, unbalancedLots, unbalancedSummaries } from '../inventory/ledger';

export type Order = AssortmentOrderRecord;

export let t: TestApp;
export const tokens = {} as Record<RoleKey, string>;
export let cedis: number;
export let zonaRio: number;
export let playas: number;
export let mexicali: number;
/** What the seed left unbalanced (lots seeded without movements): no flow may change it. */

/** The assortment order tests' world, per test file: the app on the demo seed, every role's token and the four branches' ids. */
export function useAssortmentOrderWorld() {
  beforeAll(async () => {
    t = await createTestApp();
    for (const key of ROLE_KEYS) tokens[key] = (await signInAs(t.app, key)).token;
    cedis = await branchId(t.app, 'CEDIS');
    zonaRio = await branchId(t.app, 'Zona Río');
    playas = await branchId(t.app, 'Playas de Tijuana');
    mexicali = await branchId(t.app, 'Mexicali Centro');
  });
  afterAll(async () => {
    await t?.close();
  });
}

export const base = '/v1/assortment-order';
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export const as = <T = Order>(who: RoleKey, method: Method, path: string, body?: unknown) =>
  call<T>(t.app, method, `${base}${path}`, { token: tokens[who], body });

export const create = (who: RoleKey, body: Record<string, unknown>) =>
  as(who, 'POST', '/create', body);
export const approve = (who: RoleKey, id: number, lines: unknown[]) =>
  as(who, 'PUT', `/${id}/approve`, { assortmentOrderProducts: lines });
export const confirm = (who: RoleKey, id: number, lines: unknown[]) =>
  as(who, 'PUT', `/${id}/confirm`, { assortmentOrderProducts: lines });
export const reject = (who: RoleKey, id: number, body: unknown = {}) =>
  as(who, 'PATCH', `/${id}/reject`, body);

let serial = 0;
/**
 * A product of the test's own with lots at the distribution centre that entered through the
 * ledger (as a purchase would), so every lot it touches balances with its movements.
 */
export async function stockedProduct(quantities: number[]) {
  serial += 1;
  const productId = await insertSupplyProduct(t.app.db, `AO-${String(serial).padStart(4, '0')}`);
  const lots: number[] = [];
  for (const [index, quantity] of quantities.entries()) {
    const lot = await receiveStock(
      t.app.db,
      {
        branchId: cedis,
        productId,
        allotment: `L${serial}-${index + 1}`,
        expiresIn: `2027-0${index + 1}-15`,
      },
      { quantity, cause: 'purchase', userId: null },
    );
    lots.push(lot.stockId);
  }
  return { productId, lots };
}

/** Everything a refusal must leave as it was: lots, ledger, orders, lines and the history. */
export async function state() {
  const [movements] = await t.app.db.select({ n: count() }).from(stockMovement);
  const [entries] = await t.app.db.select({ n: count() }).from(auditLog);
  return {
    lots: await t.app.db
      .select({ id: stock.id, quantity: stock.quantity })
      .from(stock)
      .orderBy(asc(stock.id)),
    movements: movements!.n,
    entries: entries!.n,
    orders: await t.app.db.select().from(assortmentOrder).orderBy(asc(assortmentOrder.id)),
    lines: await t.app.db
      .select()
      .from(assortmentOrderProduct)
      .orderBy(asc(assortmentOrderProduct.id)),
  };
}

/** Fails unless the answer is that refusal and nothing changed. */
export async function expectRefused(
  attempt: () => Promise<Answer>,
  status: number,
  code = 0,
): Promise<Answer> {
  const before = await state();
  const answer = await attempt();
  expect({ status: answer.status, code: answer.body.code }).toEqual({ status, code });
  expect(await state()).toEqual(before);
  return answer;
}

/**
 * A product's units wherever they are: in its lots, in transit (sent by an order not yet
 * confirmed or rejected), or recorded as lost on the way. Nothing but a purchase changes it.
 */
export async function unitsOf(productId: number): Promise<number> {
  const [row] = await queryRows<{ lots: number; transit: number; lost: number }>(
    t.app.db,
    sql`SELECT
      (SELECT coalesce(sum(quantity), 0) FROM stock WHERE product_id = ${productId})::int AS lots,
      (SELECT coalesce(sum(l.stocked_quantity), 0) FROM assortment_order_product l
         JOIN assortment_order o ON o.id = l.assortment_order_id
        WHERE l.product_id = ${productId} AND o.status = 'En transito')::int AS transit,
      (SELECT coalesce(sum(quantity), 0) FROM stock_movement
        WHERE product_id = ${productId} AND cause = 'transit-loss')::int AS lost`,
  );
  return Number(row!.lots) + Number(row!.transit) + Number(row!.lost);
}

export async function expectBalanced() {
  expect(await unbalancedLots(t.app.db)).toEqual([]);
  expect(await unbalancedSummaries(t.app.db)).toEqual([]);
}

export const lotQuantity = async (id: number) =>
  (await t.app.db.select({ q: stock.quantity }).from(stock).where(eq(stock.id, id)))[0]!.q;

/** The branch's lot of a product, lot code and expiry (where received units go). */
export async function branchLot(branch: number, productId: number, allotment: string) {
  const [row] = await t.app.db
    .select({ id: stock.id, quantity: stock.quantity, expiresIn: stock.expiresIn })
    .from(stock)
    .where(
      and(
        eq(stock.branchId, branch),
        eq(stock.productId, productId),
        eq(stock.allotment, allotment),
      ),
    );
  return row;
}

export const movementsOf = (orderId: number) =>
  t.app.db
    .select({
      stockId: stockMovement.stockId,
      quantity: stockMovement.quantity,
      cause: stockMovement.cause,
      documentType: stockMovement.documentType,
      documentNumber: stockMovement.documentNumber,
    })
    .from(stockMovement)
    .where(
      and(eq(stockMovement.documentType, 'assortmentOrder'), eq(stockMovement.documentId, orderId)),
    )
    .orderBy(asc(stockMovement.id));

export const historyOf = (orderId: number) =>
  t.app.db
    .select({
      action: auditLog.action,
      order: auditLog.orderNumber,
      stockId: auditLog.stockId,
      productId: auditLog.productId,
      originBranchId: auditLog.originBranchId,
      destinationBranchId: auditLog.destinationBranchId,
      changes: auditLog.changes,
    })
    .from(auditLog)
    .where(and(eq(auditLog.module, 'assortmentOrder'), eq(auditLog.recordId, orderId)))
    .orderBy(asc(auditLog.id));

/** An order for Zona Río, made by its branch manager, of the given products. */
export async function orderFor(
  lines: { productId: number; orderedQuantity: number }[],
  who: RoleKey = 'branchManager',
) {
  const answer = await create(who, {
    orderType: 'Ordinario general',
    ...(who === 'branchManager' ? {} : { branchId: zonaRio }),
    assortmentOrderProducts: lines,
  });
  expect(answer.status).toBe(201);
  return answer.body.data;
}

/** An order of Zona Río sent with the given lots, ready to confirm. */
export async function sentOrder(
  product: { productId: number; lots: number[] },
  quantities: number[],
) {
  const total = quantities.reduce((sum, n) => sum + n, 0);
  const order = await orderFor([{ productId: product.productId, orderedQuantity: total }]);
  const answer = await approve(
    'logisticsManager',
    order.id,
    quantities.map((stockedQuantity, index) => ({
      productId: product.productId,
      stockId: product.lots[index],
      stockedQuantity,
    })),
  );
  expect(answer.status).toBe(200);
  return answer.body.data;
}
