import { DEFAULT_TIME_ZONE, localDay } from '@clinica/domain';
import type { Executor } from '../../db/client';
import { customer, order } from '../../db/schema';

/**
 * Test fixtures of the loyalty tests: customers and orders written straight into their tables.
 * The sale (`POST /order/create`) is built apart; the loyalty rules read only the orders' status,
 * total and dates, so the tests write just those.
 */

/** A live adult customer named `name` `lastName`, registered at `branchId`. */
export async function insertCustomer(
  db: Executor,
  branchId: number,
  fields: {
    name: string;
    lastName: string;
    mobilePhone?: string;
    points?: number;
    cancellations?: number;
  },
): Promise<number> {
  const [row] = await db
    .insert(customer)
    .values({
      registryBranchId: branchId,
      name: fields.name,
      lastName: fields.lastName,
      birthday: '1990-01-01',
      mobilePhone: fields.mobilePhone ?? null,
      points: fields.points ?? 0,
      cancellations: fields.cancellations ?? 0,
    })
    .returning({ id: customer.id });
  return row!.id;
}

export interface OrderFixture {
  customerId: number;
  branchId: number;
  total: number;
  /** 'paid' by default; a paid order is paid at `paidAt`. */
  paymentStatus?: 'paid' | 'pending_payment' | 'pending_confirmation' | 'error';
  paidAt?: Date;
  refundedAt?: Date;
  createdAt?: Date;
}

/** An order as the sale leaves it: paid (or not) at an instant, refunded or not. */
export async function insertOrder(db: Executor, fixture: OrderFixture): Promise<number> {
  const status = fixture.paymentStatus ?? 'paid';
  const paidAt = status === 'paid' ? (fixture.paidAt ?? new Date()) : null;
  const [row] = await db
    .insert(order)
    .values({
      origin: 'SUCURSAL',
      branchId: fixture.branchId,
      customerId: fixture.customerId,
      subtotal: fixture.total,
      total: fixture.total,
      paymentStatus: status,
      paymentMethod: status === 'paid' ? 'Efectivo' : null,
      exchangeRate: 17.5,
      paidAt,
      paidDate: paidAt ? localDay(paidAt, DEFAULT_TIME_ZONE) : null,
      refundedAt: fixture.refundedAt ?? null,
      refundDate: fixture.refundedAt ? localDay(fixture.refundedAt, DEFAULT_TIME_ZONE) : null,
      createdAt: fixture.createdAt ?? paidAt ?? new Date(),
    })
    .returning({ id: order.id });
  return row!.id;
}
