import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

/** What staff see of online booking (CONTRACT §15): the flag, the method, the report. */

let t: TestApp;
let w: OnlineWorld;
beforeAll(async () => {
  t = await createTestApp();
  w = await onlineWorld(t.app);
});
afterAll(async () => {
  await t?.close();
});

async function bookOnline(startTime: string) {
  const data = person();
  const request = await requestBooking(w, { ...data, startTime });
  const booked = await confirmBooking(
    t.app,
    request.body.data.requestId,
    await mailedCode(t.app, data.email),
  );
  expect(booked.status, JSON.stringify(booked.body)).toBe(201);
  return booked.body.data;
}

describe('the treatment flag', () => {
  it('is read and changed like the treatment’s other fields', async () => {
    const read = await call<{ onlineBooking: boolean }>(
      t.app,
      'GET',
      `/v1/treatment/${w.hiddenId}`,
      {
        token: w.admin,
      },
    );
    expect(read.body.data.onlineBooking).toBe(false);
    const changed = await call<{ onlineBooking: boolean }>(
      t.app,
      'PUT',
      `/v1/treatment/${w.hiddenId}/update`,
      { token: w.admin, body: { onlineBooking: true } },
    );
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const offered = await call<{ id: number }[]>(t.app, 'GET', '/v1/public/treatments', {
      query: { branchId: String(w.branchId) },
    });
    expect(offered.body.data.map((row) => row.id)).toContain(w.hiddenId);
    await call(t.app, 'PUT', `/v1/treatment/${w.hiddenId}/update`, {
      token: w.admin,
      body: { onlineBooking: false },
    });
  });
});

describe('the online method', () => {
  it('is never chosen by staff, but an update may send the stored one back', async () => {
    const customer = await call<{ id: number }>(t.app, 'POST', '/v1/customer/create', {
      token: w.admin,
      body: { ...person(), registryBranchId: w.branchId },
    });
    const treatment = await call<{ categories: { id: number }[] }>(
      t.app,
      'GET',
      `/v1/treatment/${w.treatmentId}`,
      { token: w.admin },
    );
    const body = {
      appointmentType: 'Valoración',
      date: MONDAY,
      startTime: '09:00',
      appointmentMethod: 'En línea',
      appointmentOption: 'newTreatments',
      branchId: w.branchId,
      cabainId: w.cabinId,
      customerId: customer.body.data.id,
      treatmentsIds: [w.treatmentId],
      categoriesIds: treatment.body.data.categories.map((category) => category.id),
    };
    const refused = await call(t.app, 'POST', '/v1/appointment/create', { token: w.admin, body });
    expect(refused.status).toBe(400);
    expect(refused.body.details?.map((detail) => detail.field)).toContain('appointmentMethod');

    const online = await bookOnline('11:00');
    const kept = await call<{ appointmentMethod: string; observations: string }>(
      t.app,
      'PUT',
      `/v1/appointment/${online.id}/update`,
      {
        token: w.admin,
        body: { appointmentMethod: 'En línea', observations: 'Llega 10 min antes' },
      },
    );
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect(kept.body.data.appointmentMethod).toBe('En línea');

    const staff = await call<{ id: number }>(t.app, 'POST', '/v1/appointment/create', {
      token: w.admin,
      body: { ...body, appointmentMethod: 'Llamada telefónica', startTime: '12:00' },
    });
    expect(staff.status, JSON.stringify(staff.body)).toBe(201);
    const set = await call(t.app, 'PUT', `/v1/appointment/${staff.body.data.id}/update`, {
      token: w.admin,
      body: { appointmentMethod: 'En línea' },
    });
    expect(set.status).toBe(400);
    expect(set.body.details?.[0]?.field).toBe('appointmentMethod');
  });

  it('is counted as ecommerce in the appointments report', async () => {
    const report = async () =>
      (
        await call<{ items: { ecommerce: number; inPerson: number; total: number }[] }>(
          t.app,
          'GET',
          '/v1/report/appointments',
          {
            token: w.admin,
            query: { startDate: MONDAY, endDate: MONDAY, branchId: String(w.branchId) },
          },
        )
      ).body.data.items[0]!;
    const before = await report();
    await bookOnline('13:30');
    const after = await report();
    expect(after.ecommerce - before.ecommerce).toBe(1);
    expect(after.inPerson).toBe(before.inPerson);
    expect(after.total - before.total).toBe(1);
  });
});
