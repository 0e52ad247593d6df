import { expect } from 'vitest';
import { eq } from 'drizzle-orm';
import type { MedicCommissionRow, MedicCommissionSummary } from '@clinica/domain';
import { branch as branchTable, kardex, kardexBankInformation } from '../../db/schema';
import { call, createTestApp, type TestApp } from '../../test/harness';
import { newBranch, newCabin, newLot, newStaffMember } from '../../test/factories';
import {
  MONDAY,
  MONDAY_8AM,
  agendaWorld,
  book,
  booking,
  newCustomer,
  purchased,
  type AgendaWorld,
} from '../agenda/agenda-fixtures.testing';

/**
 * The world of the medical commission tests (issue 23: nothing in it is a demo row): the agenda's
 * world (`agendaWorld`: a clinic of the file's own, its medic, cosmetologist, manager and toxin)
 * with a second medic there, and a second clinic of its own with a medical cabin and a medic.
 * Appointments are booked, set in process and finished through the API (each writes its medic's
 * commission), at either clinic, on two days.
 */

export const TUESDAY_8AM = new Date('2027-06-08T15:00:00Z');
/** The second medic's ISR percent (the world's medic has `w.medicIsr`). */
export const SECOND_ISR = 10;

export const m = {} as {
  t: TestApp;
  admin: string;
  w: AgendaWorld;
  /** The world's clinic and the second clinic, with the latter's name. */
  home: number;
  away: number;
  awayName: string;
  /** The active medics of the world's clinic: the world's medic first, then a second one. */
  medics: number[];
  /** The second clinic's medic. */
  awayMedic: number;
  /** The medical cabin of each clinic. */
  room: Record<number, number>;
  frontal: number;
  /** The toxin's medical fee (each finished appointment's commission). */
  fee: number;
};

/** The ISR and the net of a commission of `fee` at `percent`, to the cent. */
export const withheld = (fee: number, percent: number) => {
  const isr = Math.round(fee * percent) / 100;
  return { isr, subtotal: Math.round((fee - isr) * 100) / 100 };
};

export async function openMedicWorld() {
  // A worker's files share this module (isolate: false): a new world's database starts with no
  // appointment of ours, so its slots start again at 10:00.
  for (const key of Object.keys(slots)) delete slots[key];
  m.t = await createTestApp();
  m.t.clock.set(MONDAY_8AM);
  m.w = await agendaWorld(m.t.app);
  m.admin = m.w.admin;
  m.home = m.w.branch;
  const second = await newStaffMember(m.t.app, m.admin, {
    role: 'medic',
    jobPosition: 'Médico Estético',
    branchId: m.home,
    isr: SECOND_ISR,
  });
  m.medics = [m.w.staff.medic.id, second.id];
  m.away = await newBranch(m.t.app, m.admin, { open: true });
  const [away] = await m.t.app.db
    .select({ name: branchTable.name })
    .from(branchTable)
    .where(eq(branchTable.id, m.away));
  m.awayName = away!.name;
  m.awayMedic = (
    await newStaffMember(m.t.app, m.admin, {
      role: 'medic',
      jobPosition: 'Médico Estético',
      branchId: m.away,
    })
  ).id;
  const types = await call<{ id: number; name: string }[]>(m.t.app, 'GET', '/v1/treatment-type', {
    token: m.admin,
  });
  const medical = types.body.data.find((type) => type.name === 'Médico')!.id;
  m.room = {
    [m.home]: m.w.cabins.medical,
    [m.away]: (await newCabin(m.t.app, m.admin, m.away, medical)).id,
  };
  m.frontal = m.w.treatments.toxin.areaIds[0]!;
  m.fee = m.w.medicalFee;
}

/** A booking body of the world's toxin for the customer in `branch`'s medical cabin (the overrides last). */
export const toxinBooking = (
  customerId: number,
  branch = m.home,
  overrides: Record<string, unknown> = {},
) => booking(m.w, customerId, { branchId: branch, cabainId: m.room[branch], ...overrides });

/** Sets a medic's ISR percent in their employee file. */
export async function setIsr(userId: number, isr: number) {
  const [file] = await m.t.app.db
    .select({ id: kardex.id })
    .from(kardex)
    .where(eq(kardex.userId, userId));
  await m.t.app.db
    .update(kardexBankInformation)
    .set({ isr: String(isr) })
    .where(eq(kardexBankInformation.kardexId, file!.id));
}

const slots: Record<string, number> = {};

/**
 * A toxin appointment of a purchased product at `branch` on `day` (the clock already on it),
 * booked, set in process and finished by `medicId` through the API; answers the appointment's id.
 */
export async function finished(medicId: number, branch = m.home, day = MONDAY) {
  const key = `${branch}/${day}`;
  slots[key] = (slots[key] ?? 0) + 1;
  const startTime = `${String(9 + slots[key]).padStart(2, '0')}:00`;
  const customerId = await newCustomer(m.t.app, m.admin);
  const held = await purchased(m.t.app, branch, customerId, m.w.treatments.toxin.id);
  const booked = await book(
    m.t.app,
    m.admin,
    toxinBooking(customerId, branch, {
      date: day,
      startTime,
      appointmentOption: 'purchasedProducts',
      purchasedProductId: held,
    }),
  );
  expect(booked.status, JSON.stringify(booked.body)).toBe(201);
  const id = booked.body.data.id;
  const started = await call(m.t.app, 'PATCH', `/v1/appointment/${id}/set-on-process`, {
    token: m.admin,
  });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const gloves = m.w.perSession.gloves;
  const lot = await newLot(m.t.app, branch, {
    productId: m.w.products.gloves.id,
    quantity: gloves,
  });
  const done = await call(m.t.app, 'PATCH', `/v1/appointment/${id}/finish`, {
    token: m.admin,
    body: {
      status: 'finished',
      attendedById: medicId,
      sessions: [{ areasIds: [m.frontal] }],
      stockIds: [{ stockId: lot.stockId, quantity: gloves }],
      consent: true,
    },
  });
  expect(done.status, JSON.stringify(done.body)).toBe(200);
  return id;
}

type Query = Record<string, string>;

export const medicList = (token: string, query: Query = {}) =>
  call<{ items: MedicCommissionSummary[]; meta: { itemCount: number } }>(
    m.t.app,
    'GET',
    '/v1/commission',
    { token, query: { take: '100', ...query } },
  );

export const medicDetail = (token: string, userId: number, query: Query = {}) =>
  call<{ items: MedicCommissionRow[]; meta: { itemCount: number; pageCount: number } }>(
    m.t.app,
    'GET',
    `/v1/commission/${userId}/user`,
    { token, query },
  );

/** Every detail row of a medic under the filters, page by page. */
export async function allDetail(token: string, userId: number, query: Query = {}) {
  const rows: MedicCommissionRow[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await medicDetail(token, userId, { ...query, take: '7', page: String(page) });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    rows.push(...answer.body.data.items);
    if (page >= answer.body.data.meta.pageCount) return rows;
  }
}

export const cents = (values: number[]) =>
  Math.round(values.reduce((sum, value) => sum + Math.round(value * 100), 0)) / 100;

export const reassign = (id: number, userId: number, token = m.admin) =>
  call<MedicCommissionRow>(m.t.app, 'PATCH', `/v1/commission/${id}/update-commission-agent`, {
    token,
    body: { userId },
  });
