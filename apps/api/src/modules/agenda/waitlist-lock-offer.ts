import { and, eq, sql } from 'drizzle-orm';
import {
  addDays,
  freedWindows,
  lockWindowsOn,
  timeOfMinutes,
  type LockRule,
} from '@clinica/domain';
import type { Tx } from '../../db/client';
import { waitlistEntry } from '../../db/schema';
import { offerFreedSlot, type Offerer } from './waitlist-offer';

/**
 * A lock deleted or narrowed frees the time it no longer blocks (CONTRACT §15): each such
 * interval, on each day a waiting entry of the branch covers, goes to the waitlist as any freed
 * slot does (`waitlist-offer.ts`).
 */

/** The days the branch's waiting entries span (none: no lock's freed time is worth reading). */
async function waitingDays(tx: Tx, branchId: number) {
  const [row] = await tx
    .select({
      first: sql<string | null>`min(${waitlistEntry.fromDate})::text`,
      last: sql<string | null>`max(${waitlistEntry.toDate})::text`,
    })
    .from(waitlistEntry)
    .where(and(eq(waitlistEntry.branchId, branchId), eq(waitlistEntry.status, 'waiting')));
  return row?.first && row.last ? { first: row.first, last: row.last } : null;
}

export interface LockState {
  branchId: number;
  cabinId: number;
  rule: LockRule;
}

/**
 * A lock deleted (`after` null) or narrowed: each interval it no longer blocks, on each day some
 * waiting entry of the branch covers (at most 90 ahead), is offered as any freed slot.
 */
export async function offerFreedLock(
  tx: Tx,
  ctx: Offerer,
  before: LockState,
  after: LockState | null,
): Promise<void> {
  const days = await waitingDays(tx, before.branchId);
  if (!days) return;
  // A day before the UTC date covers every zone's today; a past day is never offered.
  const yesterday = addDays(ctx.clock.now().toISOString().slice(0, 10), -1);
  let date = days.first < yesterday ? yesterday : days.first;
  for (let step = 0; step <= 92 && date <= days.last; step += 1, date = addDays(date, 1)) {
    const still = after && after.cabinId === before.cabinId ? lockWindowsOn(after.rule, date) : [];
    for (const window of freedWindows(lockWindowsOn(before.rule, date), still))
      await offerFreedSlot(tx, ctx, {
        branchId: before.branchId,
        cabinId: before.cabinId,
        date,
        from: timeOfMinutes(window.start),
        to: timeOfMinutes(Math.min(window.end, 24 * 60 - 1)),
      });
  }
}
