import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import { NotFound, Unprocessable, type PurchaseOrderRecord } from '@clinica/domain';
import { product, productType, stock, stockMovement } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { call, createTestApp, signInAs, type TestApp } from '../../test/harness';
import { newProvider } from '../../test/factories';
import { auditTrail, onPostgres } from '../../test/races';
import { moveStock, unbalancedLots, unbalancedSummaries } from './ledger';

/**
 * Purchase orders under concurrent requests (CONTRACT §7), on PostgreSQL: the order's row is
 * locked before its units move, so a delete happens once, and a lot never goes below zero nor
 * parts from its ledger whatever lands first.
 */

let t: TestApp;
let token: string;
let productId: number;
let providerId: number;

beforeAll(async () => {
  t = await createTestApp();
  token = (await signInAs(t.app, 'logisticsManager')).token;
  const [injectable] = await t.app.db
    .select({ id: product.id })
    .from(product)
    .innerJoin(productType, eq(productType.id, product.productTypeId))
    .where(
      and(
        eq(productType.name, 'Médico/Venta'),
        isNotNull(product.approvedAt),
        isNull(product.deletedAt),
      ),
    )
    .orderBy(asc(product.id))
    .limit(1);
  productId = injectable!.id;
  providerId = (await newProvider(t.app, token)).id;
});
afterAll(async () => {
  await t?.close();
});

let serial = 0;
async function createOrder(quantity: number): Promise<PurchaseOrderRecord> {
  serial += 1;
  const answer = await call<PurchaseOrderRecord>(t.app, 'POST', '/v1/purchase-order/create', {
    token,
    body: {
      invoiceNumber: `R-${serial}`,
      providerId,
      payMethod: 'Transferencia',
      arrivedAt: '2026-11-15',
      tax: 0,
      amount: 0,
      purchaseOrderProducts: [
        { productId, quantity, price: 10, allotment: `RACE-${serial}`, expiresAt: '2027-08-31' },
      ],
    },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.data;
}

async function lotQuantity(stockId: number) {
  const [row] = await t.app.db
    .select({ quantity: stock.quantity })
    .from(stock)
    .where(eq(stock.id, stockId));
  return row!.quantity;
}

describe.runIf(onPostgres)('purchase orders under concurrent requests (PostgreSQL)', () => {
  it('of 10 concurrent deletes one succeeds, the rest are 404, and the units leave once', async () => {
    const order = await createOrder(12);
    const lot = order.purchaseOrderProducts[0]!.stockId;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        call(t.app, 'DELETE', `/v1/purchase-order/${order.id}/delete`, { token }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([
      200,
      ...Array<number>(9).fill(404),
    ]);
    expect(
      answers
        .filter((answer) => answer.status === 404)
        .every((answer) => answer.body.code === NotFound.purchaseOrder),
    ).toBe(true);
    expect(await lotQuantity(lot)).toBe(0);
    const reversals = await t.app.db
      .select()
      .from(stockMovement)
      .where(
        and(
          eq(stockMovement.documentType, 'purchaseOrder'),
          eq(stockMovement.documentId, order.id),
          eq(stockMovement.cause, 'purchase-reversal'),
        ),
      );
    expect(reversals.map((movement) => movement.quantity)).toEqual([-12]);
    const deletes = (await auditTrail(t.app, 'purchaseOrder', order.id)).filter(
      (entry) => entry.action === 'delete',
    );
    // The order's entry and its lot's.
    expect(deletes).toHaveLength(2);
    expect(await unbalancedLots(t.app.db)).toEqual([]);
    expect(await unbalancedSummaries(t.app.db)).toEqual([]);
  });

  it('a delete racing drops of the same lot never leaves it below zero nor off its ledger', async () => {
    for (let round = 0; round < 5; round += 1) {
      const order = await createOrder(5);
      const lot = order.purchaseOrderProducts[0]!.stockId;
      const drop = () =>
        moveStock(t.app.db, { stockId: lot, quantity: -2, cause: 'adjustment', userId: null })
          .then(() => 'dropped' as const)
          .catch((error: unknown) => {
            if (
              error instanceof AppError &&
              error.status === 422 &&
              error.code === Unprocessable.insufficientInventory
            )
              return 'short' as const;
            throw error;
          });
      const [deleted, ...drops] = await Promise.all([
        call(t.app, 'DELETE', `/v1/purchase-order/${order.id}/delete`, { token }),
        drop(),
        drop(),
      ]);
      const dropped = drops.filter((outcome) => outcome === 'dropped').length;
      const left = await lotQuantity(lot);
      expect(left).toBeGreaterThanOrEqual(0);
      if (deleted.status === 200) {
        // The delete took all 5 first: no drop found units.
        expect(dropped).toBe(0);
        expect(left).toBe(0);
      } else {
        expect([deleted.status, deleted.body.code]).toEqual([409, 11]);
        expect(dropped).toBeGreaterThan(0);
        expect(left).toBe(5 - 2 * dropped);
      }
      expect(await unbalancedLots(t.app.db)).toEqual([]);
      expect(await unbalancedSummaries(t.app.db)).toEqual([]);
    }
  });

  it('concurrent line changes of one order re-balance the lot once each, in turn', async () => {
    const order = await createOrder(10);
    const line = order.purchaseOrderProducts[0]!;
    const answers = await Promise.all(
      [4, 6, 8, 3].map((quantity) =>
        call<PurchaseOrderRecord>(t.app, 'PUT', `/v1/purchase-order/${order.id}/update`, {
          token,
          body: {
            purchaseOrderProducts: [
              {
                productId,
                quantity,
                price: 10,
                allotment: line.allotment,
                expiresAt: line.expiresAt,
              },
            ],
          },
        }),
      ),
    );
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    const final = await call<PurchaseOrderRecord>(t.app, 'GET', `/v1/purchase-order/${order.id}`, {
      token,
    });
    expect(await lotQuantity(line.stockId)).toBe(
      final.body.data.purchaseOrderProducts[0]!.quantity,
    );
    expect(await unbalancedLots(t.app.db)).toEqual([]);
    expect(await unbalancedSummaries(t.app.db)).toEqual([]);
  });
});

describe.runIf(onPostgres)('updates racing a delete (PostgreSQL)', () => {
  it('each update lands before the delete or finds the order gone; none follows the delete', async () => {
    const order = await createOrder(6);
    const line = order.purchaseOrderProducts[0]!;
    const updates = Array.from({ length: 8 }, (_, index) =>
      call(t.app, 'PUT', `/v1/purchase-order/${order.id}/update`, {
        token,
        body: {
          comments: `cambio ${index}`,
          purchaseOrderProducts: [
            {
              productId,
              quantity: 6 + (index % 3),
              price: 10,
              allotment: line.allotment,
              expiresAt: line.expiresAt,
            },
          ],
        },
      }),
    );
    const answers = await Promise.all([
      ...updates,
      call(t.app, 'DELETE', `/v1/purchase-order/${order.id}/delete`, { token }),
    ]);
    for (const answer of answers.slice(0, -1)) expect([200, 404]).toContain(answer.status);
    expect(answers.at(-1)!.status).toBe(200);
    const trail = await auditTrail(t.app, 'purchaseOrder', order.id);
    const deletedAt = trail.findIndex((entry) => entry.action === 'delete');
    expect(trail.slice(deletedAt).every((entry) => entry.action === 'delete')).toBe(true);
    // Whatever the updates did to the lot, the delete took back exactly what the order then held.
    expect(await lotQuantity(line.stockId)).toBe(0);
    expect(await unbalancedLots(t.app.db)).toEqual([]);
    expect(await unbalancedSummaries(t.app.db)).toEqual([]);
  });
});

describe.runIf(onPostgres)('concurrent orders filling the same new lots (PostgreSQL)', () => {
  it('create each lot once and add every order to it, whatever the order of their lines', async () => {
    const lines = [
      { productId, quantity: 2, price: 10, allotment: 'SHARED-A', expiresAt: '2027-05-31' },
      { productId, quantity: 3, price: 10, allotment: 'SHARED-B', expiresAt: '2027-05-31' },
    ];
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        call<PurchaseOrderRecord>(t.app, 'POST', '/v1/purchase-order/create', {
          token,
          body: {
            invoiceNumber: `SH-${index}`,
            providerId,
            payMethod: 'Transferencia',
            arrivedAt: '2026-11-15',
            tax: 0,
            amount: 0,
            purchaseOrderProducts: index % 2 === 0 ? lines : [...lines].reverse(),
          },
        }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(6).fill(201));
    const lots = await t.app.db
      .select({ allotment: stock.allotment, quantity: stock.quantity })
      .from(stock)
      .where(and(eq(stock.productId, productId), isNull(stock.deletedAt)));
    const shared = lots.filter((lot) => lot.allotment.startsWith('SHARED-'));
    expect(shared.sort((a, b) => a.allotment.localeCompare(b.allotment))).toEqual([
      { allotment: 'SHARED-A', quantity: 12 },
      { allotment: 'SHARED-B', quantity: 18 },
    ]);
    expect(await unbalancedLots(t.app.db)).toEqual([]);
    expect(await unbalancedSummaries(t.app.db)).toEqual([]);
  });
});
