import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client';
import { literalDay } from './money-day';

/**
 * A branch's stock expenses per month (CONTRACT §14, `/report/branch-expenses` and the
 * profitability's expense lines), in whole cents at each product's cost, dated the confirm day in
 * the receiving branch's zone: `assortment` the units received by its finished assortment orders;
 * `transfersReceived` / `transfersSent` the units received at / sent from it by finished transfers
 * between clinics; `returns` the units it sent to the distribution centre; `purchases` the amount
 * of the purchase orders that arrived at it (the distribution centre's).
 */

export interface StockExpenseRow {
  branch_id: number;
  month: number;
  assortment: string;
  transfers_received: string;
  transfers_sent: string;
  returns: string;
  purchases: string;
}

/** The expenses of the months from `from` (a first day) to before `to`, per branch and month. */
export async function stockExpensesByMonth(
  executor: Executor,
  reached: number | null,
  from: string,
  to: string,
): Promise<StockExpenseRow[]> {
  const lo = literalDay(from);
  const hi = literalDay(to);
  // A coarse UTC range first (a day wider each side), then the exact local day.
  const instant = (column: string) =>
    sql.raw(
      `${column} >= ('${from}'::date - 1)::timestamp AT TIME ZONE 'UTC' AND ${column} < ('${to}'::date + 1)::timestamp AT TIME ZONE 'UTC'`,
    );
  const mine = (column: string) =>
    reached === null ? sql`true` : sql`${sql.raw(column)} = ${reached}`;
  return queryRows<StockExpenseRow>(
    executor,
    sql`WITH moved AS (
          SELECT o.branch_id, (o.finished_at AT TIME ZONE b.zone)::date AS day,
                 p.received_quantity * pr.cost AS assortment, 0 AS received, 0 AS sent, 0 AS returned,
                 0 AS purchased
            FROM assortment_order o JOIN branch b ON b.id = o.branch_id
            JOIN assortment_order_product p ON p.assortment_order_id = o.id
            JOIN product pr ON pr.id = p.product_id
           WHERE o.status = 'Terminada' AND ${instant('o.finished_at')} AND ${mine('o.branch_id')}
          UNION ALL
          SELECT side.branch_id, x.day, 0,
                 CASE WHEN side.received THEN x.received ELSE 0 END,
                 CASE WHEN NOT side.received AND NOT x.to_center THEN x.stocked ELSE 0 END,
                 CASE WHEN NOT side.received AND x.to_center THEN x.stocked ELSE 0 END,
                 0
            FROM (
              -- Each transfer's value at cost, summed over its lines once (a year of the chain
              -- is 16,000 transfers of 430,000 lines), then counted for each of its two sides.
              SELECT t.origin_branch_id, t.destiny_branch_id, d.distribution_center AS to_center,
                     (t.accepted_at AT TIME ZONE d.zone)::date AS day,
                     sum(coalesce(p.received_quantity, 0) * pr.cost) AS received,
                     sum(p.stocked_quantity * pr.cost) AS stocked
                FROM transfer t
                JOIN branch o ON o.id = t.origin_branch_id
                JOIN branch d ON d.id = t.destiny_branch_id
                JOIN transfer_product p ON p.transfer_id = t.id
                JOIN product pr ON pr.id = p.product_id
               WHERE t.status = 'Terminada' AND NOT o.distribution_center
                 AND ${instant('t.accepted_at')}
                 AND ${reached === null ? sql`true` : sql`${reached} IN (t.origin_branch_id, t.destiny_branch_id)`}
               GROUP BY t.id, d.distribution_center, d.zone
            ) x
            CROSS JOIN LATERAL (VALUES (x.destiny_branch_id, true), (x.origin_branch_id, false))
                 AS side(branch_id, received)
           WHERE NOT (side.received AND x.to_center) AND ${mine('side.branch_id')}
          UNION ALL
          SELECT po.branch_id, po.arrived_at, 0, 0, 0, 0, po.amount
            FROM purchase_order po
           WHERE po.deleted_at IS NULL AND po.arrived_at >= ${lo} AND po.arrived_at < ${hi}
             AND ${mine('po.branch_id')}
        )
        SELECT branch_id, extract(month FROM day)::int AS month,
               (sum(assortment) * 100)::bigint AS assortment,
               (sum(received) * 100)::bigint AS transfers_received,
               (sum(sent) * 100)::bigint AS transfers_sent,
               (sum(returned) * 100)::bigint AS returns,
               (sum(purchased) * 100)::bigint AS purchases
          FROM moved WHERE day >= ${lo} AND day < ${hi}
         GROUP BY branch_id, extract(month FROM day)`,
  );
}
