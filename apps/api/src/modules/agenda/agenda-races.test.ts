import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { agendaLock, appointment } from '../../db/schema';
import { createTestApp, signInAs, type TestApp } from '../../test/harness';
import { onPostgres } from '../../test/races';
import {
  MONDAY,
  MONDAY_8AM,
  agendaFixtures,
  book,
  booking,
  createLock,
  lockBodyFor,
  newCustomer,
  type AgendaFixtures,
} from './agenda-fixtures.testing';

/**
 * Double booking is impossible (CONTRACT §7, §13): concurrent requests on PostgreSQL, where they
 * really run at once. The EXCLUDE constraints decide, not a check before the write.
 */

let t: TestApp;
let admin: string;
let f: AgendaFixtures;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(MONDAY_8AM);
  admin = (await signInAs(t.app, 'superAdmin')).token;
  f = await agendaFixtures(t.app);
});
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
          booking(f, customers[index % customers.length]!, {
            startTime: '11:00',
            cabainId: f.cabins['Consultorio 1'],
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
      .where(
        and(eq(appointment.cabinId, f.cabins['Consultorio 1']!), eq(appointment.date, MONDAY)),
      );
    expect(rows).toHaveLength(1);
  });

  it('of 200 concurrent bookings of one medic across two cabins exactly one succeeds', async () => {
    const customers = await Promise.all(
      Array.from({ length: 20 }, () => newCustomer(t.app, admin)),
    );
    const cabins = [f.cabins['Láser 1'], f.cabins['Valoración']];
    const answers = await Promise.all(
      Array.from({ length: TRIES }, (_, index) =>
        book(
          t.app,
          admin,
          booking(f, customers[index % customers.length]!, {
            startTime: '15:00',
            cabainId: cabins[index % 2],
            attendedById: f.medicId,
          }),
        ),
      ),
    );
    const statuses = answers.map((answer) => `${answer.status}/${answer.body.code}`);
    expect(statuses.filter((status) => status === '201/0')).toHaveLength(1);
    expect(statuses.filter((status) => status === '409/5')).toHaveLength(TRIES - 1);
  });

  it('of 20 concurrent overlapping locks of one cabin exactly one is made, the rest 409 code 32', async () => {
    const cabainId = f.cabins['Corporal 1']!;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        createLock(
          t.app,
          admin,
          lockBodyFor(f, {
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
