import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import {
  BOOKING_CODE_ATTEMPTS,
  CANCELLATION_LIMIT,
  Conflict,
  NotFound,
  ONLINE_APPOINTMENT_METHOD,
  PERSONAL_REFUSALS,
  formatOrderNumber,
  isAdultOn,
  localDay,
  slotOf,
  type AppointmentType,
  type bookingConfirmBody,
  type bookingRequestBody,
} from '@clinica/domain';
import type { Tx } from '../../db/client';
import { bookingRequest, customer } from '../../db/schema';
import { audit } from '../../platform/audit';
import { AppError, conflict, databaseError, notFound } from '../../platform/errors';
import { sha256 } from '../../platform/passwords';
import { insertAppointment } from '../agenda/appointment.service';
import { appointmentLink } from '../reminders/appointment-link';
import { addressLine, onlineTreatmentAt, publicBranchOf, slotDayOf } from './slot-day';

type ConfirmBody = z.output<typeof bookingConfirmBody>;
type Person = Pick<
  z.output<typeof bookingRequestBody>,
  'name' | 'lastName' | 'motherLastName' | 'birthday' | 'mobilePhone' | 'email'
>;

const neutral = () => conflict(Conflict.onlineBookingRefused);

/**
 * The customer of an online booking (CONTRACT §15): the live customer with that e-mail, else with
 * that mobile, else a new one. A found record is never changed; whatever about it refuses the
 * booking is the neutral 409 code 46. Two confirms of one person take turns (advisory lock on the
 * e-mail), so they cannot both create her.
 */
async function customerFor(tx: Tx, person: Person, branchId: number, now: Date, zone: string) {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`customer:${person.email}`}))`);
  const fields = {
    id: customer.id,
    email: customer.email,
    birthday: customer.birthday,
    status: customer.status,
    blackList: customer.blackList,
    cancellations: customer.cancellations,
  };
  const live = isNull(customer.deletedAt);
  const [byEmail] = await tx
    .select(fields)
    .from(customer)
    .where(and(live, sql`lower(${customer.email}) = ${person.email}`))
    .orderBy(customer.id)
    .limit(1);
  const [byMobile] = byEmail
    ? []
    : await tx
        .select(fields)
        .from(customer)
        .where(and(live, eq(customer.mobilePhone, person.mobilePhone)))
        .orderBy(customer.id)
        .limit(1);
  const found = byEmail ?? byMobile;
  if (found) {
    if (
      found.blackList === 1 ||
      !found.status ||
      found.cancellations >= CANCELLATION_LIMIT ||
      !isAdultOn(found.birthday, localDay(now, zone)) ||
      (found.email !== null && found.email.toLowerCase() !== person.email)
    )
      throw neutral();
    return found.id;
  }
  const [created] = await tx
    .insert(customer)
    .values({
      name: person.name,
      lastName: person.lastName,
      motherLastName: person.motherLastName ?? null,
      birthday: person.birthday,
      mobilePhone: person.mobilePhone,
      email: person.email,
      registryBranchId: branchId,
      reference: 'Reserva en línea',
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: customer.id });
  await audit(
    tx,
    { userId: null, branchId },
    { module: 'customers', action: 'create', recordId: created!.id, changes: {} },
    now,
  );
  return created!.id;
}

/** A wrong code: one attempt more, counted by a conditional update; the 5th voids the request. */
async function spendAttempt(app: FastifyInstance, requestId: string, now: Date): Promise<never> {
  const [row] = await app.db
    .update(bookingRequest)
    .set({
      attempts: sql`${bookingRequest.attempts} + 1`,
      status: sql`CASE WHEN ${bookingRequest.attempts} + 1 >= ${BOOKING_CODE_ATTEMPTS} THEN 'voided' ELSE ${bookingRequest.status} END`,
    })
    .where(
      and(
        eq(bookingRequest.id, requestId),
        eq(bookingRequest.status, 'pending'),
        gt(bookingRequest.expiresAt, now),
        lt(bookingRequest.attempts, BOOKING_CODE_ATTEMPTS),
      ),
    )
    .returning({ id: bookingRequest.id });
  throw notFound(row ? NotFound.resetCode : NotFound.bookingRequest);
}

const isSlotTaken = (error: unknown) =>
  (error instanceof AppError && error.status === 409 && error.code === Conflict.timeNotAvailable) ||
  databaseError(error).code === '23P01';

/**
 * POST /public/booking/confirm (CONTRACT §15). A right code books in one transaction: the request
 * is spent, the customer found or created, and the appointment written through the agenda's own
 * create path in the first free cabin serving the treatment (the next one when the EXCLUDE
 * constraint refuses it in a race, each try in a savepoint). Any refusal rolls it all back and
 * leaves the request as it was.
 */
export async function confirmBooking(app: FastifyInstance, body: ConfirmBody) {
  const now = app.clock.now();
  const [request] = await app.db
    .select()
    .from(bookingRequest)
    .where(eq(bookingRequest.id, body.requestId));
  if (!request || request.status !== 'pending' || request.expiresAt <= now)
    throw notFound(NotFound.bookingRequest);
  if (sha256(body.code) !== request.codeHash) return spendAttempt(app, request.id, now);

  return app.db.transaction(async (tx) => {
    const [spent] = await tx
      .update(bookingRequest)
      .set({ status: 'used' })
      .where(
        and(
          eq(bookingRequest.id, request.id),
          eq(bookingRequest.status, 'pending'),
          gt(bookingRequest.expiresAt, now),
        ),
      )
      .returning({ id: bookingRequest.id });
    if (!spent) throw notFound(NotFound.bookingRequest);
    const place = await publicBranchOf(tx, request.branchId);
    const treatment = await onlineTreatmentAt(tx, request.branchId, request.treatmentId);
    const customerId = await customerFor(tx, request, place.id, now, place.zone);
    const day = await slotDayOf(tx, {
      branchId: place.id,
      zone: place.zone,
      date: request.date,
      now,
      leadMinutes: app.config.onlineBookingLeadMinutes,
      treatment,
    });
    const slot = slotOf(day, request.startTime);
    if ('refusal' in slot) throw conflict(slot.refusal);
    const booker = { clock: app.clock, session: null, reminderHours: app.config.reminderHours };
    for (const cabinId of slot.cabinIds) {
      try {
        const booked = await tx.transaction((savepoint) =>
          insertAppointment(
            savepoint,
            booker,
            {
              branchId: place.id,
              cabinId,
              customerId,
              date: request.date,
              startTime: request.startTime,
              appointmentType: treatment.typeName as AppointmentType,
              appointmentOption: 'newTreatments',
              treatmentsIds: [treatment.id],
              categoriesIds: treatment.categoryIds,
              packageId: null,
              promoId: null,
              purchasedProductId: null,
              attendedById: null,
            },
            { appointmentMethod: ONLINE_APPOINTMENT_METHOD },
          ),
        );
        await tx
          .update(bookingRequest)
          .set({ appointmentId: booked.id })
          .where(eq(bookingRequest.id, request.id));
        return {
          id: booked.id,
          appointmentNumber: booked.appointmentNumber,
          folio: formatOrderNumber('appointment', booked.appointmentNumber),
          date: booked.date,
          startTime: booked.startTime,
          endTime: booked.endTime,
          branch: { name: place.name, address: addressLine(place), phone: place.phone },
          treatment: { name: treatment.name },
          link: appointmentLink(app.signingKey, booked.id),
        };
      } catch (error) {
        if (isSlotTaken(error)) continue;
        if (
          error instanceof AppError &&
          error.status === 409 &&
          PERSONAL_REFUSALS.includes(error.code)
        )
          throw neutral();
        throw error;
      }
    }
    throw conflict(Conflict.timeNotAvailable);
  });
}
