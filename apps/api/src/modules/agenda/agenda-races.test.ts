import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { agendaLock, appointment } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';
import { onPostgres } from '../../test/races';
import {
  MONDAY,
  MONDAY_8AM,
  agendaWorld,
  book,
  booking,
  createLock,
  lockBodyFor,
  newCustomer,
  type AgendaWorld,
} from './agenda-fixtures.testing';

/**
 * Double booking is impossible (CONTRACT §7, §13): concurrent requests on PostgreSQL, where they
 * really run at once. The EXCLUDE constraints decide, not a check before the write.
 */

let t: TestApp;
let admin: string;
let w: AgendaWorld;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(MONDAY_8AM);
  w = await agendaWorld(t.app);
  admin = w.admin;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const TRIES = 200;

describe.runIf(onPostgres)('the agenda under concurrent requests (PostgreSQL)', () => {
  it('of 200 concurrent bookings of one cabin slot exactly one succeeds, the rest are 409 code 5', async () => {
    const customers = await Promise.all(
      Array.from({ length: 20 }, () => newCustomer(t.app, admin)),
    );
    const answers = await Promise.all(
      Array.from({ length: TRIES }, (_, index) =>
        book(
          t.app,
          admin,
          booking(w, customers[index % customers.length]!, {
            startTime: '11:00',
            cabainId: w.cabins.medical,
          }),
        ),
      ),
    );
    const statuses = answers.map((answer) => `${answer.status}/${answer.body.code}`);
    expect(statuses.filter((status) => status === '201/0')).toHaveLength(1);
    expect(statuses.filter((status) => status === '409/5')).toHaveLength(TRIES - 1);
    const rows = await t.app.db
      .select({ id: appointment.id })
      .from(appointment)
      .where(and(eq(appointment.cabinId, w.cabins.medical), eq(appointment.date, MONDAY)));
    expect(rows).toHaveLength(1);
  });

  it('of 200 concurrent bookings of one medic across two cabins exactly one succeeds', async () => {
    const customers = await Promise.all(
      Array.from({ length: 20 }, () => newCustomer(t.app, admin)),
    );
    const cabins = [w.cabins.laser, w.cabins.valuation];
    const answers = await Promise.all(
      Array.from({ length: TRIES }, (_, index) =>
        book(
          t.app,
          admin,
          booking(w, customers[index % customers.length]!, {
            startTime: '15:00',
            cabainId: cabins[index % 2],
            attendedById: w.staff.medic.id,
          }),
        ),
      ),
    );
    const statuses = answers.map((answer) => `${answer.status}/${answer.body.code}`);
    expect(statuses.filter((status) => status === '201/0')).toHaveLength(1);
    expect(statuses.filter((status) => status === '409/5')).toHaveLength(TRIES - 1);
  });

  it('of 20 concurrent overlapping locks of one cabin exactly one is made, the rest 409 code 32', async () => {
    const cabainId = w.cabins.body;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        createLock(
          t.app,
          admin,
          lockBodyFor(w, {
            cabainId,
            type: 'hours_range',
            time: index % 2 ? ['16:00', '18:00'] : ['17:00', '19:00'],
          }),
        ),
      ),
    );
    const statuses = answers.map((answer) => `${answer.status}/${answer.body.code}`);
    expect(statuses.filter((status) => status === '201/0')).toHaveLength(1);
    expect(statuses.filter((status) => status === '409/32')).toHaveLength(19);
    const live = await t.app.db
      .select({ id: agendaLock.id })
      .from(agendaLock)
      .where(inArray(agendaLock.cabinId, [cabainId]));
    expect(live).toHaveLength(1);
  });
});
