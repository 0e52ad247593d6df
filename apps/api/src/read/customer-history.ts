import { and, desc, eq } from 'drizzle-orm';
import { appointment, purchasedProduct } from '../db/schema';
import type { Context } from '../platform/context';
import { fixedBranch, inScope } from '../platform/write';
import { notHold, selectAppointments } from '../modules/agenda/appointment-read';
import { getCustomer } from '../modules/customers/customer.service';
import { ordersOfCustomer, purchasedProductsWhere } from '../modules/orders/order-read';
import { cashOrdersOfCustomer } from '../modules/cash-orders/cash-order-list';

/**
 * A customer's orders, appointments and purchased products, for the customer's detail (spec 002
 * §2). Orders and purchased products come from the sale (CONTRACT §12), appointments from the
 * agenda (issue 16), cash orders from the counter sales (issue 26). Each answer first reads the customer (404 for a deleted or unknown
 * one), as the customer's own routes do. The customer is the chain's, their history is not: a role
 * fixed to its branch sees the orders and appointments of its branch only, while purchased products
 * stay visible everywhere, since any branch may book them (CONTRACT §5).
 */

/** GET /customer/{id}/single, with the purchased products when asked. */
export async function customerDetail(ctx: Context, id: number, purchasedProducts: boolean) {
  const record = await getCustomer(ctx, id);
  return purchasedProducts
    ? {
        ...record,
        purchasedProducts: await purchasedProductsWhere(
          ctx.db,
          eq(purchasedProduct.customerId, id),
        ),
      }
    : record;
}

/** GET /customer/{id}/orders. */
export async function customerOrders(ctx: Context, id: number) {
  await getCustomer(ctx, id);
  const orders = await ordersOfCustomer(ctx.db, id, fixedBranch(ctx.session));
  const cashOrders = await cashOrdersOfCustomer(ctx.db, id, fixedBranch(ctx.session));
  return { orders, cashOrders };
}

/** GET /customer/{id}/appointments: latest first; a fixed role sees its branch's. */
export async function customerAppointments(ctx: Context, id: number) {
  await getCustomer(ctx, id);
  return selectAppointments(
    ctx.db,
    and(eq(appointment.customerId, id), notHold, inScope(ctx.session, appointment.branchId)),
    [desc(appointment.date), desc(appointment.startTime), desc(appointment.id)],
  );
}
