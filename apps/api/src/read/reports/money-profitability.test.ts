import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { ProfitabilityReport, SalesReportItem } from '@clinica/domain';
import { queryRows } from '../../db/client';
import { branchId, createTestApp, signInAs, type TestApp } from '../../test/harness';
import { cents, read } from './activity-report.testing';
import { stockExpensesByMonth } from './money-expenses';

/**
 * Profitability by branch (CONTRACT §14) over the demo's year: its commission lines are the fees
 * reports' sums month by month (the commissions module's own), merchandise purchase the purchase
 * orders arrived, income the monthly sales' ddcTotal, and the totals and balance add up.
 */

let t: TestApp;
let admin: string;
let zonaRio: number;
type Item = ProfitabilityReport['items'][number];

beforeAll(async () => {
  t = await createTestApp();
  admin = (await signInAs(t.app, 'superAdmin')).token;
  zonaRio = await branchId(t.app, 'Zona Río');
}, 240_000);
afterAll(async () => {
  await t?.close();
});

const MONTHS = Array.from({ length: 12 }, (_, index) => {
  const month = String(index + 1).padStart(2, '0');
  const last = new Date(Date.UTC(2026, index + 1, 0)).getUTCDate();
  return { startDate: `2026-${month}-01`, endDate: `2026-${month}-${last}` };
});

describe('profitability by branch', () => {
  it('takes its commissions from the fees reports, month by month', async () => {
    const data = await read<Item>(t.app, admin, 'profitability-by-branch', {
      year: '2026',
      branchId: zonaRio,
      type: 'expenses',
    });
    expect(data.items.every((item) => item.type === 'expenses')).toBe(true);
    const line = (concept: string) => data.items.find((item) => item.concept === concept)!.months;
    let some = 0;
    for (const [index, days] of MONTHS.entries()) {
      const medical = await read<{ isr: number; subtotal: number }>(
        t.app,
        admin,
        'general-medical-fees',
        { ...days, branchId: zonaRio },
      );
      const cosmetology = await read<{ commission: number }>(
        t.app,
        admin,
        'general-cosmetology-fees',
        { ...days, branchId: zonaRio },
      );
      expect(line('ISR')[index], days.startDate).toBe(medical.totals.isr);
      expect(line('medical commission')[index], days.startDate).toBe(medical.totals.subtotal);
      expect(line('cosmetology commission')[index], days.startDate).toBe(
        cosmetology.totals.commission,
      );
      some += medical.items.length + cosmetology.items.length;
    }
    expect(some).toBeGreaterThan(0);
    expect(line('consignment').every((amount) => amount === 0)).toBe(true);
  });

  it('income is the monthly ddcTotal; purchases the orders arrived; totals and balance add up', async () => {
    const data = await read<Item>(t.app, admin, 'profitability-by-branch', { year: '2026' });
    const monthly = await read<SalesReportItem>(t.app, admin, 'monthly-sales', { year: '2026' });
    for (const month of monthly.items) {
      const index = Number(month.month.slice(5)) - 1;
      const income = data.items.filter(
        (item) => item.type === 'income' && item.branch.id === month.branch.id,
      );
      expect(cents(income.map((item) => item.months[index]!)), month.month).toBe(month.ddcTotal);
    }
    const purchases = await queryRows<{ branch_id: number; month: number; amount: string }>(
      t.app.db,
      sql`SELECT branch_id, extract(month FROM arrived_at)::int AS month, sum(amount)::text AS amount
            FROM purchase_order WHERE deleted_at IS NULL AND arrived_at >= '2026-01-01' AND arrived_at < '2027-01-01'
           GROUP BY 1, 2`,
    );
    expect(purchases.length).toBeGreaterThan(0);
    for (const row of purchases) {
      const item = data.items.find(
        (one) => one.concept === 'merchandise purchase' && one.branch.id === Number(row.branch_id),
      )!;
      expect(item.months[row.month - 1]).toBe(Number(row.amount));
    }
    const totals = data.totals as unknown as ProfitabilityReport['totals'];
    for (const type of ['income', 'expenses'] as const) {
      const rows = data.items.filter((item) => item.type === type);
      for (let index = 0; index < 12; index += 1)
        expect(totals[type].months[index]).toBe(cents(rows.map((item) => item.months[index]!)));
      expect(totals[type].total).toBe(cents(rows.map((item) => item.total)));
    }
    expect(totals.income.total).toBe(monthly.totals.ddcTotal);
    expect(totals.balance.total).toBe(cents([totals.income.total, -totals.expenses.total]));
    for (const item of data.items) expect(item.total).toBe(cents(item.months));
  });

  it('counts assortments and transfers received as the ledger arrivals at cost', async () => {
    const ours = await stockExpensesByMonth(t.app.db, null, '2026-01-01', '2027-01-01');
    const ledger = await queryRows<{
      branch_id: number;
      month: number;
      cause: string;
      amount: string;
    }>(
      t.app.db,
      sql`SELECT m.branch_id, extract(month FROM (m.created_at AT TIME ZONE b.zone))::int AS month,
                 m.cause, sum(m.quantity * p.cost)::text AS amount
            FROM stock_movement m JOIN branch b ON b.id = m.branch_id JOIN product p ON p.id = m.product_id
            LEFT JOIN transfer tr ON m.document_type = 'transfer' AND tr.id = m.document_id
            LEFT JOIN branch o ON o.id = tr.origin_branch_id
           WHERE m.quantity > 0 AND (m.cause = 'assortment' OR (m.cause = 'transfer'
                 AND NOT b.distribution_center AND NOT o.distribution_center))
             AND (m.created_at AT TIME ZONE b.zone)::date BETWEEN '2026-01-01' AND '2026-12-31'
           GROUP BY 1, 2, 3`,
    );
    const column = { assortment: 'assortment', transfer: 'transfers_received' } as const;
    let some = 0;
    for (const row of ledger) {
      const mine = ours.find(
        (one) => Number(one.branch_id) === Number(row.branch_id) && one.month === row.month,
      );
      const field = column[row.cause as keyof typeof column];
      expect(Number(mine?.[field] ?? 0) / 100, `${row.branch_id} ${row.month} ${row.cause}`).toBe(
        Number(row.amount),
      );
      some += 1;
    }
    expect(some).toBeGreaterThan(0);
    // And nothing besides: the sums over the year agree too.
    for (const [cause, field] of Object.entries(column))
      expect(cents(ours.map((one) => Number(one[field]) / 100)), cause).toBe(
        cents(ledger.filter((row) => row.cause === cause).map((row) => Number(row.amount))),
      );
  });
});
