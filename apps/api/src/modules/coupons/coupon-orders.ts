import type { z } from 'zod';
import type { couponOrder } from '@clinica/domain';
import type { Executor } from '../../db/client';

type CouponOrder = z.input<typeof couponOrder>;

/**
 * The orders and cash orders that used a coupon, for its detail (spec 002 §2–§3). Sales arrive
 * with a later issue: until their tables exist no order can have used a coupon, so both lists are
 * empty. The sales issue replaces this body with the join of `coupon_use.order_id` and
 * `coupon_use.cash_order_id` to its orders (number, date, customer, branch, user), newest first.
 */
export async function couponOrders(
  _executor: Executor,
  _couponId: number,
): Promise<{ orders: CouponOrder[]; cashOrders: CouponOrder[] }> {
  return { orders: [], cashOrders: [] };
}
