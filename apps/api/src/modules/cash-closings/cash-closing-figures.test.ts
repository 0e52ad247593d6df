import { describe, expect, it } from 'vitest';
import type { ClosingRecord, OrderRecord } from '@clinica/domain';
import { call, claimsOf } from '../../test/harness';
import { givePoints, newCustomer, type Payment } from '../../test/factories';
import { newLot, newProduct, sell } from '../cash-orders/cash-order.fixture';
import {
  at,
  c,
  close,
  expectFigures,
  independentDay,
  preview,
  rateNow,
  refundOrder,
  sellOrder,
  useClosingWorld,
  w,
} from './cash-closing.fixture';

/**
 * The property of CONTRACT §12: for generated days mixing every method, dollars, change, points,
 * app settlements and refunds of that day and of earlier days, the preview's figures (and the
 * closing's, once closed) equal an independent sum of the day's rows, over everything and over the
 * cash orders alone. A seeded generator keeps a failure reproducible: `CLOSING_SEED=n` replays it.
 */

useClosingWorld();

const SEED = Number(process.env.CLOSING_SEED ?? Date.now() % 100_000);
const DAYS = ['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26'];
const METHODS = ['cash', 'dls', 'credit', 'debit', 'transfer', 'deposit', 'points'] as const;
const REFUND_METHODS = [
  'Efectivo',
  'Transferencia electrónica',
  'Depósito bancario',
  'Tarjeta de crédito',
  'Tarjeta de débito',
];

function generator(seed: number) {
  let state = seed;
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (below: number) => Math.floor(next() * below);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)]!;
  return { next, int, pick };
}

const MXN = (paymentMethod: string, cents: number): Payment => ({
  paymentMethod,
  amount: cents / 100,
  currency: 'MXN',
});

/** Payments covering `total` exactly with 1–3 methods; cash may exceed it (the change). */
function payments(
  random: ReturnType<typeof generator>,
  total: number,
  rate: number,
  withPoints: boolean,
): { payments: Payment[]; points: number } {
  const pool = METHODS.filter((method) => withPoints || method !== 'points');
  const chosen = [...new Set(Array.from({ length: 1 + random.int(3) }, () => random.pick(pool)))];
  let left = Math.round(total * 100);
  const out: Payment[] = [];
  let points = 0;
  chosen.forEach((method, index) => {
    const last = index === chosen.length - 1;
    let part = last ? left : Math.floor(left * (0.2 + random.next() * 0.5));
    if (method === 'points') part = Math.floor(part / 100) * 100;
    if (part <= 0) return;
    left -= part;
    if (method === 'cash')
      out.push(MXN('Efectivo', part + (random.next() < 0.5 ? random.int(50) * 100 : 0)));
    else if (method === 'dls')
      out.push({
        paymentMethod: 'Efectivo',
        amount: Math.ceil(part / rate) / 100,
        currency: 'DLS',
      });
    else if (method === 'points') {
      out.push(MXN('Puntos', part));
      points += part / 100;
    } else {
      const name = {
        credit: 'Tarjeta de crédito',
        debit: 'Tarjeta de débito',
        transfer: 'Transferencia electrónica',
        deposit: 'Depósito bancario',
      }[method];
      out.push(MXN(name, part));
    }
  });
  // A points part rounded down leaves a remainder: by card.
  if (left > 0) out.push(MXN('Tarjeta de crédito', left));
  return { payments: out, points };
}

describe('the closing figures equal an independent sum of the day (property, seeded)', () => {
  it(`holds for generated days (CLOSING_SEED=${SEED})`, async () => {
    const random = generator(SEED);
    const cream = await newProduct({ salePrice: 100, tax: 16 });
    const lot = await newLot(cream.id, c.mexicali, 500, 'PROP-1');
    const sellerId = Number(claimsOf(w.admin).userId);
    const sold: { kind: 'order' | 'cash'; number: number | string }[] = [];
    for (const day of DAYS) {
      await at(day, '09:00');
      const rate = await rateNow();
      const customerId = await newCustomer(c.sale);
      const operations = 4 + random.int(4);
      for (let step = 0; step < operations; step += 1) {
        const roll = random.next();
        if (roll < 0.45) {
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
        } else if (roll < 0.7) {
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
            [MXN('Tarjeta de débito', item.price * 100)],
            {
              origin: random.next() < 0.5 ? 'APP' : 'LINEA',
            },
          );
          expect(app.status).toBe(201);
          const settled = await call(w.t.app, 'PATCH', `/v1/order/${app.body.data.id}/payment`, {
            token: w.admin,
            body: { paymentStatus: 'paid' },
          });
          expect(settled.status).toBe(200);
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
      const shown = await preview(c.mexicali, day);
      const expected = await independentDay(c.mexicali, day);
      expectFigures(shown.body.data, expected.all);
      expectFigures(shown.body.data.products, expected.products);
      if (random.next() < 0.6) {
        await at(day, '21:00');
        const closed = await close({ branchId: c.mexicali, date: day, countedCash: 0 });
        expect(closed.status, JSON.stringify(closed.body)).toBe(201);
        const record: ClosingRecord = closed.body.data;
        expectFigures(record, expected.all);
        expectFigures(record.products, expected.products);
        expect(record.difference).toBeCloseTo(-(record.cashTotal - record.refundCash), 2);
      }
    }
  }, 180_000);
});
