import { and, eq, getTableColumns, gte, lte, sql } from 'drizzle-orm';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { z } from 'zod';
import {
  cashClosingRoutes,
  CLOSING_MONEY_FIELDS,
  closingFolio,
  NotFound,
  parseOrderNumber,
  type ClosingDetail,
  type ClosingMoney,
  type ClosingRecord,
  type closingPaymentsQuery,
  type closingQuery,
} from '@clinica/domain';
import type { Executor } from '../../db/client';
import { branch, dailyCashClosing, user } from '../../db/schema';
import type { Context } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { listPage, listSpec, type FromClause } from '../../platform/list';
import { inScope } from '../../platform/write';
import { dayPayments } from './cash-closing-payments';

/**
 * Reading closings (CONTRACT §12): the two lists (`/daily-cash-closing`, and
 * `/daily-cash-closing-cash` with each money field taken from `products`), the detail with the
 * page of payments it counted. A role fixed to its branch sees only its branch (404 code 26).
 */

const { products: _products, ...closingColumns } = getTableColumns(dailyCashClosing);
const columns = {
  ...closingColumns,
  products: dailyCashClosing.products,
  branchName: branch.name,
  branchZone: branch.zone,
  userName: sql<string>`concat_ws(' ', ${user.name}, ${user.lastName})`,
};

const from: FromClause = (select) =>
  select
    .from(dailyCashClosing)
    .innerJoin(branch, eq(branch.id, dailyCashClosing.branchId))
    .innerJoin(user, eq(user.id, dailyCashClosing.userId))
    .$dynamic();

type Row = SelectResultFields<typeof columns>;

const spec = listSpec(cashClosingRoutes.list.list, {
  sortable: {
    date: dailyCashClosing.date,
    number: dailyCashClosing.number,
    total: dailyCashClosing.total,
    branch: branch.name,
    created_at: dailyCashClosing.createdAt,
  },
  searchable: {
    number: {
      match: (value: string) => {
        const number = parseOrderNumber('cashClosing', value);
        return number === null ? sql`false` : eq(dailyCashClosing.number, number);
      },
    },
  },
  tieBreaker: dailyCashClosing.id,
  branch: dailyCashClosing.branchId,
});

const nullable = (value: number | string | null) => (value === null ? null : Number(value));

/** A stored row as the contract's record; `cashOnly` takes each money field from `products`. */
export function recordOf(row: Row, cashOnly = false): ClosingRecord {
  const figures = Object.fromEntries(
    [...CLOSING_MONEY_FIELDS, 'ordersCount', 'cashOrdersCount', 'refundsCount'].map((field) => [
      field,
      Number(row[field as keyof Row]),
    ]),
  ) as unknown as ClosingMoney;
  return {
    id: row.id,
    number: row.number,
    folio: closingFolio(row.number),
    branch: { id: row.branchId, name: row.branchName },
    user: { id: row.userId, name: row.userName },
    date: row.date,
    ...figures,
    ...(cashOnly ? row.products : {}),
    exchangeRate: Number(row.exchangeRate),
    products: row.products,
    countedCash: nullable(row.countedCash),
    countedCashDollars: nullable(row.countedCashDollars),
    difference: nullable(row.difference),
    differenceDollars: nullable(row.differenceDollars),
    comments: row.comments,
    created_at: row.createdAt.toISOString(),
  };
}

async function listClosings(ctx: Context, query: z.output<typeof closingQuery>, cashOnly: boolean) {
  const page = await listPage<typeof columns, Row>(ctx, spec, query, {
    columns,
    from,
    filters: [
      query.branchId ? eq(dailyCashClosing.branchId, query.branchId) : undefined,
      query.startDate ? gte(dailyCashClosing.date, query.startDate) : undefined,
      query.endDate ? lte(dailyCashClosing.date, query.endDate) : undefined,
    ],
  });
  return { meta: page.meta, items: page.items.map((row) => recordOf(row, cashOnly)) };
}

/** GET /daily-cash-closing. */
export const listCashClosings = (ctx: Context, query: z.output<typeof closingQuery>) =>
  listClosings(ctx, query, false);

/** GET /daily-cash-closing-cash: the same records with the cash orders' figures. */
export const listCashOnlyClosings = (ctx: Context, query: z.output<typeof closingQuery>) =>
  listClosings(ctx, query, true);

/** One closing the caller may reach, with its branch's zone; 404 code 26 otherwise. */
export async function readClosingRow(
  executor: Executor,
  ctx: Pick<Context, 'session'>,
  where: { id: number } | { branchId: number; date: string },
): Promise<Row> {
  const [row] = await from(executor.select(columns) as never)
    .where(
      and(
        'id' in where
          ? eq(dailyCashClosing.id, where.id)
          : and(
              eq(dailyCashClosing.branchId, where.branchId),
              eq(dailyCashClosing.date, where.date),
            ),
        inScope(ctx.session, dailyCashClosing.branchId),
      ),
    )
    .limit(1);
  if (!row) throw notFound(NotFound.cashClosing);
  return row as Row;
}

/** GET /daily-cash-closing/{id}: the record and the page of payments it counted. */
export async function getCashClosing(
  ctx: Context,
  id: number,
  paging: z.output<typeof closingPaymentsQuery>,
): Promise<ClosingDetail> {
  const row = await readClosingRow(ctx.db, ctx, { id });
  const payments = await dayPayments(
    ctx.db,
    { branchId: row.branchId, zone: row.branchZone },
    row.date,
    paging,
  );
  return { ...recordOf(row), payments };
}

/**
 * Every closing of a branch (or all, `null`) between two days (both included, either open), as
 * records, by day and branch name (GET /report/daily-cash-closings).
 */
export async function closingRecordsBetween(
  executor: Executor,
  filters: { branchId: number | null; startDate?: string; endDate?: string },
): Promise<ClosingRecord[]> {
  const rows = await from(executor.select(columns) as never)
    .where(
      and(
        filters.branchId === null ? undefined : eq(dailyCashClosing.branchId, filters.branchId),
        filters.startDate ? gte(dailyCashClosing.date, filters.startDate) : undefined,
        filters.endDate ? lte(dailyCashClosing.date, filters.endDate) : undefined,
      ),
    )
    .orderBy(dailyCashClosing.date, branch.name, dailyCashClosing.id);
  return (rows as Row[]).map((row) => recordOf(row));
}
