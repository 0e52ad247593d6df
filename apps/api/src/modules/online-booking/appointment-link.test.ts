import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { appointment, appointmentCancellation, customer } from '../../db/schema';
import { call, createTestApp, type TestApp } from '../../test/harness';
import {
  MONDAY,
  confirmBooking,
  mailedCode,
  onlineWorld,
  person,
  requestBooking,
  type OnlineWorld,
} from './online-booking.fixture';

/** The customer's link /cita/{token} (CONTRACT §15): read, confirm, cancel. */

let t: TestApp;
let w: OnlineWorld;
beforeAll(async () => {
  t = await createTestApp();
  w = await onlineWorld(t.app);
});
afterAll(async () => {
  await t?.close();
});

type Linked = {
  folio: string;
  status: string;
  confirmMethod: string | null;
  cancelUntil: string;
  branch: { name: string; phone: string | null };
  treatment: { name: string };
};

async function bookOnline(startTime: string, date = MONDAY) {
  const data = person();
  const request = await requestBooking(w, { ...data, startTime, date });
  expect(request.status, JSON.stringify(request.body)).toBe(201);
  const booked = await confirmBooking(
    t.app,
    request.body.data.requestId,
    await mailedCode(t.app, data.email),
  );
  expect(booked.status, JSON.stringify(booked.body)).toBe(201);
  return { ...booked.body.data, token: booked.body.data.link.replace('/cita/', '') };
}

const linked = (token: string, action = '') =>
  call<Linked>(t.app, action ? 'POST' : 'GET', `/v1/public/appointment/${token}${action}`);

describe('the link', () => {
  it('shows the appointment without any customer data, and until when it may be cancelled', async () => {
    const booked = await bookOnline('10:00');
    const answer = await linked(booked.token);
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.body.data).sort()).toEqual(
      [
        'branch',
        'cancelUntil',
        'confirmMethod',
        'date',
        'endTime',
        'folio',
        'startTime',
        'status',
        'treatment',
      ].sort(),
    );
    expect(answer.body.data).toMatchObject({ folio: booked.folio, status: 'scheduled' });
    // 10:00 in Tijuana (PST) is 18:00 UTC; 12 hours before.
    expect(answer.body.data.cancelUntil).toBe('2026-11-23T06:00:00.000Z');
  });

  it('refuses a token that does not verify (404 code 12)', async () => {
    const booked = await bookOnline('14:00');
    const [payload] = booked.token.split('.');
    for (const token of [
      `${payload}.forged`,
      'nada',
      `${payload}x.${booked.token.split('.')[1]}`,
    ]) {
      const answer = await linked(token);
      expect([answer.status, answer.body.code]).toEqual([404, 12]);
    }
  });

  it('confirms as the customer: si, confirmedBy customer, in the log with no user', async () => {
    const booked = await bookOnline('11:00');
    const answer = await linked(booked.token, '/confirm');
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data.confirmMethod).toBe('si');
    const [row] = await t.app.db.select().from(appointment).where(eq(appointment.id, booked.id));
    expect(row).toMatchObject({ confirmMethod: 'si', confirmedBy: 'customer' });
    const log = await call<{ items: { action: string; user: unknown }[] }>(
      t.app,
      'GET',
      '/v1/appointment-log',
      { token: w.admin, query: { appointmentId: String(booked.id) } },
    );
    expect(
      log.body.data.items.find((entry) => entry.action === 'confirm')?.user ?? null,
    ).toBeNull();
  });

  it('cancels as the customer: counted, with the link’s comment, and the slot is free again', async () => {
    const booked = await bookOnline('12:00');
    const [before] = await t.app.db.select().from(appointment).where(eq(appointment.id, booked.id));
    const answer = await linked(booked.token, '/cancel');
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data.status).toBe('cancelled');
    const [cancellation] = await t.app.db
      .select()
      .from(appointmentCancellation)
      .where(eq(appointmentCancellation.appointmentId, booked.id));
    expect(cancellation).toMatchObject({
      type: 'Cancellation',
      reason: 'Unspecified',
      customerCancellation: true,
      comment: 'Cancelada por la clienta desde el enlace',
      userId: null,
    });
    const [holder] = await t.app.db
      .select({ cancellations: customer.cancellations })
      .from(customer)
      .where(eq(customer.id, before!.customerId));
    expect(holder?.cancellations).toBe(1);
    const again = await linked(booked.token, '/cancel');
    expect([again.status, again.body.code]).toEqual([409, 39]);
    const confirm = await linked(booked.token, '/confirm');
    expect([confirm.status, confirm.body.code]).toEqual([409, 39]);
    const free = await call<{ times: string[] }>(t.app, 'GET', '/v1/public/availability', {
      query: { branchId: String(w.branchId), treatmentId: String(w.treatmentId), date: MONDAY },
    });
    expect(free.body.data.times).toContain('12:00');
  });

  it('refuses a cancellation within 12 hours of the start (409 code 47)', async () => {
    const booked = await bookOnline('13:00');
    // Monday 13:00 in Tijuana is 21:00 UTC; at 09:30 UTC it is 11.5 hours away.
    t.clock.set(new Date('2026-11-23T09:30:00Z'));
    const answer = await linked(booked.token, '/cancel');
    t.clock.set(new Date('2026-11-20T17:00:00Z'));
    expect([answer.status, answer.body.code]).toEqual([409, 47]);
  });
});
