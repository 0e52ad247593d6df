import { desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { formatOrderNumber, type couponOrder } from '@clinica/domain';
import type { Executor } from '../../db/client';
import { branch, cashOrder, couponUse, customer, order, user } from '../../db/schema';

type CouponOrder = z.input<typeof couponOrder>;

/**
 * The orders and cash orders that used a coupon, for its detail (spec 002 §2–§3): the uses joined
 * to their orders (number, date, customer, branch, who recorded it), newest first.
 */
export async function couponOrders(
  executor: Executor,
  couponId: number,
): Promise<{ orders: CouponOrder[]; cashOrders: CouponOrder[] }> {
  const rows = await executor
    .select({
      id: order.id,
      orderNumber: order.orderNumber,
      createdAt: order.createdAt,
      customerId: customer.id,
      customerName: sql<string>`concat_ws(' ', ${customer.name}, ${customer.lastName}, ${customer.motherLastName})`,
      branchId: branch.id,
      branchName: branch.name,
      userId: user.id,
      userName: sql<
        string | null
      >`concat_ws(' ', ${user.name}, ${user.lastName}, ${user.motherLastName})`,
    })
    .from(couponUse)
    .innerJoin(order, eq(order.id, couponUse.orderId))
    .innerJoin(customer, eq(customer.id, order.customerId))
    .innerJoin(branch, eq(branch.id, order.branchId))
    .leftJoin(user, sql`${user.id} = coalesce(${order.userId}, ${order.sellerId})`)
    .where(eq(couponUse.couponId, couponId))
    .orderBy(desc(order.createdAt), desc(order.id));
  const cash = await executor
    .select({
      id: cashOrder.id,
      orderNumber: cashOrder.orderNumber,
      createdAt: cashOrder.createdAt,
      customerId: customer.id,
      customerName: sql<string>`concat_ws(' ', ${customer.name}, ${customer.lastName}, ${customer.motherLastName})`,
      branchId: branch.id,
      branchName: branch.name,
      userId: user.id,
      userName: sql<
        string | null
      >`concat_ws(' ', ${user.name}, ${user.lastName}, ${user.motherLastName})`,
    })
    .from(couponUse)
    .innerJoin(cashOrder, eq(cashOrder.id, couponUse.cashOrderId))
    .innerJoin(customer, eq(customer.id, cashOrder.customerId))
    .innerJoin(branch, eq(branch.id, cashOrder.branchId))
    .innerJoin(user, eq(user.id, cashOrder.userId))
    .where(eq(couponUse.couponId, couponId))
    .orderBy(desc(cashOrder.createdAt), desc(cashOrder.id));
  return {
    orders: rows.map((row) => ({
      id: row.id,
      orderNumber: formatOrderNumber('order', row.orderNumber),
      created_at: row.createdAt.toISOString(),
      customer: { id: row.customerId, name: row.customerName },
      branch: { id: row.branchId, name: row.branchName },
      user: row.userId === null ? null : { id: row.userId, name: row.userName ?? '' },
    })),
    cashOrders: cash.map((row) => ({
      id: row.id,
      orderNumber: formatOrderNumber('cashOrder', row.orderNumber),
      created_at: row.createdAt.toISOString(),
      customer: { id: row.customerId, name: row.customerName },
      branch: { id: row.branchId, name: row.branchName },
      user: { id: row.userId, name: row.userName ?? '' },
    })),
  };
}
