import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  CLOSING_MONEY_FIELDS,
  ORDER_PREFIXES,
  type dailyCashClosingsReportQuery,
} from '@clinica/domain';
import { queryRows } from '../../db/client';
import { branch, dailyCashClosing, user } from '../../db/schema';
import type { Context } from '../../platform/context';
import { daysBetween, reportBranchOf, whereOf } from './activity-scope';

/**
 * GET /report/daily-cash-closings (CONTRACT §14): the closings of the period as §12 records them
 * (the record `/daily-cash-closing/{id}` answers, without its payments), by day and branch name;
 * `totals` adds every figure, count, counted amount and difference (and the products' figures).
 * The rate and the identifiers are not summed.
 *
 * A year of the chain is about 18,000 closings, 21 MB of JSON: PostgreSQL writes the whole answer
 * as one JSON text (`serveJson`), so the rows are neither parsed into objects nor written again,
 * each record joined from the text its closing keeps (`record_json`, migration 0037: a closing
 * never changes), and the sums are the database's exact `numeric` ones. `money-closings.test.ts` checks the text
 * against the route's schema and against the closings module's own records.
 */

const FIGURES = [
  ...CLOSING_MONEY_FIELDS,
  'ordersCount',
  'cashOrdersCount',
  'refundsCount',
] as const;
const COUNTED = ['countedCash', 'countedCashDollars', 'difference', 'differenceDollars'] as const;

const column = (field: keyof typeof dailyCashClosing.$inferSelect): SQL =>
  sql`${dailyCashClosing[field]}`;
const pairs = (entries: [string, SQL][]) =>
  sql.join(
    entries.map(([key, value]) => sql`${sql.raw(`'${key}'`)}, ${value}`),
    sql`, `,
  );

const number = dailyCashClosing.number;
const folioDigits = sql`CASE WHEN ${number} < 1000000 THEN lpad(${number}::text, 6, '0') ELSE ${number}::text END`;
/**
 * A closing's record: its id, number, folio, branch and user (whose names may change since) written
 * here, then the rest, `date` to `created_at`, as the trigger of migration 0037 kept it when the
 * closing was made (`record_json`, a JSON object whose `{` is dropped to continue this one).
 */
const record = sql`'{"id":' || ${dailyCashClosing.id} || ',"number":' || ${number}
  || ',"folio":"' || ${`${ORDER_PREFIXES.cashClosing}-`} || ${folioDigits}
  || '","branch":{"id":' || ${branch.id} || ',"name":' || to_json(${branch.name})::text
  || '},"user":{"id":' || ${user.id}
  || ',"name":' || to_json(concat_ws(' ', ${user.name}, ${user.lastName}))::text
  || '},' || substr(${dailyCashClosing.recordJson}, 2)`;

const sum = (value: SQL) => sql`coalesce(sum(${value}), 0)`;
/** The products' figure, from the jsonb's number itself (no text on the way). */
const productsFigure = (field: string) =>
  sql`(${dailyCashClosing.products}->${sql.raw(`'${field}'`)})::numeric`;
const totals = sql`json_build_object(${pairs([
  ...FIGURES.map((field): [string, SQL] => [field, sum(column(field))]),
  [
    'products',
    sql`json_build_object(${pairs(FIGURES.map((field) => [field, sum(productsFigure(field))]))})`,
  ],
  ...COUNTED.map((field): [string, SQL] => [field, sum(column(field))]),
])})`;

/** The report's `data` as JSON text: `{ items, totals }`. */
export async function dailyCashClosingsJson(
  ctx: Context,
  query: z.output<typeof dailyCashClosingsReportQuery>,
): Promise<string> {
  const branchId = reportBranchOf(ctx.session, query.branchId);
  const where = [
    ...(branchId === null ? [] : [sql`${dailyCashClosing.branchId} = ${branchId}`]),
    ...daysBetween(sql`${dailyCashClosing.date}`, query.startDate, query.endDate),
  ];
  // The records and the sums are two statements, run at once on two of the pool's connections
  // (one after the other on the embedded database): the sums read every closing's `products`
  // again, about a third of the time of the records' text at scale.
  const [[items], [sums]] = await Promise.all([
    queryRows<{ json: string }>(
      ctx.db,
      sql`SELECT coalesce(string_agg(${record}, ',' ORDER BY ${dailyCashClosing.date}, ${branch.name}, ${dailyCashClosing.id}), '') AS json
            FROM ${dailyCashClosing}
            JOIN ${branch} ON ${branch.id} = ${dailyCashClosing.branchId}
            JOIN ${user} ON ${user.id} = ${dailyCashClosing.userId}
           WHERE ${whereOf(where)}`,
    ),
    queryRows<{ json: string }>(
      ctx.db,
      sql`SELECT ${totals}::text AS json FROM ${dailyCashClosing} WHERE ${whereOf(where)}`,
    ),
  ]);
  return `{"items":[${items!.json}],"totals":${sums!.json}}`;
}
