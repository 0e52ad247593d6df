import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { appointment, waitlistOffer } from '../../db/schema';
import { call, createTestApp, type TestApp } from '../../test/harness';
import { onPostgres } from '../../test/races';
import {
  MONDAY_8AM,
  agendaWorld,
  bookAt,
  booking,
  cancel,
  entryOf,
  freshDay,
  newCustomer,
  wait,
  type AgendaWorld,
} from './waitlist-fixtures.testing';

/**
 * The waitlist under concurrent requests (CONTRACT §7, §15), on PostgreSQL where they really run
 * at once: a freed slot is held by exactly one of the hold and the bookings racing for it, and two
 * slots freed at once go to two different entries.
 */

let t: TestApp;
let w: AgendaWorld;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ testHooks: true });
  t.clock.set(MONDAY_8AM);
  w = await agendaWorld(t.app);
  admin = w.admin;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const customer = () => newCustomer(t.app, admin);

describe.runIf(onPostgres)('the waitlist under concurrent requests (PostgreSQL)', () => {
  it('a cancellation racing 20 bookings of its slot ends with one of them holding it', async () => {
    const day = freshDay();
    const booked = await bookAt(t.app, admin, w, await customer(), day, '11:00');
    const entry = (await wait(t.app, admin, w, await customer(), day)).body.data;
    const people = await Promise.all(Array.from({ length: 20 }, () => customer()));
    const [cancelled, ...bookings] = await Promise.all([
      cancel(t.app, admin, booked.id),
      ...people.map((person) =>
        call(t.app, 'POST', '/v1/appointment/create', {
          token: admin,
          body: booking(w, person, { date: day, startTime: '11:00' }),
        }),
      ),
    ]);
    expect(cancelled!.status).toBe(200);
    const won = bookings.filter((answer) => answer.status === 201);
    expect(bookings.every((answer) => [201, 409].includes(answer.status))).toBe(true);
    const holding = await t.app.db
      .select({ id: appointment.id, status: appointment.status })
      .from(appointment)
      .where(
        and(
          eq(appointment.cabinId, w.cabins.medical),
          eq(appointment.date, day),
          inArray(appointment.status, ['scheduled', 'held']),
        ),
      );
    expect(holding).toHaveLength(1);
    const detail = await entryOf(t.app, admin, entry.id);
    if (holding[0]!.status === 'held') {
      expect(won).toHaveLength(0);
      expect(detail.offer?.appointmentId).toBe(holding[0]!.id);
    } else {
      expect(won).toHaveLength(1);
      expect(detail.status).toBe('waiting');
    }
  });

  it('two cancellations at once offer their slots to two different entries', async () => {
    const day = freshDay();
    const first = await bookAt(t.app, admin, w, await customer(), day, '10:00', w.cabins.medical);
    const second = await bookAt(t.app, admin, w, await customer(), day, '10:00', w.cabins.laser);
    const entries = [
      (await wait(t.app, admin, w, await customer(), day)).body.data,
      (await wait(t.app, admin, w, await customer(), day)).body.data,
    ];
    const answers = await Promise.all([
      cancel(t.app, admin, first.id),
      cancel(t.app, admin, second.id),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const offers = await t.app.db
      .select({ entryId: waitlistOffer.entryId, cabinId: waitlistOffer.cabinId })
      .from(waitlistOffer)
      .where(
        inArray(
          waitlistOffer.entryId,
          entries.map((entry) => entry.id),
        ),
      );
    expect(offers).toHaveLength(2);
    expect(new Set(offers.map((offer) => offer.entryId)).size).toBe(2);
    expect(new Set(offers.map((offer) => offer.cabinId))).toEqual(
      new Set([w.cabins.medical, w.cabins.laser]),
    );
  });
});
