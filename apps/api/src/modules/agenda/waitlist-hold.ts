import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { appointment } from '../../db/schema';
import { cancelReminders, planReminders } from '../reminders/reminder-plan';
import { readAppointment } from './appointment-read';
import { record, type Actor } from './appointment.service';
import { offerFreedSlot, type FreedSlot } from './waitlist-offer';

/**
 * A hold's two ends (CONTRACT §15), inside the waitlist's transaction that answers the offer:
 * accepted, it becomes the scheduled appointment (same id) with its reminders and its bitácora
 * entry; released (declined, expired, its entry cancelled), it stops holding the slot, its offer
 * message is cancelled if unsent, and the interval is offered to the next entry.
 */

/** Locks the hold row `FOR UPDATE`; null when it is no longer held. */
async function lockHeld(tx: Tx, appointmentId: number) {
  const [row] = await tx
    .select({
      id: appointment.id,
      branchId: appointment.branchId,
      cabinId: appointment.cabinId,
      date: appointment.date,
      startTime: appointment.startTime,
      endTime: appointment.endTime,
    })
    .from(appointment)
    .where(and(eq(appointment.id, appointmentId), eq(appointment.status, 'held')))
    .for('update');
  return row ?? null;
}

/** The hold becomes a scheduled appointment; false when it was no longer held. */
export async function acceptHold(tx: Tx, ctx: Actor, appointmentId: number): Promise<boolean> {
  const held = await lockHeld(tx, appointmentId);
  if (!held) return false;
  const now = ctx.clock.now();
  await tx
    .update(appointment)
    .set({
      status: 'scheduled',
      holdExpiresAt: null,
      userId: ctx.session?.userId ?? null,
      updatedAt: now,
    })
    .where(eq(appointment.id, appointmentId));
  await cancelReminders(tx, appointmentId, ['waitlist-offer']);
  await planReminders(tx, appointmentId, { now, reminderHours: ctx.reminderHours });
  const after = await readAppointment(tx, appointmentId);
  await record(tx, ctx, 'create', null, after, now, 'Lista de espera');
  return true;
}

/**
 * The hold is released and its interval offered onward (answers the new offer's id, or null).
 * Nothing happens to a row that is no longer held.
 */
export async function releaseHold(
  tx: Tx,
  ctx: Actor & { holdMinutes?: number },
  appointmentId: number,
): Promise<number | null> {
  const held = await lockHeld(tx, appointmentId);
  if (!held) return null;
  await tx
    .update(appointment)
    .set({ status: 'released', updatedAt: ctx.clock.now() })
    .where(eq(appointment.id, appointmentId));
  await cancelReminders(tx, appointmentId);
  const slot: FreedSlot = {
    branchId: held.branchId,
    cabinId: held.cabinId,
    date: held.date,
    from: held.startTime.slice(0, 5),
    to: held.endTime.slice(0, 5),
  };
  return offerFreedSlot(tx, ctx, slot);
}
