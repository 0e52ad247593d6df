import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, sql } from 'drizzle-orm';
import type {
  AppointmentFinishForm,
  AppointmentLogEntry,
  AppointmentRecord,
  StockTrace,
} from '@clinica/domain';
import {
  appointment,
  appointmentSession,
  customer,
  medicCommission,
  purchasedProduct,
  purchasedProductArea,
  stock,
  stockMovement,
} from '../../db/schema';
import { branchId, call, createTestApp, signInAs, type TestApp } from '../../test/harness';
import { newLot as lotOf, type CabinRole, type TreatmentRole } from '../../test/factories';
import { unbalancedLots, unbalancedSummaries } from '../inventory/ledger';
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

/**
 * Finishing an appointment and recording an absence (spec 002 §4, CONTRACT §12–§13), the finish
 * dialog's data, the consent document and a lot's trace, over HTTP on a real database.
 */

let t: TestApp;
let admin: string;
let manager: string;
let w: AgendaWorld;
let cedis: number;
let playas: number;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(MONDAY_8AM);
  w = await agendaWorld(t.app);
  admin = w.admin;
  manager = w.staff.manager.token;
  cedis = await branchId(t.app, 'CEDIS');
  playas = await branchId(t.app, 'Playas de Tijuana');
}, 120_000);
afterAll(async () => {
  await t?.close();
});

// ---------------------------------------------------------------------------------------------
// Factories

let slot = 0;
let medicSlot = 0;
const OTHER_CABINS: CabinRole[] = ['facial', 'facial2', 'body', 'valuation'];
/** Hour-long slots from 09:00 to 19:00, so an hour-long treatment fits one too. */
const SLOTS = 11;
const timeOf = (n: number) => `${String(9 + (n % SLOTS)).padStart(2, '0')}:00`;
/**
 * A (cabin, start) on the Monday not used yet by this file. Appointments the medic finishes are all
 * in the medical cabin, so no two of them share a time (the medic holds the slot once finished).
 */
function nextSlot(forMedic: boolean) {
  if (forMedic) {
    medicSlot += 1;
    return { startTime: timeOf(medicSlot - 1), cabainId: w.cabins.medical };
  }
  slot += 1;
  const n = slot - 1;
  return { startTime: timeOf(n), cabainId: w.cabins[OTHER_CABINS[Math.floor(n / SLOTS)]!] };
}

type ProductRole = keyof AgendaWorld['products'];
/** A lot of its own of one of the world's products at a branch, entered through the ledger. */
const newLot = async (branch: number, key: ProductRole, quantity: number, expiresIn?: string) =>
  (await lotOf(t.app, branch, { productId: w.products[key].id, quantity, expiresIn })).stockId;

const quantityOf = async (stockId: number) =>
  (await t.app.db.select({ q: stock.quantity }).from(stock).where(eq(stock.id, stockId)))[0]!.q;

interface Scheduled {
  id: number;
  customerId: number;
  purchasedProductId: number | null;
}

/** A booked appointment of the toxin (or `treatment`), of a purchased product unless `purchase` is false. */
async function scheduled(
  options: {
    treatment?: TreatmentRole;
    sessions?: number;
    purchase?: boolean;
    date?: string;
    medic?: boolean;
  } = {},
): Promise<Scheduled> {
  const chosen = w.treatments[options.treatment ?? 'toxin'];
  const customerId = await newCustomer(t.app, admin);
  const purchasedProductId =
    options.purchase === false
      ? null
      : await purchased(t.app, w.branch, customerId, chosen.id, options.sessions ?? 3);
  const attempt = () =>
    book(
      t.app,
      admin,
      booking(w, customerId, {
        ...nextSlot(options.medic ?? false),
        date: options.date ?? MONDAY,
        treatmentsIds: [chosen.id],
        categoriesIds: [chosen.categoryId],
        ...(purchasedProductId
          ? { appointmentOption: 'purchasedProducts', purchasedProductId }
          : {}),
      }),
    );
  const answer = await attempt();
  expect(slot).toBeLessThan(SLOTS * OTHER_CABINS.length);
  expect(medicSlot).toBeLessThan(SLOTS);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return { id: answer.body.data.id, customerId, purchasedProductId };
}

/** A booked appointment set in process on its day. */
async function inProcess(options: Parameters<typeof scheduled>[0] = {}) {
  const booked = await scheduled(options);
  const answer = await call(t.app, 'PATCH', `/v1/appointment/${booked.id}/set-on-process`, {
    token: admin,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return booked;
}

const finish = (id: number, body: Record<string, unknown>, token = admin) =>
  call<AppointmentRecord>(t.app, 'PATCH', `/v1/appointment/${id}/finish`, { token, body });

/** The areas of one of the world's treatments, in id order. */
const areaIdsOf = (role: TreatmentRole) => w.treatments[role].areaIds;

/** The toxin's finish of one session: its areas, one vial, one syringe, two pairs of gloves. */
async function toxinLots(quantity = 10) {
  return {
    vial: await newLot(w.branch, 'vial', quantity),
    syringe: await newLot(w.branch, 'syringe', quantity),
    gloves: await newLot(w.branch, 'gloves', quantity),
  };
}

async function statusOf(id: number) {
  const [row] = await t.app.db
    .select({ status: appointment.status })
    .from(appointment)
    .where(eq(appointment.id, id));
  return row!.status;
}

async function expectBalanced() {
  expect(await unbalancedLots(t.app.db)).toEqual([]);
  expect(await unbalancedSummaries(t.app.db)).toEqual([]);
}

const logActions = async (id: number) =>
  (
    await call<{ items: AppointmentLogEntry[] }>(t.app, 'GET', '/v1/appointment-log', {
      token: admin,
      query: { appointmentId: String(id) },
    })
  ).body.data.items.map((entry) => entry.action);

// ---------------------------------------------------------------------------------------------

describe('an absence (status absence)', () => {
  it('counts the miss on the customer, logs it and frees the slot for a new booking', async () => {
    const booked = await scheduled({ purchase: false });
    const before = await call<AppointmentRecord>(t.app, 'GET', `/v1/appointment/${booked.id}`, {
      token: admin,
    });
    const answer = await finish(booked.id, { status: 'absence' }, manager);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data.status).toBe('absence');
    expect(answer.body.data.customer.missedAppointments).toBe(
      before.body.data.customer.missedAppointments + 1,
    );
    expect(answer.body.data.finish).toBeNull();
    expect(await logActions(booked.id)).toContain('absence');
    const other = await newCustomer(t.app, admin);
    const again = await book(
      t.app,
      admin,
      booking(w, other, {
        startTime: before.body.data.startTime,
        cabainId: before.body.data.cabain.id,
      }),
    );
    expect(again.status, JSON.stringify(again.body)).toBe(201);
  });

  it('only from scheduled (409 code 39) and only on its own day (409 code 40)', async () => {
    const running = await inProcess({ purchase: false });
    const refused = await finish(running.id, { status: 'absence' });
    expect([refused.status, refused.body.code]).toEqual([409, 39]);
    const tomorrow = await scheduled({ purchase: false, date: TUESDAY });
    const early = await finish(tomorrow.id, { status: 'absence' });
    expect([early.status, early.body.code]).toEqual([409, 40]);
    const [row] = await t.app.db
      .select({ missed: customer.missedAppointments })
      .from(customer)
      .where(eq(customer.id, tomorrow.customerId));
    expect(row!.missed).toBe(0);
    expect(await statusOf(tomorrow.id)).toBe('scheduled');
  });
});

describe('finishing refusals', () => {
  it('409 code 39: a scheduled appointment, or one in process without a purchased product', async () => {
    const booked = await scheduled();
    const body = {
      status: 'finished',
      attendedById: w.staff.medic.id,
      sessions: [{ areasIds: [] }],
    };
    const first = await finish(booked.id, body);
    expect([first.status, first.body.code]).toEqual([409, 39]);
    const loose = await inProcess({ purchase: false });
    const second = await finish(loose.id, body);
    expect([second.status, second.body.code]).toEqual([409, 39]);
  });

  it('409 code 40: not on the appointment’s day', async () => {
    const booked = await scheduled({ date: TUESDAY });
    await t.app.db
      .update(appointment)
      .set({ status: 'inProcess' })
      .where(eq(appointment.id, booked.id));
    const answer = await finish(booked.id, {
      status: 'finished',
      attendedById: w.staff.medic.id,
      sessions: [{ areasIds: [] }],
    });
    expect([answer.status, answer.body.code]).toEqual([409, 40]);
  });

  it('409 code 41: the purchased product is no longer in process', async () => {
    const booked = await inProcess();
    await t.app.db
      .update(purchasedProduct)
      .set({ status: 'refunded' })
      .where(eq(purchasedProduct.id, booked.purchasedProductId!));
    const answer = await finish(booked.id, {
      status: 'finished',
      attendedById: w.staff.medic.id,
      sessions: [{ areasIds: [] }],
      consent: true,
    });
    expect([answer.status, answer.body.code]).toEqual([409, 41]);
  });

  it('the attending staff member: required (400 on attendedById), an active user (404 code 4)', async () => {
    const booked = await inProcess();
    const missing = await finish(booked.id, { status: 'finished', sessions: [{ areasIds: [] }] });
    expect(missing.status).toBe(400);
    expect(missing.body.details?.map((d) => d.field)).toContain('attendedById');
    const unknown = await finish(booked.id, {
      status: 'finished',
      attendedById: 999_999,
      sessions: [{ areasIds: [] }],
      consent: true,
    });
    expect([unknown.status, unknown.body.code]).toEqual([404, 4]);
  });

  it('the consent first when the treatment asks for it (400 on consent)', async () => {
    const booked = await inProcess();
    const [frontal] = areaIdsOf('toxin');
    const answer = await finish(booked.id, {
      status: 'finished',
      attendedById: w.staff.medic.id,
      sessions: [{ areasIds: [frontal] }],
    });
    expect(answer.status).toBe(400);
    expect(answer.body.details).toEqual([
      { field: 'consent', message: 'El consentimiento es obligatorio' },
    ]);
  });

  it('404 code 1: a lot that does not exist, or of another branch', async () => {
    const booked = await inProcess();
    const [frontal] = areaIdsOf('toxin');
    const elsewhere = await newLot(playas, 'vial', 5);
    for (const stockId of [elsewhere, 999_999]) {
      const answer = await finish(booked.id, {
        status: 'finished',
        attendedById: w.staff.medic.id,
        sessions: [{ areasIds: [frontal] }],
        stockIds: [{ stockId, quantity: 1 }],
        consent: true,
      });
      expect([answer.status, answer.body.code]).toEqual([404, 1]);
    }
    expect(await quantityOf(elsewhere)).toBe(5);
  });

  it('400 on each field finishIssues names: sessions left, areas, lots, products and limits', async () => {
    const booked = await inProcess({ sessions: 2 });
    const [a, b] = areaIdsOf('toxin');
    const [lips] = areaIdsOf('lips');
    const { vial, gloves } = await toxinLots();
    const foreign = await newLot(w.branch, 'foreign', 5);
    const base = { status: 'finished', attendedById: w.staff.medic.id, consent: true };
    const cases: [Record<string, unknown>, { field: string; message: string }][] = [
      [
        { sessions: [{ areasIds: [a] }, { areasIds: [a] }, { areasIds: [a] }] },
        { field: 'sessions', message: 'Solo quedan 2 sesiones del tratamiento' },
      ],
      [
        { sessions: [{ areasIds: [] }] },
        { field: 'sessions.0.areasIds', message: 'El campo Áreas es obligatorio' },
      ],
      [
        { sessions: [{ areasIds: [a, a] }] },
        { field: 'sessions.0.areasIds', message: 'Las áreas de una sesión no se repiten' },
      ],
      [
        { sessions: [{ areasIds: [b, lips] }] },
        { field: 'sessions.0.areasIds', message: 'El área no es del tratamiento' },
      ],
      [
        {
          sessions: [{ areasIds: [a] }],
          stockIds: [
            { stockId: vial, quantity: 1 },
            { stockId: vial, quantity: 1 },
          ],
        },
        { field: 'stockIds.1.stockId', message: 'El lote ya está en la lista' },
      ],
      [
        { sessions: [{ areasIds: [a] }], stockIds: [{ stockId: foreign, quantity: 1 }] },
        { field: 'stockIds.0.stockId', message: 'El producto no es del tratamiento' },
      ],
      [
        { sessions: [{ areasIds: [a] }], stockIds: [{ stockId: gloves, quantity: 3 }] },
        {
          field: 'stockIds.0.quantity',
          message: 'Se pueden usar hasta 2 unidades de este producto',
        },
      ],
    ];
    for (const [body, issue] of cases) {
      const answer = await finish(booked.id, { ...base, ...body });
      expect([answer.status, answer.body.code], JSON.stringify(body)).toEqual([400, 0]);
      expect(answer.body.details).toContainEqual(issue);
    }
    expect(await quantityOf(vial)).toBe(10);
    expect(await statusOf(booked.id)).toBe('inProcess');
  });

  it('422 code 1 on stockIds.N.quantity when a lot holds fewer units; nothing changes', async () => {
    const booked = await inProcess();
    const [a] = areaIdsOf('toxin');
    const vial = await newLot(w.branch, 'vial', 1);
    const gloves = await newLot(w.branch, 'gloves', 1);
    const answer = await finish(booked.id, {
      status: 'finished',
      attendedById: w.staff.medic.id,
      sessions: [{ areasIds: [a] }],
      stockIds: [
        { stockId: vial, quantity: 1 },
        { stockId: gloves, quantity: 2 },
      ],
      consent: true,
    });
    expect([answer.status, answer.body.code]).toEqual([422, 1]);
    expect(answer.body.details).toEqual([
      { field: 'stockIds.1.quantity', message: 'No se cuenta con suficiente stock' },
    ]);
    expect(await quantityOf(vial)).toBe(1);
    expect(await quantityOf(gloves)).toBe(1);
    expect(await statusOf(booked.id)).toBe('inProcess');
    const [held] = await t.app.db
      .select({ current: purchasedProduct.currentSession })
      .from(purchasedProduct)
      .where(eq(purchasedProduct.id, booked.purchasedProductId!));
    expect(held!.current).toBe(0);
  });
});

describe('finishing an appointment', () => {
  it('takes the units as appointment movements, advances the purchased product, writes the commission and the log', async () => {
    const booked = await inProcess({ sessions: 3, medic: true });
    const [a, b] = areaIdsOf('toxin');
    const { vial, syringe, gloves } = await toxinLots();
    const answer = await finish(
      booked.id,
      {
        status: 'finished',
        attendedById: w.staff.medic.id,
        sessions: [{ areasIds: [a, b] }, { areasIds: [a] }],
        stockIds: [
          { stockId: vial, quantity: 2 },
          { stockId: syringe, quantity: 1 },
          { stockId: gloves, quantity: 4 },
        ],
        consent: true,
      },
      manager,
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const record = answer.body.data;
    expect(record.status).toBe('finished');
    expect(record.attendedBy?.id).toBe(w.staff.medic.id);
    expect(record.purchasedProduct).toMatchObject({ currentSession: 2, status: 'onProcess' });
    expect(record.finish?.sessions.map((s) => [s.number, s.areas.map((x) => x.id).sort()])).toEqual(
      [
        [1, [a, b].sort()],
        [2, [a]],
      ],
    );
    expect(
      record.finish?.products.map((p) => [p.stockId, p.quantity]).sort((x, y) => x[0]! - y[0]!),
    ).toEqual([
      [vial, 2],
      [syringe, 1],
      [gloves, 4],
    ]);
    expect(record.finish?.consent).toMatchObject({ name: w.consent.name });
    // The treatment's fee per session × 2, ISR at the employee file's percent (12.5 %).
    const fee = w.medicalFee * 2;
    const isr = (fee * w.medicIsr) / 100;
    expect(record.finish?.commission).toMatchObject({
      user: { id: w.staff.medic.id },
      fee,
      isr,
      net: fee - isr,
    });
    expect(await quantityOf(vial)).toBe(8);
    expect(await quantityOf(gloves)).toBe(6);
    const movements = await t.app.db
      .select({
        stockId: stockMovement.stockId,
        quantity: stockMovement.quantity,
        cause: stockMovement.cause,
        documentNumber: stockMovement.documentNumber,
      })
      .from(stockMovement)
      .where(
        and(eq(stockMovement.documentType, 'appointment'), eq(stockMovement.documentId, booked.id)),
      )
      .orderBy(asc(stockMovement.stockId));
    const number = `CITA-${String(record.appointmentNumber).padStart(6, '0')}`;
    expect(movements).toEqual([
      { stockId: vial, quantity: -2, cause: 'appointment', documentNumber: number },
      { stockId: syringe, quantity: -1, cause: 'appointment', documentNumber: number },
      { stockId: gloves, quantity: -4, cause: 'appointment', documentNumber: number },
    ]);
    const [commission] = await t.app.db
      .select()
      .from(medicCommission)
      .where(eq(medicCommission.appointmentId, booked.id));
    expect(commission).toMatchObject({ sessions: 2, isrPercent: w.medicIsr, branchId: w.branch });
    expect(await logActions(booked.id)).toContain('finish');
    const detail = await call<AppointmentRecord>(t.app, 'GET', `/v1/appointment/${booked.id}`, {
      token: admin,
    });
    expect(detail.body.data.finish).toEqual(record.finish);
    await expectBalanced();

    // The last session, in a later appointment: the purchased product is finished, and the
    // consent already signed is not asked again.
    const next = await book(
      t.app,
      admin,
      booking(w, booked.customerId, {
        ...nextSlot(true),
        appointmentOption: 'purchasedProducts',
        purchasedProductId: booked.purchasedProductId,
      }),
    );
    expect(next.status, JSON.stringify(next.body)).toBe(201);
    await call(t.app, 'PATCH', `/v1/appointment/${next.body.data.id}/set-on-process`, {
      token: admin,
    });
    const last = await finish(next.body.data.id, {
      status: 'finished',
      attendedById: w.staff.medic.id,
      sessions: [{ areasIds: [b] }],
    });
    expect(last.status, JSON.stringify(last.body)).toBe(200);
    expect(last.body.data.purchasedProduct).toMatchObject({
      currentSession: 3,
      status: 'finished',
    });
    expect(last.body.data.finish?.sessions.map((s) => s.number)).toEqual([3]);
    expect(last.body.data.finish?.consent).toBeNull();
    const again = await finish(next.body.data.id, {
      status: 'finished',
      attendedById: w.staff.medic.id,
      sessions: [{ areasIds: [b] }],
    });
    expect([again.status, again.body.code]).toEqual([409, 39]);
  });

  it('the purchased product’s chosen areas replace the treatment’s; no commission for a cosmetologist', async () => {
    const booked = await inProcess({ treatment: 'cleansing', sessions: 1 });
    const [face] = areaIdsOf('cleansing');
    const [frontal] = areaIdsOf('toxin');
    await t.app.db
      .insert(purchasedProductArea)
      .values({ purchasedProductId: booked.purchasedProductId!, areaId: frontal! });
    const refused = await finish(booked.id, {
      status: 'finished',
      attendedById: w.staff.cosmetologist.id,
      sessions: [{ areasIds: [face] }],
    });
    expect(refused.status).toBe(400);
    const form = await call<AppointmentFinishForm>(
      t.app,
      'GET',
      `/v1/appointment/${booked.id}/finish-form`,
      { token: admin },
    );
    expect(form.body.data.treatment?.areas.map((x) => x.id)).toEqual([frontal]);
    const answer = await finish(booked.id, {
      status: 'finished',
      attendedById: w.staff.cosmetologist.id,
      sessions: [{ areasIds: [frontal] }],
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data.finish?.commission).toBeNull();
    expect(answer.body.data.purchasedProduct?.status).toBe('finished');
    const rows = await t.app.db
      .select({ id: appointmentSession.id })
      .from(appointmentSession)
      .where(eq(appointmentSession.appointmentId, booked.id));
    expect(rows).toHaveLength(1);
  });
});

describe('the finish dialog’s data (GET /appointment/{id}/finish-form)', () => {
  it('answers the treatment, its areas and products, the sessions left, the branch’s lots and the medics', async () => {
    const booked = await inProcess({ sessions: 4 });
    const { vial } = await toxinLots(3);
    const elsewhere = await newLot(playas, 'vial', 3);
    const answer = await call<AppointmentFinishForm>(
      t.app,
      'GET',
      `/v1/appointment/${booked.id}/finish-form`,
      { token: manager },
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const form = answer.body.data;
    expect(form.purchasedProduct).toMatchObject({
      sessions: 4,
      currentSession: 0,
      sessionsLeft: 4,
    });
    expect(form.treatment).toMatchObject({
      id: w.treatments.toxin.id,
      consent: true,
      consentDocument: { id: w.consent.id, name: w.consent.name },
    });
    expect(form.treatment?.areas.map((x) => x.id).sort()).toEqual(areaIdsOf('toxin').sort());
    expect(form.treatment?.products.map((p) => [p.sku, p.perSession]).sort()).toEqual(
      (['vial', 'syringe', 'gloves'] as const)
        .map((key) => [w.products[key].sku, w.perSession[key]])
        .sort(),
    );
    const stockIds = form.lots.map((lot) => lot.stockId);
    expect(stockIds).toContain(vial);
    expect(stockIds).not.toContain(elsewhere);
    expect(form.lots.every((lot) => lot.branchId === w.branch && lot.quantity > 0)).toBe(true);
    // The branch manager sees no prices (spec 001 §6).
    expect(form.lots.every((lot) => lot.unitPrice === undefined)).toBe(true);
    // The clinic's medics only: not its cosmetologist nor its manager.
    expect(form.attendants.map((x) => x.id)).toEqual([w.staff.medic.id]);
  });

  it('404 code 12 for an appointment that does not exist', async () => {
    const answer = await call(t.app, 'GET', '/v1/appointment/999999/finish-form', { token: admin });
    expect([answer.status, answer.body.code]).toEqual([404, 12]);
  });
});

describe('the consent document (GET /consent/{consentId}/{appointmentId})', () => {
  it('answers a PDF; 404 code 12 for an unknown appointment, 404 code 2 for another consent', async () => {
    const booked = await scheduled();
    const form = await call<AppointmentFinishForm>(
      t.app,
      'GET',
      `/v1/appointment/${booked.id}/finish-form`,
      { token: admin },
    );
    const consentId = form.body.data.treatment!.consentDocument!.id;
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/v1/consent/${consentId}/${booked.id}`,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    expect(pdf.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
    const unknown = await call(t.app, 'GET', `/v1/consent/${consentId}/999999`, { token: admin });
    expect([unknown.status, unknown.body.code]).toEqual([404, 12]);
    const other = await call(t.app, 'GET', `/v1/consent/${consentId + 1}/${booked.id}`, {
      token: admin,
    });
    expect([other.status, other.body.code]).toEqual([404, 2]);
  });
});

describe('a lot’s trace (GET /stock/{stockId}/trace)', () => {
  it('follows a CEDIS lot transferred to a branch to the two customers it was used on', async () => {
    const source = await newLot(cedis, 'gloves', 20, '2028-01-31');
    const created = await call<{ id: number; transferProducts: { id: number }[] }>(
      t.app,
      'POST',
      '/v1/transfer/create',
      {
        token: admin,
        body: {
          originBranchId: cedis,
          destinyBranchId: w.branch,
          transferProducts: [{ stockId: source, stockedQuantity: 10 }],
        },
      },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const line = created.body.data.transferProducts[0]!.id;
    const approved = await call(t.app, 'PUT', `/v1/transfer/${created.body.data.id}/approve`, {
      token: admin,
      body: { transferProducts: [{ id: line, stockedQuantity: 10 }] },
    });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    const confirmed = await call(t.app, 'PUT', `/v1/transfer/${created.body.data.id}/confirm`, {
      token: admin,
      body: { transferProducts: [{ id: line, receivedQuantity: 10 }] },
    });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    const [arrived] = await t.app.db
      .select({ id: stock.id })
      .from(stock)
      .where(
        and(
          eq(stock.branchId, w.branch),
          eq(stock.productId, w.products.gloves.id),
          sql`${stock.allotment} = (SELECT allotment FROM stock WHERE id = ${source})`,
        ),
      );
    const [a] = areaIdsOf('toxin');
    const used: number[] = [];
    for (const quantity of [2, 1]) {
      const booked = await inProcess({ medic: true });
      const answer = await finish(booked.id, {
        status: 'finished',
        attendedById: w.staff.medic.id,
        sessions: [{ areasIds: [a] }],
        stockIds: [{ stockId: arrived!.id, quantity }],
        consent: true,
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      used.push(booked.customerId);
    }
    const trace = await call<StockTrace>(t.app, 'GET', `/v1/stock/${source}/trace`, {
      token: admin,
    });
    expect(trace.status, JSON.stringify(trace.body)).toBe(200);
    const data = trace.body.data;
    expect(data.lots.map((lot) => [lot.stockId, lot.branch.id, lot.quantity])).toEqual([
      [source, cedis, 10],
      [arrived!.id, w.branch, 7],
    ]);
    expect(data.movements.map((m) => [m.stockId, m.cause, m.quantity])).toEqual([
      [source, 'adjustment', 20],
      [source, 'transfer', -10],
      [arrived!.id, 'transfer', 10],
      [arrived!.id, 'appointment', -2],
      [arrived!.id, 'appointment', -1],
    ]);
    expect(data.customers.map((c) => [c.customer.id, c.stockId, c.quantity])).toEqual([
      [used[0], arrived!.id, 2],
      [used[1], arrived!.id, 1],
    ]);
    expect(data.customers[0]!.appointment.treatment).toBe(w.treatments.toxin.name);
    // The branch manager traces the branch's lot, but not the distribution centre's.
    const own = await call<StockTrace>(t.app, 'GET', `/v1/stock/${arrived!.id}/trace`, {
      token: manager,
    });
    expect(own.status).toBe(200);
    expect(own.body.data.customers).toHaveLength(2);
    expect(own.body.data.movements.every((m) => m.branchId === w.branch)).toBe(true);
    const foreign = await call(t.app, 'GET', `/v1/stock/${source}/trace`, { token: manager });
    expect([foreign.status, foreign.body.code]).toEqual([404, 1]);
    const unknown = await call(t.app, 'GET', '/v1/stock/999999/trace', { token: admin });
    expect([unknown.status, unknown.body.code]).toEqual([404, 1]);
    await expectBalanced();
  });
});

describe('another branch’s appointment (CONTRACT §5)', () => {
  it('answers 404 code 12 to a role fixed to another branch: finish, its form and the consent', async () => {
    // The demo's branch manager is fixed to a demo branch, never the world's clinic.
    const outsider = (await signInAs(t.app, 'branchManager')).token;
    const customerId = await newCustomer(t.app, admin);
    const booked = await book(
      t.app,
      admin,
      booking(w, customerId, { cabainId: w.cabins.laser, startTime: '12:00' }),
    );
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const id = booked.body.data.id;
    const form = await call<AppointmentFinishForm>(
      t.app,
      'GET',
      `/v1/appointment/${id}/finish-form`,
      { token: admin },
    );
    expect(form.status).toBe(200);
    const answers = [
      await finish(id, { status: 'absence' }, outsider),
      await call(t.app, 'GET', `/v1/appointment/${id}/finish-form`, { token: outsider }),
      await call(t.app, 'GET', `/v1/consent/${w.consent.id}/${id}`, { token: outsider }),
    ];
    expect(answers.map((answer) => [answer.status, answer.body.code])).toEqual([
      [404, 12],
      [404, 12],
      [404, 12],
    ]);
    expect(await statusOf(id)).toBe('scheduled');
  });
});
