import type { Context } from '../../platform/context';

/**
 * A customer's orders, appointments and purchased products. Sales (issue 15, second half) and the
 * agenda (issue 16) do not exist yet, so a customer has none: these answer empty lists until
 * those issues fill them from their tables. Nothing here invents rows.
 */

export async function customerOrders(_ctx: Context, _customerId: number) {
  return { orders: [] as unknown[], cashOrders: [] as unknown[] };
}

export async function customerAppointments(_ctx: Context, _customerId: number): Promise<unknown[]> {
  return [];
}

export async function purchasedProductsOf(_ctx: Context, _customerId: number): Promise<unknown[]> {
  return [];
}
