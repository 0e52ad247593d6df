import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { appointment, bookingRequest } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';
import { onPostgres } from '../../test/races';
import {
  MONDAY,
  confirmBooking,
  mailedCode,
  onlineWorld,
  person,
  requestBooking,
  type OnlineWorld,
} from './online-booking.fixture';

/** Online booking under concurrent requests (CONTRACT §15), on PostgreSQL. */

describe.runIf(onPostgres)('online booking races', () => {
  let t: TestApp;
  let w: OnlineWorld;
  beforeAll(async () => {
    t = await createTestApp();
    w = await onlineWorld(t.app);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('books exactly one of 20 concurrent confirms of one slot; the rest are 409 code 5', async () => {
    const requests = [];
    for (let i = 0; i < 20; i += 1) {
      const data = person();
      const request = await requestBooking(w, { ...data, startTime: '10:00' }, `192.0.2.${i}`);
      expect(request.status).toBe(201);
      requests.push({ id: request.body.data.requestId, code: await mailedCode(t.app, data.email) });
    }
    const answers = await Promise.all(
      requests.map((request) => confirmBooking(t.app, request.id, request.code)),
    );
    const statuses = answers.map((answer) => `${answer.status}/${answer.body.code}`).sort();
    expect(statuses.filter((status) => status === '201/0')).toHaveLength(1);
    expect(statuses.filter((status) => status === '409/5')).toHaveLength(19);
    const [booked] = await t.app.db
      .select({ n: count() })
      .from(appointment)
      .where(
        and(
          eq(appointment.cabinId, w.cabinId),
          eq(appointment.date, MONDAY),
          eq(appointment.startTime, '10:00'),
        ),
      );
    expect(booked?.n).toBe(1);
  });

  it('never counts more than 5 wrong guesses, however many arrive at once', async () => {
    const data = person();
    const request = await requestBooking(w, { ...data, startTime: '15:00' });
    const code = await mailedCode(t.app, data.email);
    const wrong = code === 'AAAAAA' ? 'BBBBBB' : 'AAAAAA';
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => confirmBooking(t.app, request.body.data.requestId, wrong)),
    );
    expect(answers.filter((answer) => answer.body.code === 21)).toHaveLength(5);
    expect(answers.filter((answer) => answer.body.code === 37)).toHaveLength(7);
    const [stored] = await t.app.db
      .select()
      .from(bookingRequest)
      .where(eq(bookingRequest.id, request.body.data.requestId));
    expect(stored).toMatchObject({ attempts: 5, status: 'voided' });
  });

  it('holds a mobile to 5 requests an hour even when 10 arrive at once', async () => {
    const mobilePhone = person().mobilePhone;
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        requestBooking(w, { mobilePhone, startTime: '16:00' }, `198.18.0.${i}`),
      ),
    );
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(5);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(5);
  });
});
