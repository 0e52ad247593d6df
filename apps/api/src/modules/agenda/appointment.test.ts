import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { AgendaDay, AppointmentLogEntry, AppointmentRecord } from '@clinica/domain';
import { appointment, auditLog, customer, offer } from '../../db/schema';
import { call, createTestApp, signInAs, type TestApp } from '../../test/harness';
import {
  MONDAY,
  MONDAY_8AM,
  SUNDAY,
  TUESDAY,
  agendaWorld,
  book,
  booking,
  createLock,
  lockBodyFor,
  newCustomer,
  purchased,
  type AgendaWorld,
} from './agenda-fixtures.testing';

/** Booking and the appointment's life (spec 002 §4, CONTRACT §13), over HTTP on a real database. */

let t: TestApp;
let admin: string;
let manager: string;
let medic: string;
let w: AgendaWorld;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(MONDAY_8AM);
  w = await agendaWorld(t.app);
  admin = w.admin;
  manager = w.staff.manager.token;
  medic = w.staff.medic.token;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

/** Each test books in its own cabin-free hour so they never meet: a distinct Monday hour. */
const at = (startTime: string, overrides: Record<string, unknown> = {}) => ({
  startTime,
  ...overrides,
});

let packages = 0;
/**
 * A package of the world's own on sale all day at its clinic (offered there, without dates or
 * hours), of its peeling, through POST /package/create.
 */
async function packageOnSale() {
  packages += 1;
  const types = await call<{ id: number; name: string }[]>(t.app, 'GET', '/v1/treatment-type', {
    token: admin,
  });
  const answer = await call<{ id: number; name: string; cabainTime: string }>(
    t.app,
    'POST',
    '/v1/package/create',
    {
      token: admin,
      body: {
        type: 'Package',
        sku: `PQA${process.pid % 10_000}X${packages}`,
        name: `Paquete de la agenda ${packages}`,
        description: 'Peeling en dos sesiones',
        treatmentTypeId: types.body.data.find((type) => type.name === 'Cosmetóloga')!.id,
        categoryId: w.treatments.peel.categoryId,
        points: 10,
        cabainTime: '01:30',
        branchesIds: [w.branch],
        paymentType: ['Efectivo'],
        validBySchedule: 0,
        validByTime: 0,
        treatmentPackage: [
          {
            treatmentId: w.treatments.peel.id,
            areasIds: w.treatments.peel.areaIds,
            sessions: 2,
            limit: 1,
            regularPrice: 1500,
            promotionPrice: 1200,
          },
        ],
      },
    },
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.data;
}

describe('booking', () => {
  it('books: 201, the end from the treatments, scheduled, with its bitácora and audit entries', async () => {
    const customerId = await newCustomer(t.app, admin);
    const answer = await book(
      t.app,
      manager,
      booking(w, customerId, {
        ...at('09:00'),
        treatmentsIds: [w.treatments.toxin.id, w.treatments.lips.id],
        attendedById: w.staff.medic.id,
        observations: 'Primera vez',
      }),
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const record = answer.body.data;
    expect(record).toMatchObject({
      date: MONDAY,
      startTime: '09:00',
      endTime: '10:30',
      term: '01:30',
      status: 'scheduled',
      changes: 0,
      attendedBy: { id: w.staff.medic.id },
      branch: { id: w.branch },
      cabain: { id: w.cabins.medical, type: { color: w.cabinColors.medical } },
      customer: { id: customerId },
    });
    expect(record.treatments.map((entry) => entry.term).sort()).toEqual(['00:30', '01:00']);
    expect(record.appointmentNumber).toBeGreaterThan(0);
    const log = await call<{ items: AppointmentLogEntry[] }>(t.app, 'GET', '/v1/appointment-log', {
      token: admin,
      query: { appointmentId: String(record.id) },
    });
    expect(log.body.data.items).toHaveLength(1);
    expect(log.body.data.items[0]).toMatchObject({ action: 'create', status: 'scheduled' });
    expect(log.body.data.items[0]!.changes.startTime).toEqual({ before: null, after: '09:00' });
    const audits = await t.app.db.select().from(auditLog).where(eq(auditLog.recordId, record.id));
    expect(audits.some((entry) => entry.module === 'agenda' && entry.action === 'create')).toBe(
      true,
    );
  });

  it('takes the package cabin time as the length when booked from a package', async () => {
    const pkg = await packageOnSale();
    const customerId = await newCustomer(t.app, admin);
    const answer = await book(
      t.app,
      admin,
      booking(w, customerId, {
        ...at('11:00'),
        cabainId: w.cabins.valuation,
        appointmentType: 'Valoración',
        appointmentOption: 'packages',
        packageId: pkg.id,
        treatmentsIds: [w.treatments.valuation.id],
        categoriesIds: [w.treatments.valuation.categoryId],
      }),
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body.data.term).toBe(pkg.cabainTime.slice(0, 5));
  });

  it('refuses a package not on sale at the branch on that day (409 code 43 naming it)', async () => {
    const pkg = await packageOnSale();
    const customerId = await newCustomer(t.app, admin);
    const body = booking(w, customerId, {
      ...at('11:30'),
      cabainId: w.cabins.valuation,
      appointmentType: 'Valoración',
      appointmentOption: 'packages',
      packageId: pkg.id,
      treatmentsIds: [w.treatments.valuation.id],
      categoriesIds: [w.treatments.valuation.categoryId],
    });
    await t.app.db
      .update(offer)
      .set({ validBySchedule: true, startDate: '2020-01-01', endDate: '2020-12-31' })
      .where(eq(offer.id, pkg.id));
    try {
      const answer = await book(t.app, admin, body);
      expect([answer.status, answer.body.code]).toEqual([409, 43]);
      expect(answer.body.details).toEqual([
        { field: 'packageId', message: `${pkg.name}: la oferta está fuera de su vigencia` },
      ]);
    } finally {
      await t.app.db
        .update(offer)
        .set({ validBySchedule: false, startDate: null, endDate: null })
        .where(eq(offer.id, pkg.id));
    }
  });

  it('refuses the past in the branch zone (409 code 4)', async () => {
    const customerId = await newCustomer(t.app, admin);
    const earlier = await book(t.app, admin, booking(w, customerId, { date: '2027-06-04' }));
    expect([earlier.status, earlier.body.code]).toEqual([409, 4]);
    t.clock.set(new Date('2027-06-07T17:10:00Z')); // 10:10 in Tijuana
    try {
      const later = (await signInAs(t.app, 'superAdmin')).token;
      const today = await book(t.app, later, booking(w, customerId, at('10:00')));
      expect([today.status, today.body.code]).toEqual([409, 4]);
    } finally {
      t.clock.set(MONDAY_8AM);
    }
  });

  it('refuses a busy cabin (409 code 5) and takes the slot next to it', async () => {
    const first = await book(
      t.app,
      admin,
      booking(w, await newCustomer(t.app, admin), at('12:00')),
    );
    expect(first.status).toBe(201);
    const overlapping = await book(
      t.app,
      admin,
      booking(w, await newCustomer(t.app, admin), {
        ...at('11:30'),
        treatmentsIds: [w.treatments.lips.id],
      }),
    );
    expect([overlapping.status, overlapping.body.code]).toEqual([409, 5]);
    expect(overlapping.body.message).toBe('El horario no está disponible');
    const next = await book(t.app, admin, booking(w, await newCustomer(t.app, admin), at('12:30')));
    expect(next.status).toBe(201);
  });

  it('refuses the attending medic busy in another cabin (409 code 5)', async () => {
    const first = await book(
      t.app,
      admin,
      booking(w, await newCustomer(t.app, admin), {
        ...at('13:00'),
        attendedById: w.staff.medic.id,
        cabainId: w.cabins.medical,
      }),
    );
    expect(first.status).toBe(201);
    const second = await book(
      t.app,
      admin,
      booking(w, await newCustomer(t.app, admin), {
        ...at('13:00'),
        attendedById: w.staff.medic.id,
        cabainId: w.cabins.laser,
      }),
    );
    expect([second.status, second.body.code]).toEqual([409, 5]);
  });

  it('refuses a locked cabin (409 code 6)', async () => {
    const lock = await createLock(t.app, admin, lockBodyFor(w, { time: ['17:00'] }));
    expect(lock.status, JSON.stringify(lock.body)).toBe(201);
    const answer = await book(
      t.app,
      admin,
      booking(w, await newCustomer(t.app, admin), at('17:00')),
    );
    expect([answer.status, answer.body.code]).toEqual([409, 6]);
  });

  it('refuses outside the branch or cabin hours (409 code 17)', async () => {
    const customerId = await newCustomer(t.app, admin);
    const late = await book(
      t.app,
      admin,
      booking(w, customerId, { ...at('19:30'), treatmentsIds: [w.treatments.lips.id] }),
    );
    expect([late.status, late.body.code]).toEqual([409, 17]);
    const early = await book(t.app, admin, booking(w, customerId, at('08:30')));
    expect([early.status, early.body.code]).toEqual([409, 17]);
    const sunday = await book(t.app, admin, booking(w, customerId, { date: SUNDAY }));
    expect([sunday.status, sunday.body.code]).toEqual([409, 17]);
  });

  it('books cosmetic before medical in a day (409 codes 7 and 35)', async () => {
    const customerId = await newCustomer(t.app, admin);
    const medical = await book(
      t.app,
      admin,
      booking(w, customerId, { date: TUESDAY, ...at('12:00') }),
    );
    expect(medical.status).toBe(201);
    const cosmeticAfter = await book(
      t.app,
      admin,
      booking(w, customerId, {
        date: TUESDAY,
        ...at('15:00'),
        appointmentType: 'Cosmetóloga',
        cabainId: w.cabins.facial,
        treatmentsIds: [w.treatments.peel.id],
        categoriesIds: [w.treatments.peel.categoryId],
      }),
    );
    expect([cosmeticAfter.status, cosmeticAfter.body.code]).toEqual([409, 7]);
    const cosmeticBefore = await book(
      t.app,
      admin,
      booking(w, customerId, {
        date: TUESDAY,
        ...at('10:00'),
        appointmentType: 'Cosmetóloga',
        cabainId: w.cabins.facial,
        treatmentsIds: [w.treatments.peel.id],
        categoriesIds: [w.treatments.peel.categoryId],
      }),
    );
    expect(cosmeticBefore.status).toBe(201);
    const medicalBefore = await book(
      t.app,
      admin,
      booking(w, customerId, { date: TUESDAY, ...at('09:00'), cabainId: w.cabins.laser }),
    );
    expect([medicalBefore.status, medicalBefore.body.code]).toEqual([409, 35]);
  });

  it('refuses when no working appliance of the treatment is free (409 code 14)', async () => {
    const laser = (startTime: string, cabin: 'laser' | 'medical') =>
      booking(w, 0, {
        date: TUESDAY,
        startTime,
        cabainId: w.cabins[cabin],
        treatmentsIds: [w.treatments.laser.id],
        categoriesIds: [w.treatments.laser.categoryId],
      });
    const first = await book(t.app, admin, {
      ...laser('16:00', 'laser'),
      customerId: await newCustomer(t.app, admin),
    });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const second = await book(t.app, admin, {
      ...laser('16:00', 'medical'),
      customerId: await newCustomer(t.app, admin),
    });
    expect([second.status, second.body.code]).toEqual([409, 14]);
  });

  it('blocks a customer at 3 cancellations, at 4 for the Super Administrador (409 code 15)', async () => {
    const three = await newCustomer(t.app, admin, { cancellations: 3 });
    const byManager = await book(t.app, manager, booking(w, three, at('15:00')));
    expect([byManager.status, byManager.body.code]).toEqual([409, 15]);
    expect((await book(t.app, admin, booking(w, three, at('15:00')))).status).toBe(201);
    const four = await newCustomer(t.app, admin, { cancellations: 4 });
    const byAdmin = await book(t.app, admin, booking(w, four, at('15:30')));
    expect([byAdmin.status, byAdmin.body.code]).toEqual([409, 15]);
  });

  it('refuses a blacklisted customer (409 code 38)', async () => {
    const listed = await newCustomer(t.app, admin, { blackList: 1 });
    const answer = await book(t.app, admin, booking(w, listed, at('16:00')));
    expect([answer.status, answer.body.code]).toEqual([409, 38]);
    expect(answer.body.message).toBe('El cliente está en la lista negra');
  });

  it('answers 404 for what does not exist and 400 for bad input, changing nothing', async () => {
    const customerId = await newCustomer(t.app, admin);
    const noCabin = await book(t.app, admin, booking(w, customerId, { cabainId: 999_999 }));
    expect([noCabin.status, noCabin.body.code]).toEqual([404, 7]);
    const noTreatment = await book(
      t.app,
      admin,
      booking(w, customerId, { treatmentsIds: [999_999] }),
    );
    expect([noTreatment.status, noTreatment.body.code]).toEqual([404, 2]);
    const offStep = await book(t.app, admin, booking(w, customerId, { startTime: '10:15' }));
    expect(offStep.status).toBe(400);
    expect(offStep.body.details?.[0]?.field).toBe('startTime');
    const noPackage = await book(
      t.app,
      admin,
      booking(w, customerId, { appointmentOption: 'packages' }),
    );
    expect(noPackage.body.details?.map((detail) => detail.field)).toEqual(['packageId']);
    const unknown = await book(t.app, admin, booking(w, customerId, { color: 'rojo' }));
    expect(unknown.status).toBe(400);
  });

  it('keeps a role fixed to its branch in it (404 code 6 for another)', async () => {
    const other = await call<{ id: number; name: string }[]>(t.app, 'GET', '/v1/branch/all');
    const playas = other.body.data.find((entry) => entry.name === 'Playas de Tijuana')!.id;
    const answer = await book(
      t.app,
      manager,
      booking(w, await newCustomer(t.app, admin), { branchId: playas }),
    );
    expect([answer.status, answer.body.code]).toEqual([404, 6]);
  });
});

describe("the appointment's life", () => {
  async function scheduled(startTime: string, date = TUESDAY, extra: Record<string, unknown> = {}) {
    const answer = await book(
      t.app,
      admin,
      booking(w, await newCustomer(t.app, admin), {
        date,
        startTime,
        cabainId: w.cabins.facial2,
        appointmentType: 'Cosmetóloga',
        treatmentsIds: [w.treatments.peel.id],
        categoriesIds: [w.treatments.peel.categoryId],
        ...extra,
      }),
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return answer.body.data;
  }
  const update = (id: number, body: Record<string, unknown>, token = admin) =>
    call<AppointmentRecord>(t.app, 'PUT', `/v1/appointment/${id}/update`, { token, body });
  const cancel = (id: number, body: Record<string, unknown>, token = admin) =>
    call<AppointmentRecord>(t.app, 'POST', `/v1/appointment/${id}/cancel`, { token, body });

  it('moves a scheduled appointment, counting each move; the third is 409 code 16', async () => {
    const record = await scheduled('09:00');
    const first = await update(record.id, { startTime: '09:30' });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toMatchObject({ startTime: '09:30', endTime: '10:00', changes: 1 });
    const noMove = await update(record.id, { observations: 'Trae estudios' });
    expect(noMove.body.data).toMatchObject({ changes: 1, observations: 'Trae estudios' });
    expect((await update(record.id, { startTime: '10:00' })).body.data.changes).toBe(2);
    const third = await update(record.id, { startTime: '10:30' });
    expect([third.status, third.body.code]).toEqual([409, 16]);
    const log = await call<{ items: AppointmentLogEntry[] }>(t.app, 'GET', '/v1/appointment-log', {
      token: admin,
      query: { appointmentId: String(record.id), order: 'ASC', field: 'created_at' },
    });
    expect(log.body.data.items.map((entry) => entry.action)).toEqual([
      'create',
      'update',
      'update',
      'update',
    ]);
    expect(log.body.data.items[1]!.changes.startTime).toEqual({ before: '09:00', after: '09:30' });
  });

  it('a move is checked as a booking: onto a busy slot is 409 code 5', async () => {
    const first = await scheduled('11:00');
    const second = await scheduled('11:30');
    const answer = await update(second.id, { startTime: '11:00' });
    expect([answer.status, answer.body.code]).toEqual([409, 5]);
    expect(first.id).not.toBe(second.id);
  });

  it('cancels: Other needs a comment; a customer cancellation counts on the customer; the slot frees', async () => {
    const record = await scheduled('12:00');
    const noComment = await cancel(record.id, { cancellationReason: 'Other' });
    expect(noComment.status).toBe(400);
    const answer = await cancel(record.id, {
      cancellationReason: 'Traffic',
      customerCancellation: true,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data.status).toBe('cancelled');
    expect(answer.body.data.cancellations).toMatchObject([
      { type: 'Cancellation', cancellationReason: 'Traffic', customerCancellation: true },
    ]);
    const [row] = await t.app.db
      .select({ cancellations: customer.cancellations })
      .from(customer)
      .where(eq(customer.id, record.customer.id));
    expect(row!.cancellations).toBe(1);
    const again = await cancel(record.id, { cancellationReason: 'Work' });
    expect([again.status, again.body.code]).toEqual([409, 39]);
    const moved = await update(record.id, { startTime: '13:00' });
    expect([moved.status, moved.body.code]).toEqual([409, 39]);
    // The cancelled appointment no longer holds its cabin.
    await scheduled('12:00');
  });

  it('sets on process only on its own day and from scheduled (409 codes 40 and 39)', async () => {
    const tomorrow = await scheduled('13:00');
    const early = await call(t.app, 'PATCH', `/v1/appointment/${tomorrow.id}/set-on-process`, {
      token: admin,
    });
    expect([early.status, early.body.code]).toEqual([409, 40]);
    const today = await scheduled('13:00', MONDAY);
    const started = await call<AppointmentRecord>(
      t.app,
      'PATCH',
      `/v1/appointment/${today.id}/set-on-process`,
      { token: medic },
    );
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(started.body.data.status).toBe('inProcess');
    const twice = await call(t.app, 'PATCH', `/v1/appointment/${today.id}/set-on-process`, {
      token: admin,
    });
    expect([twice.status, twice.body.code]).toEqual([409, 39]);
    const edit = await update(today.id, { observations: 'x' });
    expect([edit.status, edit.body.code]).toEqual([409, 39]);
  });

  it('records the confirmation (si, no, whatsapp, buzón)', async () => {
    const record = await scheduled('14:00');
    const answer = await call<AppointmentRecord>(
      t.app,
      'PATCH',
      `/v1/appointment/${record.id}/confirm`,
      { token: admin, body: { confirmMethod: 'whatsapp' } },
    );
    expect(answer.status).toBe(200);
    expect(answer.body.data.confirmMethod).toBe('whatsapp');
    const bad = await call(t.app, 'PATCH', `/v1/appointment/${record.id}/confirm`, {
      token: admin,
      body: { confirmMethod: 'telegrama' },
    });
    expect(bad.status).toBe(400);
  });

  it('lets only the agenda delete privilege cancel (a medic is 403)', async () => {
    const record = await scheduled('15:00');
    const answer = await cancel(record.id, { cancellationReason: 'Work' }, medic);
    expect(answer.status).toBe(403);
  });
});

describe('purchased products', () => {
  const withProduct = async (customerId: number, startTime: string, productId: number) =>
    book(
      t.app,
      manager,
      booking(w, customerId, {
        date: '2027-06-10',
        startTime,
        cabainId: w.cabins.body,
        appointmentType: 'Cosmetóloga',
        appointmentOption: 'purchasedProducts',
        purchasedProductId: productId,
        treatmentsIds: [w.treatments.bodyRf.id],
        categoriesIds: [w.treatments.bodyRf.categoryId],
      }),
    );

  it("books a paid treatment even at 3 cancellations; another customer's is 409 code 41", async () => {
    const customerId = await newCustomer(t.app, admin, { cancellations: 3 });
    const productId = await purchased(t.app, w.branch, customerId, w.treatments.bodyRf.id);
    const answer = await withProduct(customerId, '09:00', productId);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body.data.purchasedProduct).toMatchObject({ id: productId, sessions: 3 });
    const stranger = await newCustomer(t.app, admin);
    const refused = await withProduct(stranger, '11:00', productId);
    expect([refused.status, refused.body.code]).toEqual([409, 41]);
  });

  it('the third change or cancellation of a purchased treatment ends it', async () => {
    const customerId = await newCustomer(t.app, admin);
    const productId = await purchased(t.app, w.branch, customerId, w.treatments.bodyRf.id);
    const first = await withProduct(customerId, '13:00', productId);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const id = first.body.data.id;
    const move = (startTime: string) =>
      call<AppointmentRecord>(t.app, 'PUT', `/v1/appointment/${id}/update`, {
        token: admin,
        body: { startTime },
      });
    expect((await move('13:30')).status).toBe(200);
    expect((await move('14:30')).status).toBe(200);
    const third = await move('15:30');
    expect([third.status, third.body.code]).toEqual([409, 16]);
    const cancelled = await call<AppointmentRecord>(t.app, 'POST', `/v1/appointment/${id}/cancel`, {
      token: admin,
      body: { cancellationReason: 'Unspecified', type: 'Reschedule' },
    });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data.purchasedProduct?.status).toBe('finished');
  });
});

describe('reading the agenda', () => {
  it('answers a day of a branch in one call: appointments, cabins with their colour, hours and locks', async () => {
    const answer = await call<{ items: AppointmentRecord[]; day: AgendaDay }>(
      t.app,
      'GET',
      '/v1/appointment',
      { token: admin, query: { branchId: String(w.branch), date: MONDAY } },
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const { items, day } = answer.body.data;
    expect(day.hours).toEqual({ opening: '09:00', closing: '20:00' });
    const byId = Object.fromEntries(day.cabins.map((entry) => [entry.id, entry.type.color]));
    expect(Object.keys(byId).map(Number).sort()).toEqual(Object.values(w.cabins).sort());
    for (const [role, id] of Object.entries(w.cabins))
      expect(byId[id]).toBe(w.cabinColors[role as keyof typeof w.cabins]);
    expect(day.cabins.every((entry) => /^[0-9A-F]{6}$/.test(entry.type.color))).toBe(true);
    expect(day.locks.some((lock) => lock.windows[0]?.startTime === '17:00')).toBe(true);
    expect(day.today).toBe(MONDAY);
    expect(items.length).toBeGreaterThan(3);
    expect(items.every((item) => item.date === MONDAY && item.status !== 'cancelled')).toBe(true);
    const times = items.map((item) => item.startTime);
    expect([...times].sort()).toEqual(times);
  });

  it('keeps a role fixed to its branch on its own day, whatever branch it asks for', async () => {
    const other = await call<{ id: number; name: string }[]>(t.app, 'GET', '/v1/branch/all');
    const playas = other.body.data.find((entry) => entry.name === 'Playas de Tijuana')!.id;
    const answer = await call<{ day: AgendaDay }>(t.app, 'GET', '/v1/appointment', {
      token: manager,
      query: { branchId: String(playas), date: MONDAY },
    });
    expect(answer.body.data.day.branch.id).toBe(w.branch);
  });

  it('lists the table with filters, and a single appointment', async () => {
    const answer = await call<{ items: AppointmentRecord[]; meta: { itemCount: number } }>(
      t.app,
      'GET',
      '/v1/appointment',
      {
        token: admin,
        query: {
          branchId: String(w.branch),
          dateFrom: MONDAY,
          dateTo: TUESDAY,
          status: 'cancelled',
          take: '5',
        },
      },
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data.items.length).toBeGreaterThan(0);
    expect(answer.body.data.items.every((item) => item.status === 'cancelled')).toBe(true);
    const one = await call<AppointmentRecord>(
      t.app,
      'GET',
      `/v1/appointment/${answer.body.data.items[0]!.id}`,
      { token: admin },
    );
    expect(one.body.data.cancellations.length).toBe(1);
    const missing = await call(t.app, 'GET', '/v1/appointment/999999', { token: admin });
    expect([missing.status, missing.body.code]).toEqual([404, 12]);
    const searched = await call<{ items: AppointmentRecord[] }>(t.app, 'GET', '/v1/appointment', {
      token: admin,
      query: { search: JSON.stringify({ field: 'customer', value: 'paciente agenda' }) },
    });
    expect(searched.status).toBe(200);
    expect(searched.body.data.items.length).toBeGreaterThan(0);
  });
});

describe('locks', () => {
  it('refuses a lock overlapping another of the cabin (409 code 32), takes one beside it', async () => {
    const cabainId = w.cabins.body;
    const first = await createLock(
      t.app,
      admin,
      lockBodyFor(w, { cabainId, type: 'hours_range', time: ['09:00', '11:00'] }),
    );
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const overlapping = await createLock(
      t.app,
      admin,
      lockBodyFor(w, { cabainId, time: ['10:30'] }),
    );
    expect([overlapping.status, overlapping.body.code]).toEqual([409, 32]);
    const weekly = await createLock(
      t.app,
      admin,
      lockBodyFor(w, { cabainId, recurrent: true, date: null, days: [1], time: ['10:00'] }),
    );
    expect([weekly.status, weekly.body.code]).toEqual([409, 32]);
    const beside = await createLock(t.app, admin, lockBodyFor(w, { cabainId, time: ['11:00'] }));
    expect(beside.status).toBe(201);
    const list = await call<{ items: { id: number }[] }>(t.app, 'GET', '/v1/lock', {
      token: admin,
      query: { branchId: String(w.branch), cabainId: String(cabainId) },
    });
    expect(list.body.data.items.map((lock) => lock.id).sort()).toEqual(
      [first.body.data.id, beside.body.data.id].sort(),
    );
  });

  it('deletes with the delete privilege (a medic is 403); a deleted lock frees the time', async () => {
    const cabainId = w.cabins.facial;
    const lock = await createLock(
      t.app,
      admin,
      lockBodyFor(w, { cabainId, type: 'day', time: [], date: '2027-06-09' }),
    );
    expect(lock.status, JSON.stringify(lock.body)).toBe(201);
    const blocked = await book(
      t.app,
      admin,
      booking(w, await newCustomer(t.app, admin), {
        date: '2027-06-09',
        cabainId,
        appointmentType: 'Cosmetóloga',
        treatmentsIds: [w.treatments.peel.id],
        categoriesIds: [w.treatments.peel.categoryId],
      }),
    );
    expect([blocked.status, blocked.body.code]).toEqual([409, 6]);
    const byMedic = await call(t.app, 'DELETE', `/v1/lock/${lock.body.data.id}/delete`, {
      token: medic,
    });
    expect(byMedic.status).toBe(403);
    const removed = await call(t.app, 'DELETE', `/v1/lock/${lock.body.data.id}/delete`, {
      token: manager,
    });
    expect(removed.status).toBe(200);
    const gone = await call(t.app, 'GET', `/v1/lock/${lock.body.data.id}`, { token: admin });
    expect([gone.status, gone.body.code]).toEqual([404, 22]);
  });

  it('asks a one-off lock for its date and keeps its hours within 06:00–22:00', async () => {
    const noDate = await createLock(t.app, admin, lockBodyFor(w, { date: null }));
    expect(noDate.status).toBe(400);
    const late = await createLock(t.app, admin, lockBodyFor(w, { time: ['22:30'] }));
    expect(late.status).toBe(400);
  });
});

describe('a booking tied to a purchased product (CONTRACT §13)', () => {
  const treatmentMessage = () =>
    `El tratamiento debe ser el del producto adquirido: ${w.treatments.bodyRf.name}`;
  const categoryMessage = () =>
    `Las categorías deben ser del tratamiento ${w.treatments.bodyRf.name}`;
  const ofProduct = (productId: number, overrides: Record<string, unknown> = {}) => ({
    date: '2027-06-11',
    cabainId: w.cabins.body,
    appointmentType: 'Cosmetóloga',
    appointmentOption: 'purchasedProducts',
    purchasedProductId: productId,
    treatmentsIds: [w.treatments.bodyRf.id],
    categoriesIds: [w.treatments.bodyRf.categoryId],
    ...overrides,
  });
  const stored = async (customerId: number) =>
    (await t.app.db.select().from(appointment).where(eq(appointment.customerId, customerId)))
      .length;

  it("takes only the purchased product's treatment and its categories; otherwise 400 naming the field", async () => {
    const customerId = await newCustomer(t.app, admin);
    const productId = await purchased(t.app, w.branch, customerId, w.treatments.bodyRf.id);
    const other = await book(
      t.app,
      manager,
      booking(w, customerId, ofProduct(productId, { treatmentsIds: [w.treatments.toxin.id] })),
    );
    expect([other.status, other.body.code]).toEqual([400, 0]);
    expect(other.body.details).toEqual([{ field: 'treatmentsIds', message: treatmentMessage() }]);
    const beside = await book(
      t.app,
      manager,
      booking(
        w,
        customerId,
        ofProduct(productId, {
          treatmentsIds: [w.treatments.bodyRf.id, w.treatments.toxin.id],
        }),
      ),
    );
    expect(beside.body.details).toEqual([{ field: 'treatmentsIds', message: treatmentMessage() }]);
    const category = await book(
      t.app,
      manager,
      booking(
        w,
        customerId,
        ofProduct(productId, { categoriesIds: [w.treatments.toxin.categoryId] }),
      ),
    );
    expect([category.status, category.body.code]).toEqual([400, 0]);
    expect(category.body.details).toEqual([{ field: 'categoriesIds', message: categoryMessage() }]);
    expect(await stored(customerId)).toBe(0);
    const right = await book(t.app, manager, booking(w, customerId, ofProduct(productId)));
    expect(right.status, JSON.stringify(right.body)).toBe(201);
  });

  it('an update cannot break it: another treatment, another category or another product is 400', async () => {
    const customerId = await newCustomer(t.app, admin);
    const productId = await purchased(t.app, w.branch, customerId, w.treatments.bodyRf.id);
    const booked = await book(
      t.app,
      manager,
      booking(w, customerId, ofProduct(productId, { startTime: '13:00' })),
    );
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const id = booked.body.data.id;
    const update = (body: Record<string, unknown>) =>
      call<AppointmentRecord>(t.app, 'PUT', `/v1/appointment/${id}/update`, {
        token: manager,
        body,
      });
    const treatmentChanged = await update({ treatmentsIds: [w.treatments.toxin.id] });
    expect(treatmentChanged.status).toBe(400);
    expect(treatmentChanged.body.details).toEqual([
      { field: 'treatmentsIds', message: treatmentMessage() },
    ]);
    const categoryChanged = await update({ categoriesIds: [w.treatments.toxin.categoryId] });
    expect(categoryChanged.body.details).toEqual([
      { field: 'categoriesIds', message: categoryMessage() },
    ]);
    const toxin = await purchased(t.app, w.branch, customerId, w.treatments.toxin.id);
    const productChanged = await update({ purchasedProductId: toxin });
    expect(productChanged.status).toBe(400);
    expect(productChanged.body.details?.map((detail) => detail.field)).toEqual([
      'treatmentsIds',
      'categoriesIds',
    ]);
    const unchanged = await call<AppointmentRecord>(t.app, 'GET', `/v1/appointment/${id}`, {
      token: manager,
    });
    expect(unchanged.body.data.treatments.map((entry) => entry.id)).toEqual([
      w.treatments.bodyRf.id,
    ]);
    expect(unchanged.body.data.purchasedProduct?.id).toBe(productId);
    // A newly tied appointment is checked the same way.
    const plain = await book(
      t.app,
      manager,
      booking(w, customerId, { date: '2027-06-11', startTime: '16:00' }),
    );
    expect(plain.status, JSON.stringify(plain.body)).toBe(201);
    const tied = await call(t.app, 'PUT', `/v1/appointment/${plain.body.data.id}/update`, {
      token: manager,
      body: { appointmentOption: 'purchasedProducts', purchasedProductId: productId },
    });
    expect(tied.status).toBe(400);
    expect(tied.body.details?.map((detail) => detail.field)).toEqual([
      'treatmentsIds',
      'categoriesIds',
    ]);
  });
});
