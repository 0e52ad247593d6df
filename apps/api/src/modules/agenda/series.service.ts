import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import {
  Conflict,
  seriesSessionMessage,
  type SeriesCreateBody,
  type SeriesCreated,
} from '@clinica/domain';
import type { Tx } from '../../db/client';
import { cabin } from '../../db/schema';
import type { Context } from '../../platform/context';
import { AppError, conflict, databaseError } from '../../platform/errors';
import { branchForWrite } from '../../platform/write';
import { insertAppointment } from './appointment.service';
import { seriesBooking, seriesProduct } from './series-product';

/**
 * POST /appointment/series/create (CONTRACT §15): every session of the series booked through
 * §13's create path (`insertAppointment`: the same checks, EXCLUDE constraints, bitácora, audit
 * and reminders) in ONE transaction, all or nothing.
 *
 * Locks, in this order: the sessions' cabins (`FOR NO KEY UPDATE`, by id, the lock a booking of
 * one cabin takes first), then the purchased product `FOR UPDATE` (two series of one product
 * count what is left one after the other), then each booking's own locks. A staff booking locks
 * its cabin before anything else too, so a series and a booking that meet on a cabin take turns
 * instead of waiting on each other in a cycle; the constraint still decides who gets the slot.
 */

/** The sessions' cabins of the branch, locked in id order (the others are refused per session). */
async function lockCabins(tx: Tx, branchId: number, ids: number[]) {
  await tx
    .select({ id: cabin.id })
    .from(cabin)
    .where(
      and(
        inArray(cabin.id, [...new Set(ids)]),
        eq(cabin.branchId, branchId),
        isNull(cabin.deletedAt),
      ),
    )
    .orderBy(asc(cabin.id))
    .for('no key update');
}

/**
 * A session's refusal as the series answers it: the refusal's own status and code, with the
 * session named in `details` (`sessions.{i}`: `Sesión {n} ({date} {startTime}): {message}`). A
 * slot taken by a concurrent booking (the EXCLUDE constraint, SQLSTATE 23P01) is 409 code 5.
 */
function sessionRefusal(
  error: unknown,
  index: number,
  session: number,
  at: { date: string; startTime: string },
): unknown {
  const refusal =
    error instanceof AppError
      ? error
      : databaseError(error).code === '23P01'
        ? conflict(Conflict.timeNotAvailable)
        : null;
  if (!refusal) return error;
  const message = refusal.details?.[0]?.message ?? refusal.message;
  return new AppError(refusal.status, refusal.code, [
    {
      field: `sessions.${index}`,
      message: seriesSessionMessage(session, at.date, at.startTime, message),
    },
  ]);
}

export function createSeries(ctx: Context, body: SeriesCreateBody): Promise<SeriesCreated> {
  const branchId = branchForWrite(ctx, body.branchId);
  const seriesId = randomUUID();
  return ctx.db.transaction(async (tx) => {
    await lockCabins(
      tx,
      branchId,
      body.sessions.map((session) => session.cabainId),
    );
    const product = await seriesProduct(tx, body.purchasedProductId, true);
    if (body.sessions.length > product.remaining)
      throw conflict(Conflict.purchasedProductUnavailable);
    const items = [];
    for (const [index, session] of body.sessions.entries()) {
      const booking = seriesBooking(
        product,
        { branchId, cabinId: session.cabainId, date: session.date, startTime: session.startTime },
        body.attendedById ?? null,
      );
      try {
        items.push(
          await insertAppointment(tx, ctx, booking, {
            appointmentMethod: body.appointmentMethod,
            observations: body.observations ?? null,
            seriesId,
          }),
        );
      } catch (error) {
        throw sessionRefusal(error, index, product.firstSession + index, session);
      }
    }
    return { seriesId, items };
  });
}
