import { sql } from 'drizzle-orm';
import {
  closingFigures,
  POINTS_METHOD,
  type ClosingDocument,
  type ClosingMoney,
  type ClosingPaymentInput,
  type ClosingRefundInput,
  type ClosingSaleInput,
  type OrderCurrency,
} from '@clinica/domain';
import { queryRows, type Executor } from '../../db/client';

/**
 * The figures of a branch-day (CONTRACT §12): one statement sums the day's payments by document,
 * method and currency, the change and count of its sales, and its refunds by method with the
 * points they paid, from the `(branch_id, paid_date)` and `(branch_id, refund_date)` indexes of
 * orders and cash orders; the domain's `closingFigures` does the arithmetic in whole cents, over
 * everything and over the cash orders alone (`products`).
 */

interface Row {
  kind: 'payment' | 'sale' | 'refund';
  document: ClosingDocument;
  method: string | null;
  currency: OrderCurrency | null;
  amount: string;
  amount_mxn: string;
  points: string;
  n: string;
}

export interface DayFigures {
  figures: ClosingMoney;
  products: ClosingMoney;
}

export async function dayFigures(
  executor: Executor,
  branchId: number,
  day: string,
): Promise<DayFigures> {
  const rows = await queryRows<Row>(
    executor,
    sql`
      SELECT 'payment' AS kind, 'order' AS document, p.payment_method AS method, p.currency,
             sum(p.amount) AS amount, sum(p.amount_mxn) AS amount_mxn, 0 AS points, count(*) AS n
        FROM orders o JOIN order_payment p ON p.order_id = o.id
       WHERE o.branch_id = ${branchId} AND o.paid_date = ${day}::date
       GROUP BY p.payment_method, p.currency
      UNION ALL
      SELECT 'payment', 'cash-order', p.payment_method, p.currency,
             sum(p.amount), sum(p.amount_mxn), 0, count(*)
        FROM cash_order o JOIN cash_order_payment p ON p.cash_order_id = o.id
       WHERE o.branch_id = ${branchId} AND o.paid_date = ${day}::date
       GROUP BY p.payment_method, p.currency
      UNION ALL
      SELECT 'sale', 'order', NULL, NULL, sum(o.change_amount), 0, 0, count(*)
        FROM orders o WHERE o.branch_id = ${branchId} AND o.paid_date = ${day}::date
      UNION ALL
      SELECT 'sale', 'cash-order', NULL, NULL, sum(o.change_amount), 0, 0, count(*)
        FROM cash_order o WHERE o.branch_id = ${branchId} AND o.paid_date = ${day}::date
      UNION ALL
      SELECT 'refund', 'order', o.refund_method, NULL, sum(o.refund_amount), 0,
             coalesce(sum((SELECT sum(p.amount_mxn) FROM order_payment p
                            WHERE p.order_id = o.id AND p.payment_method = ${POINTS_METHOD})), 0),
             count(*)
        FROM orders o WHERE o.branch_id = ${branchId} AND o.refund_date = ${day}::date
       GROUP BY o.refund_method
      UNION ALL
      SELECT 'refund', 'cash-order', o.refund_method, NULL, sum(o.refund_amount), 0,
             coalesce(sum((SELECT sum(p.amount_mxn) FROM cash_order_payment p
                            WHERE p.cash_order_id = o.id AND p.payment_method = ${POINTS_METHOD})), 0),
             count(*)
        FROM cash_order o WHERE o.branch_id = ${branchId} AND o.refund_date = ${day}::date
       GROUP BY o.refund_method`,
  );
  const payments: ClosingPaymentInput[] = [];
  const sales: ClosingSaleInput[] = [];
  const refunds: ClosingRefundInput[] = [];
  for (const row of rows) {
    const count = Number(row.n);
    if (row.kind === 'payment')
      payments.push({
        document: row.document,
        paymentMethod: row.method!,
        currency: row.currency!,
        amount: Number(row.amount),
        amountMxn: Number(row.amount_mxn),
      });
    else if (row.kind === 'sale') {
      if (count > 0)
        sales.push({ document: row.document, changeAmount: Number(row.amount ?? 0), count });
    } else
      refunds.push({
        document: row.document,
        refundMethod: row.method!,
        refundAmount: Number(row.amount ?? 0),
        pointsPaid: Number(row.points),
        count,
      });
  }
  const products = (item: { document: ClosingDocument }) => item.document === 'cash-order';
  return {
    figures: closingFigures(payments, sales, refunds),
    products: closingFigures(
      payments.filter(products),
      sales.filter(products),
      refunds.filter(products),
    ),
  };
}
