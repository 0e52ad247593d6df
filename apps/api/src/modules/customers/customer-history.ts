import { eq } from 'drizzle-orm';
import { purchasedProduct } from '../../db/schema';
import type { Context } from '../../platform/context';
import { ordersOfCustomer, purchasedProductsWhere } from '../orders/order-read';

/**
 * A customer's orders, appointments and purchased products. Orders and purchased products come
 * from the sale (CONTRACT §12); cash orders and appointments arrive with their issues, and until
 * then a customer has none: nothing here invents rows.
 */

export async function customerOrders(ctx: Context, customerId: number) {
  return { orders: await ordersOfCustomer(ctx.db, customerId), cashOrders: [] as unknown[] };
}

export async function customerAppointments(_ctx: Context, _customerId: number): Promise<unknown[]> {
  return [];
}

export async function purchasedProductsOf(ctx: Context, customerId: number) {
  return purchasedProductsWhere(ctx.db, eq(purchasedProduct.customerId, customerId));
}
