import { and, eq, gt, inArray, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  Conflict,
  NotFound,
  POINTS_METHOD,
  localDay,
  parseOrderNumber,
  type OrderRecord,
  type orderRefundBody,
} from '@clinica/domain';
import {
  appointment,
  branch,
  coupon,
  couponUse,
  order,
  orderPayment,
  pointsMovement,
  purchasedProduct,
  user,
} from '../../db/schema';
import { audit, changesBetween } from '../../platform/audit';
import { actorOf, type Context } from '../../platform/context';
import { conflict, notFound } from '../../platform/errors';
import { verifySecret } from '../../platform/passwords';
import { inScope } from '../../platform/write';
import { refuseClosedDay } from './closed-day';
import { countRefund } from './day-money';
import { folioOf, readOrder } from './order-read';
import { refundPoints } from './points';

/**
 * POST /order/{orderNumber}/refund (CONTRACT §12): the whole order, once. The checks are answered
 * in the contract's order: not found for the caller or another branch than `branchId` (404 code
 * 19), the caller's own password (404 code 3, checked before any lock is taken: a hash costs tens
 * of milliseconds), then, under the order's row lock (`FOR UPDATE`: of concurrent refunds one
 * wins, the rest find it refunded, 409 code 33), not paid (409 code 34), a session of one of its
 * purchased products already given (409 code 34; the purchased products are locked `FOR UPDATE`,
 * the lock a finish takes, so a session cannot be given while the refund decides), the branch's
 * day closed (409 code 45). Every effect is in that one transaction.
 */

type Body = z.output<typeof orderRefundBody>;

const MODULE = 'sales';

/** The order the caller may refund, by its number or folio; 404 code 19 otherwise. */
async function findOrder(ctx: Context, orderNumber: string, branchId: number) {
  const number = parseOrderNumber('order', orderNumber);
  if (number === null) throw notFound(NotFound.order);
  const [row] = await ctx.db
    .select({ id: order.id })
    .from(order)
    .where(
      and(
        eq(order.orderNumber, number),
        eq(order.branchId, branchId),
        inScope(ctx.session, order.branchId),
      ),
    );
  if (!row) throw notFound(NotFound.order);
  return row.id;
}

async function checkPassword(ctx: Context, password: string) {
  const [account] = await ctx.db
    .select({ passwordHash: user.passwordHash })
    .from(user)
    .where(eq(user.id, ctx.session.userId));
  if (!(await verifySecret(account?.passwordHash, password)))
    throw notFound(NotFound.passwordMismatch);
}

export async function refundOrder(
  ctx: Context,
  orderNumber: string,
  body: Body,
): Promise<OrderRecord> {
  const id = await findOrder(ctx, orderNumber, body.branchId);
  await checkPassword(ctx, body.password);
  return applyRefund(ctx, id, body);
}

/**
 * The refund itself, once the order is found and the password confirmed: the checks under the
 * order's lock and every effect, in one transaction (the demo seed refunds through it too).
 */
export async function applyRefund(
  ctx: Context,
  id: number,
  body: Pick<Body, 'refundReason' | 'refundMethod'>,
): Promise<OrderRecord> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        id: order.id,
        orderNumber: order.orderNumber,
        branchId: order.branchId,
        zone: branch.zone,
        customerId: order.customerId,
        couponId: order.couponId,
        total: order.total,
        paymentStatus: order.paymentStatus,
        refundedAt: order.refundedAt,
      })
      .from(order)
      .innerJoin(branch, eq(branch.id, order.branchId))
      .where(eq(order.id, id))
      .for('update', { of: order });
    if (!row) throw notFound(NotFound.order);
    if (row.refundedAt) throw conflict(Conflict.orderCancelled);
    if (row.paymentStatus !== 'paid') throw conflict(Conflict.orderNotCancellable);
    const products = await tx
      .select({ id: purchasedProduct.id, currentSession: purchasedProduct.currentSession })
      .from(purchasedProduct)
      .where(eq(purchasedProduct.orderId, id))
      .orderBy(purchasedProduct.id)
      .for('update');
    const productIds = products.map((item) => item.id);
    if (products.some((item) => item.currentSession > 0))
      throw conflict(Conflict.orderNotCancellable);
    if (productIds.length > 0) {
      const [finished] = await tx
        .select({ id: appointment.id })
        .from(appointment)
        .where(
          and(
            inArray(appointment.purchasedProductId, productIds),
            eq(appointment.status, 'finished'),
          ),
        )
        .limit(1);
      if (finished) throw conflict(Conflict.orderNotCancellable);
    }
    const today = localDay(now, row.zone);
    await refuseClosedDay(tx, row.branchId, today);

    const [paidWithPoints] = await tx
      .select({ points: sql<number>`coalesce(sum(${orderPayment.amountMxn}), 0)::float8` })
      .from(orderPayment)
      .where(and(eq(orderPayment.orderId, id), eq(orderPayment.paymentMethod, POINTS_METHOD)));
    const [earned] = await tx
      .select({ points: sql<number>`coalesce(sum(${pointsMovement.delta}), 0)::int` })
      .from(pointsMovement)
      .where(and(eq(pointsMovement.orderId, id), eq(pointsMovement.kind, 'earn')));
    const pointsPaid = Math.round(Number(paidWithPoints!.points));
    const refundAmount = Math.round(Number(row.total) * 100 - pointsPaid * 100) / 100;

    await tx
      .update(order)
      .set({
        refundedAt: now,
        refundDate: today,
        refundedById: ctx.session.userId,
        refundReason: body.refundReason,
        refundMethod: body.refundMethod,
        refundAmount: Math.max(0, refundAmount),
        updatedAt: now,
      })
      .where(eq(order.id, id));
    const moved = await refundPoints(
      tx,
      { paidBack: pointsPaid, earned: earned!.points },
      { customerId: row.customerId, orderId: id, userId: ctx.session.userId, at: now },
    );
    if (row.couponId !== null) {
      const released = await tx
        .delete(couponUse)
        .where(eq(couponUse.orderId, id))
        .returning({ id: couponUse.id });
      if (released.length > 0)
        await tx
          .update(coupon)
          .set({ used: sql`${coupon.used} - ${released.length}` })
          .where(and(eq(coupon.id, row.couponId), gt(coupon.used, 0)));
    }
    if (productIds.length > 0)
      await tx
        .update(purchasedProduct)
        .set({ status: 'refunded', updatedAt: now })
        .where(
          and(
            inArray(purchasedProduct.id, productIds),
            or(eq(purchasedProduct.status, 'onProcess'), eq(purchasedProduct.status, 'finished')),
          ),
        );
    // The read model last: its branch-day row is the one every sale of the day locks, so it is
    // taken after every other lock and held only until the commit (no lock-order deadlock).
    await countRefund(tx, 'order', id);
    await audit(
      tx,
      actorOf(ctx, row.branchId),
      {
        module: MODULE,
        action: 'refund',
        recordId: id,
        order: folioOf(row.orderNumber),
        changes: changesBetween(
          { refundedAt: null, refundReason: null, refundMethod: null, refundAmount: null },
          {
            refundedAt: now.toISOString(),
            refundReason: body.refundReason,
            refundMethod: body.refundMethod,
            refundAmount: Math.max(0, refundAmount),
            pointsReturned: moved.returned,
            pointsTaken: moved.taken,
          },
        ),
      },
      now,
    );
    return readOrder(tx, id);
  });
}
