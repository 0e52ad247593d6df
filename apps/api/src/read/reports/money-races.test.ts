import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { OrderRecord } from '@clinica/domain';
import { call } from '../../test/harness';
import { onPostgres } from '../../test/races';
import { card, cash, debit, newCustomer } from '../../test/factories';
import { newLot, newProduct, sell } from '../../modules/cash-orders/cash-order.fixture';
import {
  at,
  c,
  refundOrder,
  sellOrder,
  useClosingWorld,
  w,
} from '../../modules/cash-closings/cash-closing.fixture';
import { DAY_MONEY_BACKFILL } from '../../modules/orders/day-money-recompute';
import { expectReadModelExact, readModelAndRecomputation } from './money-report.testing';

/**
 * The read model under concurrency (CONTRACT §14), on PostgreSQL: sales, counter sales and refunds
 * of one branch-day fired at once add up (the upsert adds under the row's lock), and 20 refunds of
 * one order count once. On both engines: migration 0031's backfill is `DAY_MONEY_BACKFILL`, and it
 * rebuilds the table the writer kept, row for row.
 */

useClosingWorld();

const refundCashOrder = (folio: string, branchId: number) =>
  call(w.t.app, 'POST', `/v1/cash-order/${folio}/refund`, {
    token: w.admin,
    body: {
      refundReason: 'Prueba',
      refundMethod: 'Tarjeta de débito',
      password: 'Admin1234',
      branchId,
    },
  });

describe.runIf(onPostgres)('concurrent money of one branch-day (PostgreSQL)', () => {
  it('sales and refunds fired at once end equal to the recomputation', async () => {
    await at('2026-11-21', '10:00');
    const customerId = await newCustomer(c.sale);
    const price = c.sale.treatments[0]!.price;
    const cream = await newProduct({ salePrice: 40 });
    const lot = await newLot(cream.id, w.playas, 100, 'RACE-MONEY');
    const counter = () =>
      sell({
        branchId: w.playas,
        sellerId: w.playasCosmetologist,
        cashOrderDetails: [{ stockId: lot, quantity: 1 }],
        payments: [cash(100)],
      });
    // Sales to refund while new ones come in.
    const earlier: OrderRecord[] = [];
    for (let index = 0; index < 6; index += 1)
      earlier.push((await sellOrder(w.playas, customerId, [card(price)])).body.data);
    const earlierCounter: string[] = [];
    for (let index = 0; index < 4; index += 1)
      earlierCounter.push((await counter()).body.data.folio);

    const answers = await Promise.all([
      ...Array.from({ length: 8 }, (_, index) =>
        sellOrder(w.playas, customerId, [index % 2 ? debit(price) : cash(price + 50)]),
      ),
      ...Array.from({ length: 6 }, () => counter()),
      ...earlier.map((order) => refundOrder(order.orderNumber, w.playas, 'Efectivo')),
      ...earlierCounter.map((folio) => refundCashOrder(folio, w.playas)),
    ]);
    for (const answer of answers)
      expect([200, 201], JSON.stringify(answer.body)).toContain(answer.status);
    await expectReadModelExact(w.t.app.db);
  });

  it('20 refunds of one order at once count once', async () => {
    await at('2026-11-21', '11:00');
    const customerId = await newCustomer(c.sale);
    const sale = (await sellOrder(w.playas, customerId, [card(c.sale.treatments[0]!.price)])).body
      .data;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        refundOrder(sale.orderNumber, w.playas, 'Tarjeta de crédito'),
      ),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    await expectReadModelExact(w.t.app.db);
  });
});

describe('the backfill of migration 0031', () => {
  it('is DAY_MONEY_BACKFILL, and rebuilds the table the writer kept', async () => {
    const migration = readFileSync(
      new URL('../../../drizzle/0031_branch_day_money.sql', import.meta.url),
      'utf8',
    );
    const squeeze = (text: string) => text.replace(/\s+/g, ' ').trim();
    expect(squeeze(migration)).toContain(squeeze(DAY_MONEY_BACKFILL));

    await at('2026-11-22', '10:00');
    const customerId = await newCustomer(c.sale);
    const sale = await sellOrder(w.zonaRio, customerId, [cash(c.sale.treatments[0]!.price + 7)]);
    expect(sale.status).toBe(201);
    const before = (await readModelAndRecomputation(w.t.app.db)).kept;
    await w.t.app.db.transaction(async (tx) => {
      await tx.execute(sql`DELETE FROM branch_day_money`);
      await tx.execute(sql.raw(DAY_MONEY_BACKFILL));
    });
    expect((await readModelAndRecomputation(w.t.app.db)).kept).toEqual(before);
  });
});
