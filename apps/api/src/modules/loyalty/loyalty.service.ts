import { eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  LOYALTY_SCALE_LABELS,
  MISS_YOU_PERIOD_DAYS,
  loyaltyRoutes,
  loyaltyThresholdError,
  type ListMeta,
  type LoyaltyCustomerRecord,
  type LoyaltyLevelRecord,
  type LoyaltyScale,
  type loyaltyLevelBody,
  type loyaltyListQuery,
} from '@clinica/domain';
import { customer, loyaltyLevel } from '../../db/schema';
import { audit, changesBetween } from '../../platform/audit';
import { days } from '../../platform/clock';
import { actorOf, type Context } from '../../platform/context';
import { invalid, notFound } from '../../platform/errors';
import { listPage, listSpec } from '../../platform/list';
import { customerSearch } from '../customers/customer-search';
import {
  atLevel,
  boughtSince,
  lastVisitAt,
  loyaltyLevels,
  loyaltyOf,
  instant,
  purchasesWindowStart,
} from '../customers/purchases';

/** The audit module of a threshold change (the resource key of spec 002 §6). */
export const LOYALTY_MODULE = 'loyalty_system';

function presentLevel(row: typeof loyaltyLevel.$inferSelect): LoyaltyLevelRecord {
  const scale = row.scale as LoyaltyScale;
  return {
    id: row.id,
    scale,
    label: LOYALTY_SCALE_LABELS[scale],
    minimum: row.minimum,
    position: row.position,
    updated_at: row.updatedAt.toISOString(),
  };
}

/** GET /loyalty-level: the five levels, bronze first. */
export async function listLevels(ctx: Context): Promise<LoyaltyLevelRecord[]> {
  const rows = await ctx.db.select().from(loyaltyLevel).orderBy(loyaltyLevel.position);
  return rows.map(presentLevel);
}

/**
 * PUT /loyalty-level/{id}/update: every level row is locked FOR UPDATE in position order before
 * the new minimum is checked against its neighbours, so two edits at once (silver up, gold down)
 * are checked one after the other and can never cross; the same order everywhere, so they never
 * deadlock. Audited with the minimum's before and after.
 */
export function updateLevel(
  ctx: Context,
  id: number,
  body: z.output<typeof loyaltyLevelBody>,
): Promise<LoyaltyLevelRecord> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const rows = await tx.select().from(loyaltyLevel).orderBy(loyaltyLevel.position).for('update');
    const before = rows.find((row) => row.id === id);
    if (!before) throw notFound(0);
    const levels = rows.map((row) => ({ ...row, scale: row.scale as LoyaltyScale }));
    const refusal = loyaltyThresholdError(levels, before.scale as LoyaltyScale, body.minimum);
    if (refusal) throw invalid({ field: 'minimum', message: refusal });
    if (Math.round(before.minimum * 100) === Math.round(body.minimum * 100))
      return presentLevel(before);
    const [after] = await tx
      .update(loyaltyLevel)
      .set({ minimum: body.minimum, updatedAt: now })
      .where(eq(loyaltyLevel.id, id))
      .returning();
    await audit(
      tx,
      actorOf(ctx),
      {
        module: LOYALTY_MODULE,
        action: 'update',
        recordId: id,
        changes: changesBetween({ minimum: before.minimum }, { minimum: after!.minimum }),
      },
      now,
    );
    return presentLevel(after!);
  });
}

/** The loyalty lists share the customers' sort and search columns (and their indexes). */
const spec = listSpec(loyaltyRoutes.system.list, {
  sortable: {
    customerId: customer.customerId,
    name: customer.name,
    lastName: customer.lastName,
    points: customer.points,
    cancellations: customer.cancellations,
  },
  searchable: {
    name: customerSearch.name,
    mobilePhone: customerSearch.mobilePhone,
    email: customerSearch.email,
    customerId: {
      match: (value) =>
        /^\d{1,9}$/.test(value) ? eq(customer.customerId, Number(value)) : sql`false`,
    },
  },
  active: customer.status,
  deletedAt: customer.deletedAt,
  tieBreaker: customer.id,
  // Members, we-miss-you and a level test each customer against their orders: past 5,000
  // estimated matches the planner's estimate stands in for the count and the page walks the sort's
  // index (matches are dense), instead of testing all 300,000; below it, the matches (a phone
  // searched) are counted and sorted. Measured on 300,000 customers and 2 M orders: 5–50 ms a page
  // (a cap of 1,000 left a phone search at 2 s, one of 20,000 a name search on members at 0.5 s).
  countCap: 5_000,
});

const columns = {
  id: customer.id,
  customerId: customer.customerId,
  name: customer.name,
  lastName: customer.lastName,
  motherLastName: customer.motherLastName,
  mobilePhone: customer.mobilePhone,
  email: customer.email,
  gender: customer.gender,
  points: customer.points,
  cancellations: customer.cancellations,
};
interface Row {
  id: number;
  customerId: number;
  name: string;
  lastName: string;
  motherLastName: string | null;
  mobilePhone: string | null;
  email: string | null;
  gender: string | null;
  points: number;
  cancellations: number;
}

/** Which customers a loyalty list holds, besides its level filter. */
type Which = 'all' | 'members' | 'missYou';

function whichFilter(which: Which, now: Date): SQL | undefined {
  if (which === 'members') return boughtSince(customer.id, purchasesWindowStart(now));
  // Customers who never came (no purchase, no visit) are not in we-miss-you: it is for those who
  // came and stopped coming; a registration alone is no visit to miss.
  if (which === 'missYou')
    return sql`${lastVisitAt(customer.id)} < ${instant(new Date(now.getTime() - days(MISS_YOU_PERIOD_DAYS)))}`;
  return undefined;
}

/** A page of customers with their level, purchases over 365 days and last visit. */
async function loyaltyList(
  ctx: Context,
  which: Which,
  query: z.output<typeof loyaltyListQuery>,
): Promise<{ items: LoyaltyCustomerRecord[]; meta: ListMeta }> {
  const now = ctx.clock.now();
  const filters: (SQL | undefined)[] = [whichFilter(which, now)];
  if (query.loyaltyScale)
    filters.push(atLevel(customer.id, await loyaltyLevels(ctx.db), query.loyaltyScale, now));
  const page = await listPage<typeof columns, Row>(ctx, spec, query, {
    columns,
    from: (select) => select.from(customer).$dynamic(),
    filters,
  });
  const loyalty = await loyaltyOf(
    ctx.db,
    page.items.map((row) => row.id),
    now,
  );
  return {
    meta: page.meta,
    items: page.items.map((row) => ({
      ...row,
      gender: row.gender as LoyaltyCustomerRecord['gender'],
      ...loyalty.get(row.id)!,
    })),
  };
}

export const loyaltySystem = (ctx: Context, query: z.output<typeof loyaltyListQuery>) =>
  loyaltyList(ctx, 'all', query);
export const members = (ctx: Context, query: z.output<typeof loyaltyListQuery>) =>
  loyaltyList(ctx, 'members', query);
export const missYou = (ctx: Context, query: z.output<typeof loyaltyListQuery>) =>
  loyaltyList(ctx, 'missYou', query);
