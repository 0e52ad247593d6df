import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  agendaDayAppointment,
  type AgendaDayAnswer,
  type AppointmentRecord,
} from '@clinica/domain';
import { call, createTestApp, type TestApp } from '../../test/harness';
import {
  MONDAY,
  MONDAY_8AM,
  agendaWorld,
  book,
  booking,
  newCustomer,
  type AgendaWorld,
} from './agenda-fixtures.testing';

/**
 * The day of the agenda carries what the grid draws, not each appointment's whole record
 * (issue 24: the busiest branch's day was 590 KB of JSON); the record is read by id.
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

describe('a day of the agenda (GET /appointment?date)', () => {
  it("answers each appointment with only the grid's fields; GET /appointment/{id} the whole record", async () => {
    const customerId = await newCustomer(t.app, admin);
    const booked = await book(t.app, admin, booking(w, customerId, { startTime: '18:00' }));
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const answer = await call<AgendaDayAnswer>(t.app, 'GET', '/v1/appointment', {
      token: admin,
      query: { branchId: String(w.branch), date: MONDAY },
    });
    expect(answer.status).toBe(200);
    const item = answer.body.data.items.find((entry) => entry.id === booked.body.data.id);
    expect(item).toBeDefined();
    // Exactly the declared fields, nothing of the record's detail.
    expect(Object.keys(item!).sort()).toEqual(Object.keys(agendaDayAppointment.shape).sort());
    expect(Object.keys(item!.customer).sort()).toEqual(
      ['id', 'lastName', 'missedAppointments', 'motherLastName', 'name'].sort(),
    );
    expect(item).toMatchObject({
      date: MONDAY,
      startTime: '18:00',
      endTime: booked.body.data.endTime,
      status: 'scheduled',
      cabain: { id: w.cabins.medical },
      customer: { id: customerId, name: booked.body.data.customer.name },
      treatments: booked.body.data.treatments.map(({ id, name }) => ({ id, name })),
      package: null,
      promotion: null,
    });
    const detail = await call<AppointmentRecord>(t.app, 'GET', `/v1/appointment/${item!.id}`, {
      token: admin,
    });
    expect(detail.body.data).toMatchObject({
      id: item!.id,
      appointmentNumber: booked.body.data.appointmentNumber,
      customer: { mobilePhone: booked.body.data.customer.mobilePhone },
      cancellations: [],
    });
  });

  it('keeps the table (no date) answering whole records', async () => {
    const answer = await call<{ items: AppointmentRecord[] }>(t.app, 'GET', '/v1/appointment', {
      token: admin,
      query: { branchId: String(w.branch), take: '5' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data).not.toHaveProperty('day');
    expect(answer.body.data.items[0]).toHaveProperty('appointmentNumber');
    expect(answer.body.data.items[0]).toHaveProperty('cancellations');
  });
});
