import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import {
  Conflict,
  addDays,
  NotFound,
  POINTS_METHOD,
  SETTLEABLE_STATUSES,
  formatMoney,
  localDay,
  type OrderRecord,
  type PaymentStatus,
  type orderBody,
  type orderSettlementBody,
} from '@clinica/domain';
import type { Tx } from '../../db/client';
import {
  branch,
  couponUse,
  customer,
  order,
  orderDetail,
  orderPayment,
  purchasedProduct,
  purchasedProductArea,
  user,
} from '../../db/schema';
import { audit, changesBetween } from '../../platform/audit';
import { actorOf, type Context } from '../../platform/context';
import { conflict, invalid, notFound } from '../../platform/errors';
import { branchForWrite, inScope } from '../../platform/write';
import type { OrderLine } from './order-lines';
import { holdChargedAppointment, tieAppointment } from './order-appointment';
import { isDayClosed, refuseClosedDay } from './closed-day';
import { countSale } from './day-money';
import { priceOrder } from './order-pricing';
import { folioOf, getOrder, listOrders, readOrder } from './order-read';
import { earnPoints, spendPoints } from './points';

/**
 * The sale (CONTRACT §12): one transaction per order. It locks the buyer's row first (so two
 * sales to one customer queue, and a blacklisting cannot slip in between the check and the sale),
 * then holds the branch, the seller, the treatments and offers FOR KEY SHARE, prices every line
 * from the catalogue, redeems the coupon, converts dollars at the rate in force, checks that the
 * payments cover the total, and writes the order, its lines, payments, purchased products and
 * points movements, with its audit entry.
 */

type Body = z.output<typeof orderBody>;
type SettlementBody = z.output<typeof orderSettlementBody>;

const MODULE = 'sales';

/** The buyer, locked: live (404 code 14), active (409 code 42), not blacklisted (409 code 38). */
export async function lockBuyer(tx: Tx, customerId: number) {
  const [row] = await tx
    .select({
      id: customer.id,
      status: customer.status,
      blackList: customer.blackList,
      points: customer.points,
    })
    .from(customer)
    .where(and(eq(customer.id, customerId), isNull(customer.deletedAt)))
    .for('no key update');
  if (!row) throw notFound(NotFound.customer);
  if (row.blackList === 1) throw conflict(Conflict.customerBlacklisted);
  if (!row.status) throw conflict(Conflict.customerInactive);
  return row;
}

export async function holdBranch(tx: Tx, branchId: number) {
  const [row] = await tx
    .select({ id: branch.id, name: branch.name, zone: branch.zone })
    .from(branch)
    .where(and(eq(branch.id, branchId), isNull(branch.deletedAt), eq(branch.active, true)))
    .for('key share');
  if (!row) throw notFound(NotFound.branch);
  return row;
}

export async function holdSeller(tx: Tx, sellerId: number) {
  const [row] = await tx
    .select({ id: user.id })
    .from(user)
    .where(and(eq(user.id, sellerId), isNull(user.deletedAt)))
    .for('key share');
  if (!row) throw notFound(NotFound.user);
}

/** What the history shows of an order: its number, parties, amounts and lines as text. */
function header(record: OrderRecord) {
  return {
    orderNumber: record.folio,
    origin: record.origin,
    branch: record.branch.name,
    customer: [record.customer.name, record.customer.lastName, record.customer.motherLastName]
      .filter(Boolean)
      .join(' '),
    seller: record.seller?.name ?? null,
    coupon: record.coupon?.code ?? null,
    subtotal: record.subtotal,
    discountTotal: record.discountTotal,
    total: record.total,
    points: record.points,
    paymentStatus: record.paymentStatus,
    paymentMethod: record.paymentMethod,
    payReference: record.payReference,
    exchangeRate: record.exchangeRate,
    changeAmount: record.changeAmount,
    orderDetails: record.orderDetails
      .map(
        (line) =>
          `${line.treatment?.name ?? line.package?.name ?? ''}: ${line.quantity} × ${formatMoney(line.salePrice)}` +
          (line.discount > 0 ? ` (−${formatMoney(line.discount)})` : ''),
      )
      .join('; '),
    payments: record.payments
      .map((payment) => `${payment.paymentMethod}: ${payment.amount} ${payment.currency}`)
      .join('; '),
  };
}

async function insertPurchasedProducts(
  tx: Tx,
  orderId: number,
  customerId: number,
  lines: { detailId: number; line: OrderLine }[],
  at: Date,
) {
  const wanted = lines.flatMap(({ detailId, line }) =>
    Array.from({ length: line.quantity }, () =>
      line.gives.map((given) => ({ detailId, given })),
    ).flat(),
  );
  if (wanted.length === 0) return [];
  const created = await tx
    .insert(purchasedProduct)
    .values(
      wanted.map(({ detailId, given }) => ({
        orderId,
        orderDetailId: detailId,
        customerId,
        treatmentId: given.treatmentId,
        packageLineId: given.packageLineId,
        sessions: given.sessions,
        limit: given.limit,
        consentRequired: given.consentRequired,
        createdAt: at,
        updatedAt: at,
      })),
    )
    .returning({ id: purchasedProduct.id, treatmentId: purchasedProduct.treatmentId });
  const areas = created.flatMap((row, index) =>
    wanted[index]!.given.areaIds.map((areaId) => ({ purchasedProductId: row.id, areaId })),
  );
  if (areas.length > 0) await tx.insert(purchasedProductArea).values(areas);
  return created;
}

/**
 * Everything a sale checks before it writes, in one path for the sale and its quote: the buyer
 * locked, the branch and seller held, the lines priced with the coupon and payments, and the
 * appointment it charges locked and checked.
 */
export async function prepareSale(tx: Tx, body: Body, branchId: number, now: Date) {
  const buyer = await lockBuyer(tx, body.customerId);
  const site = await holdBranch(tx, branchId);
  if (body.sellerId) await holdSeller(tx, body.sellerId);
  const priced = await priceOrder(tx, body, {
    branchId,
    at: now,
    customerPoints: buyer.points,
  });
  const charged = body.appointmentId
    ? await holdChargedAppointment(tx, body.appointmentId, {
        customerId: body.customerId,
        branchId,
        lines: priced.lines,
      })
    : null;
  return { buyer, site, priced, charged };
}

/** Points are paid only at the point of sale (the app has no cash drawer to take a refusal back). */
export function refusePointsOutsideBranch(body: Body) {
  if (
    body.origin !== 'SUCURSAL' &&
    body.payments.some((payment) => payment.paymentMethod === POINTS_METHOD)
  )
    throw invalid({ field: 'payments', message: 'El pago con puntos solo se acepta en sucursal' });
}

/**
 * POST /order/create (CONTRACT §12). The point of sale's order (`SUCURSAL`) is paid at once and
 * earns its points; the app's and online orders start `pending_payment`, earn nothing until
 * settled, and cannot pay with points (the app has no cash drawer to take a refusal back from).
 */
export async function createOrder(ctx: Context, body: Body): Promise<OrderRecord> {
  refusePointsOutsideBranch(body);
  const branchId = branchForWrite(ctx, body.branchId);
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const { site, priced, charged } = await prepareSale(tx, body, branchId, now);
    if (priced.problem) throw priced.problem;
    const { lines, totals, coupon, rate } = priced;
    const settlement = priced.settlement!;
    const paid = body.origin === 'SUCURSAL';
    // A point-of-sale sale at a branch whose day is closed is refused (CONTRACT §12).
    if (paid) await refuseClosedDay(tx, site.id, localDay(now, site.zone));

    const [created] = await tx
      .insert(order)
      .values({
        origin: body.origin,
        branchId,
        customerId: body.customerId,
        sellerId: body.sellerId ?? null,
        userId: paid ? ctx.session.userId : null,
        couponId: coupon?.couponId ?? null,
        subtotal: totals.subtotal,
        discountTotal: totals.discountTotal,
        total: totals.total,
        points: totals.points,
        paymentStatus: paid ? 'paid' : 'pending_payment',
        paymentMethod: settlement.paymentMethod,
        payReference: body.payments.find((payment) => payment.reference)?.reference ?? null,
        exchangeRate: rate,
        changeAmount: settlement.change,
        paidAt: paid ? now : null,
        paidDate: paid ? localDay(now, site.zone) : null,
        appointmentId: charged?.id ?? null,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: order.id, orderNumber: order.orderNumber });
    const orderId = created!.id;
    if (coupon) await tx.update(couponUse).set({ orderId }).where(eq(couponUse.id, coupon.useId));

    const details = await tx
      .insert(orderDetail)
      .values(
        lines.map((line, index) => ({
          orderId,
          treatmentId: line.treatmentId,
          packageId: line.packageId,
          quantity: line.quantity,
          price: line.price,
          salePrice: line.salePrice,
          discount: totals.discounts[index]!,
          points: line.points,
        })),
      )
      .returning({ id: orderDetail.id });
    if (body.payments.length > 0)
      await tx.insert(orderPayment).values(
        body.payments.map((payment, index) => ({
          orderId,
          paymentMethod: payment.paymentMethod,
          currency: payment.currency,
          amount: payment.amount,
          amountMxn: settlement.amountsMxn[index]!,
          reference: payment.reference ?? null,
        })),
      );
    const products = await insertPurchasedProducts(
      tx,
      orderId,
      body.customerId,
      lines.map((line, index) => ({ detailId: details[index]!.id, line })),
      now,
    );
    if (charged) await tieAppointment(tx, charged, products, now);

    const movement = { customerId: body.customerId, orderId, userId: ctx.session.userId, at: now };
    if (settlement.points > 0) await spendPoints(tx, settlement.points, movement);
    if (paid && totals.points > 0) await earnPoints(tx, totals.points, movement);
    // The read model last: its branch-day row is the one every sale of the day locks, so it is
    // taken after every other lock and held only until the commit (no lock-order deadlock).
    if (paid) await countSale(tx, 'order', orderId);

    const record = await readOrder(tx, orderId);
    await audit(
      tx,
      actorOf(ctx, site.id),
      {
        module: MODULE,
        action: 'create',
        recordId: orderId,
        order: folioOf(created!.orderNumber),
        changes: changesBetween(null, header(record)),
      },
      now,
    );
    return record;
  });
}

/**
 * PATCH /order/{id}/payment: the gateway's answer for an app or online order. The order's row is
 * locked first; only a pending order may change (409 code 30), so of concurrent settlements one
 * pays and earns the points once (the unique earn per order stands behind it).
 */
export async function settleOrder(
  ctx: Context,
  id: number,
  body: SettlementBody,
): Promise<OrderRecord> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        id: order.id,
        orderNumber: order.orderNumber,
        branchId: order.branchId,
        customerId: order.customerId,
        points: order.points,
        paymentStatus: order.paymentStatus,
        payReference: order.payReference,
        zone: branch.zone,
      })
      .from(order)
      .innerJoin(branch, eq(branch.id, order.branchId))
      .where(and(eq(order.id, id), inScope(ctx.session, order.branchId)))
      .for('update', { of: order });
    if (!row) throw notFound(NotFound.order);
    if (!SETTLEABLE_STATUSES.includes(row.paymentStatus as PaymentStatus))
      throw conflict(Conflict.orderFinished);
    const paid = body.paymentStatus === 'paid';
    const reference = body.reference ?? row.payReference;
    // The day it counts on (CONTRACT §12): today, or tomorrow when today's closing is done.
    const today = localDay(now, row.zone);
    const paidDate = !paid
      ? null
      : (await isDayClosed(tx, row.branchId, today))
        ? addDays(today, 1)
        : today;
    await tx
      .update(order)
      .set({
        paymentStatus: body.paymentStatus,
        payReference: reference,
        paidAt: paid ? now : null,
        paidDate,
        updatedAt: now,
      })
      .where(eq(order.id, id));
    if (paid && row.points > 0)
      await earnPoints(tx, row.points, {
        customerId: row.customerId,
        orderId: id,
        userId: ctx.session.userId,
        at: now,
      });
    if (paid) await countSale(tx, 'order', id);
    await audit(
      tx,
      actorOf(ctx, row.branchId),
      {
        module: MODULE,
        action: 'payment',
        recordId: id,
        order: folioOf(row.orderNumber),
        changes: changesBetween(
          { paymentStatus: row.paymentStatus, payReference: row.payReference },
          { paymentStatus: body.paymentStatus, payReference: reference },
        ),
      },
      now,
    );
    return readOrder(tx, id);
  });
}

export { getOrder, listOrders };
