import { sql } from 'drizzle-orm';
import {
  sumFields,
  type GeneralExpensesByProductReportItem,
  type GeneralInventoryReportItem,
  type generalExpensesByProductReportQuery,
  type generalInventoryReportQuery,
} from '@clinica/domain';
import type { z } from 'zod';
import { queryRows } from '../../db/client';
import {
  branch,
  product,
  purchaseOrder,
  purchaseOrderProduct,
  stock,
  stockMovement,
} from '../../db/schema';
import type { Context } from '../../platform/context';
import { fixedBranch } from '../../platform/write';
import { reportBranchOf } from './activity-scope';

/** The first day of a checked `YYYY-MM`, as a literal. */
function monthStart(month: string) {
  if (!/^\d{4}-\d{2}$/.test(month)) throw new Error('Mes no válido');
  return sql.raw(`'${month}-01'::date`);
}

const categoriesOf = sql`(SELECT string_agg(c.name, ', ' ORDER BY c.name)
  FROM product_category pc JOIN category c ON c.id = pc.category_id
  WHERE pc.product_id = p.id)`;

/**
 * GET /report/general-expenses-by-product: per product, the units of the live purchase orders that
 * arrived in the month and Σ quantity × price × (1 + tax), each line rounded to the cent as the
 * order's `linesTotal` does. A role fixed to a branch sees the orders of its branch.
 */
export async function generalExpensesByProduct(
  ctx: Context,
  query: z.output<typeof generalExpensesByProductReportQuery>,
) {
  const from = monthStart(query.month);
  const fixed = fixedBranch(ctx.session);
  const rows = await queryRows<Record<string, string | number | null>>(
    ctx.db,
    sql`SELECT p.sku, p.name, ${categoriesOf} AS category, bought.quantity, bought.total
          FROM (SELECT pop.product_id,
                       sum(pop.quantity)::bigint AS quantity,
                       sum(round(pop.quantity * pop.price * (100 + pr.tax) / 100, 2)) AS total
                  FROM ${purchaseOrder} po
                  JOIN ${purchaseOrderProduct} pop ON pop.purchase_order_id = po.id
                  JOIN ${product} pr ON pr.id = pop.product_id
                 WHERE po.deleted_at IS NULL
                   AND po.arrived_at >= ${from} AND po.arrived_at < (${from} + interval '1 month')
                   ${fixed === null ? sql`` : sql`AND po.branch_id = ${fixed}`}
                 GROUP BY pop.product_id) bought
          JOIN ${product} p ON p.id = bought.product_id
         ORDER BY p.name, p.id`,
  );
  const items = rows.map((row): GeneralExpensesByProductReportItem => ({
    sku: String(row.sku),
    name: String(row.name),
    category: row.category === null ? null : String(row.category),
    quantity: Number(row.quantity),
    totalAmount: Number(row.total),
  }));
  return { items, totals: sumFields(items, ['quantity', 'totalAmount']) };
}

/**
 * GET /report/general-inventory: per branch, Σ over its lots of the balance at the end of
 * `endDate`'s month (default this month, each in its branch's zone) × the product's cost. A month
 * not yet over is the lots' quantity now; a past one, each lot's last movement before the month's
 * end (`stock_movement_stock_idx` read backwards: one probe per lot, never its whole history).
 * Rows: every live branch (the distribution centre too) and any deleted one that still held
 * stock then, or the one branch reached.
 */
export async function generalInventory(
  ctx: Context,
  query: z.output<typeof generalInventoryReportQuery>,
) {
  const reached = reportBranchOf(ctx.session, query.branchId);
  const now = ctx.clock.now().toISOString();
  const month = query.endDate
    ? monthStart(query.endDate)
    : sql`date_trunc('month', ${now}::timestamptz AT TIME ZONE b.zone)::date`;
  const rows = await queryRows<{ id: number; name: string; deleted: boolean; total: string }>(
    ctx.db,
    sql`WITH ends AS (
          SELECT b.id, b.name, b.deleted_at IS NOT NULL AS deleted,
                 ((${month} + interval '1 month')::timestamp AT TIME ZONE b.zone) AS at
            FROM ${branch} b
           WHERE ${reached === null ? sql`true` : sql`b.id = ${reached}`})
        SELECT e.id, e.name, e.deleted,
               coalesce(sum(p.cost * CASE WHEN e.at > ${now}::timestamptz THEN s.quantity
                   ELSE coalesce((SELECT m.balance FROM ${stockMovement} m
                                   WHERE m.stock_id = s.id AND m.created_at < e.at
                                   ORDER BY m.created_at DESC, m.id DESC LIMIT 1), 0) END), 0) AS total
          FROM ends e
          LEFT JOIN ${stock} s ON s.branch_id = e.id
          LEFT JOIN ${product} p ON p.id = s.product_id
         GROUP BY e.id, e.name, e.deleted
         ORDER BY e.name, e.id`,
  );
  const items = rows
    .filter((row) => !row.deleted || Number(row.total) !== 0 || reached !== null)
    .map((row): GeneralInventoryReportItem => ({
      branch: { id: Number(row.id), name: row.name },
      name: row.name,
      totalAmount: Number(row.total),
    }));
  return { items, totals: sumFields(items, ['totalAmount']) };
}
