import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { WAITLIST_MAX_UNANSWERED } from '@clinica/domain';
import { queryRows } from '../../db/client';
import { waitlistEntry, waitlistOffer } from '../../db/schema';
import type { Actor } from '../agenda/appointment.service';
import { releaseHold } from '../agenda/waitlist-hold';
import { auditEntry } from './waitlist.service';

/**
 * The waitlist's sweeper (CONTRACT §15), run by the reminder sender's job (every
 * REMINDER_POLL_SECONDS, and by `POST /system/jobs/run`) under the same advisory lock
 * `hashtext('reminder-sender')`, so several API processes never sweep twice. In one transaction:
 * each open offer whose hold has expired is `expired`, its hold released and its interval offered
 * to the next entry; its entry waits again (keeping its place) or, at its third unanswered offer,
 * is `expired`; waiting entries whose `toDate` has passed in their branch are `expired`.
 */

export interface SweepRun {
  expired: number;
  offered: number;
}

const BATCH = 100;

export async function sweepHolds(app: FastifyInstance, now: Date): Promise<SweepRun> {
  const actor: Actor = {
    db: app.db,
    clock: { now: () => now },
    session: null,
    reminderHours: app.config.reminderHours,
    holdMinutes: app.config.waitlistHoldMinutes,
  };
  return app.db.transaction(async (tx) => {
    const run: SweepRun = { expired: 0, offered: 0 };
    const [lock] = await queryRows<{ locked: boolean }>(
      tx,
      sql`SELECT pg_try_advisory_xact_lock(hashtext('reminder-sender')) AS locked`,
    );
    if (!lock?.locked) return run;
    const due = await tx
      .select({ id: waitlistOffer.id, entryId: waitlistOffer.entryId })
      .from(waitlistOffer)
      .where(and(eq(waitlistOffer.status, 'open'), lte(waitlistOffer.expiresAt, now)))
      .orderBy(asc(waitlistOffer.expiresAt), asc(waitlistOffer.id))
      .limit(BATCH);
    for (const { id, entryId } of due) {
      // The entry first, as every answer locks it; one being answered now is left to its answer.
      const [entry] = await tx
        .select({ branchId: waitlistEntry.branchId, unanswered: waitlistEntry.unanswered })
        .from(waitlistEntry)
        .where(eq(waitlistEntry.id, entryId))
        .for('update', { skipLocked: true });
      if (!entry) continue;
      const [offer] = await tx
        .update(waitlistOffer)
        .set({ status: 'expired', answeredAt: now, answeredBy: 'sweeper' })
        .where(and(eq(waitlistOffer.id, id), eq(waitlistOffer.status, 'open')))
        .returning({ appointmentId: waitlistOffer.appointmentId });
      if (!offer) continue;
      const unanswered = entry.unanswered + 1;
      const status = unanswered >= WAITLIST_MAX_UNANSWERED ? 'expired' : 'waiting';
      await tx
        .update(waitlistEntry)
        .set({ status, unanswered, updatedAt: now })
        .where(eq(waitlistEntry.id, entryId));
      await auditEntry(
        tx,
        { userId: null, branchId: entry.branchId },
        entryId,
        'expire-offer',
        {
          status: { before: 'offered', after: status },
          unanswered: { before: entry.unanswered, after: unanswered },
        },
        now,
      );
      run.expired += 1;
      if ((await releaseHold(tx, actor, offer.appointmentId)) !== null) run.offered += 1;
    }
    await tx.execute(
      sql`UPDATE waitlist_entry e SET status = 'expired', updated_at = ${now.toISOString()}::timestamptz
          FROM branch b
          WHERE b.id = e.branch_id AND e.status = 'waiting'
            AND e.to_date < (${now.toISOString()}::timestamptz AT TIME ZONE b.zone)::date`,
    );
    return run;
  });
}
