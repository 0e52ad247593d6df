import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { NotFound, type PublicWaitlistOffer } from '@clinica/domain';
import type { Executor } from '../../db/client';
import { appointment, branch, treatment, waitlistEntry, waitlistOffer } from '../../db/schema';
import { notFound } from '../../platform/errors';
import type { Actor } from '../agenda/appointment.service';
import { addressLine } from '../online-booking/slot-day';
import { offerOfToken } from '../reminders/appointment-link';
import { answerOffer } from './waitlist.service';

/**
 * The customer's offer link `/oferta/{token}` (CONTRACT §15): read the offer (no customer data),
 * accept it (booked) or decline it (released and offered onward). A token that does not verify,
 * or names no offer, is 404 code 38.
 */

async function offerOf(db: Executor, offerId: number) {
  const [row] = await db
    .select({
      entryId: waitlistOffer.entryId,
      date: appointment.date,
      startTime: sql<string>`to_char(${appointment.startTime}, 'HH24:MI')`,
      endTime: sql<string>`to_char(${appointment.endTime}, 'HH24:MI')`,
      expiresAt: waitlistOffer.expiresAt,
      status: waitlistOffer.status,
      treatmentName: treatment.name,
      branchName: branch.name,
      phone: branch.phone,
      street: branch.street,
      extNumber: branch.extNumber,
      intNumber: branch.intNumber,
      suburb: branch.suburb,
      city: branch.city,
      state: branch.state,
      zipCode: branch.zipCode,
    })
    .from(waitlistOffer)
    .innerJoin(waitlistEntry, eq(waitlistEntry.id, waitlistOffer.entryId))
    .innerJoin(appointment, eq(appointment.id, waitlistOffer.appointmentId))
    .innerJoin(branch, eq(branch.id, appointment.branchId))
    .innerJoin(treatment, eq(treatment.id, waitlistEntry.treatmentId))
    .where(eq(waitlistOffer.id, offerId));
  if (!row) throw notFound(NotFound.waitlistEntry);
  return row;
}

function present(row: Awaited<ReturnType<typeof offerOf>>, now: Date): PublicWaitlistOffer {
  const lapsed = row.status === 'open' && row.expiresAt <= now;
  return {
    date: row.date,
    startTime: row.startTime,
    endTime: row.endTime,
    branch: { name: row.branchName, address: addressLine(row), phone: row.phone },
    treatment: { name: row.treatmentName },
    expiresAt: row.expiresAt.toISOString(),
    status: lapsed ? 'expired' : (row.status as PublicWaitlistOffer['status']),
  };
}

function offerIdOf(app: FastifyInstance, token: string) {
  const id = offerOfToken(app.signingKey, token);
  if (id === null) throw notFound(NotFound.waitlistEntry);
  return id;
}

const customer = (app: FastifyInstance): Actor => ({
  db: app.db,
  clock: app.clock,
  session: null,
  reminderHours: app.config.reminderHours,
  holdMinutes: app.config.waitlistHoldMinutes,
});

/** GET /public/waitlist-offer/{token}. */
export async function publicOffer(app: FastifyInstance, token: string) {
  return present(await offerOf(app.db, offerIdOf(app, token)), app.clock.now());
}

/** POST /public/waitlist-offer/{token}/accept | decline. */
export async function answerPublicOffer(
  app: FastifyInstance,
  token: string,
  answer: 'accept' | 'decline',
) {
  const offerId = offerIdOf(app, token);
  const { entryId } = await offerOf(app.db, offerId);
  await app.db.transaction((tx) => answerOffer(tx, customer(app), entryId, answer, offerId));
  return present(await offerOf(app.db, offerId), app.clock.now());
}
