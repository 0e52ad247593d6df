import { randomBytes } from 'node:crypto';
import { and, count, eq, gt, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import {
  BOOKING_LIMITS,
  BOOKING_LIMIT_MINUTES,
  BOOKING_REQUEST_MINUTES,
  addDays,
  bookingCode,
  bookingCodeMail,
  isAdultOn,
  localDay,
  slotOf,
  type bookingRequestBody,
} from '@clinica/domain';
import type { Executor } from '../../db/client';
import { bookingRequest } from '../../db/schema';
import { AppError, conflict, invalid } from '../../platform/errors';
import { randomSecret, sha256 } from '../../platform/passwords';
import { onlineTreatmentAt, publicBranchOf, slotDayOf } from './slot-day';

type RequestBody = z.output<typeof bookingRequestBody>;

/** `date` before the branch's today or past ONLINE_BOOKING_DAYS: 400 naming it (as availability). */
export function checkBookableDate(app: FastifyInstance, date: string, zone: string) {
  const today = localDay(app.clock.now(), zone);
  const last = addDays(today, app.config.onlineBookingDays);
  if (date < today)
    throw invalid({ field: 'date', message: 'La fecha no puede ser anterior a hoy' });
  if (date > last)
    throw invalid({
      field: 'date',
      message: `Solo se puede reservar hasta ${app.config.onlineBookingDays} días adelante`,
    });
}

/** The requests answered 201 in the last hour by this mobile, e-mail or address: 429 code 1. */
async function checkLimits(tx: Executor, body: RequestBody, address: string, now: Date) {
  const since = new Date(now.getTime() - BOOKING_LIMIT_MINUTES * 60_000);
  const [row] = await tx
    .select({
      mobile: count(sql`CASE WHEN ${bookingRequest.mobilePhone} = ${body.mobilePhone} THEN 1 END`),
      email: count(sql`CASE WHEN ${bookingRequest.email} = ${body.email} THEN 1 END`),
      address: count(sql`CASE WHEN ${bookingRequest.clientAddress} = ${address} THEN 1 END`),
    })
    .from(bookingRequest)
    .where(
      and(
        gt(bookingRequest.createdAt, since),
        or(
          eq(bookingRequest.mobilePhone, body.mobilePhone),
          eq(bookingRequest.email, body.email),
          eq(bookingRequest.clientAddress, address),
        ),
      ),
    );
  if (
    (row?.mobile ?? 0) >= BOOKING_LIMITS.mobilePhone ||
    (row?.email ?? 0) >= BOOKING_LIMITS.email ||
    (row?.address ?? 0) >= BOOKING_LIMITS.address
  )
    throw new AppError(429, 1);
}

/**
 * POST /public/booking/request (CONTRACT §15): checks in the contract's order (body, date, limits,
 * branch and treatment, the slot), stores the request with its code's hash, mails the code and
 * answers the same whoever the data belong to. The limits are counted under a transaction-scoped
 * advisory lock, so concurrent requests of one person are counted one after the other.
 */
export async function requestBooking(app: FastifyInstance, body: RequestBody, address: string) {
  const now = app.clock.now();
  const place = await publicBranchOf(app.db, body.branchId).catch(() => null);
  checkBookableDate(app, body.date, place?.zone ?? 'America/Tijuana');
  if (!isAdultOn(body.birthday, localDay(now, place?.zone ?? 'America/Tijuana')))
    throw invalid({
      field: 'birthday',
      message: 'La reserva en línea es para mayores de edad; agenda con la sucursal',
    });
  const code = bookingCode(randomBytes(6));
  const requestId = randomSecret(16);
  const expiresAt = new Date(now.getTime() + BOOKING_REQUEST_MINUTES * 60_000);
  const { branchName, treatmentName } = await app.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('booking-request'))`);
    await checkLimits(tx, body, address, now);
    const branch = await publicBranchOf(tx, body.branchId);
    const treatment = await onlineTreatmentAt(tx, body.branchId, body.treatmentId);
    const day = await slotDayOf(tx, {
      branchId: branch.id,
      zone: branch.zone,
      date: body.date,
      now,
      leadMinutes: app.config.onlineBookingLeadMinutes,
      treatment,
    });
    const slot = slotOf(day, body.startTime);
    if ('refusal' in slot) throw conflict(slot.refusal);
    await tx.insert(bookingRequest).values({
      id: requestId,
      branchId: branch.id,
      treatmentId: treatment.id,
      date: body.date,
      startTime: body.startTime,
      name: body.name,
      lastName: body.lastName,
      motherLastName: body.motherLastName ?? null,
      birthday: body.birthday,
      mobilePhone: body.mobilePhone,
      email: body.email,
      clientAddress: address.slice(0, 64),
      codeHash: sha256(code),
      expiresAt,
      createdAt: now,
    });
    return { branchName: branch.name, treatmentName: treatment.name };
  });
  await app.mailer.send(
    { to: body.email, ...bookingCodeMail(code, { branch: branchName, treatment: treatmentName }) },
    now,
  );
  return { requestId, expiresAt: expiresAt.toISOString() };
}
