import { and, eq, sql } from 'drizzle-orm';
import { Conflict } from '@clinica/domain';
import type { Executor, Tx } from '../../db/client';
import { dailyCashClosing } from '../../db/schema';
import { conflict } from '../../platform/errors';

/**
 * The closed-day check of CONTRACT §12: a `SUCURSAL` sale, a cash order or a refund at a branch
 * whose current day already has its cash closing is 409 code 45 ("El día ya tiene corte de caja").
 *
 * The branch-day's advisory lock is taken in shared mode first, then the closing is read. The
 * closing (modules/cash-closings) takes the same lock exclusive before it reads the day's figures
 * and holds it until it commits, so a write that passed this check commits before the close reads
 * the day (and is counted in it), and one that comes while the close runs waits for it and then
 * sees the closing. The triggers of migration 0030 run the same check (`cash_day_refuse_closed`)
 * on every payment and paid/refund day written, whoever writes it.
 */

/** The advisory lock key pair of a branch-day (the same pair the triggers of migration 0030 use). */
export const closingLockKey = (branchId: number, day: string) =>
  sql`${branchId}::int, (${day}::date - DATE '2000-01-01')::int`;

/** Whether the branch's `day` has a closing, read under the branch-day's shared lock. */
export async function isDayClosed(tx: Executor, branchId: number, day: string): Promise<boolean> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock_shared(${closingLockKey(branchId, day)})`);
  const [closing] = await tx
    .select({ id: dailyCashClosing.id })
    .from(dailyCashClosing)
    .where(and(eq(dailyCashClosing.branchId, branchId), eq(dailyCashClosing.date, day)))
    .limit(1);
  return closing !== undefined;
}

export async function refuseClosedDay(tx: Tx, branchId: number, day: string): Promise<void> {
  if (await isDayClosed(tx, branchId, day)) throw conflict(Conflict.dayClosed);
}
