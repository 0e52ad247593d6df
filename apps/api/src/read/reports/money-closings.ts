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
 * A year of the chain is about 18,000 closings, 19 MB of JSON: PostgreSQL writes the whole answer
 * as one JSON text (`serveJson`), so the rows are neither parsed into objects nor written again,
 * and the sums are the database's exact `numeric` ones. `money-closings.test.ts` checks the text
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
 * The record's fields as the columns of a row (`json_agg` of a row writes it compactly, as
 * `row_to_json` does); amounts as `float8`, whose shortest text is the stored 2-decimal amount
 * (`1234.5`, as JavaScript writes it), while `totals` sum the exact `numeric` columns.
 */
const amount = (field: keyof typeof dailyCashClosing.$inferSelect): SQL =>
  sql`${dailyCashClosing[field]}::float8`;
const recordColumns: [string, SQL][] = [
  ['id', column('id')],
  ['number', column('number')],
  ['folio', sql`${`${ORDER_PREFIXES.cashClosing}-`} || ${folioDigits}`],
  ['branch', sql`json_build_object('id', ${branch.id}, 'name', ${branch.name})`],
  [
    'user',
    sql`json_build_object('id', ${user.id}, 'name', concat_ws(' ', ${user.name}, ${user.lastName}))`,
  ],
  ['date', column('date')],
  ...FIGURES.map((field): [string, SQL] => [field, amount(field)]),
  ['exchangeRate', amount('exchangeRate')],
  ['products', column('products')],
  ...COUNTED.map((field): [string, SQL] => [field, amount(field)]),
  ['comments', column('comments')],
  [
    'created_at',
    sql`to_char(${dailyCashClosing.createdAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
  ],
];
const record = sql.join(
  recordColumns.map(([key, value]) => sql`${value} AS ${sql.identifier(key)}`),
  sql`, `,
);

const sum = (value: SQL) => sql`coalesce(sum(${value}), 0)`;
const totals = sql`json_build_object(${pairs([
  ...FIGURES.map((field): [string, SQL] => [field, sum(column(field))]),
  [
    'products',
    sql`json_build_object(${pairs(
      FIGURES.map((field) => [
        field,
        sum(sql`(${dailyCashClosing.products}->>${sql.raw(`'${field}'`)})::numeric`),
      ]),
    )})`,
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
  const [row] = await queryRows<{ json: string }>(
    ctx.db,
    sql`SELECT '{"items":' || coalesce(json_agg(rec ORDER BY ${dailyCashClosing.date}, ${branch.name}, ${dailyCashClosing.id}), '[]')::text
                || ',"totals":' || ${totals}::text || '}' AS json
          FROM ${dailyCashClosing}
          JOIN ${branch} ON ${branch.id} = ${dailyCashClosing.branchId}
          JOIN ${user} ON ${user.id} = ${dailyCashClosing.userId}
         CROSS JOIN LATERAL (SELECT ${record}) rec
         WHERE ${whereOf(where)}`,
  );
  return row!.json;
}
