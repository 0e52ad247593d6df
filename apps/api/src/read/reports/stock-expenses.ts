import { sql, type SQL } from 'drizzle-orm';
import {
  BRANCH_EXPENSE_FIELDS,
  sumFields,
  type BranchExpensesReportItem,
  type branchExpensesReportQuery,
} from '@clinica/domain';
import type { z } from 'zod';
import { queryRows, type Executor } from '../../db/client';
import {
  assortmentOrder,
  assortmentOrderProduct,
  branch,
  product,
  purchaseOrder,
  transfer,
  transferProduct,
} from '../../db/schema';
import type { Context } from '../../platform/context';
import { reportBranchOf } from './activity-scope';

/**
 * What a branch spent on merchandise in a month (CONTRACT §14, `/report/branch-expenses`, and the
 * expense lines of `/report/profitability-by-branch`), from the finished stock flows, each dated
 * the day it was confirmed in its branch's zone and valued at the product's cost.
 */

/** One branch's expenses of one month, in whole cents. */
export interface BranchExpenseMonth {
  branchId: number;
  /** `YYYY-MM`. */
  month: string;
  /** Units received by its finished assortment orders × cost. */
  assortment: number;
  /** Units received by finished transfers from another branch (never a return) × cost. */
  transfersReceived: number;
  /** Units sent by finished transfers to a clinic × cost. */
  transfersSent: number;
  /** Units sent by finished transfers to a distribution centre × cost. */
  returns: number;
  /** assortment + transfersReceived − transfersSent − returns. */
  total: number;
}

/** The purchase orders that arrived at a branch (the distribution centre) in a month, in cents. */
export interface PurchaseMonth {
  branchId: number;
  month: string;
  /** Σ `amount` (the invoices' totals, as billed). */
  amount: number;
}

/** A year (`YYYY`, its twelve months) or a month (`YYYY-MM`), and the branches (null: all). */
export type ExpensePeriod = ({ year: string } | { month: string }) & {
  branchIds?: readonly number[] | null;
};

/** The first day of the period and the day after it, as checked literals. */
function periodOf(period: ExpensePeriod): { from: SQL; to: SQL } {
  const first = 'year' in period ? `${period.year}-01-01` : `${period.month}-01`;
  if (!/^\d{4}-\d{2}-01$/.test(first)) throw new Error('Periodo no válido');
  const step = 'year' in period ? '1 year' : '1 month';
  return {
    from: sql.raw(`'${first}'::date`),
    to: sql.raw(`('${first}'::date + interval '${step}')::date`),
  };
}

const branchesIn = (column: SQL, ids: readonly number[] | null | undefined) =>
  ids == null
    ? sql`true`
    : ids.length === 0
      ? sql`false`
      : sql`${column} IN (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`;

/**
 * Each branch's merchandise expenses per month of the period, and the purchase orders' `amount`
 * per branch and month (arrival day): the numbers of `/report/branch-expenses` and of the
 * profitability report's `assortment`, `reception` (= transfersReceived − transfersSent),
 * `returns` (= − returns) and `merchandise purchase` lines, in whole cents. Months with nothing
 * are left out. An order counts on the day it was confirmed (`finishedAt`, `acceptedAt`) in the
 * zone of the branch whose row it is; the coarse UTC range first lets the partial indexes on
 * finished orders find them.
 */
export async function branchExpensesByMonth(
  db: Executor,
  period: ExpensePeriod,
): Promise<{ expenses: BranchExpenseMonth[]; purchases: PurchaseMonth[] }> {
  const { from, to } = periodOf(period);
  const coarse = (column: SQL) =>
    sql`${column} >= (${from} - 1)::timestamp AT TIME ZONE 'UTC' AND ${column} < (${to} + 1)::timestamp AT TIME ZONE 'UTC'`;
  const rows = await queryRows<Record<string, string | number>>(
    db,
    sql`WITH moved AS (
          SELECT ao.branch_id AS branch_id, ao.finished_at AS at, 'assortment' AS kind,
                 aop.received_quantity * p.cost AS amount
            FROM ${assortmentOrder} ao
            JOIN ${assortmentOrderProduct} aop ON aop.assortment_order_id = ao.id
            JOIN ${product} p ON p.id = aop.product_id
           WHERE ao.status = 'Terminada' AND ${coarse(sql`ao.finished_at`)}
             AND aop.received_quantity > 0
          UNION ALL
          SELECT side.branch_id, t.accepted_at, side.kind, side.units * p.cost
            FROM ${transfer} t
            JOIN ${transferProduct} tp ON tp.transfer_id = t.id
            JOIN ${product} p ON p.id = tp.product_id
            JOIN ${branch} dest ON dest.id = t.destiny_branch_id
           CROSS JOIN LATERAL (VALUES
                   (t.destiny_branch_id, 'received', CASE WHEN dest.distribution_center THEN 0
                                                          ELSE tp.received_quantity END),
                   (t.origin_branch_id, CASE WHEN dest.distribution_center THEN 'returns'
                                             ELSE 'sent' END, tp.stocked_quantity)
                 ) AS side(branch_id, kind, units)
           WHERE t.status = 'Terminada' AND ${coarse(sql`t.accepted_at`)} AND side.units > 0
        ), dated AS (
          SELECT moved.branch_id, moved.kind, moved.amount,
                 (moved.at AT TIME ZONE b.zone)::date AS day
            FROM moved JOIN ${branch} b ON b.id = moved.branch_id
           WHERE ${branchesIn(sql`moved.branch_id`, period.branchIds)}
        )
        SELECT branch_id, to_char(day, 'YYYY-MM') AS month,
               coalesce(round(sum(amount) FILTER (WHERE kind = 'assortment') * 100), 0)::bigint AS assortment,
               coalesce(round(sum(amount) FILTER (WHERE kind = 'received') * 100), 0)::bigint AS received,
               coalesce(round(sum(amount) FILTER (WHERE kind = 'sent') * 100), 0)::bigint AS sent,
               coalesce(round(sum(amount) FILTER (WHERE kind = 'returns') * 100), 0)::bigint AS returns
          FROM dated
         WHERE day >= ${from} AND day < ${to}
         GROUP BY 1, 2
         ORDER BY 1, 2`,
  );
  const expenses = rows.map((row): BranchExpenseMonth => {
    const [assortment, transfersReceived, transfersSent, returns] = [
      row.assortment,
      row.received,
      row.sent,
      row.returns,
    ].map(Number) as [number, number, number, number];
    return {
      branchId: Number(row.branch_id),
      month: String(row.month),
      assortment,
      transfersReceived,
      transfersSent,
      returns,
      total: assortment + transfersReceived - transfersSent - returns,
    };
  });
  const bought = await queryRows<Record<string, string | number>>(
    db,
    sql`SELECT ${purchaseOrder.branchId} AS branch_id, to_char(${purchaseOrder.arrivedAt}, 'YYYY-MM') AS month,
               round(sum(${purchaseOrder.amount}) * 100)::bigint AS amount
          FROM ${purchaseOrder}
         WHERE ${purchaseOrder.deletedAt} IS NULL
           AND ${purchaseOrder.arrivedAt} >= ${from} AND ${purchaseOrder.arrivedAt} < ${to}
           AND ${branchesIn(sql`${purchaseOrder.branchId}`, period.branchIds)}
         GROUP BY 1, 2
         ORDER BY 1, 2`,
  );
  const purchases = bought.map((row) => ({
    branchId: Number(row.branch_id),
    month: String(row.month),
    amount: Number(row.amount),
  }));
  return { expenses, purchases };
}

type Query = z.output<typeof branchExpensesReportQuery>;

/**
 * GET /report/branch-expenses: one row per branch the caller reaches (every live clinic, zeros
 * included, and any other branch with expenses that month; or the one branch asked), by name.
 */
export async function branchExpensesReport(ctx: Context, query: Query) {
  const reached = reportBranchOf(ctx.session, query.branchId);
  const { expenses } = await branchExpensesByMonth(ctx.db, {
    month: query.month,
    branchIds: reached === null ? null : [reached],
  });
  const byBranch = new Map(expenses.map((row) => [row.branchId, row]));
  const which =
    reached === null
      ? sql`(${branch.deletedAt} IS NULL AND NOT ${branch.distributionCenter})${
          byBranch.size > 0
            ? sql` OR ${branch.id} IN (${sql.join(
                [...byBranch.keys()].map((id) => sql`${id}`),
                sql`, `,
              )})`
            : sql``
        }`
      : sql`${branch.id} = ${reached}`;
  const branches = await queryRows<{ id: number; name: string }>(
    ctx.db,
    sql`SELECT ${branch.id} AS id, ${branch.name} AS name FROM ${branch} WHERE ${which}
         ORDER BY ${branch.name}, ${branch.id}`,
  );
  const pesos = (cents: number | undefined) => (cents ?? 0) / 100;
  const items = branches.map((row): BranchExpensesReportItem => {
    const spent = byBranch.get(Number(row.id));
    return {
      branch: { id: Number(row.id), name: row.name },
      month: query.month,
      assortment: pesos(spent?.assortment),
      transfersReceived: pesos(spent?.transfersReceived),
      transfersSent: pesos(spent?.transfersSent),
      returns: pesos(spent?.returns),
      total: pesos(spent?.total),
    };
  });
  return { items, totals: sumFields(items, BRANCH_EXPENSE_FIELDS) };
}
