import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import type { AppointmentRecord } from '@clinica/domain';
import { area, medicCommission, product, stock, treatmentArea } from '../../db/schema';
import { call, createTestApp, signInAs, type TestApp } from '../../test/harness';
import { onPostgres } from '../../test/races';
import { receiveStock, unbalancedLots, unbalancedSummaries } from '../inventory/ledger';
import {
  MONDAY_8AM,
  agendaFixtures,
  book,
  booking,
  newCustomer,
  purchased,
  type AgendaFixtures,
} from './agenda-fixtures.testing';

/**
 * Finishing under concurrent requests (CONTRACT §7): on PostgreSQL, where they really run at once.
 * The appointment's and the lots' row locks order the finishes, so a lot never goes below zero,
 * units are neither lost nor created, and one appointment is finished (and paid) once.
 */

let t: TestApp;
let admin: string;
let f: AgendaFixtures;
let gloves: number;
let frontal: number;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(MONDAY_8AM);
  admin = (await signInAs(t.app, 'superAdmin')).token;
  f = await agendaFixtures(t.app);
  const [row] = await t.app.db
    .select({ id: product.id })
    .from(product)
    .where(eq(product.sku, 'IN-GUANT'));
  gloves = row!.id;
  const [first] = await t.app.db
    .select({ id: area.id })
    .from(treatmentArea)
    .innerJoin(area, eq(area.id, treatmentArea.areaId))
    .where(eq(treatmentArea.treatmentId, f.treatments['TX-TOXSUP']!))
    .orderBy(asc(area.id));
  frontal = first!.id;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

/** A toxin appointment of a purchased product, in process at `startTime` in `cabin`. */
async function inProcess(cabin: string, startTime: string) {
  const customerId = await newCustomer(t.app, admin);
  const purchasedProductId = await purchased(
    t.app,
    f.zonaRio,
    customerId,
    f.treatments['TX-TOXSUP']!,
  );
  const booked = await book(
    t.app,
    admin,
    booking(f, customerId, {
      startTime,
      cabainId: f.cabins[cabin],
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

let lotSerial = 0;
async function newLot(quantity: number) {
  lotSerial += 1;
  const moved = await t.app.db.transaction((tx) =>
    receiveStock(
      tx,
      {
        branchId: f.zonaRio,
        productId: gloves,
        allotment: `RACE-${lotSerial}`,
        expiresIn: '2027-12-31',
      },
      { quantity, cause: 'adjustment', document: { type: 'test' }, userId: null },
    ),
  );
  return moved.stockId;
}

describe.runIf(onPostgres)('finishing appointments under concurrent requests (PostgreSQL)', () => {
  it('two finishes racing for a lot that holds enough for one: one 200, one 422 code 1, never below zero', async () => {
    for (const hour of ['09:00', '10:00', '11:00', '12:00', '13:00']) {
      const a = await inProcess('Consultorio 1', hour);
      const b = await inProcess('Facial 1', hour);
      const lot = await newLot(2);
      const answers = await Promise.all([
        finish(a, f.medicId, lot, 2),
        finish(b, f.cosmetologistId, lot, 2),
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
    const id = await inProcess('Consultorio 1', '15:00');
    const lot = await newLot(40);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => finish(id, f.medicId, lot, 2)),
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
