import { and, asc, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppointmentRecord, LockRecord } from '@clinica/domain';
import { DEFAULT_TIME_ZONE, localDay } from '@clinica/domain';
import {
  cabin,
  category,
  customer,
  order,
  orderDetail,
  purchasedProduct,
  treatment,
  treatmentCategory,
  user,
} from '../../db/schema';
import { branchId, call, type Answer } from '../../test/harness';

/**
 * Small factories for the agenda's tests: the demo's Zona Río cabins, treatments and categories by
 * name, a fresh customer per test, and a booking body with sensible defaults.
 */

/** Monday 2027-06-07, far past the demo's appointments; Zona Río opens 09:00–20:00 that day. */
export const MONDAY = '2027-06-07';
export const TUESDAY = '2027-06-08';
export const SUNDAY = '2027-06-13';
/** 08:00 in Tijuana (PDT) on the Monday: the clock of the tests. */
export const MONDAY_8AM = new Date('2027-06-07T15:00:00Z');

export interface AgendaFixtures {
  zonaRio: number;
  cabins: Record<string, number>;
  treatments: Record<string, number>;
  categories: Record<string, number>;
  /** The first category of each treatment, by treatment id (a booking of it names one of them). */
  categoryOfTreatment: Record<number, number>;
  medicId: number;
  cosmetologistId: number;
}

export async function agendaFixtures(app: FastifyInstance): Promise<AgendaFixtures> {
  const zonaRio = await branchId(app, 'Zona Río');
  const cabins = await app.db
    .select({ id: cabin.id, name: cabin.name })
    .from(cabin)
    .where(and(eq(cabin.branchId, zonaRio), isNull(cabin.deletedAt)));
  const treatments = await app.db.select({ id: treatment.id, sku: treatment.sku }).from(treatment);
  const categories = await app.db.select({ id: category.id, name: category.name }).from(category);
  const treatmentCategories = await app.db
    .select()
    .from(treatmentCategory)
    .orderBy(asc(treatmentCategory.categoryId));
  const staff = await app.db
    .select({ id: user.id, username: user.username })
    .from(user)
    .where(eq(user.status, 'activo'));
  const staffId = (username: string) => staff.find((row) => row.username === username)!.id;
  return {
    zonaRio,
    cabins: Object.fromEntries(cabins.map((row) => [row.name, row.id])),
    treatments: Object.fromEntries(treatments.map((row) => [row.sku, row.id])),
    categories: Object.fromEntries(categories.map((row) => [row.name, row.id])),
    categoryOfTreatment: Object.fromEntries(
      treatmentCategories.reverse().map((row) => [row.treatmentId, row.categoryId]),
    ),
    medicId: staffId('medico@clinica.mx'),
    cosmetologistId: staffId('cosmetologa@clinica.mx'),
  };
}

let customers = 0;

/** A new adult customer, with its row id. */
export async function newCustomer(
  app: FastifyInstance,
  token: string,
  fields: { cancellations?: number; blackList?: 1 } = {},
): Promise<number> {
  customers += 1;
  const answer = await call<{ id: number }>(app, 'POST', '/v1/customer/create', {
    token,
    body: {
      name: 'Paciente',
      lastName: `Agenda ${customers}`,
      birthday: '1990-05-01',
      mobilePhone: `66${String(Date.now() % 1_000_000).padStart(6, '0')}${String(customers % 100).padStart(2, '0')}`,
    },
  });
  if (answer.status !== 201) throw new Error(JSON.stringify(answer.body));
  const id = answer.body.data.id;
  if (fields.cancellations !== undefined || fields.blackList !== undefined) {
    await app.db
      .update(customer)
      .set({
        ...(fields.cancellations !== undefined ? { cancellations: fields.cancellations } : {}),
        ...(fields.blackList !== undefined ? { blackList: fields.blackList } : {}),
      })
      .where(eq(customer.id, id));
  }
  return id;
}

/** A booking body: a medical toxin (30 minutes) in Consultorio 1 on the Monday at 10:00. */
export function booking(
  f: AgendaFixtures,
  customerId: number,
  overrides: Record<string, unknown> = {},
) {
  return {
    appointmentType: 'Médico',
    date: MONDAY,
    startTime: '10:00',
    appointmentMethod: 'Cita presencial',
    appointmentOption: 'newTreatments',
    branchId: f.zonaRio,
    cabainId: f.cabins['Consultorio 1'],
    customerId,
    treatmentsIds: [f.treatments['TX-TOXSUP']],
    categoriesIds: [f.categories['Inyectables']],
    ...overrides,
  };
}

export const book = (app: FastifyInstance, token: string, body: Record<string, unknown>) =>
  call<AppointmentRecord>(app, 'POST', '/v1/appointment/create', { token, body });

export const lockBodyFor = (f: AgendaFixtures, overrides: Record<string, unknown> = {}) => ({
  reason: 'comida',
  reasonDescription: 'Comida del personal',
  type: 'hour',
  time: ['17:00'],
  date: MONDAY,
  days: [1],
  cabainId: f.cabins['Consultorio 1'],
  branchId: f.zonaRio,
  ...overrides,
});

export const createLock = (app: FastifyInstance, token: string, body: Record<string, unknown>) =>
  call<LockRecord>(app, 'POST', '/v1/lock/create', { token, body });

/**
 * A paid treatment the customer holds (a purchased product with `sessions`), written as the sale
 * would leave it: the sale's own service belongs to another issue.
 */
export async function purchased(
  app: FastifyInstance,
  branch: number,
  customerId: number,
  treatmentId: number,
  sessions = 3,
): Promise<number> {
  const [sale] = await app.db
    .insert(order)
    .values({
      origin: 'SUCURSAL',
      branchId: branch,
      customerId,
      subtotal: 1000,
      total: 1000,
      paymentStatus: 'paid',
      paidAt: new Date(),
      paidDate: localDay(new Date(), DEFAULT_TIME_ZONE),
      exchangeRate: 17,
    })
    .returning({ id: order.id });
  const [line] = await app.db
    .insert(orderDetail)
    .values({ orderId: sale!.id, treatmentId, quantity: 1, price: 1000, salePrice: 1000 })
    .returning({ id: orderDetail.id });
  const [held] = await app.db
    .insert(purchasedProduct)
    .values({ orderId: sale!.id, orderDetailId: line!.id, customerId, treatmentId, sessions })
    .returning({ id: purchasedProduct.id });
  return held!.id;
}

export type { Answer };
