import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { COMMISSION_LIST, type ListMeta, type ListQuery } from '@clinica/domain';
import { queryRows, type Executor } from '../../db/client';
import { branch, kardex, user } from '../../db/schema';
import { listMeta, listSpec, planList, type ListPlan } from '../../platform/list';
import { payeeSearch } from './commission-scope';

/**
 * The lists of CONTRACT §12 "Commissions": one row per person paid, summed in one statement
 * (grouped by the payee, then the page's people joined to their names), and the pages of one
 * person's rows. Both take the same conditions, so a list's sums are those of its details.
 */

/** The person columns every list row carries. */
export interface PayeeRow {
  user_id: number;
  count: number;
  name: string;
  last_name: string;
  mother_last_name: string | null;
  employee_number: string | null;
}

/** The list's sort and search fields, for a commission table whose payee column is `payee`. */
export function payeeListSpec(payee: PgColumn) {
  return listSpec(COMMISSION_LIST, {
    sortable: {
      total: sql`g.total`,
      count: sql`g.count`,
      employeeNumber: sql`k.employee_number`,
      name: sql`u.name`,
      lastName: sql`u.last_name`,
    },
    searchable: payeeSearch(payee),
    tieBreaker: sql`g.user_id`,
  });
}

const literal = (value: number) => sql.raw(String(Math.trunc(value)));

/**
 * One page of people with their sums: `sums` are the aggregate columns (`sum(fee) AS total`, …)
 * over `from` filtered by `conditions` and the list query's search, grouped by `payee`.
 */
export async function payeeTotals<T extends PayeeRow>(
  executor: Executor,
  source: {
    spec: ReturnType<typeof payeeListSpec>;
    payee: PgColumn;
    from: SQL;
    sums: SQL;
    conditions: SQL[];
  },
  query: ListQuery,
): Promise<{ items: T[]; meta: ListMeta }> {
  const plan = planList(source.spec, query, ...source.conditions);
  const where = plan.where ?? sql`true`;
  const rows = await queryRows<T & { total_rows: number }>(
    executor,
    sql`
    SELECT g.*, u.name, u.last_name, u.mother_last_name, k.employee_number,
           count(*) OVER ()::int AS total_rows
    FROM (SELECT ${source.payee} AS user_id, count(*)::int AS count, ${source.sums}
          FROM ${source.from} WHERE ${where} GROUP BY ${source.payee}) g
    JOIN ${user} u ON u.id = g.user_id
    LEFT JOIN ${kardex} k ON k.user_id = g.user_id
    ORDER BY ${sql.join(plan.orderBy, sql`, `)}
    LIMIT ${literal(plan.limit)} OFFSET ${literal(plan.offset)}`,
  );
  const itemCount =
    rows.length > 0
      ? Number(rows[0]!.total_rows)
      : plan.offset === 0
        ? 0
        : await countOf(executor, sql`count(DISTINCT ${source.payee})`, source.from, where);
  return { items: rows, meta: listMeta(plan, itemCount) };
}

/** The person and branch columns of a sum per branch and payee. */
export interface BranchPayeeRow {
  branch_id: number;
  branch_name: string;
  user_id: number;
  name: string;
  last_name: string;
  mother_last_name: string | null;
  employee_number: string | null;
}

/**
 * The sums of the rows `from` holds under `conditions`, one per branch and person paid (the fees
 * reports of CONTRACT §14), with no paging: the same conditions as the lists and the details, so
 * a branch's sums are those of its rows. Ordered by branch name, then the person's name.
 */
export async function branchPayeeTotals<T extends BranchPayeeRow>(
  executor: Executor,
  source: { payee: PgColumn; branch: PgColumn; from: SQL; sums: SQL; conditions: SQL[] },
): Promise<T[]> {
  const where = source.conditions.length > 0 ? sql.join(source.conditions, sql` AND `) : sql`true`;
  return queryRows<T>(
    executor,
    sql`
    SELECT g.*, b.name AS branch_name, u.name, u.last_name, u.mother_last_name, k.employee_number
    FROM (SELECT ${source.branch} AS branch_id, ${source.payee} AS user_id, ${source.sums}
          FROM ${source.from} WHERE ${where} GROUP BY ${source.branch}, ${source.payee}) g
    JOIN ${branch} b ON b.id = g.branch_id
    JOIN ${user} u ON u.id = g.user_id
    LEFT JOIN ${kardex} k ON k.user_id = g.user_id
    ORDER BY b.name, b.id, u.name, u.last_name, u.id`,
  );
}

/** A detail page's rows read by `select`, with the plan's paging. */
export async function detailPage<T>(
  executor: Executor,
  plan: ListPlan,
  read: (paging: SQL) => SQL,
  count: () => Promise<number>,
): Promise<{ items: T[]; meta: ListMeta }> {
  const rows = await queryRows<T & { total_rows: number }>(
    executor,
    read(sql`LIMIT ${literal(plan.limit)} OFFSET ${literal(plan.offset)}`),
  );
  const itemCount =
    rows.length > 0 ? Number(rows[0]!.total_rows) : plan.offset === 0 ? 0 : await count();
  return { items: rows, meta: listMeta(plan, itemCount) };
}

export async function countOf(executor: Executor, counted: SQL, from: SQL, where: SQL) {
  const [row] = await queryRows<{ n: number }>(
    executor,
    sql`SELECT ${counted}::int AS n FROM ${from} WHERE ${where}`,
  );
  return Number(row?.n ?? 0);
}

/** The person columns of a list row, as the answer names them. */
export function payeeOf(row: PayeeRow) {
  const employeeNumber = row.employee_number;
  return {
    userId: Number(row.user_id),
    user: {
      id: Number(row.user_id),
      name: row.name,
      lastName: row.last_name,
      motherLastName: row.mother_last_name,
      kardex: employeeNumber === null ? null : { employeeNumber },
    },
    employeeNumber,
    name: row.name,
    lastName: row.last_name,
    motherLastName: row.mother_last_name,
    count: Number(row.count),
  };
}
