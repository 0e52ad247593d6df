import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  Conflict,
  NotFound,
  POINTS_METHOD,
  localDay,
  parseOrderNumber,
  type CashOrderRecord,
  type orderRefundBody,
} from '@clinica/domain';
import {
  branch,
  cashOrder,
  cashOrderDetail,
  cashOrderPayment,
  cosmetologyCommission,
  coupon,
  couponUse,
  pointsMovement,
  user,
} from '../../db/schema';
import { audit, changesBetween } from '../../platform/audit';
import { actorOf, type Context } from '../../platform/context';
import { conflict, notFound } from '../../platform/errors';
import { verifySecret } from '../../platform/passwords';
import { inScope } from '../../platform/write';
import { moveStock, refusingOverflow } from '../inventory/ledger';
import { refuseClosedDay } from '../orders/closed-day';
import { countRefund } from '../orders/day-money';
import { refundPoints } from '../orders/points';
import { cashFolioOf, readCashOrder } from './cash-order-read';
import { MODULE } from './cash-order.service';

/**
 * POST /cash-order/{orderNumber}/refund (CONTRACT §12): the whole cash order, once, with the
 * orders' checks in their order: not found for the caller or at another branch than `branchId`
 * (404 code 36), the caller's password (404 code 3, before any lock), then under the cash order's
 * `FOR UPDATE` lock already refunded (409 code 33: of concurrent refunds one wins), the day closed
 * (409 code 45). Every unit goes back to the very lot it left (a `refund` movement naming the cash
 * order, lots in id order), points and coupon as orders, and each commission row is reversed by a
 * negative row dated today. One transaction.
 */

type Body = z.output<typeof orderRefundBody>;

async function findCashOrder(ctx: Context, orderNumber: string, branchId: number) {
  const number = parseOrderNumber('cashOrder', orderNumber);
  if (number === null) throw notFound(NotFound.cashOrder);
  const [row] = await ctx.db
    .select({ id: cashOrder.id })
    .from(cashOrder)
    .where(
      and(
        eq(cashOrder.orderNumber, number),
        eq(cashOrder.branchId, branchId),
        inScope(ctx.session, cashOrder.branchId),
      ),
    );
  if (!row) throw notFound(NotFound.cashOrder);
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

export async function refundCashOrder(
  ctx: Context,
  orderNumber: string,
  body: Body,
): Promise<CashOrderRecord> {
  const id = await findCashOrder(ctx, orderNumber, body.branchId);
  await checkPassword(ctx, body.password);
  return applyCashRefund(ctx, id, body);
}

/** The refund once found and the password confirmed (the demo seed refunds through it too). */
export async function applyCashRefund(
  ctx: Context,
  id: number,
  body: Pick<Body, 'refundReason' | 'refundMethod'>,
): Promise<CashOrderRecord> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        id: cashOrder.id,
        orderNumber: cashOrder.orderNumber,
        branchId: cashOrder.branchId,
        zone: branch.zone,
        customerId: cashOrder.customerId,
        couponId: cashOrder.couponId,
        total: cashOrder.total,
        refundedAt: cashOrder.refundedAt,
      })
      .from(cashOrder)
      .innerJoin(branch, eq(branch.id, cashOrder.branchId))
      .where(eq(cashOrder.id, id))
      .for('update', { of: cashOrder });
    if (!row) throw notFound(NotFound.cashOrder);
    if (row.refundedAt) throw conflict(Conflict.orderCancelled);
    const today = localDay(now, row.zone);
    await refuseClosedDay(tx, row.branchId, today);
    const folio = cashFolioOf(row.orderNumber);

    const [paidWithPoints] = await tx
      .select({ points: sql<number>`coalesce(sum(${cashOrderPayment.amountMxn}), 0)::float8` })
      .from(cashOrderPayment)
      .where(
        and(
          eq(cashOrderPayment.cashOrderId, id),
          eq(cashOrderPayment.paymentMethod, POINTS_METHOD),
        ),
      );
    const pointsPaid = Math.round(Number(paidWithPoints!.points));
    const refundAmount = Math.max(0, Math.round(Number(row.total) * 100 - pointsPaid * 100) / 100);
    await tx
      .update(cashOrder)
      .set({
        refundedAt: now,
        refundDate: today,
        refundedById: ctx.session.userId,
        refundReason: body.refundReason,
        refundMethod: body.refundMethod,
        refundAmount,
        updatedAt: now,
      })
      .where(eq(cashOrder.id, id));

    // Every unit back into the very lot it left, lots in id order (as every flow locks them).
    const lines = await tx
      .select({ stockId: cashOrderDetail.stockId, quantity: cashOrderDetail.quantity })
      .from(cashOrderDetail)
      .where(eq(cashOrderDetail.cashOrderId, id))
      .orderBy(asc(cashOrderDetail.stockId), asc(cashOrderDetail.id));
    const document = { type: 'cash-order', id, number: folio };
    await refusingOverflow(async () => {
      for (const line of lines)
        await moveStock(
          tx,
          {
            stockId: line.stockId,
            quantity: line.quantity,
            cause: 'refund',
            document,
            userId: ctx.session.userId,
          },
          {},
          now,
        );
    });

    let moved = { returned: 0, taken: 0 };
    if (row.customerId !== null) {
      const [earned] = await tx
        .select({ points: sql<number>`coalesce(sum(${pointsMovement.delta}), 0)::int` })
        .from(pointsMovement)
        .where(and(eq(pointsMovement.cashOrderId, id), eq(pointsMovement.kind, 'earn')));
      moved = await refundPoints(
        tx,
        { paidBack: pointsPaid, earned: earned!.points },
        { customerId: row.customerId, cashOrderId: id, userId: ctx.session.userId, at: now },
      );
    }
    if (row.couponId !== null) {
      const released = await tx
        .delete(couponUse)
        .where(eq(couponUse.cashOrderId, id))
        .returning({ id: couponUse.id });
      if (released.length > 0)
        await tx
          .update(coupon)
          .set({ used: sql`${coupon.used} - ${released.length}` })
          .where(and(eq(coupon.id, row.couponId), gt(coupon.used, 0)));
    }

    // The commission rows are reversed on the refund's day; the sale's rows stay as they were.
    await tx.execute(sql`
      INSERT INTO cosmetology_commission
        (cash_order_id, cash_order_detail_id, user_id, branch_id, product_id, kind,
         sale_price, percent, commission, date, created_at)
      SELECT cash_order_id, cash_order_detail_id, user_id, branch_id, product_id, 'refund',
             -sale_price, percent, -commission, ${today}::date, ${now.toISOString()}::timestamptz
      FROM ${cosmetologyCommission}
      WHERE ${cosmetologyCommission.cashOrderId} = ${id} AND ${cosmetologyCommission.kind} = 'sale'
      ORDER BY ${cosmetologyCommission.id}`);

    // The read model last: its branch-day row is the one every sale of the day locks, so it is
    // taken after every other lock and held only until the commit (no lock-order deadlock).
    await countRefund(tx, 'cash-order', id);

    await audit(
      tx,
      actorOf(ctx, row.branchId),
      {
        module: MODULE,
        action: 'refund',
        recordId: id,
        order: folio,
        changes: changesBetween(
          { refundedAt: null, refundReason: null, refundMethod: null, refundAmount: null },
          {
            refundedAt: now.toISOString(),
            refundReason: body.refundReason,
            refundMethod: body.refundMethod,
            refundAmount,
            pointsReturned: moved.returned,
            pointsTaken: moved.taken,
          },
        ),
      },
      now,
    );
    return readCashOrder(tx, id);
  });
}
