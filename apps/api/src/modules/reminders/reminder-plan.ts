import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  instantOf,
  reminderChannels,
  reminderKey,
  reminderSendAt,
  type ReminderKind,
} from '@clinica/domain';
import type { Tx } from '../../db/client';
import { appointment, branch, customer, reminder } from '../../db/schema';

/**
 * The outbox's rows follow their appointment (CONTRACT §15), always inside the transaction that
 * changes it: planned when it is booked, moved with it, cancelled when it stops being scheduled.
 */

const DEFAULT_REMINDER_HOURS = 24;

async function appointmentOf(tx: Tx, appointmentId: number) {
  const [row] = await tx
    .select({
      date: appointment.date,
      startTime: appointment.startTime,
      zone: branch.zone,
      email: customer.email,
      mobilePhone: customer.mobilePhone,
    })
    .from(appointment)
    .innerJoin(branch, eq(branch.id, appointment.branchId))
    .innerJoin(customer, eq(customer.id, appointment.customerId))
    .where(eq(appointment.id, appointmentId));
  return row ? { ...row, start: instantOf(row.date, row.startTime.slice(0, 5), row.zone) } : null;
}

/** Plans a reminder per channel the customer has (none when the start is under 2 hours away). */
export async function planReminders(
  tx: Tx,
  appointmentId: number,
  at: { now: Date; reminderHours?: number; kind?: ReminderKind },
) {
  const found = await appointmentOf(tx, appointmentId);
  if (!found) return;
  const kind = at.kind ?? 'reminder';
  const sendAt =
    kind === 'reminder'
      ? reminderSendAt(found.start, at.now, at.reminderHours ?? DEFAULT_REMINDER_HOURS)
      : at.now;
  if (!sendAt) return;
  const rows = reminderChannels(found).map(({ channel, to }) => ({
    appointmentId,
    kind,
    channel,
    to,
    sendAt,
    nextAttemptAt: sendAt,
    idempotencyKey: reminderKey(kind, appointmentId, channel, found.start),
    createdAt: at.now,
  }));
  if (rows.length > 0) await tx.insert(reminder).values(rows).onConflictDoNothing();
}

/** Pending rows (of the kinds named) become cancelled; sent ones stay as they were. */
export async function cancelReminders(
  tx: Tx,
  appointmentId: number,
  kinds: ReminderKind[] = ['reminder', 'waitlist-offer'],
) {
  await tx
    .update(reminder)
    .set({ status: 'cancelled' })
    .where(
      and(
        eq(reminder.appointmentId, appointmentId),
        eq(reminder.status, 'pending'),
        inArray(reminder.kind, kinds),
      ),
    );
}

/**
 * The appointment moved: its pending reminders take the new time and key (cancelled when the new
 * start is under 2 hours away), and a channel without a pending row gets one.
 */
export async function moveReminders(
  tx: Tx,
  appointmentId: number,
  at: { now: Date; reminderHours?: number },
) {
  const found = await appointmentOf(tx, appointmentId);
  if (!found) return;
  const sendAt = reminderSendAt(found.start, at.now, at.reminderHours ?? DEFAULT_REMINDER_HOURS);
  if (!sendAt) return cancelReminders(tx, appointmentId, ['reminder']);
  const newKey = sql`'reminder:' || ${reminder.appointmentId} || ':' || ${reminder.channel} || ':' || ${found.start.toISOString()}`;
  const pending = and(
    eq(reminder.appointmentId, appointmentId),
    eq(reminder.status, 'pending'),
    eq(reminder.kind, 'reminder'),
  );
  // Already sent for the new start (moved away and back): never twice.
  await tx
    .update(reminder)
    .set({ status: 'cancelled' })
    .where(
      and(
        pending,
        sql`EXISTS (SELECT 1 FROM ${reminder} sent WHERE sent.idempotency_key = ${newKey} AND sent.status = 'sent')`,
      ),
    );
  await tx
    .update(reminder)
    .set({ sendAt, nextAttemptAt: sendAt, idempotencyKey: newKey })
    .where(pending);
  await planReminders(tx, appointmentId, at);
}
