import { and, asc, eq, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import {
  LOYALTY_SCALE_LABELS,
  MEMBERS_PERIOD_DAYS,
  loyaltyRange,
  loyaltyScaleFor,
  type LoyaltyScale,
  type LoyaltyThreshold,
} from '@clinica/domain';
import type { Executor } from '../../db/client';
import { loyaltyLevel, order } from '../../db/schema';
import { days } from '../../platform/clock';

/**
 * What a customer bought and when they last came, the one source of the level (CONTRACT §10):
 * the loyalty lists, the customer detail and the customer list all read it from here.
 *
 * A purchase is an order (`orders`) with paymentStatus 'paid'; it counts toward the level while
 * its paidAt is within the last 365 days (the instant 365 × 24 h ago included) and it is not
 * refunded (a refunded order counts 0). Cash orders (product sales) land in a later issue: they
 * join `paidOrders` and `lastVisitAt` then, and nothing else changes.
 */

/** An instant as a `timestamptz` parameter, whichever driver runs the query. */
export const instant = (at: Date) => sql`${at.toISOString()}::timestamptz`;

/** The first instant of the 365-day window that ends at `now`. */
export const purchasesWindowStart = (now: Date) =>
  new Date(now.getTime() - days(MEMBERS_PERIOD_DAYS));

/** The paid, unrefunded orders of one customer (a correlated column) since `since`. */
const countedOrders = (customerId: SQLWrapper, since: Date) =>
  sql`${order.customerId} = ${customerId} AND ${order.paymentStatus} = 'paid' AND ${order.refundedAt} IS NULL AND ${order.paidAt} >= ${instant(since)}`;

/** A customer (a correlated column) with a paid purchase since `since`: a member. */
export const boughtSince = (customerId: SQLWrapper, since: Date): SQL =>
  // A scalar subquery, not EXISTS: EXISTS is pulled up into a semi-join that may hash every paid
  // order of the year to test a page of customers; this one stays a probe of the customer's own
  // index entries, row by row.
  sql`(SELECT 1 FROM ${order} WHERE ${countedOrders(customerId, since)} LIMIT 1) IS NOT NULL`;

/**
 * The latest visit or purchase of a customer (a correlated column), null when they never came.
 * Today a visit is a paid order (refunded or not: they came); appointments join here when the
 * agenda lands (`GREATEST` of both), the one seam for "last visit or purchase".
 */
export const lastVisitAt = (customerId: SQLWrapper): SQL =>
  sql`(SELECT max(${order.paidAt}) FROM ${order} WHERE ${order.customerId} = ${customerId} AND ${order.paymentStatus} = 'paid')`;

/** Customers (a correlated column) whose paid purchases since `since` fall in [from, below). */
export function purchasesBetween(
  customerId: SQLWrapper,
  since: Date,
  from: number,
  below: number | null,
): SQL {
  const total = sql`(SELECT coalesce(sum(${order.total}), 0) FROM ${order} WHERE ${countedOrders(customerId, since)})`;
  return below === null
    ? sql`${total} >= ${from}`
    : from <= 0
      ? sql`${total} < ${below}`
      : sql`${total} >= ${from} AND ${total} < ${below}`;
}

/** The five levels in position order. */
export async function loyaltyLevels(
  executor: Executor,
): Promise<(LoyaltyThreshold & { id: number })[]> {
  const rows = await executor
    .select({
      id: loyaltyLevel.id,
      scale: loyaltyLevel.scale,
      minimum: loyaltyLevel.minimum,
      position: loyaltyLevel.position,
    })
    .from(loyaltyLevel)
    .orderBy(asc(loyaltyLevel.position));
  return rows.map((row) => ({ ...row, scale: row.scale as LoyaltyScale }));
}

/** The filter of a level: customers whose purchases fall in its range. */
export function atLevel(
  customerId: SQLWrapper,
  levels: LoyaltyThreshold[],
  scale: LoyaltyScale,
  now: Date,
): SQL {
  const { from, below } = loyaltyRange(levels, scale);
  return purchasesBetween(customerId, purchasesWindowStart(now), from, below);
}

export interface CustomerLoyalty {
  totalPurchases: number;
  loyaltyScale: LoyaltyScale;
  lastVisitAt: string | null;
}

/**
 * Each customer's purchases over 365 days, level and last visit, for a page of customers: one
 * aggregate over their orders (the (customer_id, created_at) index), never over all orders.
 */
export async function loyaltyOf(
  executor: Executor,
  customerIds: number[],
  now: Date,
): Promise<Map<number, CustomerLoyalty>> {
  const result = new Map<number, CustomerLoyalty>();
  if (customerIds.length === 0) return result;
  const since = purchasesWindowStart(now);
  const [levels, rows] = await Promise.all([
    loyaltyLevels(executor),
    executor
      .select({
        customerId: order.customerId,
        total: sql<string>`coalesce(sum(${order.total}) FILTER (WHERE ${order.refundedAt} IS NULL AND ${order.paidAt} >= ${instant(since)}), 0)`,
        // As ISO text in SQL: each driver parses a timestamptz its own way.
        last: sql<
          string | null
        >`to_char(max(${order.paidAt}) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
      })
      .from(order)
      .where(and(inArray(order.customerId, customerIds), eq(order.paymentStatus, 'paid')))
      .groupBy(order.customerId),
  ]);
  const byCustomer = new Map(rows.map((row) => [row.customerId, row]));
  for (const id of customerIds) {
    const row = byCustomer.get(id);
    const totalPurchases = row ? Number(row.total) : 0;
    result.set(id, {
      totalPurchases,
      loyaltyScale: loyaltyScaleFor(totalPurchases, levels),
      lastVisitAt: row?.last ?? null,
    });
  }
  return result;
}

/** A level's name for the audit log and the messages. */
export const levelLabel = (scale: LoyaltyScale) => LOYALTY_SCALE_LABELS[scale];
