import { describe, expect, it } from 'vitest';
import { and, count, eq, inArray, or } from 'drizzle-orm';
import { order } from '../../db/schema';
import type {
  ClosingRecord,
  OrderRecord,
  ProfitabilityReport,
  SalesReportItem,
} from '@clinica/domain';
import { dailyCashClosingsReport, SALES_MONEY_FIELDS } from '@clinica/domain';
import { call, claimsOf, signInAs } from '../../test/harness';
import { givePoints, newCustomer } from '../../test/factories';
import { newLot, newProduct, sell } from '../../modules/cash-orders/cash-order.fixture';
import {
  at,
  c,
  close,
  preview,
  rateNow,
  refundOrder,
  sellOrder,
  useClosingWorld,
  w,
} from '../../modules/cash-closings/cash-closing.fixture';
import { cents, expectBadField, expectTotalsAddUp, read, report } from './activity-report.testing';
import { REFUND_METHODS, expectReadModelExact, generator, payments } from './money-report.testing';

/**
 * The money reports (CONTRACT §14) over a seeded sequence of sales of every channel and method,
 * counter sales, settlements, refunds of that day and of earlier ones, and closings: the read model
 * equals its recomputation from the source rows; each daily row's ddcTotal is the closing's (or
 * the preview's) total and its totalDcccProduct the products' total; monthly = Σ daily;
 * profitability's income = monthly ddcTotal. `MONEY_SEED=n` replays a failure.
 */

useClosingWorld();

const SEED = Number(process.env.MONEY_SEED ?? Date.now() % 100_000);
const DAYS = ['2026-11-21', '2026-11-22', '2026-11-23', '2026-11-24'];
const closed = new Map<string, ClosingRecord>();

describe(`a month of money (MONEY_SEED=${SEED})`, () => {
  it('keeps the read model equal to the recomputation from the source rows', async () => {
    const random = generator(SEED);
    const cream = await newProduct({ salePrice: 100, tax: 16 });
    const lot = await newLot(cream.id, c.mexicali, 500, 'MONEY-1');
    const sellerId = Number(claimsOf(w.admin).userId);
    const sold: { kind: 'order' | 'cash'; number: number | string }[] = [];
    const pending: number[] = [];
    for (const day of DAYS) {
      await at(day, '09:00');
      const rate = await rateNow();
      const customerId = await newCustomer(c.sale);
      // An app order left pending yesterday, settled today (after yesterday's close, if any).
      for (const id of pending.splice(0))
        expect(
          (
            await call(w.t.app, 'PATCH', `/v1/order/${id}/payment`, {
              token: w.admin,
              body: { paymentStatus: 'paid' },
            })
          ).status,
        ).toBe(200);
      for (let step = 4 + random.int(5); step > 0; step -= 1) {
        const roll = random.next();
        if (roll < 0.4) {
          const item = random.pick(c.sale.treatments.slice(0, 5));
          const paid = payments(random, item.price, rate, true);
          if (paid.points > 0) await givePoints(c.sale, customerId, paid.points);
          const answer = await call<OrderRecord>(w.t.app, 'POST', '/v1/order/create', {
            token: w.admin,
            body: {
              origin: 'SUCURSAL',
              branchId: c.mexicali,
              customerId,
              orderDetails: [{ treatmentId: item.id, quantity: 1 }],
              payments: paid.payments,
            },
          });
          expect(answer.status, JSON.stringify([paid, answer.body])).toBe(201);
          sold.push({ kind: 'order', number: answer.body.data.orderNumber });
        } else if (roll < 0.65) {
          const quantity = 1 + random.int(3);
          const paid = payments(random, 116 * quantity, rate, false);
          const answer = await sell({
            branchId: c.mexicali,
            sellerId,
            cashOrderDetails: [{ stockId: lot, quantity }],
            payments: paid.payments,
          });
          expect(answer.status, JSON.stringify([paid, answer.body])).toBe(201);
          sold.push({ kind: 'cash', number: answer.body.data.folio });
        } else if (roll < 0.8) {
          const item = c.sale.treatments[0]!;
          const app = await sellOrder(
            c.mexicali,
            customerId,
            [{ paymentMethod: 'Tarjeta de débito', amount: item.price, currency: 'MXN' }],
            { origin: random.next() < 0.5 ? 'APP' : 'LINEA' },
          );
          expect(app.status, JSON.stringify(app.body)).toBe(201);
          if (random.next() < 0.3) pending.push(app.body.data.id);
          else {
            const settled = await call(w.t.app, 'PATCH', `/v1/order/${app.body.data.id}/payment`, {
              token: w.admin,
              body: { paymentStatus: 'paid' },
            });
            expect(settled.status).toBe(200);
            sold.push({ kind: 'order', number: app.body.data.orderNumber });
          }
        } else if (sold.length > 0) {
          const [target] = sold.splice(random.int(sold.length), 1);
          const method = random.pick(REFUND_METHODS);
          const answer =
            target!.kind === 'order'
              ? await refundOrder(Number(target!.number), c.mexicali, method)
              : await call(w.t.app, 'POST', `/v1/cash-order/${target!.number}/refund`, {
                  token: w.admin,
                  body: {
                    refundReason: 'Prueba',
                    refundMethod: method,
                    password: 'Admin1234',
                    branchId: c.mexicali,
                  },
                });
          expect(answer.status, JSON.stringify(answer.body)).toBe(200);
        }
      }
      if (random.next() < 0.6) {
        await at(day, '21:00');
        const answer = await close({ branchId: c.mexicali, date: day, countedCash: 0 });
        expect(answer.status, JSON.stringify(answer.body)).toBe(201);
        closed.set(day, answer.body.data);
      }
      await expectReadModelExact(w.t.app.db);
    }
  }, 240_000);

  /**
   * Whether an APP or LINEA order was paid or refunded at the branch that day: only without one
   * do §14's cash identities hold (online and app may net to zero while such documents exist).
   */
  async function hasAppOrOnlineDocument(branchId: number, day: string) {
    const [row] = await w.t.app.db
      .select({ n: count() })
      .from(order)
      .where(
        and(
          eq(order.branchId, branchId),
          inArray(order.origin, ['APP', 'LINEA']),
          or(eq(order.paidDate, day), eq(order.refundDate, day)),
        ),
      );
    return (row?.n ?? 0) > 0;
  }

  it('daily sales: a closed day is its closing, an open one its preview, to the cent', async () => {
    const data = await read<SalesReportItem>(w.t.app, w.admin, 'daily-sales', {
      month: '2026-11',
      branchId: c.mexicali,
    });
    expect(data.items.length).toBeGreaterThan(0);
    expectTotalsAddUp(data, SALES_MONEY_FIELDS);
    for (const item of data.items) {
      expect(item.branch.id).toBe(c.mexicali);
      expect(item.month).toBe('2026-11');
      const shown = (await preview(c.mexicali, item.date!)).body.data;
      const record = shown.closed ? shown.record! : null;
      const figures = record ?? shown;
      expect(item.ddcTotal, item.date!).toBe(figures.total);
      expect(item.totalDcccProduct, item.date!).toBe(figures.products.total);
      expect(item.user?.id ?? null).toBe(record?.user.id ?? null);
      if (record) expect(item.exchageRate).toBe(record.exchangeRate);
      expect(item.cashTotalMx).toBe(cents([item.mxnTx, item.dlsToMxTx]));
      if (!(await hasAppOrOnlineDocument(c.mexicali, item.date!))) {
        // Every document of the day of the point of sale or the counter (CONTRACT §14).
        expect(cents([item.dlsTx, item.dlsProduct])).toBe(figures.cashTotalDollars);
        expect(cents([item.cashTotalMx, item.mxnProduct, item.dlsToMxnProduct])).toBe(
          cents([figures.cashTotal, figures.cashTotalDollarsMxn, -figures.refundCash]),
        );
      }
      expect(item.ddcTotal).toBe(cents([item.totalDccTx, item.totalDcccProduct]));
    }
    for (const [day, record] of closed) {
      const item = data.items.find((one) => one.date === day);
      expect(item?.ddcTotal, day).toBe(record.total);
      expect(item?.totalDcccProduct, day).toBe(record.products.total);
    }
  });

  it('monthly sales are the sum of the daily rows; profitability income is monthly ddcTotal', async () => {
    const daily = await read<SalesReportItem>(w.t.app, w.admin, 'daily-sales', {
      month: '2026-11',
      branchId: c.mexicali,
    });
    const monthly = await read<SalesReportItem>(w.t.app, w.admin, 'monthly-sales', {
      year: '2026',
      branchId: c.mexicali,
    });
    const november = monthly.items.find((item) => item.month === '2026-11')!;
    expect(november).toMatchObject({ date: null, user: null });
    for (const field of SALES_MONEY_FIELDS)
      expect(november[field], field).toBe(cents(daily.items.map((item) => item[field])));
    expect(november.exchageRate).toBe(daily.items.at(-1)!.exchageRate);
    expectTotalsAddUp(monthly, SALES_MONEY_FIELDS);

    const profit = await read<ProfitabilityReport['items'][number]>(
      w.t.app,
      w.admin,
      'profitability-by-branch',
      { year: '2026', branchId: c.mexicali },
    );
    const income = profit.items.filter((item) => item.type === 'income');
    expect(income).toHaveLength(5);
    for (const item of monthly.items) {
      const month = Number(item.month.slice(5)) - 1;
      expect(cents(income.map((line) => line.months[month]!)), item.month).toBe(item.ddcTotal);
    }
    const totals = profit.totals as unknown as ProfitabilityReport['totals'];
    expect(totals.income.total).toBe(monthly.totals.ddcTotal);
    expect(totals.balance.months[10]).toBe(
      cents([totals.income.months[10]!, -totals.expenses.months[10]!]),
    );
  });

  it('daily cash closings: the closings of the period, their totals summed', async () => {
    const data = await read<ClosingRecord>(w.t.app, w.admin, 'daily-cash-closings', {
      startDate: DAYS[0],
      endDate: DAYS.at(-1),
      branchId: c.mexicali,
    });
    expect(data.items.map((item) => item.date)).toEqual([...closed.keys()]);
    for (const item of data.items) expect(item).toEqual(closed.get(item.date));
    // The database writes this answer's JSON (serveJson): exactly the route's schema, no more.
    expect(dailyCashClosingsReport.parse(data)).toEqual(data);
    expectTotalsAddUp(data, ['total', 'cashTotal', 'refundTotal', 'ordersCount', 'difference']);
    const products = (data.totals as unknown as { products: { total: number } }).products;
    expect(products.total).toBe(cents(data.items.map((item) => item.products.total)));
    const none = await read<ClosingRecord>(w.t.app, w.admin, 'daily-cash-closings', {
      startDate: '2020-01-01',
      endDate: '2020-01-31',
    });
    expect(none.items).toEqual([]);
    expect(none.totals).toMatchObject({ total: 0, ordersCount: 0, products: { total: 0 } });
  });
});

describe('who reads them, and their filters', () => {
  it('a branch-fixed role gets its own branch, whatever branchId says', async () => {
    await at(DAYS.at(-1)!, '22:00');
    const query = { month: '2026-11', branchId: c.mexicali };
    const mine = await read<SalesReportItem>(w.t.app, w.manager, 'daily-sales', query);
    expect(new Set(mine.items.map((item) => item.branch.id))).toEqual(new Set([w.zonaRio]));
    expect(mine).toEqual(
      await read(w.t.app, w.admin, 'daily-sales', { ...query, branchId: w.zonaRio }),
    );
    const closings = await read<ClosingRecord>(w.t.app, w.manager, 'daily-cash-closings', {
      branchId: c.mexicali,
    });
    for (const item of closings.items) expect(item.branch.id).toBe(w.zonaRio);
    const franchisee = (await signInAs(w.t.app, 'franchisee')).token;
    const profit = await read<{ branch: { id: number } }>(
      w.t.app,
      franchisee,
      'profitability-by-branch',
      {
        year: '2026',
        branchId: c.mexicali,
      },
    );
    expect(new Set(profit.items.map((item) => item.branch.id))).toEqual(new Set([w.playas]));
  });

  it('without branchId: one row per branch reached, the same money as asked one by one', async () => {
    const all = await read<SalesReportItem>(w.t.app, w.admin, 'monthly-sales', { year: '2026' });
    const one = await read<SalesReportItem>(w.t.app, w.admin, 'monthly-sales', {
      year: '2026',
      branchId: c.mexicali,
    });
    expect(all.items.filter((item) => item.branch.id === c.mexicali)).toEqual(one.items);
  });

  it('refuses a role without the privilege (403)', async () => {
    const medic = (await signInAs(w.t.app, 'medic')).token;
    for (const [path, query] of [
      ['daily-sales', { month: '2026-11' }],
      ['monthly-sales', { year: '2026' }],
      ['daily-cash-closings', {}],
      ['profitability-by-branch', { year: '2026' }],
    ] as const)
      expect((await report(w.t.app, medic, path, query)).status, path).toBe(403);
    // The branch manager reads the sales but not the profitability (Rentability.view).
    expect(
      (await report(w.t.app, w.manager, 'profitability-by-branch', { year: '2026' })).status,
    ).toBe(403);
  });

  it('the edges of the calendar answer (no schema-valid year is a 500)', async () => {
    for (const [path, query] of [
      ['daily-sales', { month: '9999-12' }],
      ['daily-sales', { month: '0099-12' }],
      ['monthly-sales', { year: '9999' }],
      ['profitability-by-branch', { year: '9999' }],
      ['profitability-by-branch', { year: '0099' }],
      ['daily-cash-closings', { startDate: '9999-12-31' }],
    ] as const)
      expect((await report(w.t.app, w.admin, path, query)).status, path).toBe(200);
  });

  it('bad formats are a 400 naming the field', async () => {
    const bad = (path: string, query: Record<string, string>, field: string) =>
      report(w.t.app, w.admin, path, query).then((answer) => expectBadField(answer, field));
    await bad('daily-sales', {}, 'month');
    await bad('daily-sales', { month: '2026-13' }, 'month');
    await bad('daily-sales', { month: '2026-11', branchId: 'uno' }, 'branchId');
    await bad('monthly-sales', {}, 'year');
    await bad('monthly-sales', { year: '26' }, 'year');
    await bad('daily-cash-closings', { startDate: '2026-11-31' }, 'startDate');
    await bad('daily-cash-closings', { startDate: '2026-11-20', endDate: '2026-11-01' }, 'endDate');
    await bad('profitability-by-branch', { year: '2026', type: 'ambos' }, 'type');
    await bad('profitability-by-branch', { month: '2026-11' }, 'year');
  });
});
