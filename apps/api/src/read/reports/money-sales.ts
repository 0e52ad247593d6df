import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  addDayMoney,
  salesMoneyOf,
  type DayMoneyCents,
  type SalesReportItem,
  type dailySalesReportQuery,
  type monthlySalesReportQuery,
} from '@clinica/domain';
import { queryRows } from '../../db/client';
import type { Context } from '../../platform/context';
import { reportBranchOf } from './activity-scope';
import { centsOf, dayRate, literalDay, moneyColumns, monthBounds, yearAfter } from './money-day';

/**
 * GET /report/daily-sales and /report/monthly-sales (CONTRACT §14): the read model's branch-days
 * (`branch_day_money`), joined with the closings of those days for who closed them and their
 * rate. Nothing is summed from the orders here: each row is one stored branch-day (daily) or the
 * sum of a month's (monthly), and the totals add the rows' cents.
 */

type Row = Record<string, unknown> & {
  branch_id: number;
  branch_name: string;
  day: string;
  user_id: number | null;
  user_name: string | null;
  rate: string;
};

const branchFilter = (column: string, reached: number | null) =>
  reached === null ? sql`true` : sql`${sql.raw(column)} = ${reached}`;

/**
 * Every branch-day of [from, to) with money or a closing, its closing's user and the rate it
 * shows, ordered by branch name and day.
 */
async function branchDays(ctx: Context, reached: number | null, from: string, to: string) {
  const lo = literalDay(from);
  const hi = literalDay(to);
  return queryRows<Row>(
    ctx.db,
    sql`WITH d AS (
          SELECT * FROM branch_day_money m
           WHERE m.day >= ${lo} AND m.day < ${hi} AND ${branchFilter('m.branch_id', reached)}
        ), c AS (
          SELECT k.branch_id, k.date AS day, k.user_id, k.exchange_rate
            FROM daily_cash_closing k
           WHERE k.date >= ${lo} AND k.date < ${hi} AND ${branchFilter('k.branch_id', reached)}
        )
        SELECT b.id AS branch_id, b.name AS branch_name, coalesce(d.day, c.day)::text AS day,
               ${moneyColumns('d', false)}, c.user_id,
               CASE WHEN c.user_id IS NULL THEN NULL
                    ELSE (SELECT concat_ws(' ', u.name, u.last_name) FROM "user" u WHERE u.id = c.user_id)
               END AS user_name,
               ${dayRate(sql`c.exchange_rate`, sql`coalesce(d.day, c.day)`, sql`b.zone`, ctx.clock.now())} AS rate
          FROM d FULL JOIN c ON c.branch_id = d.branch_id AND c.day = d.day
          JOIN branch b ON b.id = coalesce(d.branch_id, c.branch_id)
         ORDER BY b.name, b.id, 3`,
  );
}

function itemOf(row: Row, money: DayMoneyCents, daily: boolean): SalesReportItem {
  return {
    branch: { id: Number(row.branch_id), name: row.branch_name },
    month: row.day.slice(0, 7),
    date: daily ? row.day : null,
    user:
      daily && row.user_id !== null ? { id: Number(row.user_id), name: row.user_name ?? '' } : null,
    ...salesMoneyOf(money),
    exchageRate: row.rate === null ? null : Number(row.rate),
  };
}

/** GET /report/daily-sales: one row per branch-day of the month with money or a closing. */
export async function dailySales(ctx: Context, query: z.output<typeof dailySalesReportQuery>) {
  const reached = reportBranchOf(ctx.session, query.branchId);
  const { from, to } = monthBounds(query.month);
  const rows = await branchDays(ctx, reached, from, to);
  const cents = rows.map(centsOf);
  return {
    items: rows.map((row, index) => itemOf(row, cents[index]!, true)),
    totals: salesMoneyOf(addDayMoney(...cents)),
  };
}

/**
 * GET /report/monthly-sales: per branch and month of the year, the sum of that month's daily rows
 * (the same branch-days), with the rate of its last one.
 */
export async function monthlySales(ctx: Context, query: z.output<typeof monthlySalesReportQuery>) {
  const reached = reportBranchOf(ctx.session, query.branchId);
  const rows = await branchDays(
    ctx,
    reached,
    `${query.year}-01-01`,
    `${yearAfter(query.year)}-01-01`,
  );
  const months = new Map<string, { last: Row; cents: DayMoneyCents[] }>();
  for (const row of rows) {
    const key = `${row.branch_id} ${row.day.slice(0, 7)}`;
    const month = months.get(key) ?? { last: row, cents: [] };
    month.last = row; // the rows come by branch and day: the last one seen is the month's last
    month.cents.push(centsOf(row));
    months.set(key, month);
  }
  const sums = [...months.values()].map((month) => ({
    ...month,
    sum: addDayMoney(...month.cents),
  }));
  return {
    items: sums.map((month) => itemOf(month.last, month.sum, false)),
    totals: salesMoneyOf(addDayMoney(...sums.map((month) => month.sum))),
  };
}
