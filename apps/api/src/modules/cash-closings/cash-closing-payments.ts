import { sql } from 'drizzle-orm';
import { formatOrderNumber, type ClosingPayment, type ListMeta } from '@clinica/domain';
import { queryRows, type Executor } from '../../db/client';
import { listMeta } from '../../platform/list';

/**
 * The payments and refunds a branch-day's closing counts (CONTRACT §12), in the order they
 * happened: each payment of the day's sales (paidDate) and each refund of the day (refundDate,
 * by its method, and the points it paid back as a `Puntos` row), a page at a time.
 */

interface Row {
  type: 'Venta' | 'Devolución';
  document_type: 'order' | 'cash-order';
  document_id: number;
  number: number;
  time: string;
  customer_id: number | null;
  customer_name: string | null;
  payment_method: string;
  currency: 'MXN' | 'DLS';
  amount: string;
  amount_mxn: string;
  change_amount: string;
  total: string;
}

export async function dayPayments(
  executor: Executor,
  place: { branchId: number; zone: string },
  day: string,
  paging: { page: number; take: number },
): Promise<{ items: ClosingPayment[]; meta: ListMeta }> {
  const { branchId, zone } = place;
  const customerName = sql`concat_ws(' ', c.name, c.last_name, c.mother_last_name)`;
  const sale = (table: string, payments: string, key: string, document: string) => sql`
      SELECT 'Venta' AS type, ${document} AS document_type, o.id AS document_id,
             o.order_number AS number, o.paid_at AS at, 0 AS part, p.id AS row_id,
             c.id AS customer_id, ${customerName} AS customer_name,
             p.payment_method, p.currency, p.amount, p.amount_mxn,
             CASE WHEN p.id = min(p.id) OVER (PARTITION BY o.id) THEN o.change_amount ELSE 0 END AS change_amount
        FROM ${sql.raw(table)} o JOIN ${sql.raw(payments)} p ON p.${sql.raw(key)} = o.id
        LEFT JOIN customer c ON c.id = o.customer_id
       WHERE o.branch_id = ${branchId} AND o.paid_date = ${day}::date`;
  const refund = (table: string, payments: string, key: string, document: string) => sql`
      SELECT 'Devolución', ${document}, o.id, o.order_number, o.refunded_at, 1, o.id,
             c.id, ${customerName}, o.refund_method, 'MXN', o.refund_amount, o.refund_amount, 0
        FROM ${sql.raw(table)} o LEFT JOIN customer c ON c.id = o.customer_id
       WHERE o.branch_id = ${branchId} AND o.refund_date = ${day}::date AND o.refund_amount > 0
      UNION ALL
      SELECT 'Devolución', ${document}, o.id, o.order_number, o.refunded_at, 2, o.id,
             c.id, ${customerName}, 'Puntos', 'MXN', pts.points, pts.points, 0
        FROM ${sql.raw(table)} o LEFT JOIN customer c ON c.id = o.customer_id
        CROSS JOIN LATERAL (SELECT sum(p.amount_mxn) AS points FROM ${sql.raw(payments)} p
                             WHERE p.${sql.raw(key)} = o.id AND p.payment_method = 'Puntos') pts
       WHERE o.branch_id = ${branchId} AND o.refund_date = ${day}::date AND pts.points > 0`;
  const offset = (paging.page - 1) * paging.take;
  const rows = await queryRows<Row & { total: string }>(
    executor,
    sql`
      WITH counted AS (
        ${sale('orders', 'order_payment', 'order_id', 'order')}
        UNION ALL
        ${sale('cash_order', 'cash_order_payment', 'cash_order_id', 'cash-order')}
        UNION ALL
        ${refund('orders', 'order_payment', 'order_id', 'order')}
        UNION ALL
        ${refund('cash_order', 'cash_order_payment', 'cash_order_id', 'cash-order')}
      )
      SELECT type, document_type, document_id, number,
             to_char(at AT TIME ZONE ${zone}, 'HH24:MI') AS time, customer_id, customer_name,
             payment_method, currency, amount, amount_mxn, change_amount,
             count(*) OVER () AS total
        FROM counted
       ORDER BY at, document_type, document_id, part, row_id
       LIMIT ${sql.raw(String(paging.take))} OFFSET ${sql.raw(String(offset))}`,
  );
  let itemCount = rows.length > 0 ? Number(rows[0]!.total) : 0;
  // A page past the end carries no count: the first row's page does.
  if (rows.length === 0 && offset > 0)
    itemCount = (await dayPayments(executor, place, day, { page: 1, take: 1 })).meta.itemCount;
  return {
    items: rows.map((row) => ({
      type: row.type,
      documentType: row.document_type,
      documentId: row.document_id,
      folio: formatOrderNumber(row.document_type === 'order' ? 'order' : 'cashOrder', row.number),
      time: row.time,
      customer:
        row.customer_id === null ? null : { id: row.customer_id, name: row.customer_name ?? '' },
      paymentMethod: row.payment_method,
      currency: row.currency,
      amount: Number(row.amount),
      amountMxn: Number(row.amount_mxn),
      changeAmount: Number(row.change_amount),
    })),
    meta: listMeta(paging, itemCount),
  };
}
