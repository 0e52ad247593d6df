import { expect } from 'vitest';
import { sql } from 'drizzle-orm';
import { DAY_MONEY_COLUMNS } from '@clinica/domain';
import { queryRows, type Executor } from '../../db/client';
import {
  DAY_MONEY_RECOMPUTE,
  DAY_MONEY_SQL_COLUMNS,
} from '../../modules/orders/day-money-recompute';
import type { Payment } from '../../test/factories';

/**
 * What the money reports' tests share: a seeded generator, payments covering a total with every
 * method (dollars, change, points), and the check that the read model the writer kept equals the
 * recomputation from the source rows.
 */

export function generator(seed: number) {
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
export type Random = ReturnType<typeof generator>;

const METHODS = ['cash', 'dls', 'credit', 'debit', 'transfer', 'deposit', 'points'] as const;
export const REFUND_METHODS = [
  'Efectivo',
  'Transferencia electrónica',
  'Depósito bancario',
  'Tarjeta de crédito',
  'Tarjeta de débito',
];

const MXN = (paymentMethod: string, cents: number): Payment => ({
  paymentMethod,
  amount: cents / 100,
  currency: 'MXN',
});

/** Payments covering `total` with 1–3 methods; cash may exceed it (the change). */
export function payments(
  random: Random,
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
  if (left > 0) out.push(MXN('Tarjeta de crédito', left));
  return { payments: out, points };
}

type MoneyRow = Record<string, string | number>;

const key = (row: MoneyRow) => `${row.branch_id} ${row.day}`;
/** Rows as `branch day → cents`, all-zero rows left out (a sale of 0 writes nothing). */
function byDay(rows: MoneyRow[]) {
  const out: Record<string, number[]> = {};
  for (const row of rows) {
    const cents = DAY_MONEY_SQL_COLUMNS.slice(2).map((column) => Number(row[column]));
    if (cents.some((value) => value !== 0)) out[key(row)] = cents;
  }
  return out;
}

/** The read model as kept, and as recomputed from the orders, payments and refunds. */
export async function readModelAndRecomputation(db: Executor) {
  const columns = sql.raw(DAY_MONEY_SQL_COLUMNS.slice(2).join(', '));
  const kept = await queryRows<MoneyRow>(
    db,
    sql`SELECT branch_id, day::text AS day, ${columns} FROM branch_day_money`,
  );
  const recomputed = await queryRows<MoneyRow>(
    db,
    sql`SELECT branch_id, day::text AS day, ${columns} FROM (${sql.raw(DAY_MONEY_RECOMPUTE)}) r`,
  );
  return { kept: byDay(kept), recomputed: byDay(recomputed) };
}

/** The read model equals the recomputation, every branch-day and column. */
export async function expectReadModelExact(db: Executor) {
  const { kept, recomputed } = await readModelAndRecomputation(db);
  expect(Object.keys(kept).length).toBeGreaterThan(0);
  expect(kept).toEqual(recomputed);
  expect(DAY_MONEY_COLUMNS.length).toBe(DAY_MONEY_SQL_COLUMNS.length - 2);
}
