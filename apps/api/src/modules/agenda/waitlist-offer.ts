import { and, asc, eq, sql } from 'drizzle-orm';
import {
  Conflict,
  NotFound,
  WAITLIST_HOLD_MINUTES,
  WAITLIST_OFFER_LEAD_MINUTES,
  localDayAndTime,
  minutesOfDay,
  scheduleDayOf,
  offerStarts,
  timeOfMinutes,
  type AppointmentType,
} from '@clinica/domain';
import { queryRows, type Tx } from '../../db/client';
import {
  appointment,
  appointmentCategory,
  appointmentTreatment,
  branch,
  branchSchedule,
  treatmentCategory,
  waitlistEntry,
  waitlistOffer,
} from '../../db/schema';
import { audit } from '../../platform/audit';
import { AppError, databaseError } from '../../platform/errors';
import { planReminders } from '../reminders/reminder-plan';
import { checkBooking, periodOf, type Booker } from './booking';

/**
 * A slot frees up (CONTRACT §15): an appointment cancelled or moved away, a lock deleted or
 * narrowed, a hold released. In the transaction of that change, inside a savepoint (a failure to
 * offer never fails the change), the freed interval of the cabin is offered to the oldest waiting
 * entry of the branch that fits it: a hold (an appointment `held`, slot-holding under the EXCLUDE
 * constraints) for WAITLIST_HOLD_MINUTES, its offer row, and the offer's message in the outbox.
 */

export interface FreedSlot {
  branchId: number;
  cabinId: number;
  date: string;
  /** The freed interval, branch-local `HH:mm`. */
  from: string;
  to: string;
}

/** Who offers: the clock of the change, and the hold's length. */
export type Offerer = Pick<Booker, 'clock'> & { holdMinutes?: number; reminderHours?: number };

export const WAITLIST_AUDIT_MODULE = 'waitlist';

/** Refusals that are about the customer, not the start: the entry is skipped, not the start. */
const PERSONAL: number[] = [Conflict.customerBlacklisted, Conflict.tooManyCancellations];
const isPersonal = (error: unknown) =>
  error instanceof AppError &&
  ((error.status === 409 && PERSONAL.includes(error.code)) ||
    (error.status === 404 && error.code === NotFound.customer));

/** How many entries, and starts of each, one freed interval tries at most. */
const MAX_ENTRIES = 10;
const MAX_STARTS = 12;

interface Candidate {
  id: number;
  customerId: number;
  treatmentId: number;
  timeFrom: string | null;
  timeTo: string | null;
  appointmentMethod: string;
  minutes: number;
  typeName: string;
}

/**
 * The waiting entries of the branch that may take the interval, oldest first (each is locked only
 * when it is tried: `lockWaiting`).
 */
function candidates(tx: Tx, slot: FreedSlot) {
  return queryRows<Candidate>(
    tx,
    sql`SELECT e.id, e.customer_id AS "customerId", e.treatment_id AS "treatmentId",
          to_char(e.time_from, 'HH24:MI') AS "timeFrom", to_char(e.time_to, 'HH24:MI') AS "timeTo",
          e.appointment_method AS "appointmentMethod", t.duration_minutes AS minutes,
          tt.name AS "typeName"
        FROM waitlist_entry e
        JOIN treatment t ON t.id = e.treatment_id AND t.deleted_at IS NULL AND t.active
        JOIN treatment_type tt ON tt.id = t.treatment_type_id
        WHERE e.branch_id = ${slot.branchId} AND e.status = 'waiting'
          AND e.from_date <= ${slot.date}::date AND e.to_date >= ${slot.date}::date
          AND t.treatment_type_id = (SELECT ct.treatment_type_id FROM cabin c
                JOIN cabin_type ct ON ct.id = c.type_id WHERE c.id = ${slot.cabinId})
          AND NOT EXISTS (SELECT 1 FROM waitlist_offer o WHERE o.entry_id = e.id
                AND o.cabin_id = ${slot.cabinId} AND o.date = ${slot.date}::date
                AND o.interval_from < ${slot.to}::time AND o.interval_to > ${slot.from}::time)
        ORDER BY e.created_at, e.id
        LIMIT ${MAX_ENTRIES}`,
  );
}

/**
 * Locks an entry `FOR UPDATE SKIP LOCKED` if it is still waiting: one being offered another slot
 * right now is skipped, so two slots freed at once go to two different entries.
 */
async function lockWaiting(tx: Tx, id: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: waitlistEntry.id })
    .from(waitlistEntry)
    .where(and(eq(waitlistEntry.id, id), eq(waitlistEntry.status, 'waiting')))
    .for('update', { skipLocked: true });
  return row !== undefined;
}

/** The hold: checked by §13's booking path for the entry's customer, written `held`. */
async function insertHold(
  tx: Tx,
  ctx: Offerer,
  slot: FreedSlot,
  entry: Candidate,
  startTime: string,
  expiresAt: Date,
) {
  const categories = await tx
    .select({ id: treatmentCategory.categoryId })
    .from(treatmentCategory)
    .where(eq(treatmentCategory.treatmentId, entry.treatmentId))
    .orderBy(asc(treatmentCategory.categoryId));
  const booking = {
    branchId: slot.branchId,
    cabinId: slot.cabinId,
    customerId: entry.customerId,
    date: slot.date,
    startTime,
    appointmentType: entry.typeName as AppointmentType,
    appointmentOption: 'newTreatments' as const,
    treatmentsIds: [entry.treatmentId],
    categoriesIds: categories.map((row) => row.id),
    packageId: null,
    promoId: null,
    purchasedProductId: null,
    attendedById: null,
  };
  const { endTime, zone } = await checkBooking(tx, { clock: ctx.clock, session: null }, booking, {
    cancellationLimit: true,
  });
  const now = ctx.clock.now();
  const [row] = await tx
    .insert(appointment)
    .values({
      branchId: slot.branchId,
      cabinId: slot.cabinId,
      customerId: entry.customerId,
      appointmentType: booking.appointmentType,
      appointmentMethod: entry.appointmentMethod,
      appointmentOption: booking.appointmentOption,
      date: slot.date,
      startTime,
      endTime,
      period: periodOf(slot.date, startTime, endTime, zone) as unknown as string,
      status: 'held',
      waitlistEntryId: entry.id,
      holdExpiresAt: expiresAt,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: appointment.id });
  const id = row!.id;
  await tx
    .insert(appointmentTreatment)
    .values({ appointmentId: id, treatmentId: entry.treatmentId });
  if (booking.categoriesIds.length > 0)
    await tx
      .insert(appointmentCategory)
      .values(booking.categoriesIds.map((categoryId) => ({ appointmentId: id, categoryId })));
  return { id, endTime };
}

/**
 * The part of the interval an offer may start in: within the branch's hours that day, and on
 * today's date two hours after now at the earliest; null when nothing is left.
 */
async function offerableOf(tx: Tx, ctx: Offerer, slot: FreedSlot) {
  const [place] = await tx
    .select({
      zone: branch.zone,
      opening: sql<string | null>`to_char(${branchSchedule.opening}, 'HH24:MI')`,
      closing: sql<string | null>`to_char(${branchSchedule.closing}, 'HH24:MI')`,
    })
    .from(branch)
    .leftJoin(
      branchSchedule,
      and(eq(branchSchedule.branchId, branch.id), eq(branchSchedule.day, scheduleDayOf(slot.date))),
    )
    .where(eq(branch.id, slot.branchId));
  if (!place?.opening || !place.closing) return null;
  const local = localDayAndTime(ctx.clock.now(), place.zone);
  if (slot.date < local.date) return null;
  const earliest =
    slot.date === local.date ? minutesOfDay(local.time) + WAITLIST_OFFER_LEAD_MINUTES : 0;
  const from = Math.max(minutesOfDay(slot.from), minutesOfDay(place.opening), earliest);
  const to = Math.min(minutesOfDay(slot.to), minutesOfDay(place.closing));
  return from < to ? { from: timeOfMinutes(from), to: timeOfMinutes(to) } : null;
}

async function offerIn(tx: Tx, ctx: Offerer, slot: FreedSlot): Promise<number | null> {
  const offerable = await offerableOf(tx, ctx, slot);
  if (!offerable) return null;
  const now = ctx.clock.now();
  const expiresAt = new Date(now.getTime() + (ctx.holdMinutes ?? WAITLIST_HOLD_MINUTES) * 60_000);
  for (const entry of await candidates(tx, slot)) {
    if (!(await lockWaiting(tx, entry.id))) continue;
    const starts = offerStarts(
      offerable,
      entry.minutes,
      { timeFrom: entry.timeFrom, timeTo: entry.timeTo },
      null,
    ).slice(0, MAX_STARTS);
    for (const startTime of starts) {
      let hold: { id: number; endTime: string };
      try {
        hold = await tx.transaction((savepoint) =>
          insertHold(savepoint, ctx, slot, entry, startTime, expiresAt),
        );
      } catch (error) {
        if (isPersonal(error)) break;
        if (error instanceof AppError || databaseError(error).code === '23P01') continue;
        throw error;
      }
      const [offer] = await tx
        .insert(waitlistOffer)
        .values({
          entryId: entry.id,
          appointmentId: hold.id,
          cabinId: slot.cabinId,
          date: slot.date,
          intervalFrom: slot.from,
          intervalTo: slot.to,
          expiresAt,
          createdAt: now,
        })
        .returning({ id: waitlistOffer.id });
      await tx
        .update(waitlistEntry)
        .set({ status: 'offered', updatedAt: now })
        .where(eq(waitlistEntry.id, entry.id));
      await planReminders(tx, hold.id, { now, kind: 'waitlist-offer' });
      await audit(
        tx,
        { userId: null, branchId: slot.branchId },
        {
          module: WAITLIST_AUDIT_MODULE,
          action: 'offer',
          recordId: entry.id,
          changes: {
            status: { before: 'waiting', after: 'offered' },
            offer: {
              before: null,
              after: `${slot.date} ${startTime}–${hold.endTime} (cita ${hold.id})`,
            },
          },
        },
        now,
      );
      return offer!.id;
    }
  }
  return null;
}

/**
 * Offers a freed interval onward, inside a savepoint of the caller's transaction; answers the
 * offer's id, or null when no entry took it. Never throws: the change that freed the slot stands.
 */
export async function offerFreedSlot(
  tx: Tx,
  ctx: Offerer,
  slot: FreedSlot,
): Promise<number | null> {
  if (minutesOfDay(slot.from) >= minutesOfDay(slot.to)) return null;
  try {
    return await tx.transaction((savepoint) => offerIn(savepoint, ctx, slot));
  } catch {
    return null;
  }
}
