import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client';

/**
 * The goals' `totalSale`: the paid sales of a branch in a month, net of refunds (CONTRACT §11),
 * keyed `branchId:YYYY-MM-01`: the orders paid (`paid_at`) within the month's bounds in the
 * branch's time zone and not refunded, summed by their total. Cash orders join this sum when they
 * land. Every goal read (list, detail, create, update) takes its total from here.
 */
export async function netPaidSalesByBranchMonth(
  executor: Executor,
  periods: readonly { branchId: number; period: string }[],
): Promise<Map<string, number>> {
  const totals = new Map(periods.map(({ branchId, period }) => [salesKey(branchId, period), 0]));
  if (periods.length === 0) return totals;
  const wanted = sql.join(
    periods.map(({ branchId, period }) => sql`(${branchId}::integer, ${period}::date)`),
    sql`, `,
  );
  const rows = await queryRows<{ branch_id: number; period: string; total: string }>(
    executor,
    sql`
    SELECT p.branch_id, to_char(p.period, 'YYYY-MM-DD') AS period, sum(o.total) AS total
    FROM (VALUES ${wanted}) AS p(branch_id, period)
    JOIN branch b ON b.id = p.branch_id
    JOIN orders o ON o.branch_id = p.branch_id
      AND o.payment_status = 'paid' AND o.refunded_at IS NULL
      AND o.paid_at >= (p.period::timestamp AT TIME ZONE b.zone)
      AND o.paid_at < ((p.period + interval '1 month')::timestamp AT TIME ZONE b.zone)
    GROUP BY p.branch_id, p.period`,
  );
  for (const row of rows)
    totals.set(salesKey(Number(row.branch_id), row.period), Number(row.total));
  return totals;
}

export const salesKey = (branchId: number, period: string) => `${branchId}:${period}`;
