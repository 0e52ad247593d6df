import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import type {
  AgendaDayAnswer,
  AppointmentRecord,
  SeriesCreated,
  SeriesPreview,
} from '@clinica/domain';
import { appointment, purchasedProduct, reminder } from '../../db/schema';
import { call, createTestApp, signInAs, type TestApp } from '../../test/harness';
import { onPostgres } from '../../test/races';
import {
  MONDAY,
  MONDAY_8AM,
  TUESDAY,
  agendaWorld,
  book,
  booking,
  newCustomer,
  purchased,
  type AgendaWorld,
} from './agenda-fixtures.testing';

/** Session series (CONTRACT §15): preview and create over HTTP, on both engines. */

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

/** A customer holding the world's toxin (30 minutes) with `sessions`, `given` of them given. */
async function holder(sessions = 4, given = 0) {
  const customerId = await newCustomer(t.app, admin);
  const id = await purchased(t.app, w.branch, customerId, w.treatments.toxin.id, sessions);
  if (given > 0)
    await t.app.db
      .update(purchasedProduct)
      .set({ currentSession: given })
      .where(eq(purchasedProduct.id, id));
  return { customerId, id };
}

const preview = (token: string, query: Record<string, string | number>) =>
  call<SeriesPreview>(t.app, 'GET', '/v1/appointment/series/preview', {
    token,
    query: Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)])),
  });

const create = (token: string, body: Record<string, unknown>) =>
  call<SeriesCreated>(t.app, 'POST', '/v1/appointment/series/create', { token, body });

const previewQuery = (id: number, overrides: Record<string, string | number> = {}) => ({
  purchasedProductId: id,
  branchId: w.branch,
  date: TUESDAY,
  startTime: '10:00',
  intervalDays: 15,
  ...overrides,
});

const createBody = (
  id: number,
  sessions: { date: string; startTime: string; cabainId: number }[],
  overrides: Record<string, unknown> = {},
) => ({
  purchasedProductId: id,
  branchId: w.branch,
  intervalDays: 15,
  appointmentMethod: 'Llamada telefónica',
  sessions,
  ...overrides,
});

const ofProduct = (id: number) =>
  t.app.db
    .select({ id: appointment.id, seriesId: appointment.seriesId, status: appointment.status })
    .from(appointment)
    .where(eq(appointment.purchasedProductId, id));

describe('GET /appointment/series/preview', () => {
  it('proposes one session per remaining one, every intervalDays, in the first serving cabin', async () => {
    const product = await holder(6, 1);
    // One already booked: it spends a session, so 6 − 1 − 1 = 4 remain.
    expect(
      (
        await book(
          t.app,
          admin,
          booking(w, product.customerId, {
            date: MONDAY,
            startTime: '18:00',
            appointmentOption: 'purchasedProducts',
            purchasedProductId: product.id,
          }),
        )
      ).status,
    ).toBe(201);
    const answer = await preview(admin, previewQuery(product.id, { startTime: '11:00' }));
    expect(answer.status).toBe(200);
    const data = answer.body.data;
    expect(data.remaining).toBe(4);
    expect(data.purchasedProduct).toEqual({
      id: product.id,
      treatment: { id: w.treatments.toxin.id, name: w.treatments.toxin.name },
      sessions: 6,
      currentSession: 1,
    });
    expect(
      data.items.map((item) => [item.session, item.date, item.startTime, item.endTime]),
    ).toEqual([
      [3, '2027-06-08', '11:00', '11:30'],
      [4, '2027-06-23', '11:00', '11:30'],
      [5, '2027-07-08', '11:00', '11:30'],
      [6, '2027-07-23', '11:00', '11:30'],
    ]);
    for (const item of data.items) {
      expect(item).toMatchObject({ available: true, moved: false, reason: null });
      expect(item.cabain?.id).toBe(w.cabins.medical);
    }
    // It wrote nothing.
    expect(await ofProduct(product.id)).toHaveLength(1);
  });

  it('uses the asked cabin when given, and a role fixed to its branch gets its own', async () => {
    const product = await holder(2);
    const inLaser = await preview(admin, previewQuery(product.id, { cabainId: w.cabins.laser }));
    expect(inLaser.body.data.items.map((item) => item.cabain?.id)).toEqual([
      w.cabins.laser,
      w.cabins.laser,
    ]);
    const otherBranch = (
      await call<{ id: number; name: string }[]>(t.app, 'GET', '/v1/branch/all')
    ).body.data.find((entry) => entry.id !== w.branch)!.id;
    const fixed = await preview(
      w.staff.manager.token,
      previewQuery(product.id, { branchId: otherBranch }),
    );
    expect(fixed.status).toBe(200);
    expect(fixed.body.data.items[0]!.cabain?.id).toBe(w.cabins.medical);
    const foreignCabin = await preview(
      admin,
      previewQuery(product.id, { cabainId: 2_000_000_000 }),
    );
    expect([foreignCabin.status, foreignCabin.body.code]).toEqual([404, 7]);
  });

  it('moves a busy start to the nearest free one (the earlier on a tie), else says why not', async () => {
    // 12:00 taken in both cabins serving the toxin's type: 11:30 and 12:30 tie, 11:30 wins.
    for (const cabainId of [w.cabins.medical, w.cabins.laser]) {
      const other = await newCustomer(t.app, admin);
      expect(
        (
          await book(
            t.app,
            admin,
            booking(w, other, { date: TUESDAY, startTime: '12:00', cabainId }),
          )
        ).status,
      ).toBe(201);
    }
    const product = await holder(2);
    // 90 days after Tuesday 2027-06-08 is Monday 2027-09-06; from Monday 06-07 it is a Sunday.
    const moved = await preview(
      admin,
      previewQuery(product.id, { startTime: '12:00', intervalDays: 90 }),
    );
    expect(moved.status).toBe(200);
    const [first, second] = moved.body.data.items;
    expect(first).toMatchObject({
      date: TUESDAY,
      startTime: '11:30',
      endTime: '12:00',
      available: true,
      moved: true,
      reason: { code: 5, message: 'El horario no está disponible' },
    });
    expect(second).toMatchObject({ date: '2027-09-06', startTime: '12:00', moved: false });

    const sunday = await preview(
      admin,
      previewQuery(product.id, { date: MONDAY, startTime: '12:00', intervalDays: 90 }),
    );
    expect(sunday.body.data.items[1]).toEqual({
      session: 2,
      date: '2027-09-05',
      startTime: null,
      endTime: null,
      cabain: null,
      available: false,
      moved: false,
      reason: { code: 17, message: expect.any(String) },
    });
  });

  it('refuses an interval off the list (400), and a product with nothing left (409/41)', async () => {
    const product = await holder(2);
    for (const intervalDays of [0, 20, 'quince']) {
      const answer = await preview(admin, previewQuery(product.id, { intervalDays }));
      expect(answer.status).toBe(400);
      expect(answer.body.details?.[0]?.field).toBe('intervalDays');
      expect(answer.body.details?.[0]?.message).toBe(
        'El campo Intervalo (días) debe ser 15, 30, 45, 60 o 90',
      );
    }
    const endless = await preview(admin, previewQuery(product.id, { date: '9999-12-20' }));
    expect([endless.status, endless.body.details?.[0]?.field]).toEqual([400, 'date']);
    const spent = await holder(3, 3);
    const none = await preview(admin, previewQuery(spent.id));
    expect([none.status, none.body.code]).toEqual([409, 41]);
    const unknown = await preview(admin, previewQuery(2_000_000_000));
    expect([unknown.status, unknown.body.code]).toEqual([409, 41]);
  });

  it('counts held appointments as spent (once the waitlist adds the status)', async (test) => {
    const product = await holder(3);
    const [booked] = await t.app.db
      .insert(appointment)
      .values({
        branchId: w.branch,
        cabinId: w.cabins.medical,
        customerId: product.customerId,
        appointmentType: 'Médico',
        appointmentMethod: 'Llamada telefónica',
        appointmentOption: 'purchasedProducts',
        purchasedProductId: product.id,
        date: '2027-06-09',
        startTime: '19:00',
        endTime: '19:30',
        period:
          sql`tstzrange('2027-06-10T02:00:00Z', '2027-06-10T02:30:00Z', '[)')` as unknown as string,
      })
      .returning({ id: appointment.id });
    try {
      await t.app.db
        .update(appointment)
        .set({ status: 'held' })
        .where(eq(appointment.id, booked!.id));
    } catch {
      await t.app.db.delete(appointment).where(eq(appointment.id, booked!.id));
      test.skip();
    }
    const answer = await preview(admin, previewQuery(product.id));
    expect(answer.body.data.remaining).toBe(2);
  });

  it('needs appointment.create (403)', async () => {
    const product = await holder(2);
    const franchisee = (await signInAs(t.app, 'franchisee')).token;
    expect((await preview(franchisee, previewQuery(product.id))).status).toBe(403);
    expect((await create(franchisee, createBody(product.id, []))).status).toBe(403);
  });
});

describe('POST /appointment/series/create', () => {
  it('books every session in one go, each carrying seriesId, with its reminders', async () => {
    const product = await holder(4);
    const dates = ['2027-06-08', '2027-06-23', '2027-07-08', '2027-07-23'];
    const answer = await create(
      admin,
      createBody(
        product.id,
        dates.map((date) => ({ date, startTime: '13:00', cabainId: w.cabins.medical })),
        { attendedById: w.staff.medic.id, observations: 'Serie de toxina' },
      ),
    );
    expect(answer.status).toBe(201);
    const { seriesId, items } = answer.body.data;
    expect(seriesId).toMatch(/^[0-9a-f-]{36}$/);
    expect(items.map((item) => [item.date, item.startTime, item.endTime])).toEqual(
      dates.map((date) => [date, '13:00', '13:30']),
    );
    for (const item of items)
      expect(item).toMatchObject({
        seriesId,
        status: 'scheduled',
        appointmentOption: 'purchasedProducts',
        appointmentType: 'Médico',
        appointmentMethod: 'Llamada telefónica',
        observations: 'Serie de toxina',
        attendedBy: { id: w.staff.medic.id },
        purchasedProduct: { id: product.id },
        treatments: [{ id: w.treatments.toxin.id }],
      });
    const reminders = await t.app.db
      .select({ appointmentId: reminder.appointmentId })
      .from(reminder)
      .where(
        inArray(
          reminder.appointmentId,
          items.map((item) => item.id),
        ),
      );
    expect(new Set(reminders.map((row) => row.appointmentId)).size).toBe(4);

    // Where appointments are answered, they say their series.
    const detail = await call<AppointmentRecord>(t.app, 'GET', `/v1/appointment/${items[1]!.id}`, {
      token: admin,
    });
    expect(detail.body.data.seriesId).toBe(seriesId);
    const day = await call<AgendaDayAnswer>(t.app, 'GET', '/v1/appointment', {
      token: admin,
      query: { branchId: String(w.branch), date: '2027-06-08' },
    });
    const mine = day.body.data.items.find((item) => item.id === items[0]!.id);
    expect(mine?.seriesId).toBe(seriesId);
    expect(day.body.data.items.find((item) => item.id !== items[0]!.id)?.seriesId ?? null).toBe(
      null,
    );

    // Nothing left: the preview and another series are 409/41.
    expect((await preview(admin, previewQuery(product.id))).body.code).toBe(41);

    // They are ordinary appointments: cancelling one leaves the others, and frees its session.
    const cancelled = await call(t.app, 'POST', `/v1/appointment/${items[3]!.id}/cancel`, {
      token: admin,
      body: { cancellationReason: 'Work', type: 'Cancellation' },
    });
    expect(cancelled.status).toBe(200);
    expect((await ofProduct(product.id)).filter((row) => row.status === 'scheduled')).toHaveLength(
      3,
    );
    expect((await preview(admin, previewQuery(product.id))).body.data.remaining).toBe(1);
  });

  it('refuses more sessions than remain (409/41) and none (400)', async () => {
    const product = await holder(3, 1);
    const three = ['2027-06-08', '2027-06-23', '2027-07-08'].map((date) => ({
      date,
      startTime: '14:00',
      cabainId: w.cabins.medical,
    }));
    const tooMany = await create(admin, createBody(product.id, three));
    expect([tooMany.status, tooMany.body.code]).toEqual([409, 41]);
    const empty = await create(admin, createBody(product.id, []));
    expect(empty.status).toBe(400);
    expect(empty.body.details?.[0]?.field).toBe('sessions');
    const bad = await create(
      admin,
      createBody(
        product.id,
        [{ date: '2027-06-08', startTime: '14:15', cabainId: w.cabins.medical }],
        {
          intervalDays: 7,
          appointmentMethod: 'En línea',
        },
      ),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.details?.map((detail) => detail.field).sort()).toEqual([
      'appointmentMethod',
      'intervalDays',
      'sessions.0.startTime',
    ]);
    expect(await ofProduct(product.id)).toHaveLength(0);
  });

  it('a refused session books nothing and answers its refusal, naming the session', async () => {
    const product = await holder(4);
    const other = await newCustomer(t.app, admin);
    expect(
      (await book(t.app, admin, booking(w, other, { date: '2027-07-08', startTime: '15:00' })))
        .status,
    ).toBe(201);
    const dates = ['2027-06-08', '2027-06-23', '2027-07-08'];
    const answer = await create(
      admin,
      createBody(
        product.id,
        dates.map((date) => ({ date, startTime: '15:00', cabainId: w.cabins.medical })),
      ),
    );
    expect(answer.status).toBe(409);
    expect(answer.body.code).toBe(5);
    expect(answer.body.details).toEqual([
      {
        field: 'sessions.2',
        message: 'Sesión 3 (2027-07-08 15:00): El horario no está disponible',
      },
    ]);
    expect(await ofProduct(product.id)).toHaveLength(0);

    const past = await create(
      admin,
      createBody(product.id, [
        { date: '2027-06-01', startTime: '15:00', cabainId: w.cabins.medical },
      ]),
    );
    expect([past.status, past.body.code, past.body.details?.[0]?.field]).toEqual([
      409,
      4,
      'sessions.0',
    ]);
  });

  it('keeps a role fixed to its branch there (404/6 for another)', async () => {
    const product = await holder(2);
    const otherBranch = (
      await call<{ id: number; name: string }[]>(t.app, 'GET', '/v1/branch/all')
    ).body.data.find((entry) => entry.id !== w.branch)!.id;
    const session = { date: '2027-06-08', startTime: '16:00', cabainId: w.cabins.medical };
    const elsewhere = await create(
      w.staff.manager.token,
      createBody(product.id, [session], { branchId: otherBranch }),
    );
    expect([elsewhere.status, elsewhere.body.code]).toEqual([404, 6]);
    const own = await create(w.staff.manager.token, createBody(product.id, [session]));
    expect(own.status).toBe(201);
    expect(own.body.data.items[0]!.user?.id).toBe(w.staff.manager.id);
  });
});

describe.runIf(onPostgres)('series under concurrent requests (PostgreSQL)', () => {
  it('a series racing a staff booking of one of its slots: one wins, the series is all or nothing', async () => {
    const ROUNDS = 8;
    let seriesWon = 0;
    for (let round = 0; round < ROUNDS; round += 1) {
      const product = await holder(3);
      const other = await newCustomer(t.app, admin);
      const startTime = `${String(9 + round).padStart(2, '0')}:30`;
      const dates = ['2027-08-02', '2027-08-17', '2027-09-01'];
      const [series, staff] = await Promise.all([
        create(
          admin,
          createBody(
            product.id,
            dates.map((date) => ({ date, startTime, cabainId: w.cabins.laser })),
          ),
        ),
        book(
          t.app,
          admin,
          booking(w, other, { date: dates[1], startTime, cabainId: w.cabins.laser }),
        ),
      ]);
      const outcome = [series.status, staff.status].sort();
      expect(outcome).toEqual([201, 409]);
      const rows = await ofProduct(product.id);
      if (series.status === 201) {
        seriesWon += 1;
        expect(rows).toHaveLength(3);
        expect(staff.body.code).toBe(5);
      } else {
        expect(rows).toHaveLength(0);
        expect(series.body.code).toBe(5);
        expect(series.body.details?.[0]?.field).toBe('sessions.1');
      }
    }
    // Either may win a round (the split is timing's); no round lets both in or half a series.
    expect(seriesWon).toBeLessThanOrEqual(ROUNDS);
  });

  it('two series of one product at once: one books, the other finds nothing left (409/41)', async () => {
    const product = await holder(2);
    const answers = await Promise.all(
      ['17:00', '17:30'].map((startTime) =>
        create(
          admin,
          createBody(
            product.id,
            ['2027-08-03', '2027-08-18'].map((date) => ({
              date,
              startTime,
              cabainId: w.cabins.medical,
            })),
          ),
        ),
      ),
    );
    expect(answers.map((answer) => `${answer.status}/${answer.body.code}`).sort()).toEqual([
      '201/0',
      '409/41',
    ]);
    expect(await ofProduct(product.id)).toHaveLength(2);
  });
});
