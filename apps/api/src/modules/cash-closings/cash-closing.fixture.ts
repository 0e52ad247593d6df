import { beforeAll, expect } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  DEFAULT_TIME_ZONE,
  instantOf,
  type ClosingDetail,
  type ClosingPreview,
  type ClosingRecord,
  type OrderRecord,
} from '@clinica/domain';
import { queryRows } from '../../db/client';
import { branchId, call, signInAs } from '../../test/harness';
import { saleWorld, type Payment, type SaleWorld } from '../../test/factories';
import { useCashWorld, w } from '../cash-orders/cash-order.fixture';

/**
 * The world of the closing tests: the cash orders' world (app, tokens, Zona Río, Playas, sellers,
 * products and lots of the test's own), the orders' sale world and Mexicali Centro. Helpers close, preview and sum a day apart from
 * the service (`independentDay`: the raw rows summed one by one, for the property test).
 */

export const c = {} as { sale: SaleWorld; mexicali: number };
export { w };

export function useClosingWorld() {
  useCashWorld();
  beforeAll(async () => {
    c.sale = await saleWorld(w.t.app);
    c.mexicali = await branchId(w.t.app, 'Mexicali Centro');
  }, 240_000);
}

/**
 * Moves the clock to `time` of `day` in the chain's zone (every demo branch is in Tijuana) and
 * signs the admin and the manager in again (a token lives 15 minutes of the clock).
 */
export async function at(day: string, time = '10:00') {
  w.t.clock.set(instantOf(day, time, DEFAULT_TIME_ZONE));
  w.admin = (await signInAs(w.t.app, 'superAdmin')).token;
  w.manager = (await signInAs(w.t.app, 'branchManager')).token;
  c.sale.admin = w.admin;
}

/** The exchange rate a sale made now converts dollars at (the preview's, read at the same instant). */
export const rateNow = async () => (await preview(w.zonaRio)).body.data.exchangeRate;

export const close = (body: Record<string, unknown>, token = w.admin) =>
  call<ClosingRecord>(w.t.app, 'POST', '/v1/daily-cash-closing/create', { token, body });

export const preview = (branch: number, date?: string, token = w.admin, extra = {}) =>
  call<ClosingPreview>(w.t.app, 'GET', '/v1/daily-cash-closing/preview', {
    token,
    query: { branchId: String(branch), ...(date ? { date } : {}), ...extra },
  });

export const detail = (id: number, query: Record<string, string> = {}, token = w.admin) =>
  call<ClosingDetail>(w.t.app, 'GET', `/v1/daily-cash-closing/${id}`, { token, query });

/** POST /order/create of one of the cheapest treatments at `branch`, paid with `payments`. */
export const sellOrder = (
  branch: number,
  customerId: number,
  payments: Payment[],
  extra: Record<string, unknown> = {},
  token = w.admin,
) =>
  call<OrderRecord>(w.t.app, 'POST', '/v1/order/create', {
    token,
    body: {
      origin: 'SUCURSAL',
      branchId: branch,
      customerId,
      orderDetails: [{ treatmentId: c.sale.treatments[0]!.id, quantity: 1 }],
      payments,
      ...extra,
    },
  });

export const refundOrder = (orderNumber: number, branch: number, refundMethod = 'Efectivo') =>
  call<OrderRecord>(w.t.app, 'POST', `/v1/order/${orderNumber}/refund`, {
    token: w.admin,
    body: {
      refundReason: 'Cambio de opinión',
      refundMethod,
      password: 'Admin1234',
      branchId: branch,
    },
  });

type Figures = Record<string, number>;

/**
 * A day's figures summed from the raw rows one by one, without the service or the domain's
 * arithmetic: each payment to its method, each change off the cash, each refund to its method
 * and its points paid back; then the identities of CONTRACT §12 on top (salesTotal = Σ totals of
 * the day's sales, refundTotal = Σ totals of the day's refunds).
 */
export async function independentDay(branch: number, day: string) {
  const db = w.t.app.db;
  const payments = await queryRows<{
    doc: string;
    method: string;
    currency: string;
    amount: string;
    mxn: string;
  }>(
    db,
    sql`SELECT 'o' AS doc, p.payment_method AS method, p.currency, p.amount::text, p.amount_mxn::text AS mxn
          FROM order_payment p JOIN orders o ON o.id = p.order_id WHERE o.branch_id = ${branch} AND o.paid_date = ${day}
        UNION ALL
        SELECT 'c', p.payment_method, p.currency, p.amount::text, p.amount_mxn::text
          FROM cash_order_payment p JOIN cash_order o ON o.id = p.cash_order_id WHERE o.branch_id = ${branch} AND o.paid_date = ${day}`,
  );
  const sales = await queryRows<{ doc: string; total: string; change: string }>(
    db,
    sql`SELECT 'o' AS doc, total::text, change_amount::text AS change FROM orders WHERE branch_id = ${branch} AND paid_date = ${day}
        UNION ALL SELECT 'c', total::text, change_amount::text FROM cash_order WHERE branch_id = ${branch} AND paid_date = ${day}`,
  );
  const refunds = await queryRows<{
    doc: string;
    id: number;
    total: string;
    amount: string;
    method: string;
  }>(
    db,
    sql`SELECT 'o' AS doc, id, total::text, refund_amount::text AS amount, refund_method AS method FROM orders WHERE branch_id = ${branch} AND refund_date = ${day}
        UNION ALL SELECT 'c', id, total::text, refund_amount::text, refund_method FROM cash_order WHERE branch_id = ${branch} AND refund_date = ${day}`,
  );
  const pointsPaid = await queryRows<{ doc: string; id: number; points: string }>(
    db,
    sql`SELECT 'o' AS doc, o.id, p.amount_mxn::text AS points FROM orders o JOIN order_payment p ON p.order_id = o.id
         WHERE o.branch_id = ${branch} AND o.refund_date = ${day} AND p.payment_method = 'Puntos'
        UNION ALL SELECT 'c', o.id, p.amount_mxn::text FROM cash_order o JOIN cash_order_payment p ON p.cash_order_id = o.id
         WHERE o.branch_id = ${branch} AND o.refund_date = ${day} AND p.payment_method = 'Puntos'`,
  );
  const sum = (only?: string) => {
    const cents: Figures = {};
    const add = (key: string, value: string | number) => {
      cents[key] = (cents[key] ?? 0) + Math.round(Number(value) * 100);
    };
    const byMethod: Record<string, string> = {
      'Tarjeta de crédito': 'creditCardTotal',
      'Tarjeta de débito': 'debitCardTotal',
      'Transferencia electrónica': 'transferTotal',
      'Depósito bancario': 'depositTotal',
      Puntos: 'pointsTotal',
    };
    const refundBy: Record<string, string> = {
      Efectivo: 'refundCash',
      'Tarjeta de crédito': 'refundCreditCard',
      'Tarjeta de débito': 'refundDebitCard',
      'Transferencia electrónica': 'refundTransfer',
      'Depósito bancario': 'refundDeposit',
    };
    const mine = <T extends { doc: string }>(rows: T[]) =>
      rows.filter((row) => !only || row.doc === only);
    for (const p of mine(payments)) {
      if (p.method === 'Efectivo' && p.currency === 'DLS') {
        add('cashTotalDollars', p.amount);
        add('cashTotalDollarsMxn', p.mxn);
      } else if (p.method === 'Efectivo') add('cashTotal', p.mxn);
      else add(byMethod[p.method]!, p.mxn);
    }
    for (const s of mine(sales)) {
      add('cashTotal', -Number(s.change));
      add('salesTotal', s.total);
    }
    for (const r of mine(refunds)) {
      add(refundBy[r.method]!, r.amount);
      add('refundTotal', r.total);
    }
    for (const p of mine(pointsPaid)) add('refundPoints', p.points);
    add('total', (cents.salesTotal ?? 0) / 100 - (cents.refundTotal ?? 0) / 100);
    const figures: Figures = Object.fromEntries(
      Object.entries(cents).map(([k, v]) => [k, v / 100]),
    );
    figures.ordersCount = mine(sales).filter((s) => s.doc === 'o').length;
    figures.cashOrdersCount = mine(sales).filter((s) => s.doc === 'c').length;
    figures.refundsCount = mine(refunds).length;
    return figures;
  };
  return { all: sum(), products: sum('c') };
}

/** Every figure of `expected` (absent ones are 0) equals the record's. */
export function expectFigures(record: Record<string, unknown>, expected: Figures) {
  const keys = [
    'cashTotal',
    'cashTotalDollars',
    'cashTotalDollarsMxn',
    'creditCardTotal',
    'debitCardTotal',
    'transferTotal',
    'depositTotal',
    'pointsTotal',
    'salesTotal',
    'refundCash',
    'refundCreditCard',
    'refundDebitCard',
    'refundTransfer',
    'refundDeposit',
    'refundPoints',
    'refundTotal',
    'total',
    'ordersCount',
    'cashOrdersCount',
    'refundsCount',
  ];
  const picked = (source: Record<string, unknown>) =>
    Object.fromEntries(keys.map((key) => [key, Math.round(Number(source[key] ?? 0) * 100) / 100]));
  expect(picked(record)).toEqual(picked(expected));
}
