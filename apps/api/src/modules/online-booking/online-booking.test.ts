import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { appointment, bookingRequest, customer } from '../../db/schema';
import { call, createTestApp, signInAs, type TestApp } from '../../test/harness';
import {
  MONDAY,
  confirmBooking,
  mailedCode,
  onlineWorld,
  person,
  requestBooking,
  type OnlineWorld,
} from './online-booking.fixture';

/** Online booking's public calls (CONTRACT §15), over HTTP on a real database. */

let t: TestApp;
let w: OnlineWorld;
beforeAll(async () => {
  t = await createTestApp();
  w = await onlineWorld(t.app);
});
afterAll(async () => {
  await t?.close();
});

const get = <T>(url: string, query: Record<string, string>) =>
  call<T>(t.app, 'GET', url, { query });

describe('what the public page reads', () => {
  it('lists the active clinics with their address and hours, and nothing else', async () => {
    const answer = await call<Record<string, unknown>[]>(t.app, 'GET', '/v1/public/branches');
    expect(answer.status).toBe(200);
    const own = answer.body.data.find((row) => row.id === w.branchId)!;
    expect(Object.keys(own).sort()).toEqual(['address', 'id', 'name', 'phone', 'schedule', 'zone']);
    expect(own.address).toBe(
      'Av. Revolución 800, Zona Centro, Tijuana, Baja California, C.P. 22000',
    );
    expect(own.schedule).toContainEqual({ day: 0, opening: '09:00', closing: '20:00' });
    expect(answer.body.data.some((row) => row.name === 'CEDIS')).toBe(false);
  });

  it('offers only flagged treatments a cabin there serves, with public fields only', async () => {
    const answer = await get<Record<string, unknown>[]>('/v1/public/treatments', {
      branchId: String(w.branchId),
    });
    expect(answer.status).toBe(200);
    const ids = answer.body.data.map((row) => row.id);
    expect(ids).toContain(w.treatmentId);
    expect(ids).not.toContain(w.hiddenId);
    const own = answer.body.data.find((row) => row.id === w.treatmentId)!;
    expect(Object.keys(own).sort()).toEqual(
      ['description', 'duration', 'id', 'name', 'price', 'term'].sort(),
    );
    expect(own).toMatchObject({ term: '01:00', duration: 60, price: 350 });
    const unknown = await get('/v1/public/treatments', { branchId: '999999' });
    expect([unknown.status, unknown.body.code]).toEqual([404, 6]);
  });

  it('answers the free starts of a day in 30-minute steps, times only', async () => {
    const answer = await get<{ times: string[]; duration: number }>('/v1/public/availability', {
      branchId: String(w.branchId),
      treatmentId: String(w.treatmentId),
      date: MONDAY,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data.duration).toBe(60);
    // 09:00 to 19:00: a 60-minute treatment ends by the 20:00 closing.
    expect(answer.body.data.times[0]).toBe('09:00');
    expect(answer.body.data.times.at(-1)).toBe('19:00');
    expect(answer.body.data.times).toHaveLength(21);
    expect(JSON.stringify(answer.body.data)).not.toMatch(/cabain|cabin|user/i);
  });

  it('refuses a day before today or past the booking window (400 naming date)', async () => {
    for (const date of ['2026-11-19', '2027-03-01']) {
      const answer = await get('/v1/public/availability', {
        branchId: String(w.branchId),
        treatmentId: String(w.treatmentId),
        date,
      });
      expect(answer.status).toBe(400);
      expect(answer.body.details?.[0]?.field).toBe('date');
    }
  });

  it('does not offer a treatment that is not flagged (404 code 2)', async () => {
    const answer = await get('/v1/public/availability', {
      branchId: String(w.branchId),
      treatmentId: String(w.hiddenId),
      date: MONDAY,
    });
    expect([answer.status, answer.body.code]).toEqual([404, 2]);
  });

  it('keeps today inside the lead time: nothing before an hour from now', async () => {
    // Friday 2026-11-20 at 09:00 in Tijuana: the first start is 10:00.
    const answer = await get<{ times: string[] }>('/v1/public/availability', {
      branchId: String(w.branchId),
      treatmentId: String(w.treatmentId),
      date: '2026-11-20',
    });
    expect(answer.body.data.times[0]).toBe('10:00');
  });
});

describe('the request', () => {
  it('stores it and mails a 6-character code: 201 code 1, requestId and expiry only', async () => {
    const data = person();
    const answer = await requestBooking(w, { ...data, startTime: '12:00' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body.code).toBe(1);
    expect(Object.keys(answer.body.data).sort()).toEqual(['expiresAt', 'requestId']);
    expect(answer.body.data.requestId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(new Date(answer.body.data.expiresAt).getTime()).toBe(
      new Date('2026-11-20T17:10:00Z').getTime(),
    );
    expect(await mailedCode(t.app, data.email)).toMatch(/^[A-HJ-NP-Z2-9]{6}$/);
  });

  it('refuses a minor (400 naming birthday) and a slot outside the hours (409 code 17)', async () => {
    const minor = await requestBooking(w, { birthday: '2010-01-01' });
    expect(minor.status).toBe(400);
    expect(minor.body.details?.map((detail) => detail.field)).toContain('birthday');
    const late = await requestBooking(w, { startTime: '19:30' });
    expect([late.status, late.body.code]).toEqual([409, 17]);
    const sunday = await requestBooking(w, { date: '2026-11-29' });
    expect([sunday.status, sunday.body.code]).toEqual([409, 17]);
  });

  it('limits a mobile to 5 requests an hour (429 code 1), counted from the stored ones', async () => {
    const mobilePhone = person().mobilePhone;
    for (let i = 0; i < 5; i += 1) {
      const answer = await requestBooking(w, { mobilePhone, startTime: '13:00' });
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    }
    const sixth = await requestBooking(w, { mobilePhone, startTime: '13:00' });
    expect([sixth.status, sixth.body.code]).toEqual([429, 1]);
    t.clock.advance(61 * 60_000);
    const later = await requestBooking(w, { mobilePhone, startTime: '13:00' });
    t.clock.advance(-61 * 60_000);
    expect(later.status).toBe(201);
  });

  it('limits a client address to 20 an hour', async () => {
    for (let i = 0; i < 20; i += 1) {
      const answer = await requestBooking(w, { startTime: '14:00' }, '198.51.100.20');
      expect(answer.status).toBe(201);
    }
    const next = await requestBooking(w, { startTime: '14:00' }, '198.51.100.20');
    expect([next.status, next.body.code]).toEqual([429, 1]);
  });
});

describe('the confirmation', () => {
  it('books with the right code: En línea, nobody on staff, a new customer, the link', async () => {
    const data = person();
    const request = await requestBooking(w, { ...data, startTime: '15:00' });
    const code = await mailedCode(t.app, data.email);
    const answer = await confirmBooking(t.app, request.body.data.requestId, code.toLowerCase());
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body.data).toMatchObject({
      date: MONDAY,
      startTime: '15:00',
      endTime: '16:00',
      treatment: { name: expect.stringContaining('Valoración en línea') },
    });
    expect(answer.body.data.folio).toBe(
      `CITA-${String(answer.body.data.appointmentNumber).padStart(6, '0')}`,
    );
    expect(answer.body.data.link).toMatch(/^\/cita\/[\w-]+\.[\w-]+$/);
    const [row] = await t.app.db
      .select()
      .from(appointment)
      .where(eq(appointment.id, answer.body.data.id));
    expect(row).toMatchObject({
      appointmentMethod: 'En línea',
      appointmentOption: 'newTreatments',
      appointmentType: 'Valoración',
      userId: null,
      status: 'scheduled',
      cabinId: w.cabinId,
    });
    const [created] = await t.app.db
      .select()
      .from(customer)
      .where(eq(customer.id, row!.customerId));
    expect(created).toMatchObject({
      email: data.email,
      mobilePhone: data.mobilePhone,
      reference: 'Reserva en línea',
      registryBranchId: w.branchId,
    });
    const again = await confirmBooking(t.app, request.body.data.requestId, code);
    expect([again.status, again.body.code]).toEqual([404, 37]);
  });

  it('counts wrong codes: 404 code 21, and the fifth voids the request', async () => {
    const data = person();
    const request = await requestBooking(w, { ...data, startTime: '16:00' });
    const code = await mailedCode(t.app, data.email);
    const wrong = code === 'AAAAAA' ? 'BBBBBB' : 'AAAAAA';
    for (let i = 0; i < 5; i += 1) {
      const answer = await confirmBooking(t.app, request.body.data.requestId, wrong);
      expect([answer.status, answer.body.code]).toEqual([404, 21]);
    }
    const right = await confirmBooking(t.app, request.body.data.requestId, code);
    expect([right.status, right.body.code]).toEqual([404, 37]);
    const [stored] = await t.app.db
      .select()
      .from(bookingRequest)
      .where(eq(bookingRequest.id, request.body.data.requestId));
    expect(stored).toMatchObject({ status: 'voided', attempts: 5 });
  });

  it('lets a code expire after 10 minutes (404 code 37)', async () => {
    const data = person();
    const request = await requestBooking(w, { ...data, startTime: '16:30' });
    const code = await mailedCode(t.app, data.email);
    t.clock.advance(10 * 60_000);
    const answer = await confirmBooking(t.app, request.body.data.requestId, code);
    t.clock.advance(-10 * 60_000);
    expect([answer.status, answer.body.code]).toEqual([404, 37]);
  });

  it('gives the neutral refusal for a record that may not be booked, and changes nothing', async () => {
    const admin = (await signInAs(t.app, 'superAdmin')).token;
    const known = person();
    const made = await call<{ id: number }>(t.app, 'POST', '/v1/customer/create', {
      token: admin,
      body: { ...known, email: `otra.${known.email}`, registryBranchId: w.branchId },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    // Her mobile, typed with another e-mail: a stranger cannot book in her name.
    const stranger = await requestBooking(w, { ...known, startTime: '17:00' });
    expect(stranger.status).toBe(201);
    const code = await mailedCode(t.app, known.email);
    const refused = await confirmBooking(t.app, stranger.body.data.requestId, code);
    expect([refused.status, refused.body.code]).toEqual([409, 46]);
    expect(refused.body.data ?? null).toBeNull();
    const [stored] = await t.app.db
      .select()
      .from(bookingRequest)
      .where(eq(bookingRequest.id, stranger.body.data.requestId));
    expect(stored?.status).toBe('pending');

    // Blacklisted, found by her own e-mail.
    await t.app.db.update(customer).set({ blackList: 1 }).where(eq(customer.id, made.body.data.id));
    const own = await requestBooking(w, {
      ...known,
      email: `otra.${known.email}`,
      startTime: '17:30',
    });
    const ownCode = await mailedCode(t.app, `otra.${known.email}`);
    const blacklisted = await confirmBooking(t.app, own.body.data.requestId, ownCode);
    expect([blacklisted.status, blacklisted.body.code]).toEqual([409, 46]);
  });

  it('keeps the slot refusals of the agenda: a taken slot is 409 code 5', async () => {
    const first = person();
    const second = person();
    const a = await requestBooking(w, { ...first, startTime: '18:00' });
    const b = await requestBooking(w, { ...second, startTime: '18:00' });
    const booked = await confirmBooking(
      t.app,
      a.body.data.requestId,
      await mailedCode(t.app, first.email),
    );
    expect(booked.status).toBe(201);
    const late = await confirmBooking(
      t.app,
      b.body.data.requestId,
      await mailedCode(t.app, second.email),
    );
    expect([late.status, late.body.code]).toEqual([409, 5]);
    const again = await requestBooking(w, { startTime: '18:00' });
    expect([again.status, again.body.code]).toEqual([409, 5]);
  });
});
