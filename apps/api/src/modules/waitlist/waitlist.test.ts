import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { AgendaDayAnswer, AppointmentRecord, ReminderRecord } from '@clinica/domain';
import { appointment, waitlistEntry } from '../../db/schema';
import { call, createTestApp, signInAs, type TestApp } from '../../test/harness';
import {
  MONDAY,
  MONDAY_8AM,
  agendaWorld,
  bookAt,
  booking,
  cancel,
  createLock,
  entryOf,
  freshDay,
  lockBodyFor,
  newCustomer,
  runJobs,
  tokenOf,
  wait,
  type AgendaWorld,
} from './waitlist-fixtures.testing';

/**
 * The waitlist (CONTRACT §15) over HTTP: the entry's rules and codes, the offer a cancellation
 * makes (a hold in the same transaction), accept and decline by staff and by the link, and the
 * sweeper driven by the test hook.
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

/** A booking on `date` cancelled with an entry waiting for it: answers the entry and the hold. */
async function offered(date: string, startTime = '10:00') {
  const booked = await bookAt(t.app, admin, w, await customer(), date, startTime);
  const entry = (await wait(t.app, admin, w, await customer(), date)).body.data;
  expect((await cancel(t.app, admin, booked.id)).status).toBe(200);
  const detail = await entryOf(t.app, admin, entry.id);
  expect(detail.status).toBe('offered');
  return { booked, entry: detail, offer: detail.offer! };
}

describe('POST /waitlist/create', () => {
  it('stores a waiting entry with the default method and answers 201', async () => {
    const answer = await wait(t.app, admin, w, await customer(), freshDay(), {
      timeFrom: '09:00',
      timeTo: '13:00',
      notes: 'Prefiere mañanas',
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body.data).toMatchObject({
      status: 'waiting',
      appointmentMethod: 'Llamada telefónica',
      timeFrom: '09:00',
      timeTo: '13:00',
      offer: null,
      branch: { id: w.branch },
      treatment: { id: w.treatments.toxin.id },
    });
  });

  it.each([
    ['fromDate', { fromDate: '2027-06-06', toDate: MONDAY }],
    ['toDate', { fromDate: MONDAY, toDate: '2027-09-06' }],
    ['toDate', { fromDate: '2027-06-09', toDate: '2027-06-08' }],
    ['timeTo', { timeFrom: '12:00', timeTo: '11:00' }],
    ['timeFrom', { timeFrom: '10:15' }],
    ['appointmentMethod', { appointmentMethod: 'En línea' }],
  ])('refuses a bad %s with 400 naming it', async (field, overrides) => {
    const answer = await wait(t.app, admin, w, await customer(), MONDAY, overrides);
    expect(answer.status).toBe(400);
    expect(answer.body.details?.map((detail) => detail.field)).toContain(field);
  });

  it('refuses a blacklisted customer (409/38), a repeated wait (409/22), unknowns (404)', async () => {
    const banned = await newCustomer(t.app, admin, { blackList: 1 });
    const refused = await wait(t.app, admin, w, banned, MONDAY);
    expect([refused.status, refused.body.code]).toEqual([409, 38]);
    const person = await customer();
    const day = freshDay();
    expect((await wait(t.app, admin, w, person, day)).status).toBe(201);
    const again = await wait(t.app, admin, w, person, MONDAY, { toDate: day });
    expect([again.status, again.body.code]).toEqual([409, 22]);
    const nobody = await wait(t.app, admin, w, 99_999_999, day);
    expect([nobody.status, nobody.body.code]).toEqual([404, 14]);
  });
});

describe('reading and privileges', () => {
  it('lists with filters, answers 404/38 for unknown or another branch, 403 without delete', async () => {
    const day = freshDay();
    const person = await customer();
    const entry = (await wait(t.app, admin, w, person, day)).body.data;
    const list = await call<{ items: { id: number }[] }>(t.app, 'GET', '/v1/waitlist', {
      token: admin,
      query: { customerId: String(person), status: 'waiting', date: day },
    });
    expect(list.status).toBe(200);
    expect(list.body.data.items.map((item) => item.id)).toEqual([entry.id]);
    const other = await call(t.app, 'GET', '/v1/waitlist', {
      token: admin,
      query: { customerId: String(person), date: MONDAY },
    });
    expect((other.body.data as { items: unknown[] }).items).toHaveLength(0);
    const missing = await call(t.app, 'GET', '/v1/waitlist/99999999', { token: admin });
    expect([missing.status, missing.body.code]).toEqual([404, 38]);
    const elsewhere = (await signInAs(t.app, 'branchManager')).token;
    const hidden = await call(t.app, 'GET', `/v1/waitlist/${entry.id}`, { token: elsewhere });
    expect([hidden.status, hidden.body.code]).toEqual([404, 38]);
    const cosmetologist = w.staff.cosmetologist.token;
    expect(
      (await call(t.app, 'GET', `/v1/waitlist/${entry.id}`, { token: cosmetologist })).status,
    ).toBe(200);
    const forbidden = await call(t.app, 'POST', `/v1/waitlist/${entry.id}/cancel`, {
      token: cosmetologist,
    });
    expect(forbidden.status).toBe(403);
  });
});

describe('a cancellation offers the slot', () => {
  it('holds it for the oldest waiting entry in the same transaction, marked in the day view', async () => {
    const day = freshDay();
    const booked = await bookAt(t.app, admin, w, await customer(), day);
    const first = (await wait(t.app, admin, w, await customer(), day)).body.data;
    const second = (await wait(t.app, admin, w, await customer(), day)).body.data;
    expect((await cancel(t.app, admin, booked.id)).status).toBe(200);
    const detail = await entryOf(t.app, admin, first.id);
    expect(detail.status).toBe('offered');
    expect(detail.offer).toMatchObject({
      date: day,
      startTime: '10:00',
      endTime: '10:30',
      cabain: { id: w.cabins.medical },
      status: 'open',
      expiresAt: new Date(MONDAY_8AM.getTime() + 30 * 60_000).toISOString(),
    });
    expect(detail.offer!.link).toMatch(/^\/oferta\/[\w-]+\.[\w-]+$/);
    expect((await entryOf(t.app, admin, second.id)).status).toBe('waiting');

    const grid = await call<AgendaDayAnswer>(t.app, 'GET', '/v1/appointment', {
      token: admin,
      query: { branchId: String(w.branch), date: day },
    });
    const hold = grid.body.data.items.find((item) => item.id === detail.offer!.appointmentId);
    expect(hold).toMatchObject({ status: 'held', holdExpiresAt: detail.offer!.expiresAt });

    // Nobody else books it while held; no list, detail or report shows it.
    const taken = await call(t.app, 'POST', '/v1/appointment/create', {
      token: admin,
      body: booking(w, await customer(), { date: day, startTime: '10:00' }),
    });
    expect([taken.status, taken.body.code]).toEqual([409, 5]);
    const table = await call<{ items: { id: number }[] }>(t.app, 'GET', '/v1/appointment', {
      token: admin,
      query: { branchId: String(w.branch), dateFrom: day, dateTo: day },
    });
    expect(table.body.data.items.map((item) => item.id)).not.toContain(hold!.id);
    const byId = await call(t.app, 'GET', `/v1/appointment/${hold!.id}`, { token: admin });
    expect(byId.status).toBe(404);
    const history = await call<AppointmentRecord[]>(
      t.app,
      'GET',
      `/v1/customer/${detail.customer.id}/appointments`,
      { token: admin },
    );
    expect(history.body.data.map((item) => item.id)).not.toContain(hold!.id);
    const report = await call<{ totals: Record<string, number> }>(
      t.app,
      'GET',
      '/v1/report/scheduled-appointments',
      { token: admin, query: { startDate: day, endDate: day, branchId: String(w.branch) } },
    );
    expect(report.body.data.totals.total).toBe(1);

    // Its message is in the outbox, due at once, with the offer's link.
    const outbox = await call<{ items: ReminderRecord[] }>(
      t.app,
      'GET',
      `/v1/appointment/${hold!.id}/reminders`,
      { token: admin },
    );
    expect(outbox.body.data.items.map((row) => [row.kind, row.status])).toEqual([
      ['waitlist-offer', 'pending'],
    ]);
    const run = await runJobs(t.app, admin, MONDAY_8AM);
    expect(run.body.data.reminders.sent).toBeGreaterThanOrEqual(1);
    const sent = await call<{ items: ReminderRecord[] }>(
      t.app,
      'GET',
      `/v1/appointment/${hold!.id}/reminders`,
      { token: admin },
    );
    expect(sent.body.data.items[0]!.link).toContain(detail.offer!.link);
  });

  it('accepted by staff, the hold becomes the scheduled appointment; a second accept is 409/48', async () => {
    const { entry, offer } = await offered(freshDay());
    const accepted = await call(t.app, 'POST', `/v1/waitlist/${entry.id}/accept`, {
      token: admin,
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect((await entryOf(t.app, admin, entry.id)).status).toBe('booked');
    const booked = await call<AppointmentRecord>(
      t.app,
      'GET',
      `/v1/appointment/${offer.appointmentId}`,
      { token: admin },
    );
    expect(booked.body.data).toMatchObject({
      status: 'scheduled',
      customer: { id: entry.customer.id },
    });
    const again = await call(t.app, 'POST', `/v1/waitlist/${entry.id}/accept`, { token: admin });
    expect([again.status, again.body.code]).toEqual([409, 48]);
  });

  it('does not offer outside the entry hours, nor a start within two hours', async () => {
    const day = freshDay();
    const booked = await bookAt(t.app, admin, w, await customer(), day);
    const late = (
      await wait(t.app, admin, w, await customer(), day, { timeFrom: '15:00', timeTo: '18:00' })
    ).body.data;
    await cancel(t.app, admin, booked.id);
    expect((await entryOf(t.app, admin, late.id)).status).toBe('waiting');
    // Today (the clock's Monday, 08:00): 09:30 is within two hours.
    const soon = await bookAt(t.app, admin, w, await customer(), MONDAY, '09:30');
    const today = (await wait(t.app, admin, w, await customer(), MONDAY)).body.data;
    await cancel(t.app, admin, soon.id);
    expect((await entryOf(t.app, admin, today.id)).status).toBe('waiting');
  });

  it('a move offers the old time; cancelling an offered entry releases the hold onward', async () => {
    const day = freshDay();
    const booked = await bookAt(t.app, admin, w, await customer(), day, '12:00');
    const first = (await wait(t.app, admin, w, await customer(), day)).body.data;
    const second = (await wait(t.app, admin, w, await customer(), day)).body.data;
    const moved = await call(t.app, 'PUT', `/v1/appointment/${booked.id}/update`, {
      token: admin,
      body: { startTime: '16:00' },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const offer = (await entryOf(t.app, admin, first.id)).offer!;
    expect(offer.startTime).toBe('12:00');
    const cancelled = await call(t.app, 'DELETE', `/v1/waitlist/${first.id}/cancel`, {
      token: admin,
    });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data).toMatchObject({ status: 'cancelled', offer: null });
    const next = await entryOf(t.app, admin, second.id);
    expect(next.offer).toMatchObject({ startTime: '12:00', status: 'open' });
    const twice = await call(t.app, 'POST', `/v1/waitlist/${first.id}/cancel`, { token: admin });
    expect([twice.status, twice.body.code]).toEqual([409, 49]);
  });
});

describe('the offer link', () => {
  it('reads without customer data, declines onward, accepts, and refuses what is gone', async () => {
    const day = freshDay();
    const booked = await bookAt(t.app, admin, w, await customer(), day);
    const first = (await wait(t.app, admin, w, await customer(), day)).body.data;
    const second = (await wait(t.app, admin, w, await customer(), day)).body.data;
    await cancel(t.app, admin, booked.id);
    const token = tokenOf((await entryOf(t.app, admin, first.id)).offer!.link);
    const read = await call<Record<string, unknown>>(
      t.app,
      'GET',
      `/v1/public/waitlist-offer/${token}`,
    );
    expect(read.status).toBe(200);
    expect(Object.keys(read.body.data).sort()).toEqual(
      ['branch', 'date', 'endTime', 'expiresAt', 'startTime', 'status', 'treatment'].sort(),
    );
    expect(read.body.data).toMatchObject({ date: day, startTime: '10:00', status: 'open' });
    const bad = await call(t.app, 'GET', `/v1/public/waitlist-offer/${token}x`);
    expect([bad.status, bad.body.code]).toEqual([404, 38]);

    const declined = await call(t.app, 'POST', `/v1/public/waitlist-offer/${token}/decline`);
    expect(declined.status).toBe(200);
    expect((await entryOf(t.app, admin, first.id)).status).toBe('waiting');
    const late = await call(t.app, 'POST', `/v1/public/waitlist-offer/${token}/accept`);
    expect([late.status, late.body.code]).toEqual([409, 48]);

    const next = (await entryOf(t.app, admin, second.id)).offer!;
    const accepted = await call<{ status: string }>(
      t.app,
      'POST',
      `/v1/public/waitlist-offer/${tokenOf(next.link)}/accept`,
    );
    expect(accepted.status).toBe(200);
    expect(accepted.body.data.status).toBe('accepted');
    expect((await entryOf(t.app, admin, second.id)).status).toBe('booked');
    const [row] = await t.app.db
      .select({ status: appointment.status, userId: appointment.userId })
      .from(appointment)
      .where(eq(appointment.id, next.appointmentId));
    expect(row).toEqual({ status: 'scheduled', userId: null });
  });
});

describe('the sweeper (POST /system/jobs/run)', () => {
  it('expires a lapsed hold, offers the next entry, and expires an entry at its third', async () => {
    const { entry, offer } = await offered(freshDay());
    const next = (await wait(t.app, admin, w, await customer(), offer.date)).body.data;
    const early = await runJobs(t.app, admin, new Date(MONDAY_8AM.getTime() + 29 * 60_000));
    expect(early.body.data.holds).toEqual({ expired: 0, offered: 0 });
    const lapsed = new Date(MONDAY_8AM.getTime() + 31 * 60_000);
    // Other tests' holds lapse too: this one's own rows tell.
    const run = await runJobs(t.app, admin, lapsed);
    expect(run.body.data.holds.expired).toBeGreaterThanOrEqual(1);
    expect(run.body.data.holds.offered).toBeGreaterThanOrEqual(1);
    const back = await entryOf(t.app, admin, entry.id);
    expect(back.status).toBe('waiting');
    expect(back.offers.map((item) => item.status)).toEqual(['expired']);
    const following = await entryOf(t.app, admin, next.id);
    expect(following.offer).toMatchObject({
      startTime: offer.startTime,
      expiresAt: new Date(lapsed.getTime() + 30 * 60_000).toISOString(),
    });
    const late = await call(t.app, 'POST', `/v1/waitlist/${entry.id}/accept`, { token: admin });
    expect([late.status, late.body.code]).toEqual([409, 48]);

    // The third unanswered offer ends the wait.
    await t.app.db
      .update(waitlistEntry)
      .set({ unanswered: 2 })
      .where(eq(waitlistEntry.id, next.id));
    await runJobs(t.app, admin, new Date(lapsed.getTime() + 31 * 60_000));
    expect((await entryOf(t.app, admin, next.id)).status).toBe('expired');
  });

  it('expires a waiting entry whose toDate has passed', async () => {
    const day = freshDay();
    const entry = (await wait(t.app, admin, w, await customer(), day)).body.data;
    await runJobs(t.app, admin, new Date(`${day}T12:00:00Z`));
    expect((await entryOf(t.app, admin, entry.id)).status).toBe('waiting');
    await runJobs(t.app, admin, new Date(new Date(`${day}T12:00:00Z`).getTime() + 86_400_000));
    expect((await entryOf(t.app, admin, entry.id)).status).toBe('expired');
  });
});

describe('a lock deleted frees its time', () => {
  it('offers the interval it blocked', async () => {
    const day = freshDay();
    const lock = await call<{ id: number }>(t.app, 'POST', '/v1/lock/create', {
      token: admin,
      body: lockBodyFor(w, { type: 'hours_range', time: ['14:00', '15:00'], date: day }),
    });
    expect(lock.status, JSON.stringify(lock.body)).toBe(201);
    const entry = (
      await wait(t.app, admin, w, await customer(), day, { timeFrom: '14:00', timeTo: '15:00' })
    ).body.data;
    expect((await entryOf(t.app, admin, entry.id)).status).toBe('waiting');
    const removed = await call(t.app, 'DELETE', `/v1/lock/${lock.body.data.id}/delete`, {
      token: admin,
    });
    expect(removed.status).toBe(200);
    expect((await entryOf(t.app, admin, entry.id)).offer).toMatchObject({
      startTime: '14:00',
      cabain: { id: w.cabins.medical },
    });
  });
});

describe('a lock narrowed or moved frees what it no longer blocks', () => {
  /** A one-off lock of the medical cabin on `date` over `time` (an `hours_range` of two times). */
  async function lockOn(date: string, time: string[], overrides: Record<string, unknown> = {}) {
    const made = await createLock(
      t.app,
      admin,
      lockBodyFor(w, { type: 'hours_range', time, date, ...overrides }),
    );
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    return made.body.data.id;
  }
  const updateLock = async (id: number, body: Record<string, unknown>) => {
    const answer = await call(t.app, 'PUT', `/v1/lock/${id}/update`, { token: admin, body });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  };

  it('offers the freed part only: the hold starts inside it, an entry it cannot fit waits', async () => {
    const day = freshDay();
    const lock = await lockOn(day, ['12:00', '16:00']);
    // The oldest waits for free time outside the freed part; the next takes the freed part.
    const afternoon = (
      await wait(t.app, admin, w, await customer(), day, { timeFrom: '16:00', timeTo: '18:00' })
    ).body.data;
    const any = (await wait(t.app, admin, w, await customer(), day)).body.data;
    await updateLock(lock, { time: ['12:00', '14:00'] });
    expect((await entryOf(t.app, admin, afternoon.id)).status).toBe('waiting');
    expect((await entryOf(t.app, admin, any.id)).offer).toMatchObject({
      date: day,
      startTime: '14:00',
      endTime: '14:30',
      cabain: { id: w.cabins.medical },
      status: 'open',
    });
    // What the lock still blocks stays blocked (409/6).
    const blocked = await call(t.app, 'POST', '/v1/appointment/create', {
      token: admin,
      body: booking(w, await customer(), { date: day, startTime: '13:30' }),
    });
    expect([blocked.status, blocked.body.code]).toEqual([409, 6]);
  });

  it('offers nothing when the freed part is shorter than the treatment or after closing', async () => {
    const day = freshDay();
    const short = await lockOn(day, ['12:00', '14:00']);
    const late = await lockOn(day, ['19:00', '21:00']);
    // Lips take an hour: the freed half hour is too short for them, not for the younger toxin.
    const lips = (
      await wait(t.app, admin, w, await customer(), day, { treatmentId: w.treatments.lips.id })
    ).body.data;
    await updateLock(short, { time: ['12:00', '13:30'] });
    expect((await entryOf(t.app, admin, lips.id)).status).toBe('waiting');
    const toxin = (await wait(t.app, admin, w, await customer(), day)).body.data;
    // The branch closes at 20:00: freeing 20:00–21:00 offers nothing; 19:30–20:00 is offered.
    await updateLock(late, { time: ['19:00', '20:00'] });
    expect((await entryOf(t.app, admin, toxin.id)).status).toBe('waiting');
    await updateLock(late, { time: ['19:00', '19:30'] });
    expect((await entryOf(t.app, admin, toxin.id)).offer).toMatchObject({
      startTime: '19:30',
      endTime: '20:00',
    });
    expect((await entryOf(t.app, admin, lips.id)).status).toBe('waiting');
  });

  it('offers consecutive hours an `hour` lock no longer blocks as one interval', async () => {
    const day = freshDay();
    const made = await createLock(
      t.app,
      admin,
      lockBodyFor(w, { type: 'hour', time: ['12:00', '12:30', '13:00'], date: day }),
    );
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const lips = (
      await wait(t.app, admin, w, await customer(), day, { treatmentId: w.treatments.lips.id })
    ).body.data;
    await updateLock(made.body.data.id, { time: ['12:00'] });
    expect((await entryOf(t.app, admin, lips.id)).offer).toMatchObject({
      startTime: '12:30',
      endTime: '13:30',
    });
  });

  it('moved to another cabin or another day, offers the whole time it left', async () => {
    const day = freshDay();
    const toCabin = await lockOn(day, ['11:00', '12:00']);
    const toDay = await lockOn(day, ['15:00', '16:00']);
    const first = (await wait(t.app, admin, w, await customer(), day)).body.data;
    const second = (await wait(t.app, admin, w, await customer(), day)).body.data;
    await updateLock(toCabin, { cabainId: w.cabins.laser });
    expect((await entryOf(t.app, admin, first.id)).offer).toMatchObject({
      startTime: '11:00',
      cabain: { id: w.cabins.medical },
    });
    await updateLock(toDay, { date: freshDay() });
    expect((await entryOf(t.app, admin, second.id)).offer).toMatchObject({
      startTime: '15:00',
      cabain: { id: w.cabins.medical },
    });
  });
});
