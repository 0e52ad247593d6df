import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  Conflict,
  HOLD_STATUSES,
  NotFound,
  ONLINE_APPOINTMENT_METHOD,
  canCancel,
  cancellationEndsTreatment,
  isEditable,
  isOwnDay,
  localDayAndTime,
  moveRefused,
  type AppointmentLogAction,
  type AppointmentStatus,
  type appointmentBody,
  type appointmentCancelBody,
  type appointmentConfirmBody,
  type appointmentUpdateBody,
} from '@clinica/domain';
import type { Tx } from '../../db/client';
import {
  appointment,
  appointmentCancellation,
  appointmentCategory,
  appointmentLog,
  appointmentTreatment,
  branch,
  customer,
  purchasedProduct,
} from '../../db/schema';
import { audit, changesBetween } from '../../platform/audit';
import type { Context } from '../../platform/context';
import { conflict, invalid, notFound } from '../../platform/errors';
import { branchForWrite, fixedBranch } from '../../platform/write';
import { readAppointment, type AppointmentRecord } from './appointment-read';
import { cancelReminders, moveReminders, planReminders } from '../reminders/reminder-plan';
import { checkBooking, periodOf, type Booker, type Booking } from './booking';
import { offerFreedSlot } from './waitlist-offer';

/** The time an appointment stood in, as the waitlist is offered it when it frees up. */
const slotOf = (before: AppointmentRecord) => ({
  branchId: before.branch.id,
  cabinId: before.cabain.id,
  date: before.date,
  from: before.startTime.slice(0, 5),
  to: before.endTime.slice(0, 5),
});

/**
 * The appointment's life (spec 002 §4, CONTRACT §13): book, move, cancel, set on process and
 * confirm. Each runs in one transaction that locks the appointment row `FOR UPDATE` before it
 * reads the state it checks, and writes the bitácora entry (appointment_log) and the audit entry
 * with the fields before and after.
 */

export const AUDIT_MODULE = 'agenda';

/**
 * Who changes an appointment: a staff session, or the customer through the link (`session` null,
 * CONTRACT §15), recorded with user null.
 */
export type Actor = Pick<Context, 'db' | 'clock' | 'reminderHours' | 'holdMinutes'> & {
  session: Context['session'] | null;
};

/**
 * What may be changed, read on the locked appointment: staff cancel and confirm a scheduled or
 * in-process one (409 code 39); the customer's link adds its own rules (online-booking).
 */
export type Guard = (before: AppointmentRecord) => void;
const staffMayChange: Guard = (before) => {
  if (!canCancel(before.status)) throw conflict(Conflict.appointmentStatusLocked);
};

/** Staff never set the online method (CONTRACT §15); a stored one may come back unchanged. */
const ONLINE_METHOD_MESSAGE = 'El método En línea solo lo asignan las reservas en línea';

/** The fields the bitácora compares, as a person reads them (names, not ids). */
function loggable(record: AppointmentRecord | null) {
  if (!record) return null;
  return {
    date: record.date,
    startTime: record.startTime,
    endTime: record.endTime,
    status: record.status,
    branch: record.branch.name,
    cabain: record.cabain.name,
    customer: `${record.customer.name} ${record.customer.lastName}`,
    appointmentType: record.appointmentType,
    appointmentMethod: record.appointmentMethod,
    appointmentOption: record.appointmentOption,
    treatments: record.treatments.map((entry) => entry.name).join(', '),
    categories: record.categories.map((entry) => entry.name).join(', '),
    package: record.package?.name ?? null,
    promotion: record.promotion?.name ?? null,
    attendedBy: record.attendedBy?.name ?? null,
    confirmMethod: record.confirmMethod,
    observations: record.observations,
    paymentMethods: record.paymentMethods.join(', '),
    paymentReference: record.paymentReference,
    changes: record.changes,
    ...(record.finish ? finishLoggable(record.finish) : {}),
  };
}

/** What a finish gave, as the bitácora reads it. */
function finishLoggable(finish: NonNullable<AppointmentRecord['finish']>) {
  return {
    sessions: finish.sessions
      .map((session) => `${session.number}: ${session.areas.map((a) => a.name).join(', ')}`)
      .join('; '),
    stockIds: finish.products
      .map(
        (entry) => `${entry.product.name} (${entry.allotment || 'sin lote'}) × ${entry.quantity}`,
      )
      .join(', '),
    consent: finish.consent?.name ?? null,
    medicCommission: finish.commission
      ? `${finish.commission.user.name}: ${finish.commission.fee} − ISR ${finish.commission.isr} = ${finish.commission.net}`
      : null,
  };
}

/** Writes the bitácora entry and the audit entry of a change, in its transaction. */
export async function record(
  tx: Tx,
  ctx: Pick<Booker, 'session'>,
  action: AppointmentLogAction,
  before: AppointmentRecord | null,
  after: AppointmentRecord,
  now: Date,
  comments: string | null = null,
) {
  const changes = changesBetween(loggable(before), loggable(after));
  await tx.insert(appointmentLog).values({
    appointmentId: after.id,
    action,
    date: after.date,
    startTime: after.startTime,
    status: after.status,
    comments,
    changes,
    branchId: after.branch.id,
    customerId: after.customer.id,
    userId: ctx.session?.userId ?? null,
    createdAt: now,
  });
  await audit(
    tx,
    { userId: ctx.session?.userId ?? null, branchId: after.branch.id },
    { module: AUDIT_MODULE, action, recordId: after.id, changes },
    now,
  );
}

async function linkTreatments(
  tx: Tx,
  id: number,
  treatmentsIds: number[],
  categoriesIds: number[],
) {
  await tx.delete(appointmentTreatment).where(eq(appointmentTreatment.appointmentId, id));
  await tx.delete(appointmentCategory).where(eq(appointmentCategory.appointmentId, id));
  await tx
    .insert(appointmentTreatment)
    .values(treatmentsIds.map((treatmentId) => ({ appointmentId: id, treatmentId })));
  await tx
    .insert(appointmentCategory)
    .values(categoriesIds.map((categoryId) => ({ appointmentId: id, categoryId })));
}

type CreateBody = z.output<typeof appointmentBody>;

/** What a new appointment stores besides its booking (the create's other fields). */
export type AppointmentExtras = Partial<
  Pick<CreateBody, 'confirmMethod' | 'observations' | 'paymentMethods' | 'paymentReference'>
> & {
  appointmentMethod: AppointmentRecord['appointmentMethod'];
  /** The session series it is booked in (CONTRACT §15). */
  seriesId?: string | null;
};

/**
 * Checks and writes a new appointment inside the caller's transaction, with its bitácora and audit
 * entries: the one create path of staff bookings and of online ones (CONTRACT §15), so both meet
 * the same checks and the same EXCLUDE constraints.
 */
export async function insertAppointment(
  tx: Tx,
  ctx: Booker,
  booking: Booking,
  extras: AppointmentExtras,
): Promise<AppointmentRecord> {
  const now = ctx.clock.now();
  const { endTime, zone } = await checkBooking(tx, ctx, booking, { cancellationLimit: true });
  const [row] = await tx
    .insert(appointment)
    .values({
      branchId: booking.branchId,
      cabinId: booking.cabinId,
      customerId: booking.customerId,
      appointmentType: booking.appointmentType,
      appointmentMethod: extras.appointmentMethod,
      appointmentOption: booking.appointmentOption,
      packageId: booking.packageId,
      promoId: booking.promoId,
      purchasedProductId: booking.purchasedProductId,
      attendedById: booking.attendedById,
      userId: ctx.session?.userId ?? null,
      date: booking.date,
      startTime: booking.startTime,
      endTime,
      period: periodOf(booking.date, booking.startTime, endTime, zone) as unknown as string,
      confirmMethod: extras.confirmMethod ?? null,
      observations: extras.observations ?? null,
      paymentMethods: extras.paymentMethods ?? [],
      paymentReference: extras.paymentReference ?? null,
      seriesId: extras.seriesId ?? null,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: appointment.id });
  await linkTreatments(tx, row!.id, booking.treatmentsIds, booking.categoriesIds);
  await planReminders(tx, row!.id, { now, reminderHours: ctx.reminderHours });
  const after = await readAppointment(tx, row!.id);
  await record(tx, ctx, 'create', null, after, now);
  return after;
}

/** POST /appointment/create. */
export function createAppointment(ctx: Context, body: CreateBody): Promise<AppointmentRecord> {
  const booking: Booking = {
    branchId: branchForWrite(ctx, body.branchId),
    cabinId: body.cabainId,
    customerId: body.customerId,
    date: body.date,
    startTime: body.startTime,
    appointmentType: body.appointmentType,
    appointmentOption: body.appointmentOption,
    treatmentsIds: body.treatmentsIds,
    categoriesIds: body.categoriesIds,
    packageId: body.packageId ?? null,
    promoId: body.promoId ?? null,
    purchasedProductId: body.purchasedProductId ?? null,
    attendedById: body.attendedById ?? null,
  };
  return ctx.db.transaction((tx) => insertAppointment(tx, ctx, booking, body));
}

/**
 * Locks a live appointment the caller may reach (`FOR UPDATE`) and reads it, or 404 code 12. A
 * role fixed to its branch reaches only its branch's.
 */
export async function lockAppointment(tx: Tx, ctx: Actor, id: number) {
  const fixed = ctx.session ? fixedBranch(ctx.session) : null;
  const [row] = await tx
    .select({ id: appointment.id, zone: branch.zone })
    .from(appointment)
    .innerJoin(branch, eq(branch.id, appointment.branchId))
    .where(
      and(
        eq(appointment.id, id),
        notInArray(appointment.status, [...HOLD_STATUSES]),
        fixed === null ? undefined : eq(appointment.branchId, fixed),
      ),
    )
    .for('update', { of: appointment });
  if (!row) throw notFound(NotFound.appointment);
  return { zone: row.zone, before: await readAppointment(tx, id) };
}

/**
 * The moves and cancellations counted against an appointment's treatment (spec 002 §4): those of
 * every appointment of its purchased product, or its own moves when it has none.
 */
async function changesSoFar(tx: Tx, before: AppointmentRecord): Promise<number> {
  if (!before.purchasedProduct) return before.changes;
  const id = before.purchasedProduct.id;
  const [row] = await tx
    .select({
      total:
        sql<number>`(SELECT coalesce(sum(a.changes), 0) FROM ${appointment} a WHERE a.purchased_product_id = ${id})
        + (SELECT count(*) FROM ${appointmentCancellation} c JOIN ${appointment} a ON a.id = c.appointment_id WHERE a.purchased_product_id = ${id})`.mapWith(
          Number,
        ),
    })
    .from(purchasedProduct)
    .where(eq(purchasedProduct.id, id));
  return row?.total ?? 0;
}

type UpdateBody = z.output<typeof appointmentUpdateBody>;

/**
 * PUT /appointment/{id}/update: only a scheduled appointment whose end is not past (409 code 39 /
 * code 4). A new date, start, cabin or branch is a move: refused after two changes or
 * cancellations (409 code 16), counted otherwise; the result is checked as a new booking would be.
 */
export async function updateAppointment(
  ctx: Context,
  id: number,
  body: UpdateBody,
): Promise<AppointmentRecord> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const { zone, before } = await lockAppointment(tx, ctx, id);
    if (before.status !== 'scheduled') throw conflict(Conflict.appointmentStatusLocked);
    if (
      body.appointmentMethod === ONLINE_APPOINTMENT_METHOD &&
      before.appointmentMethod !== ONLINE_APPOINTMENT_METHOD
    )
      throw invalid({ field: 'appointmentMethod', message: ONLINE_METHOD_MESSAGE });
    const local = localDayAndTime(now, zone);
    if (!isEditable(before, { date: local.date, time: local.time }))
      throw conflict(Conflict.bookingInPast);
    const branchId =
      body.branchId === undefined ? before.branch.id : branchForWrite(ctx, body.branchId);
    const option = body.appointmentOption ?? before.appointmentOption;
    const booking: Booking = {
      branchId,
      cabinId: body.cabainId ?? before.cabain.id,
      customerId: body.customerId ?? before.customer.id,
      date: body.date ?? before.date,
      startTime: body.startTime ?? before.startTime,
      appointmentType: body.appointmentType ?? before.appointmentType,
      appointmentOption: option,
      treatmentsIds: body.treatmentsIds ?? before.treatments.map((entry) => entry.id),
      categoriesIds: body.categoriesIds ?? before.categories.map((entry) => entry.id),
      packageId: body.packageId !== undefined ? body.packageId : (before.package?.id ?? null),
      promoId: body.promoId !== undefined ? body.promoId : (before.promotion?.id ?? null),
      purchasedProductId:
        body.purchasedProductId !== undefined
          ? body.purchasedProductId
          : (before.purchasedProduct?.id ?? null),
      attendedById:
        body.attendedById !== undefined ? body.attendedById : (before.attendedBy?.id ?? null),
    };
    const moved =
      booking.date !== before.date ||
      booking.startTime !== before.startTime ||
      booking.cabinId !== before.cabain.id ||
      booking.branchId !== before.branch.id;
    if (moved && moveRefused(await changesSoFar(tx, before)))
      throw conflict(Conflict.tooManyReschedules);
    const { endTime, zone: newZone } = await checkBooking(tx, ctx, booking, {
      appointmentId: id,
      cancellationLimit: booking.customerId !== before.customer.id,
      previous: {
        date: before.date,
        startTime: before.startTime,
        endTime: before.endTime,
        cabinId: before.cabain.id,
      },
    });
    await tx
      .update(appointment)
      .set({
        branchId: booking.branchId,
        cabinId: booking.cabinId,
        customerId: booking.customerId,
        appointmentType: booking.appointmentType,
        appointmentMethod: body.appointmentMethod ?? before.appointmentMethod,
        appointmentOption: option,
        packageId: booking.packageId,
        promoId: booking.promoId,
        purchasedProductId: booking.purchasedProductId,
        attendedById: booking.attendedById,
        date: booking.date,
        startTime: booking.startTime,
        endTime,
        period: periodOf(booking.date, booking.startTime, endTime, newZone) as unknown as string,
        ...(body.confirmMethod !== undefined ? { confirmMethod: body.confirmMethod } : {}),
        ...(body.observations !== undefined ? { observations: body.observations } : {}),
        ...(body.paymentMethods !== undefined ? { paymentMethods: body.paymentMethods ?? [] } : {}),
        ...(body.paymentReference !== undefined ? { paymentReference: body.paymentReference } : {}),
        changes: moved ? sql`${appointment.changes} + 1` : undefined,
        updatedAt: now,
      })
      .where(eq(appointment.id, id));
    if (body.treatmentsIds || body.categoriesIds)
      await linkTreatments(tx, id, booking.treatmentsIds, booking.categoriesIds);
    if (moved || booking.customerId !== before.customer.id)
      await moveReminders(tx, id, { now, reminderHours: ctx.reminderHours });
    const after = await readAppointment(tx, id);
    await record(tx, ctx, 'update', before, after, now);
    // Its old time is free: the waitlist's (CONTRACT §15), in a savepoint of this transaction.
    if (moved) await offerFreedSlot(tx, ctx, slotOf(before));
    return after;
  });
}

/** A status change on a locked appointment: the new columns, then the log of it. */
async function changeState(
  ctx: Actor,
  id: number,
  action: AppointmentLogAction,
  change: (
    tx: Tx,
    before: AppointmentRecord,
    today: string,
  ) => Promise<{
    set: Partial<typeof appointment.$inferInsert>;
    comments?: string | null;
    /** The change frees the slot: it is offered to the waitlist (CONTRACT §15). */
    frees?: boolean;
  }>,
): Promise<AppointmentRecord> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const { zone, before } = await lockAppointment(tx, ctx, id);
    const { set, comments, frees } = await change(tx, before, localDayAndTime(now, zone).date);
    await tx
      .update(appointment)
      .set({ ...set, updatedAt: now })
      .where(eq(appointment.id, id));
    // Cancelled or in process: nothing left to remind.
    if (set.status && set.status !== 'scheduled') await cancelReminders(tx, id);
    const after = await readAppointment(tx, id);
    await record(tx, ctx, action, before, after, now, comments ?? null);
    if (frees) await offerFreedSlot(tx, ctx, slotOf(before));
    return after;
  });
}

/**
 * POST /appointment/{id}/cancel: a scheduled or in-process appointment (409 code 39). A customer
 * cancellation adds one to the customer's count in the same statement that reads it; the third
 * change or cancellation of a purchased treatment ends it (spec 002 §4).
 */
export function cancelAppointment(
  ctx: Actor,
  id: number,
  body: z.output<typeof appointmentCancelBody>,
  guard: Guard = staffMayChange,
): Promise<AppointmentRecord> {
  return changeState(ctx, id, 'cancel', async (tx, before) => {
    guard(before);
    const counted = await changesSoFar(tx, before);
    await tx.insert(appointmentCancellation).values({
      appointmentId: id,
      type: body.type,
      reason: body.cancellationReason,
      comment: body.comment ?? null,
      customerCancellation: body.customerCancellation,
      userId: ctx.session?.userId ?? null,
      createdAt: ctx.clock.now(),
    });
    if (body.customerCancellation) {
      await tx
        .update(customer)
        .set({ cancellations: sql`${customer.cancellations} + 1` })
        .where(eq(customer.id, before.customer.id));
    }
    if (before.purchasedProduct && cancellationEndsTreatment(counted)) {
      await tx
        .update(purchasedProduct)
        .set({ status: 'finished', updatedAt: ctx.clock.now() })
        .where(
          and(
            eq(purchasedProduct.id, before.purchasedProduct.id),
            inArray(purchasedProduct.status, ['onProcess']),
          ),
        );
    }
    return {
      set: { status: 'cancelled' satisfies AppointmentStatus },
      comments: body.comment ?? null,
      frees: true,
    };
  });
}

/** PATCH /appointment/{id}/set-on-process: from scheduled, on the appointment's own day. */
export function setAppointmentOnProcess(ctx: Context, id: number): Promise<AppointmentRecord> {
  return changeState(ctx, id, 'set-on-process', async (_tx, before, today) => {
    if (before.status !== 'scheduled') throw conflict(Conflict.appointmentStatusLocked);
    if (!isOwnDay(before, today)) throw conflict(Conflict.notAppointmentDay);
    return { set: { status: 'inProcess' satisfies AppointmentStatus } };
  });
}

/** PATCH /appointment/{id}/confirm: the confirmation of a scheduled or in-process appointment. */
export function confirmAppointment(
  ctx: Actor,
  id: number,
  body: z.output<typeof appointmentConfirmBody>,
  guard: Guard = staffMayChange,
): Promise<AppointmentRecord> {
  return changeState(ctx, id, 'confirm', async (_tx, before) => {
    guard(before);
    return {
      set: {
        confirmMethod: body.confirmMethod,
        confirmedBy: ctx.session ? 'staff' : 'customer',
        confirmedAt: ctx.clock.now(),
      },
    };
  });
}
