import { describe, expect, it } from 'vitest';
import {
  closingFigures,
  type ClosingPaymentInput,
  type ClosingRefundInput,
  type ClosingSaleInput,
} from './cash-closings';
import {
  addDayMoney,
  dayMoneyDelta,
  incomeConceptsOf,
  salesMoneyOf,
  type MoneyChannel,
} from './reports-money';
import { dailySalesReportQuery, profitabilityReportQuery } from './schemas/reports-money';

/**
 * The read model's delta (CONTRACT §14) against the closing's figures: generated days of sales and
 * refunds of every channel, each document's delta added up as the read model does, must give the
 * closing's total and products total of the whole day, to the cent. Seeded: a failure replays.
 */

function generator(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const METHODS = [
  'Efectivo',
  'Tarjeta de crédito',
  'Tarjeta de débito',
  'Transferencia electrónica',
  'Depósito bancario',
  'Puntos',
];
const CHANNELS: MoneyChannel[] = ['SUCURSAL', 'APP', 'LINEA', 'cash-order'];

describe('dayMoneyDelta', () => {
  it('adds up, document by document, to the closing of the whole day', () => {
    for (let seed = 1; seed <= 300; seed += 1) {
      const next = generator(seed);
      const int = (below: number) => Math.floor(next() * below);
      const payments: ClosingPaymentInput[] = [];
      const sales: ClosingSaleInput[] = [];
      const refunds: ClosingRefundInput[] = [];
      const deltas = [];
      let sold = 0;
      let refunded = 0;
      for (let n = int(20); n > 0; n -= 1) {
        const channel = CHANNELS[int(4)]!;
        const document = channel === 'cash-order' ? 'cash-order' : 'order';
        const total = 100 + int(500_000);
        sold += total;
        const own: ClosingPaymentInput[] = [];
        let left = total;
        let change = 0;
        while (left > 0) {
          const method = METHODS[int(METHODS.length)]!;
          const part = next() < 0.4 ? left : 1 + int(left);
          left -= part;
          if (method === 'Efectivo' && next() < 0.4) {
            const rate = 17 + int(40_000) / 10_000;
            const dollars = Math.ceil(part / rate);
            const mxn = Math.round(dollars * rate);
            change += mxn - part;
            own.push({
              document,
              paymentMethod: method,
              currency: 'DLS',
              amount: dollars / 100,
              amountMxn: mxn / 100,
            });
          } else {
            const extra = method === 'Efectivo' ? int(3) * 5000 : 0;
            change += extra;
            own.push({
              document,
              paymentMethod: method,
              currency: 'MXN',
              amount: (part + extra) / 100,
              amountMxn: (part + extra) / 100,
            });
          }
        }
        const sale = { document, changeAmount: change / 100, count: 1 } as const;
        payments.push(...own);
        sales.push(sale);
        deltas.push(dayMoneyDelta(channel, own, [sale], []));
      }
      for (let n = int(6); n > 0; n -= 1) {
        const channel = CHANNELS[int(4)]!;
        const total = 100 + int(300_000);
        const points =
          channel !== 'APP' && channel !== 'LINEA' && next() < 0.3 ? int(total / 100) * 100 : 0;
        refunded += total;
        const refund: ClosingRefundInput = {
          document: channel === 'cash-order' ? 'cash-order' : 'order',
          refundMethod: METHODS[int(5)]!,
          refundAmount: (total - points) / 100,
          pointsPaid: points / 100,
          count: 1,
        };
        refunds.push(refund);
        deltas.push(dayMoneyDelta(channel, [], [], [refund]));
      }
      const day = addDayMoney(...deltas);
      const money = salesMoneyOf(day);
      const figures = closingFigures(payments, sales, refunds);
      const products = closingFigures(
        payments.filter((p) => p.document === 'cash-order'),
        sales.filter((s) => s.document === 'cash-order'),
        refunds.filter((r) => r.document === 'cash-order'),
      );
      expect(Math.round(money.ddcTotal * 100), `seed ${seed}`).toBe(sold - refunded);
      expect(money.ddcTotal, `seed ${seed}`).toBe(figures.total);
      expect(money.totalDcccProduct, `seed ${seed}`).toBe(products.total);
      const income = Object.values(incomeConceptsOf(day)).reduce((a, b) => a + b, 0);
      expect(income, `seed ${seed}`).toBe(Math.round(money.ddcTotal * 100));
    }
  });

  it('matches the closing when every document is of the point of sale or a counter sale', () => {
    const sale = { document: 'order', changeAmount: 50, count: 1 } as const;
    const paid: ClosingPaymentInput[] = [
      {
        document: 'order',
        paymentMethod: 'Efectivo',
        currency: 'MXN',
        amount: 500,
        amountMxn: 500,
      },
      {
        document: 'order',
        paymentMethod: 'Efectivo',
        currency: 'DLS',
        amount: 10,
        amountMxn: 182.5,
      },
    ];
    const refund: ClosingRefundInput = {
      document: 'order',
      refundMethod: 'Efectivo',
      refundAmount: 100,
      pointsPaid: 0,
      count: 1,
    };
    const money = salesMoneyOf(
      addDayMoney(
        dayMoneyDelta('SUCURSAL', paid, [sale], []),
        dayMoneyDelta('SUCURSAL', [], [], [refund]),
      ),
    );
    const figures = closingFigures(paid, [sale], [refund]);
    expect(money.dlsTx).toBe(figures.cashTotalDollars);
    expect(money.cashTotalMx).toBe(
      figures.cashTotal + figures.cashTotalDollarsMxn - figures.refundCash,
    );
    expect(money).toMatchObject({ mxnTx: 350, dlsTx: 10, dlsToMxTx: 182.5, ddcTotal: 532.5 });
  });
});

describe('the money reports’ filters', () => {
  it('names the field of a bad month, year or type', () => {
    const field = (result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
      result.error?.issues[0]?.path[0];
    expect(field(dailySalesReportQuery.safeParse({}))).toBe('month');
    expect(field(dailySalesReportQuery.safeParse({ month: '2026-13' }))).toBe('month');
    expect(dailySalesReportQuery.safeParse({ month: '2026-11' }).success).toBe(true);
    expect(field(profitabilityReportQuery.safeParse({ year: '26' }))).toBe('year');
    expect(field(profitabilityReportQuery.safeParse({ year: '2026', type: 'x' }))).toBe('type');
  });
});
