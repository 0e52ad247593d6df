import { and, desc, eq } from 'drizzle-orm';
import { appointment, purchasedProduct } from '../../db/schema';
import type { Context } from '../../platform/context';
import { fixedBranch, inScope } from '../../platform/write';
import { selectAppointments } from '../agenda/appointment-read';
import { ordersOfCustomer, purchasedProductsWhere } from '../orders/order-read';

/**
 * A customer's orders, appointments and purchased products. Orders and purchased products come
 * from the sale (CONTRACT §12); cash orders arrive with their issue, and until
 * then a customer has none: nothing here invents rows. The customer is the chain's, their history
 * is not: a role fixed to its branch sees the orders and appointments of its branch only, while
 * purchased products stay visible everywhere, since any branch may book them (CONTRACT §5).
 */

export async function customerOrders(ctx: Context, customerId: number) {
  const orders = await ordersOfCustomer(ctx.db, customerId, fixedBranch(ctx.session));
  return { orders, cashOrders: [] as unknown[] };
}

/** The customer's appointments (the agenda, issue 16), latest first; a fixed role sees its branch's. */
export async function customerAppointments(ctx: Context, customerId: number) {
  return selectAppointments(
    ctx.db,
    and(eq(appointment.customerId, customerId), inScope(ctx.session, appointment.branchId)),
    [desc(appointment.date), desc(appointment.startTime), desc(appointment.id)],
  );
}

export async function purchasedProductsOf(ctx: Context, customerId: number) {
  return purchasedProductsWhere(ctx.db, eq(purchasedProduct.customerId, customerId));
}
