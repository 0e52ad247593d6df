import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppointmentRecord, LockRecord } from '@clinica/domain';
import { DEFAULT_TIME_ZONE, localDay } from '@clinica/domain';
import { customer, order, orderDetail, purchasedProduct } from '../../db/schema';
import { call, type Answer } from '../../test/harness';
import { agendaWorld, type AgendaWorld } from '../../test/factories';

/**
 * What the agenda's tests share: the world each file builds once (`agendaWorld`, its own clinic,
 * cabins, staff and treatments: test/factories/agenda.ts), a fresh customer per test, a booking
 * body with sensible defaults, locks and a purchased treatment.
 */

/** Monday 2027-06-07, far past the demo's appointments; the world's clinic opens 09:00–20:00. */
export const MONDAY = '2027-06-07';
export const TUESDAY = '2027-06-08';
export const SUNDAY = '2027-06-13';
/** 08:00 in Tijuana (PDT) on the Monday: the clock of the tests. */
export const MONDAY_8AM = new Date('2027-06-07T15:00:00Z');

export { agendaWorld, type AgendaWorld };

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

/** A booking body: the world's toxin (30 minutes) in its medical cabin on the Monday at 10:00. */
export function booking(
  w: AgendaWorld,
  customerId: number,
  overrides: Record<string, unknown> = {},
) {
  return {
    appointmentType: 'Médico',
    date: MONDAY,
    startTime: '10:00',
    appointmentMethod: 'Cita presencial',
    appointmentOption: 'newTreatments',
    branchId: w.branch,
    cabainId: w.cabins.medical,
    customerId,
    treatmentsIds: [w.treatments.toxin.id],
    categoriesIds: [w.treatments.toxin.categoryId],
    ...overrides,
  };
}

export const book = (app: FastifyInstance, token: string, body: Record<string, unknown>) =>
  call<AppointmentRecord>(app, 'POST', '/v1/appointment/create', { token, body });

export const lockBodyFor = (w: AgendaWorld, overrides: Record<string, unknown> = {}) => ({
  reason: 'comida',
  reasonDescription: 'Comida del personal',
  type: 'hour',
  time: ['17:00'],
  date: MONDAY,
  days: [1],
  cabainId: w.cabins.medical,
  branchId: w.branch,
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
