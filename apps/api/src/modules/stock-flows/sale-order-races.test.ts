import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, asc, eq, sql } from 'drizzle-orm';
import { NotFound, type SaleOrderRecord } from '@clinica/domain';
import { stock, stockMovement } from '../../db/schema';
import { receiveStock, unbalancedLots } from '../inventory/ledger';
import { branchId, call, createTestApp, signInAs, type TestApp } from '../../test/harness';
import { catalogueProduct } from '../../test/factories';
import { auditTrail, onPostgres } from '../../test/races';

/**
 * Sale orders under concurrent requests (CONTRACT §7), on PostgreSQL: the lots are locked before
 * they are checked, so concurrent orders on one lot never take more than it holds, and an order's
 * row is locked before its units move, so a delete returns them once.
 */

let t: TestApp;
let token: string;
let cedis: number;
let productId: number;

beforeAll(async () => {
  t = await createTestApp();
  token = (await signInAs(t.app, 'logisticsManager')).token;
  cedis = await branchId(t.app, 'CEDIS');
  productId = (await catalogueProduct(t.app, 'Insumo')).id;
});
afterAll(async () => {
  await t?.close();
});

let serial = 0;
async function newLot(quantity: number) {
  serial += 1;
  const moved = await t.app.db.transaction((tx) =>
    receiveStock(
      tx,
      { branchId: cedis, productId, allotment: `RACE-SO-${serial}`, expiresIn: '2027-08-31' },
      { quantity, cause: 'adjustment', document: { type: 'test' }, userId: null },
    ),
  );
  return moved.stockId;
}

const quantityOf = async (stockId: number) =>
  (await t.app.db.select({ q: stock.quantity }).from(stock).where(eq(stock.id, stockId)))[0]!.q;

const order = (lines: { stockId: number; quantity: number }[], note: string) =>
  call<SaleOrderRecord>(t.app, 'POST', '/v1/sale-order/create', {
    token,
    body: {
      name: 'Spa Concurrente',
      phone: '6641234567',
      note,
      saleOrderProducts: lines.map((line) => ({ ...line, price: 10 })),
    },
  });

const soldFrom = (stockId: number) =>
  t.app.db
    .select({ quantity: stockMovement.quantity })
    .from(stockMovement)
    .where(and(eq(stockMovement.stockId, stockId), eq(stockMovement.documentType, 'saleOrder')))
    .orderBy(asc(stockMovement.id));

describe.runIf(onPostgres)('sale orders under concurrent requests (PostgreSQL)', () => {
  it('of 12 concurrent orders of 3 units on a lot of 20, six are made and the rest are 422', async () => {
    const lot = await newLot(20);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        order([{ stockId: lot, quantity: 3 }], `R-${index}`),
      ),
    );
    const made = answers.filter((answer) => answer.status === 201);
    expect(made).toHaveLength(6);
    expect(
      answers
        .filter((answer) => answer.status !== 201)
        .every((answer) => answer.status === 422 && answer.body.code === 1),
    ).toBe(true);
    expect(await quantityOf(lot)).toBe(2);
    expect((await soldFrom(lot)).map((movement) => movement.quantity)).toEqual(
      Array<number>(6).fill(-3),
    );
    expect(await unbalancedLots(t.app.db)).toEqual([]);
  });

  it('orders crossing two lots in opposite line order never deadlock nor oversell', async () => {
    const a = await newLot(10);
    const b = await newLot(10);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        order(
          index % 2 === 0
            ? [
                { stockId: a, quantity: 2 },
                { stockId: b, quantity: 3 },
              ]
            : [
                { stockId: b, quantity: 3 },
                { stockId: a, quantity: 2 },
              ],
          `X-${index}`,
        ),
      ),
    );
    expect(answers.every((answer) => [201, 422].includes(answer.status))).toBe(true);
    const made = answers.filter((answer) => answer.status === 201).length;
    // b holds three orders' worth (9 of 10); a then has 4 left.
    expect(made).toBe(3);
    expect([await quantityOf(a), await quantityOf(b)]).toEqual([10 - 2 * made, 10 - 3 * made]);
    expect(await unbalancedLots(t.app.db)).toEqual([]);
  });

  it('an order does not wait on a line of another document being written on its lot', async () => {
    // A transfer's or an assortment's line being inserted holds its lot `FOR KEY SHARE` (the
    // foreign key's check) until its transaction ends, its lots in its own line order. An order
    // waiting on it while holding an earlier lot deadlocked with it (40P01 under conservation).
    const a = await newLot(5);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let shared!: () => void;
    const keyShared = new Promise<void>((resolve) => (shared = resolve));
    const holder = t.app.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT id FROM stock WHERE id = ${a} FOR KEY SHARE`);
      shared();
      await held;
    });
    await keyShared;
    const answer = await Promise.race([
      order([{ stockId: a, quantity: 1 }], 'KS'),
      sleep(5_000).then(() => 'waited on the key share' as const),
    ]);
    release();
    await holder;
    expect(answer === 'waited on the key share' ? answer : answer.status).toBe(201);
    expect(await quantityOf(a)).toBe(4);
  });

  it('of 10 concurrent deletes one returns the units, the rest are 404 code 36', async () => {
    const lot = await newLot(8);
    const made = await order([{ stockId: lot, quantity: 8 }], 'DEL-1');
    expect(made.status).toBe(201);
    const id = made.body.data.id;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        call(t.app, 'DELETE', `/v1/sale-order/${id}/delete`, { token }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([
      200,
      ...Array<number>(9).fill(404),
    ]);
    expect(
      answers
        .filter((answer) => answer.status === 404)
        .every((answer) => answer.body.code === NotFound.saleOrder),
    ).toBe(true);
    expect(await quantityOf(lot)).toBe(8);
    const deletes = (await auditTrail(t.app, 'saleOrder', id)).filter(
      (entry) => entry.action === 'delete',
    );
    // The order's entry and its lot's.
    expect(deletes).toHaveLength(2);
    expect(await unbalancedLots(t.app.db)).toEqual([]);
  });

  it('an update racing a new order on the same lot never takes more than the lot holds', async () => {
    for (let round = 0; round < 4; round += 1) {
      const lot = await newLot(10);
      const first = await order([{ stockId: lot, quantity: 4 }], `U-${round}`);
      const [grown, other] = await Promise.all([
        call<SaleOrderRecord>(t.app, 'PUT', `/v1/sale-order/${first.body.data.id}/update`, {
          token,
          body: { saleOrderProducts: [{ stockId: lot, quantity: 8, price: 10 }] },
        }),
        order([{ stockId: lot, quantity: 4 }], `V-${round}`),
      ]);
      const statuses = [grown.status, other.status];
      // 4 + 4 + 4 > 10 but 8 + 4 > 10 too: exactly one of the two wins.
      expect(statuses.filter((status) => status === 422)).toHaveLength(1);
      expect(await quantityOf(lot)).toBe(2);
      expect(await unbalancedLots(t.app.db)).toEqual([]);
    }
  });
});
