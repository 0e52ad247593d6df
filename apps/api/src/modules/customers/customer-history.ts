import { and, desc, eq } from 'drizzle-orm';
import { appointment } from '../../db/schema';
import type { Context } from '../../platform/context';
import { fixedBranch } from '../../platform/write';
import { selectAppointments } from '../agenda/appointment-read';

/**
 * A customer's orders, appointments and purchased products. Sales (issue 15, second half) and the
 * agenda (issue 16) do not exist yet, so a customer has none: these answer empty lists until
 * those issues fill them from their tables. Nothing here invents rows.
 */

export async function customerOrders(_ctx: Context, _customerId: number) {
  return { orders: [] as unknown[], cashOrders: [] as unknown[] };
}

/** The customer's appointments (the agenda, issue 16), latest first; a fixed role sees its branch's. */
export async function customerAppointments(ctx: Context, customerId: number) {
  const fixed = fixedBranch(ctx.session);
  return selectAppointments(
    ctx.db,
    and(
      eq(appointment.customerId, customerId),
      fixed === null ? undefined : eq(appointment.branchId, fixed),
    ),
    [desc(appointment.date), desc(appointment.startTime), desc(appointment.id)],
  );
}

export async function purchasedProductsOf(_ctx: Context, _customerId: number): Promise<unknown[]> {
  return [];
}
