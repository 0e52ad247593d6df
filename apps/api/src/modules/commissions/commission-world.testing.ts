import { expect } from 'vitest';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { MedicCommissionRow, MedicCommissionSummary } from '@clinica/domain';
import { queryRows } from '../../db/client';
import {
  area,
  cabin,
  kardex,
  kardexBankInformation,
  product,
  treatment,
  treatmentArea,
  treatmentCategory,
  user,
} from '../../db/schema';
import { branchId, call, createTestApp, signInAs, type TestApp } from '../../test/harness';
import {
  MONDAY,
  MONDAY_8AM,
  book,
  newCustomer,
  purchased,
} from '../agenda/agenda-fixtures.testing';
import { receiveStock } from '../inventory/ledger';

/**
 * The world of the medical commission tests: appointments booked, set in process and finished
 * through the API (each writes its medic's commission), at Zona Río and at Playas, on two days.
 */

export const TUESDAY_8AM = new Date('2027-06-08T15:00:00Z');

export const m = {} as {
  t: TestApp;
  admin: string;
  /** The demo's toxin (its id and first category) and its demo staff (issue 23: still the demo's). */
  f: { toxin: number; toxinCategory: number; medicId: number; cosmetologistId: number };
  zonaRio: number;
  playas: number;
  /** Active medics (job position Médico…) of Zona Río, the demo medic first; one of Playas. */
  medics: number[];
  playasMedic: number;
  /** Consultorio 1 of each branch. */
  room: Record<number, number>;
  frontal: number;
};

export async function staffOf(role: string, branch: number, medicPosition = false) {
  const rows = await queryRows<{ id: number }>(
    m.t.app.db,
    sql`SELECT u.id FROM "user" u JOIN role r ON r.id = u.role_id JOIN kardex k ON k.user_id = u.id
        JOIN job_position jp ON jp.id = k.job_position_id
        WHERE r.key = ${role} AND k.branch_id = ${branch} AND u.status = 'activo'
          AND u.deleted_at IS NULL ${medicPosition ? sql`AND jp.name LIKE 'Médico%'` : sql``}
        ORDER BY u.id`,
  );
  return rows.map((row) => Number(row.id));
}

export async function openMedicWorld() {
  // A worker's files share this module (isolate: false): a new world's database starts with no
  // appointment of ours, so its slots start again at 10:00.
  for (const key of Object.keys(slots)) delete slots[key];
  m.t = await createTestApp();
  m.t.clock.set(MONDAY_8AM);
  m.admin = (await signInAs(m.t.app, 'superAdmin')).token;
  m.f = await demoAgenda();
  m.zonaRio = await branchId(m.t.app, 'Zona Río');
  m.playas = await branchId(m.t.app, 'Playas de Tijuana');
  const zona = await staffOf('medic', m.zonaRio, true);
  m.medics = [m.f.medicId, ...zona.filter((id) => id !== m.f.medicId)];
  m.playasMedic = (await staffOf('medic', m.playas, true))[0]!;
  expect(m.medics.length).toBeGreaterThanOrEqual(2);
  m.room = {};
  for (const branch of [m.zonaRio, m.playas]) {
    const [row] = await m.t.app.db
      .select({ id: cabin.id })
      .from(cabin)
      .where(and(eq(cabin.branchId, branch), eq(cabin.name, 'Consultorio 1')));
    m.room[branch] = row!.id;
  }
  const [first] = await m.t.app.db
    .select({ id: area.id })
    .from(treatmentArea)
    .innerJoin(area, eq(area.id, treatmentArea.areaId))
    .where(eq(treatmentArea.treatmentId, m.f.toxin))
    .orderBy(asc(area.id));
  m.frontal = first!.id;
}

/** The demo rows the world still reads by name: the toxin by SKU, the demo medic and cosmetologist. */
async function demoAgenda() {
  const [toxin] = await m.t.app.db
    .select({ id: treatment.id, category: treatmentCategory.categoryId })
    .from(treatment)
    .innerJoin(treatmentCategory, eq(treatmentCategory.treatmentId, treatment.id))
    .where(eq(treatment.sku, 'TX-TOXSUP'))
    .orderBy(asc(treatmentCategory.categoryId))
    .limit(1);
  const idOf = async (username: string) =>
    (await m.t.app.db.select({ id: user.id }).from(user).where(eq(user.username, username)))[0]!.id;
  return {
    toxin: toxin!.id,
    toxinCategory: toxin!.category,
    medicId: await idOf('medico@clinica.mx'),
    cosmetologistId: await idOf('cosmetologa@clinica.mx'),
  };
}

/** A booking body of the demo's toxin for the customer at Zona Río's Consultorio 1 (the overrides last). */
export const toxinBooking = (customerId: number, overrides: Record<string, unknown> = {}) => ({
  appointmentType: 'Médico',
  date: MONDAY,
  startTime: '10:00',
  appointmentMethod: 'Cita presencial',
  appointmentOption: 'newTreatments',
  branchId: m.zonaRio,
  cabainId: m.room[m.zonaRio],
  customerId,
  treatmentsIds: [m.f.toxin],
  categoriesIds: [m.f.toxinCategory],
  ...overrides,
});

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

let lots = 0;
const slots: Record<string, number> = {};

/**
 * A toxin appointment of a purchased product at `branch` on `day` (the clock already on it),
 * booked, set in process and finished by `medicId` through the API; answers the appointment's id.
 */
export async function finished(medicId: number, branch = m.zonaRio, day = MONDAY) {
  const key = `${branch}/${day}`;
  slots[key] = (slots[key] ?? 0) + 1;
  const startTime = `${String(9 + slots[key]).padStart(2, '0')}:00`;
  const customerId = await newCustomer(m.t.app, m.admin);
  const held = await purchased(m.t.app, branch, customerId, m.f.toxin);
  const booked = await book(
    m.t.app,
    m.admin,
    toxinBooking(customerId, {
      branchId: branch,
      date: day,
      startTime,
      cabainId: m.room[branch],
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
  lots += 1;
  const [gloves] = await m.t.app.db
    .select({ id: product.id })
    .from(product)
    .where(eq(product.sku, 'IN-GUANT'));
  const moved = await m.t.app.db.transaction((tx) =>
    receiveStock(
      tx,
      {
        branchId: branch,
        productId: gloves!.id,
        allotment: `COM-${lots}`,
        expiresIn: '2028-12-31',
      },
      { quantity: 2, cause: 'adjustment', document: { type: 'test' }, userId: null },
    ),
  );
  const done = await call(m.t.app, 'PATCH', `/v1/appointment/${id}/finish`, {
    token: m.admin,
    body: {
      status: 'finished',
      attendedById: medicId,
      sessions: [{ areasIds: [m.frontal] }],
      stockIds: [{ stockId: moved.stockId, quantity: 2 }],
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
