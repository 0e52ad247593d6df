import { and, desc, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  cashOrderRoutes,
  parseOrderNumber,
  type CustomerCashOrder,
  type cashOrderQuery,
} from '@clinica/domain';
import type { Executor } from '../../db/client';
import { branch, cashOrder, cashOrderPayment, customer } from '../../db/schema';
import { customerSearch } from '../customers/customer-search';
import type { Context } from '../../platform/context';
import { listPage, listSpec } from '../../platform/list';
import { cashFolioOf, fromCashOrders, headColumns, summaryOf, type Head } from './cash-order-read';

/**
 * GET /cash-order and a customer's cash orders (CONTRACT §12). The first page comes from the
 * `(created_at, id)` and `(branch_id, created_at, id)` indexes; the search reads the customers'
 * name fold first, as the orders' list does.
 */

const spec = listSpec(cashOrderRoutes.list.list, {
  sortable: {
    orderNumber: cashOrder.orderNumber,
    total: cashOrder.total,
    branch: branch.name,
    paidAt: cashOrder.paidAt,
    created_at: cashOrder.createdAt,
  },
  searchable: {
    orderNumber: {
      match: (value: string) => {
        const number = parseOrderNumber('cashOrder', value);
        return number === null ? sql`false` : eq(cashOrder.orderNumber, number);
      },
    },
    customer: {
      match: (value: string) =>
        sql`${cashOrder.customerId} = ANY(ARRAY(SELECT ${customer.id} FROM ${customer} WHERE ${customerSearch.name.match(value)}))`,
    },
  },
  tieBreaker: cashOrder.id,
  branch: cashOrder.branchId,
  countCap: 2_000,
});

function createdWithin(from: string | undefined, to: string | undefined): SQL[] {
  const conditions: SQL[] = [];
  if (from)
    conditions.push(
      sql`${cashOrder.createdAt} >= ((${from}::date - 1)::timestamp AT TIME ZONE 'UTC')`,
      sql`${cashOrder.createdAt} >= (${from}::date::timestamp AT TIME ZONE ${branch.zone})`,
    );
  if (to)
    conditions.push(
      sql`${cashOrder.createdAt} < ((${to}::date + 2)::timestamp AT TIME ZONE 'UTC')`,
      sql`${cashOrder.createdAt} < ((${to}::date + 1)::timestamp AT TIME ZONE ${branch.zone})`,
    );
  return conditions;
}

/** GET /cash-order (CONTRACT §12): the orders' filters, without the channel. */
export async function listCashOrders(ctx: Context, query: z.output<typeof cashOrderQuery>) {
  const methods = query.paymentMethod ?? [];
  const page = await listPage<typeof headColumns, Head>(ctx, spec, query, {
    columns: headColumns,
    from: fromCashOrders,
    filters: [
      query.branchId ? eq(cashOrder.branchId, query.branchId) : undefined,
      query.customerId ? eq(cashOrder.customerId, query.customerId) : undefined,
      query.paymentStatus ? eq(cashOrder.paymentStatus, query.paymentStatus) : undefined,
      query.paidDate ? eq(cashOrder.paidDate, query.paidDate) : undefined,
      query.refundDate
        ? and(isNotNull(cashOrder.refundDate), eq(cashOrder.refundDate, query.refundDate))
        : undefined,
      methods.length > 0
        ? sql`EXISTS (SELECT 1 FROM ${cashOrderPayment} WHERE ${cashOrderPayment.cashOrderId} = ${cashOrder.id} AND ${inArray(cashOrderPayment.paymentMethod, methods)})`
        : undefined,
      ...createdWithin(query.startDate, query.endDate),
    ],
  });
  return { meta: page.meta, items: page.items.map(summaryOf) };
}

/** A customer's cash orders, latest first: those of `branchId`, or of every branch when null. */
export async function cashOrdersOfCustomer(
  executor: Executor,
  customerId: number,
  branchId: number | null,
): Promise<CustomerCashOrder[]> {
  const rows = await executor
    .select({
      id: cashOrder.id,
      orderNumber: cashOrder.orderNumber,
      total: cashOrder.total,
      points: cashOrder.points,
      createdAt: cashOrder.createdAt,
      refundedAt: cashOrder.refundedAt,
      paymentMethod: cashOrder.paymentMethod,
      branchId: branch.id,
      branchName: branch.name,
    })
    .from(cashOrder)
    .innerJoin(branch, eq(branch.id, cashOrder.branchId))
    .where(
      and(
        eq(cashOrder.customerId, customerId),
        branchId === null ? undefined : eq(cashOrder.branchId, branchId),
      ),
    )
    .orderBy(desc(cashOrder.createdAt), desc(cashOrder.id));
  return rows.map((row) => ({
    id: row.id,
    orderNumber: cashFolioOf(row.orderNumber),
    total: Number(row.total),
    points: row.points,
    created_at: row.createdAt.toISOString(),
    refundedAt: row.refundedAt?.toISOString() ?? null,
    paymentMethod: row.paymentMethod,
    branch: { id: row.branchId, name: row.branchName },
  }));
}
