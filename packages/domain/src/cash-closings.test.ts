import { describe, expect, it } from 'vitest';
import {
  closingDifference,
  closingFigures,
  closingFolio,
  expectedCash,
  type ClosingPaymentInput,
  type ClosingRefundInput,
  type ClosingSaleInput,
} from './cash-closings';

/**
 * The closing's arithmetic (CONTRACT §12) against an independent sum: generated days of sales
 * (every method, dollars, change, points) and refunds, each sale's total known, so salesTotal must
 * equal Σ totals and refundTotal Σ refunded totals, to the cent. Seeded: a failure replays.
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

describe('closingFigures', () => {
  it('adds up to the sales and refunds of generated days, to the cent', () => {
    for (let seed = 1; seed <= 300; seed += 1) {
      const next = generator(seed);
      const int = (below: number) => Math.floor(next() * below);
      const payments: ClosingPaymentInput[] = [];
      const sales: ClosingSaleInput[] = [];
      const refunds: ClosingRefundInput[] = [];
      let totals = 0;
      let cash = 0;
      let products = 0;
      let refunded = 0;
      for (let n = int(20); n > 0; n -= 1) {
        const document = next() < 0.5 ? 'order' : 'cash-order';
        const total = 100 + int(500_000);
        totals += total;
        if (document === 'cash-order') products += total;
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
            payments.push({
              document,
              paymentMethod: method,
              currency: 'DLS',
              amount: dollars / 100,
              amountMxn: mxn / 100,
            });
          } else {
            const extra = method === 'Efectivo' ? int(3) * 5000 : 0;
            change += extra;
            if (method === 'Efectivo') cash += part;
            payments.push({
              document,
              paymentMethod: method,
              currency: 'MXN',
              amount: (part + extra) / 100,
              amountMxn: (part + extra) / 100,
            });
          }
        }
        sales.push({ document, changeAmount: change / 100, count: 1 });
      }
      for (let n = int(6); n > 0; n -= 1) {
        const total = 100 + int(300_000);
        const points = next() < 0.3 ? int(total / 100) * 100 : 0;
        refunded += total;
        refunds.push({
          document: next() < 0.5 ? 'order' : 'cash-order',
          refundMethod: METHODS[int(5)]!,
          refundAmount: (total - points) / 100,
          pointsPaid: points / 100,
          count: 1,
        });
      }
      const figures = closingFigures(payments, sales, refunds);
      expect(Math.round(figures.salesTotal * 100), `seed ${seed}`).toBe(totals);
      expect(Math.round(figures.refundTotal * 100), `seed ${seed}`).toBe(refunded);
      expect(Math.round(figures.total * 100)).toBe(totals - refunded);
      expect(figures.ordersCount + figures.cashOrdersCount).toBe(sales.length);
      expect(figures.refundsCount).toBe(refunds.length);
      const only = closingFigures(
        payments.filter((p) => p.document === 'cash-order'),
        sales.filter((s) => s.document === 'cash-order'),
        refunds.filter((r) => r.document === 'cash-order'),
      );
      expect(Math.round(only.salesTotal * 100)).toBe(products);
      expect(cash).toBeGreaterThanOrEqual(0);
    }
  });

  it('keeps change off the cash, dollars apart, and the difference as counted − expected', () => {
    const figures = closingFigures(
      [
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
        {
          document: 'cash-order',
          paymentMethod: 'Puntos',
          currency: 'MXN',
          amount: 30,
          amountMxn: 30,
        },
      ],
      [
        { document: 'order', changeAmount: 82.5, count: 2 },
        { document: 'cash-order', changeAmount: 0, count: 1 },
      ],
      [
        {
          document: 'order',
          refundMethod: 'Efectivo',
          refundAmount: 100,
          pointsPaid: 20,
          count: 1,
        },
      ],
    );
    expect(figures).toMatchObject({
      cashTotal: 417.5,
      cashTotalDollars: 10,
      cashTotalDollarsMxn: 182.5,
      pointsTotal: 30,
      salesTotal: 630,
      refundCash: 100,
      refundPoints: 20,
      refundTotal: 120,
      total: 510,
      ordersCount: 2,
      cashOrdersCount: 1,
      refundsCount: 1,
    });
    expect(expectedCash(figures)).toBe(317.5);
    expect(closingDifference(figures, 310, 10)).toEqual({ difference: -7.5, differenceDollars: 0 });
    expect(closingDifference(figures, null, undefined)).toEqual({
      difference: null,
      differenceDollars: null,
    });
    expect(closingFolio(42)).toBe('CC-000042');
    expect(() =>
      closingFigures(
        [{ document: 'order', paymentMethod: 'Vales', currency: 'MXN', amount: 1, amountMxn: 1 }],
        [],
        [],
      ),
    ).toThrow();
  });
});
