import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { Conflict, type ClosingRecord } from '@clinica/domain';
import { cashOrder, order } from '../../db/schema';
import { onPostgres } from '../../test/races';
import { card, cash, newCustomer } from '../../test/factories';
import { newLot, newProduct, sell } from '../cash-orders/cash-order.fixture';
import { at, c, close, detail, sellOrder, useClosingWorld, w } from './cash-closing.fixture';

/**
 * Closings under concurrency (CONTRACT §12), on PostgreSQL: of 10 closes of one day one records
 * it; a sale racing the close either commits before it and is counted, or is refused 409 code 45,
 * never lost and never after; a write around the service waits for the close the same way (the
 * triggers take the branch-day's lock too).
 */

useClosingWorld();

describe.runIf(onPostgres)('concurrent closings (PostgreSQL)', () => {
  it('10 concurrent closes of one day: one 201, nine 409 code 44', async () => {
    await at('2026-11-20', '12:00');
    const customerId = await newCustomer(c.sale);
    expect(
      (await sellOrder(w.zonaRio, customerId, [card(c.sale.treatments[0]!.price)])).status,
    ).toBe(201);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        close({ branchId: w.zonaRio, date: '2026-11-20', countedCash: index }),
      ),
    );
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
    const others = answers.filter((answer) => answer.status !== 201);
    expect(others.map((answer) => [answer.status, answer.body.code])).toEqual(
      Array.from({ length: 9 }, () => [409, Conflict.cashClosingExists]),
    );
  });

  it('sales racing the close are either in it or refused 409 code 45, never lost', async () => {
    await at('2026-11-20', '13:00');
    const customerId = await newCustomer(c.sale);
    const price = c.sale.treatments[0]!.price;
    const cream = await newProduct({ salePrice: 50 });
    const lot = await newLot(cream.id, w.playas, 50, 'RACE-CC');
    const sales = Array.from({ length: 16 }, (_, index) =>
      index % 2 === 0
        ? sellOrder(w.playas, customerId, [cash(price + 20)])
        : sell({
            branchId: w.playas,
            sellerId: w.playasCosmetologist,
            cashOrderDetails: [{ stockId: lot, quantity: 1 }],
          }),
    );
    const closing = close({ branchId: w.playas, date: '2026-11-20' });
    const answers = await Promise.all(sales);
    const closed = await closing;
    expect(closed.status, JSON.stringify(closed.body)).toBe(201);
    const record: ClosingRecord = closed.body.data;
    for (const answer of answers) expect([201, 409]).toContain(answer.status);
    for (const answer of answers.filter((one) => one.status === 409))
      expect(answer.body.code).toBe(Conflict.dayClosed);
    // Every sale that was answered 201 is in the closing; nothing of that day exists outside it.
    const counted = (await detail(record.id, { take: '100' })).body.data.payments.items;
    const ids = new Set(counted.map((row) => `${row.documentType}:${row.documentId}`));
    answers.forEach((answer, index) => {
      if (answer.status !== 201) return;
      const id = (answer.body.data as { id: number }).id;
      expect(ids.has(`${index % 2 === 0 ? 'order' : 'cash-order'}:${id}`)).toBe(true);
    });
    const [orders] = await w.t.app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(order)
      .where(and(eq(order.branchId, w.playas), eq(order.paidDate, '2026-11-20')));
    const [counter] = await w.t.app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(cashOrder)
      .where(and(eq(cashOrder.branchId, w.playas), eq(cashOrder.paidDate, '2026-11-20')));
    expect([orders!.n, counter!.n]).toEqual([record.ordersCount, record.cashOrdersCount]);
  });

  it('a payment written around the service while the close runs: the close waits and counts it', async () => {
    await at('2026-11-20', '14:00');
    const customerId = await newCustomer(c.sale);
    const sold = await sellOrder(c.mexicali, customerId, [card(c.sale.treatments[0]!.price)]);
    expect(sold.status).toBe(201);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let inserted!: () => void;
    const written = new Promise<void>((resolve) => (inserted = resolve));
    const writer = w.t.app.db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO order_payment (order_id, payment_method, currency, amount, amount_mxn)
                           VALUES (${sold.body.data.id}, 'Depósito bancario', 'MXN', 12.34, 12.34)`);
      inserted();
      await gate;
    });
    await written;
    const closing = close({ branchId: c.mexicali, date: '2026-11-20' });
    // The close is waiting for the writer's lock: it has not answered yet.
    const early = await Promise.race([
      closing.then(() => 'closed'),
      new Promise((r) => setTimeout(() => r('waiting'), 300)),
    ]);
    expect(early).toBe('waiting');
    release();
    await writer;
    const closed = await closing;
    expect(closed.status).toBe(201);
    expect(closed.body.data.depositTotal).toBeGreaterThanOrEqual(12.34);
  });
});
