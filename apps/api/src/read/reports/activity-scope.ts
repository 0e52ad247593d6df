import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client';
import { branch } from '../../db/schema';
import type { Session } from '../../platform/session';
import { fixedBranch } from '../../platform/write';

/**
 * Which branches an activity report reads (CONTRACT §14): a role fixed to its branch gets its own
 * whatever `branchId` says; any other role the `branchId` it names, or every branch.
 */
export function reportBranchOf(session: Session, branchId: number | undefined): number | null {
  return fixedBranch(session) ?? branchId ?? null;
}

/** A checked `YYYY-MM-DD` written into the SQL (a literal: see `dayLiteral` of the commissions). */
export function dayOf(day: string): SQL {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new Error('Día no válido');
  return sql.raw(`'${day}'::date`);
}

/** The conditions of a branch-local `date` column between the two days (both included). */
export function daysBetween(column: SQL, startDate?: string, endDate?: string): SQL[] {
  return [
    ...(startDate ? [sql`${column} >= ${dayOf(startDate)}`] : []),
    ...(endDate ? [sql`${column} <= ${dayOf(endDate)}`] : []),
  ];
}

export const whereOf = (conditions: SQL[]) =>
  conditions.length > 0 ? sql.join(conditions, sql` AND `) : sql`true`;

/**
 * One row per branch the caller reaches, with the counts `counts` reads (a SELECT of
 * `counted_branch` and its count columns, grouped by branch): without a branch, every live clinic (with zeros when
 * it had nothing) and any other branch that has counts (one deleted since); with one, that branch
 * alone. Ordered by name.
 */
export async function perBranch<T extends Record<string, unknown>>(
  executor: Executor,
  reached: number | null,
  counts: SQL,
): Promise<(T & { branch_id: number; branch_name: string })[]> {
  const which =
    reached === null
      ? sql`(c.counted_branch IS NOT NULL OR (b.deleted_at IS NULL AND NOT b.distribution_center))`
      : sql`b.id = ${reached}`;
  return queryRows(
    executor,
    sql`WITH c AS (${counts})
        SELECT c.*, b.id AS branch_id, b.name AS branch_name
        FROM ${branch} b LEFT JOIN c ON c.counted_branch = b.id
        WHERE ${which}
        ORDER BY b.name, b.id`,
  );
}

/** A count column as a number (null, when the branch had no row, is 0). */
export const countOf = (value: unknown) => Number(value ?? 0);
