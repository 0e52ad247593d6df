import { expect } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { AssortmentOrderRecord } from '@clinica/domain';
import { product, stock } from '../../db/schema';
import { call, type TestApp } from '../../test/harness';
import { insertSupplyProduct } from '../../modules/catalogue/test-support';
import type { Transfer } from '../../modules/stock-flows/transfer-read';

/**
 * The stock reports' world, built through the API: products of the test's own at a known cost,
 * purchase orders into the distribution centre, assortment orders to a clinic and transfers
 * between branches, each taken to its end (or left half-way) as the screens do.
 */

let serial = 0;

/** An approved supply product of the test's own (no lot needed) at this cost. */
export async function costedProduct(t: TestApp, cost: number): Promise<number> {
  serial += 1;
  const id = await insertSupplyProduct(t.app.db, `RS-${process.pid % 1000}-${serial}`);
  await t.app.db
    .update(product)
    .set({ cost, approvedAt: sql`now()` })
    .where(eq(product.id, id));
  return id;
}

async function ok<T>(answer: Promise<{ status: number; body: { data: T } }>, status = 200) {
  const done = await answer;
  expect(done.status, JSON.stringify(done.body)).toBe(status);
  return done.body.data;
}

/** A purchase order of these lines (units and price) arrived that day at the distribution centre. */
export function purchased(
  t: TestApp,
  token: string,
  providerId: number,
  arrivedAt: string,
  lines: { productId: number; quantity: number; price: number }[],
  amount: number,
) {
  return ok(
    call<{ id: number }>(t.app, 'POST', '/v1/purchase-order/create', {
      token,
      body: {
        invoiceNumber: `F-${serial}`,
        providerId,
        payMethod: 'Transferencia',
        arrivedAt,
        tax: 0,
        amount,
        purchaseOrderProducts: lines,
      },
    }),
    201,
  );
}

/** The distribution centre's live lot of a product. */
export async function lotOf(t: TestApp, branchId: number, productId: number): Promise<number> {
  const [row] = await t.app.db
    .select({ id: stock.id })
    .from(stock)
    .where(and(eq(stock.branchId, branchId), eq(stock.productId, productId)));
  return row!.id;
}

/**
 * An assortment order of `units` of a product for the branch: asked by `asker` (naming the branch
 * unless fixed to it), sent by `sender` from the centre's lot, and received (`received` units) by
 * `receiver`; with `received` undefined it is left in transit.
 */
export async function assorted(
  t: TestApp,
  tokens: { asker: string; sender: string; receiver: string },
  order: { branchId: number; productId: number; lot: number; units: number; received?: number },
) {
  const created = await ok(
    call<AssortmentOrderRecord>(t.app, 'POST', '/v1/assortment-order/create', {
      token: tokens.asker,
      body: {
        orderType: 'Ordinario general',
        branchId: order.branchId,
        assortmentOrderProducts: [{ productId: order.productId, orderedQuantity: order.units }],
      },
    }),
    201,
  );
  const sent = await ok(
    call<AssortmentOrderRecord>(t.app, 'PUT', `/v1/assortment-order/${created.id}/approve`, {
      token: tokens.sender,
      body: {
        assortmentOrderProducts: [
          { productId: order.productId, stockId: order.lot, stockedQuantity: order.units },
        ],
      },
    }),
  );
  if (order.received === undefined) return sent;
  return ok(
    call<AssortmentOrderRecord>(t.app, 'PUT', `/v1/assortment-order/${created.id}/confirm`, {
      token: tokens.receiver,
      body: {
        assortmentOrderProducts: sent.assortmentOrderProducts.map((line) => ({
          id: line.id,
          receivedQuantity: order.received,
        })),
      },
    }),
  );
}

/**
 * A transfer of `units` from a lot of `from` to `to`, approved, and received (`received` units)
 * unless `received` is undefined (left in transit). One token of an all-branch role does it all.
 */
export async function transferred(
  t: TestApp,
  token: string,
  move: { from: number; to: number; lot: number; units: number; received?: number },
) {
  const created = await ok(
    call<Transfer>(t.app, 'POST', '/v1/transfer/create', {
      token,
      body: {
        originBranchId: move.from,
        destinyBranchId: move.to,
        transferProducts: [{ stockId: move.lot, stockedQuantity: move.units }],
      },
    }),
    201,
  );
  await ok(
    call(t.app, 'PUT', `/v1/transfer/${created.id}/approve`, {
      token,
      body: {
        transferProducts: created.transferProducts.map((line) => ({
          id: line.id,
          stockedQuantity: move.units,
        })),
      },
    }),
  );
  if (move.received === undefined) return created;
  return ok(
    call<Transfer>(t.app, 'PUT', `/v1/transfer/${created.id}/confirm`, {
      token,
      body: {
        transferProducts: created.transferProducts.map((line) => ({
          id: line.id,
          receivedQuantity: move.received,
        })),
      },
    }),
  );
}
