import { sql } from 'drizzle-orm';
import {
  DAY_MONEY_COLUMNS,
  POINTS_METHOD,
  dayMoneyDelta,
  type ClosingDocument,
  type ClosingPaymentInput,
  type DayMoneyCents,
  type MoneyChannel,
  type OrderCurrency,
} from '@clinica/domain';
import { queryRows, type Executor, type Tx } from '../../db/client';
import { branchDayMoney } from '../../db/schema';

/**
 * The writer of the money reports' read model (`branch_day_money`, CONTRACT §14; design in
 * `src/read/reports/README.md`, "Money reports"). Every sale (paid point-of-sale order, settled
 * app or online order, counter sale) and every refund calls `countSale` / `countRefund` inside its
 * own transaction, after its rows are written: the document is read back and the domain's
 * `dayMoneyDelta` (the closing's own arithmetic over that one document) is added to its
 * branch-day by one upsert, `col = col + excluded.col`, which PostgreSQL applies under the row's
 * lock, so concurrent sales of one branch-day add up instead of overwriting each other. It lives
 * in `orders` because cash orders (the layer above) and the closings may import it.
 */

interface DocumentRow {
  branch_id: number;
  origin: string;
  paid_date: string | null;
  change_amount: string;
  refund_date: string | null;
  refund_method: string | null;
  refund_amount: string | null;
  method: string | null;
  currency: OrderCurrency | null;
  amount: string | null;
  amount_mxn: string | null;
}

async function readDocument(tx: Tx, document: ClosingDocument, id: number) {
  const rows = await queryRows<DocumentRow>(
    tx,
    document === 'order'
      ? sql`SELECT o.branch_id, o.origin, o.paid_date::text, o.change_amount, o.refund_date::text,
                   o.refund_method, o.refund_amount, p.payment_method AS method, p.currency,
                   p.amount, p.amount_mxn
              FROM orders o LEFT JOIN order_payment p ON p.order_id = o.id
             WHERE o.id = ${id}`
      : sql`SELECT o.branch_id, 'cash-order' AS origin, o.paid_date::text, o.change_amount,
                   o.refund_date::text, o.refund_method, o.refund_amount,
                   p.payment_method AS method, p.currency, p.amount, p.amount_mxn
              FROM cash_order o LEFT JOIN cash_order_payment p ON p.cash_order_id = o.id
             WHERE o.id = ${id}`,
  );
  const head = rows[0];
  if (!head) throw new Error(`No existe el documento ${document} ${id}`);
  const payments: ClosingPaymentInput[] = rows
    .filter((row) => row.method !== null)
    .map((row) => ({
      document,
      paymentMethod: row.method!,
      currency: row.currency!,
      amount: Number(row.amount),
      amountMxn: Number(row.amount_mxn),
    }));
  return { head, channel: head.origin as MoneyChannel, payments };
}

const snake = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/** Adds cents to a branch-day (creating its row): one upsert, additive under the row lock. */
export async function addToBranchDay(
  executor: Executor,
  branchId: number,
  day: string,
  delta: DayMoneyCents,
): Promise<void> {
  if (DAY_MONEY_COLUMNS.every((column) => delta[column] === 0)) return;
  const set = Object.fromEntries(
    DAY_MONEY_COLUMNS.map((column) => [
      column,
      sql`${branchDayMoney[column]} + excluded.${sql.identifier(snake(column))}`,
    ]),
  );
  await executor
    .insert(branchDayMoney)
    .values({ branchId, day, ...delta })
    .onConflictDoUpdate({ target: [branchDayMoney.branchId, branchDayMoney.day], set });
}

/** A sale just paid (its `paid_date` set): its payments less its change, on its paid day. */
export async function countSale(tx: Tx, document: ClosingDocument, id: number): Promise<void> {
  const { head, channel, payments } = await readDocument(tx, document, id);
  if (head.paid_date === null) throw new Error(`El documento ${document} ${id} no está pagado`);
  const sale = { document, changeAmount: Number(head.change_amount), count: 1 };
  await addToBranchDay(
    tx,
    head.branch_id,
    head.paid_date,
    dayMoneyDelta(channel, payments, [sale], []),
  );
}

/** A refund just made: its amount by its method and the points it returned, on its own day. */
export async function countRefund(tx: Tx, document: ClosingDocument, id: number): Promise<void> {
  const { head, channel, payments } = await readDocument(tx, document, id);
  if (head.refund_date === null) throw new Error(`El documento ${document} ${id} no está devuelto`);
  const pointsCents = payments
    .filter((payment) => payment.paymentMethod === POINTS_METHOD)
    .reduce((sum, payment) => sum + Math.round(payment.amountMxn * 100), 0);
  const refund = {
    document,
    refundMethod: head.refund_method!,
    refundAmount: Number(head.refund_amount ?? 0),
    pointsPaid: pointsCents / 100,
    count: 1,
  };
  await addToBranchDay(
    tx,
    head.branch_id,
    head.refund_date,
    dayMoneyDelta(channel, [], [], [refund]),
  );
}
