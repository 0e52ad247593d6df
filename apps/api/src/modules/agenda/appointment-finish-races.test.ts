import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { AppointmentRecord } from '@clinica/domain';
import { medicCommission, stock } from '../../db/schema';
import { call, createTestApp, type TestApp } from '../../test/harness';
import { newLot as lotOf } from '../../test/factories';
import { onPostgres } from '../../test/races';
import { unbalancedLots, unbalancedSummaries } from '../inventory/ledger';
import {
  MONDAY_8AM,
  agendaWorld,
  book,
  booking,
  newCustomer,
  purchased,
  type AgendaWorld,
} from './agenda-fixtures.testing';

/**
 * Finishing under concurrent requests (CONTRACT §7): on PostgreSQL, where they really run at once.
 * The appointment's and the lots' row locks order the finishes, so a lot never goes below zero,
 * units are neither lost nor created, and one appointment is finished (and paid) once.
 */

let t: TestApp;
let admin: string;
let w: AgendaWorld;
let frontal: number;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(MONDAY_8AM);
  w = await agendaWorld(t.app);
  admin = w.admin;
  frontal = w.treatments.toxin.areaIds[0]!;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

/** A toxin appointment of a purchased product, in process at `startTime` in `cabin`. */
async function inProcess(cabin: 'medical' | 'facial', startTime: string) {
  const customerId = await newCustomer(t.app, admin);
  const purchasedProductId = await purchased(t.app, w.branch, customerId, w.treatments.toxin.id);
  const booked = await book(
    t.app,
    admin,
    booking(w, customerId, {
      startTime,
      cabainId: w.cabins[cabin],
      appointmentOption: 'purchasedProducts',
      purchasedProductId,
    }),
  );
  expect(booked.status, JSON.stringify(booked.body)).toBe(201);
  const id = booked.body.data.id;
  const started = await call(t.app, 'PATCH', `/v1/appointment/${id}/set-on-process`, {
    token: admin,
  });
  expect(started.status).toBe(200);
  return id;
}

const finish = (id: number, attendedById: number, stockId: number, quantity: number) =>
  call<AppointmentRecord>(t.app, 'PATCH', `/v1/appointment/${id}/finish`, {
    token: admin,
    body: {
      status: 'finished',
      attendedById,
      sessions: [{ areasIds: [frontal] }],
      stockIds: [{ stockId, quantity }],
      consent: true,
    },
  });

/** A lot of the toxin's gloves at the world's branch. */
const newLot = async (quantity: number) =>
  (await lotOf(t.app, w.branch, { productId: w.products.gloves.id, quantity })).stockId;

describe.runIf(onPostgres)('finishing appointments under concurrent requests (PostgreSQL)', () => {
  it('two finishes racing for a lot that holds enough for one: one 200, one 422 code 1, never below zero', async () => {
    for (const hour of ['09:00', '10:00', '11:00', '12:00', '13:00']) {
      const a = await inProcess('medical', hour);
      const b = await inProcess('facial', hour);
      const lot = await newLot(2);
      const answers = await Promise.all([
        finish(a, w.staff.medic.id, lot, 2),
        finish(b, w.staff.cosmetologist.id, lot, 2),
      ]);
      const statuses = answers.map((answer) => `${answer.status}/${answer.body.code}`).sort();
      expect(statuses).toEqual(['200/0', '422/1']);
      const [row] = await t.app.db
        .select({ quantity: stock.quantity })
        .from(stock)
        .where(eq(stock.id, lot));
      expect(row!.quantity).toBe(0);
    }
    expect(await unbalancedLots(t.app.db)).toEqual([]);
    expect(await unbalancedSummaries(t.app.db)).toEqual([]);
  });

  it('one appointment finished ten times at once: one 200, the rest 409 code 39, one commission', async () => {
    const id = await inProcess('medical', '15:00');
    const lot = await newLot(40);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => finish(id, w.staff.medic.id, lot, 2)),
    );
    const statuses = answers.map((answer) => `${answer.status}/${answer.body.code}`);
    expect(statuses.filter((status) => status === '200/0')).toHaveLength(1);
    expect(statuses.filter((status) => status === '409/39')).toHaveLength(9);
    const commissions = await t.app.db
      .select({ id: medicCommission.id })
      .from(medicCommission)
      .where(and(eq(medicCommission.appointmentId, id)));
    expect(commissions).toHaveLength(1);
    const [row] = await t.app.db
      .select({ quantity: stock.quantity })
      .from(stock)
      .where(eq(stock.id, lot));
    expect(row!.quantity).toBe(38);
    expect(await unbalancedLots(t.app.db)).toEqual([]);
  });
});
