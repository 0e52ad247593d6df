import { and, asc, desc, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import {
  NotFound,
  formatOrderNumber,
  localDayAndTime,
  orderRoutes,
  parseOrderNumber,
  type CustomerOrder,
  type OrderRecord,
  type OrderSummary,
  type PurchasedProductRecord,
  type orderQuery,
} from '@clinica/domain';
import type { Executor } from '../../db/client';
import {
  appointment,
  area,
  branch,
  coupon,
  customer,
  offer,
  order,
  orderDetail,
  orderPayment,
  purchasedProduct,
  purchasedProductArea,
  treatment,
  treatmentType,
  user,
} from '../../db/schema';
import { customerSearch } from '../customers/customer-search';
import type { Context } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { listPage, listSpec } from '../../platform/list';
import { inScope } from '../../platform/write';

/**
 * Orders as the API answers them (spec 002 §3, CONTRACT §12): the header with its branch,
 * customer, seller, recorder and coupon; the lines, payments and purchased products on the detail.
 * A role fixed to its branch reaches only its branch's orders; any other answers 404 code 19.
 */

export const folioOf = (orderNumber: number) => formatOrderNumber('order', orderNumber);

const seller = alias(user, 'seller');
const recorder = alias(user, 'recorder');
const personName = (person: typeof seller | typeof recorder) =>
  sql<string>`concat_ws(' ', ${person.name}, ${person.lastName}, ${person.motherLastName})`;

const headColumns = {
  id: order.id,
  orderNumber: order.orderNumber,
  origin: order.origin,
  branchId: branch.id,
  branchName: branch.name,
  branchZone: branch.zone,
  customer: {
    id: customer.id,
    customerId: customer.customerId,
    name: customer.name,
    lastName: customer.lastName,
    motherLastName: customer.motherLastName,
  },
  sellerId: order.sellerId,
  sellerName: personName(seller),
  userId: order.userId,
  userName: personName(recorder),
  couponId: order.couponId,
  couponCode: coupon.code,
  subtotal: order.subtotal,
  discountTotal: order.discountTotal,
  total: order.total,
  points: order.points,
  paymentStatus: order.paymentStatus,
  paymentMethod: order.paymentMethod,
  payReference: order.payReference,
  exchangeRate: order.exchangeRate,
  changeAmount: order.changeAmount,
  paymentMethods: sql<
    string[]
  >`ARRAY(SELECT ${orderPayment.paymentMethod} FROM ${orderPayment} WHERE ${orderPayment.orderId} = ${order.id} GROUP BY ${orderPayment.paymentMethod} ORDER BY min(${orderPayment.id}))`,
  paidAt: order.paidAt,
  paidDate: order.paidDate,
  refundedAt: order.refundedAt,
  refundDate: order.refundDate,
  createdAt: order.createdAt,
};

interface Head {
  id: number;
  orderNumber: number;
  origin: string;
  branchId: number;
  branchName: string;
  branchZone: string;
  customer: OrderSummary['customer'];
  sellerId: number | null;
  sellerName: string | null;
  userId: number | null;
  userName: string | null;
  couponId: number | null;
  couponCode: string | null;
  subtotal: number;
  discountTotal: number;
  total: number;
  points: number;
  paymentStatus: string;
  paymentMethod: string | null;
  payReference: string | null;
  exchangeRate: number;
  changeAmount: number;
  paymentMethods: string[];
  paidAt: Date | null;
  paidDate: string | null;
  refundedAt: Date | null;
  refundDate: string | null;
  createdAt: Date;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const fromOrders = (select: any) =>
  select
    .from(order)
    .innerJoin(branch, eq(branch.id, order.branchId))
    .innerJoin(customer, eq(customer.id, order.customerId))
    .leftJoin(seller, eq(seller.id, order.sellerId))
    .leftJoin(recorder, eq(recorder.id, order.userId))
    .leftJoin(coupon, eq(coupon.id, order.couponId))
    .$dynamic();

function summaryOf(row: Head): OrderSummary {
  const created = localDayAndTime(row.createdAt, row.branchZone);
  return {
    id: row.id,
    orderNumber: row.orderNumber,
    folio: folioOf(row.orderNumber),
    origin: row.origin as OrderSummary['origin'],
    branch: { id: row.branchId, name: row.branchName },
    customer: row.customer,
    seller: row.sellerId === null ? null : { id: row.sellerId, name: row.sellerName ?? '' },
    user: row.userId === null ? null : { id: row.userId, name: row.userName ?? '' },
    coupon: row.couponId === null ? null : { id: row.couponId, code: row.couponCode ?? '' },
    subtotal: Number(row.subtotal),
    discountTotal: Number(row.discountTotal),
    total: Number(row.total),
    points: row.points,
    paymentStatus: row.paymentStatus as OrderSummary['paymentStatus'],
    paymentMethod: row.paymentMethod,
    paymentMethods: row.paymentMethods,
    payReference: row.payReference,
    exchangeRate: Number(row.exchangeRate),
    changeAmount: Number(row.changeAmount),
    paidAt: row.paidAt?.toISOString() ?? null,
    paidDate: row.paidDate,
    refundedAt: row.refundedAt?.toISOString() ?? null,
    refundDate: row.refundDate,
    type: row.refundedAt ? 'Devolución' : 'Venta',
    date: created.date,
    time: created.time.slice(0, 5),
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * The purchased products matching a condition, newest first, with their treatment, package,
 * areas and order number.
 */
export async function purchasedProductsWhere(
  executor: Executor,
  where: SQL,
): Promise<PurchasedProductRecord[]> {
  const rows = await executor
    .select({
      id: purchasedProduct.id,
      treatment: {
        id: treatment.id,
        name: treatment.name,
        consent: treatment.consent,
      },
      treatmentType: { id: treatmentType.id, name: treatmentType.name },
      packageId: offer.id,
      packageName: offer.name,
      sessions: purchasedProduct.sessions,
      currentSession: purchasedProduct.currentSession,
      limit: purchasedProduct.limit,
      status: purchasedProduct.status,
      consentRequired: purchasedProduct.consentRequired,
      consentSignedAt: purchasedProduct.consentSignedAt,
      orderId: order.id,
      orderNumber: order.orderNumber,
      createdAt: purchasedProduct.createdAt,
    })
    .from(purchasedProduct)
    .innerJoin(treatment, eq(treatment.id, purchasedProduct.treatmentId))
    .innerJoin(treatmentType, eq(treatmentType.id, treatment.treatmentTypeId))
    .innerJoin(order, eq(order.id, purchasedProduct.orderId))
    .innerJoin(orderDetail, eq(orderDetail.id, purchasedProduct.orderDetailId))
    .leftJoin(offer, eq(offer.id, orderDetail.packageId))
    .where(where)
    .orderBy(desc(purchasedProduct.createdAt), desc(purchasedProduct.id));
  const areas = new Map<number, { id: number; name: string }[]>();
  if (rows.length > 0) {
    const linked = await executor
      .select({ productId: purchasedProductArea.purchasedProductId, id: area.id, name: area.name })
      .from(purchasedProductArea)
      .innerJoin(area, eq(area.id, purchasedProductArea.areaId))
      .where(
        inArray(
          purchasedProductArea.purchasedProductId,
          rows.map((row) => row.id),
        ),
      )
      .orderBy(asc(area.name));
    for (const { productId, ...item } of linked)
      areas.set(productId, [...(areas.get(productId) ?? []), item]);
  }
  return rows.map((row) => ({
    id: row.id,
    treatment: { ...row.treatment, treatmentType: row.treatmentType },
    package: row.packageId === null ? null : { id: row.packageId, name: row.packageName ?? '' },
    sessions: row.sessions,
    currentSession: row.currentSession,
    limit: row.limit,
    status: row.status as PurchasedProductRecord['status'],
    consentRequired: row.consentRequired,
    consentSignedAt: row.consentSignedAt?.toISOString() ?? null,
    areas: areas.get(row.id) ?? [],
    order: { id: row.orderId, orderNumber: folioOf(row.orderNumber) },
    created_at: row.createdAt.toISOString(),
  }));
}

/** One order by id, whole (no scope: the caller has checked it). */
export async function readOrder(executor: Executor, id: number): Promise<OrderRecord> {
  const [row] = (await fromOrders(executor.select(headColumns)).where(eq(order.id, id))) as Head[];
  if (!row) throw notFound(NotFound.order);
  // One after another: inside a transaction the queries share one connection anyway.
  const lines = await executor
    .select({
      id: orderDetail.id,
      treatmentId: treatment.id,
      treatmentName: treatment.name,
      packageId: offer.id,
      packageName: offer.name,
      packageType: offer.type,
      quantity: orderDetail.quantity,
      price: orderDetail.price,
      salePrice: orderDetail.salePrice,
      discount: orderDetail.discount,
      points: orderDetail.points,
    })
    .from(orderDetail)
    .leftJoin(treatment, eq(treatment.id, orderDetail.treatmentId))
    .leftJoin(offer, eq(offer.id, orderDetail.packageId))
    .where(eq(orderDetail.orderId, id))
    .orderBy(asc(orderDetail.id));
  const payments = await executor
    .select({
      id: orderPayment.id,
      paymentMethod: orderPayment.paymentMethod,
      currency: orderPayment.currency,
      amount: orderPayment.amount,
      amountMxn: orderPayment.amountMxn,
      reference: orderPayment.reference,
    })
    .from(orderPayment)
    .where(eq(orderPayment.orderId, id))
    .orderBy(asc(orderPayment.id));
  const purchased = await purchasedProductsWhere(executor, eq(purchasedProduct.orderId, id));
  const consents = await executor
    .select({
      consentId: appointment.consentId,
      appointmentId: appointment.id,
      treatment: treatment.name,
      signedAt: appointment.consentSignedAt,
    })
    .from(appointment)
    .innerJoin(purchasedProduct, eq(purchasedProduct.id, appointment.purchasedProductId))
    .innerJoin(treatment, eq(treatment.id, purchasedProduct.treatmentId))
    .where(
      and(
        eq(purchasedProduct.orderId, id),
        isNotNull(appointment.consentId),
        isNotNull(appointment.consentSignedAt),
      ),
    )
    .orderBy(asc(appointment.consentSignedAt), asc(appointment.id));
  const [refund] = await executor
    .select({
      appointmentId: order.appointmentId,
      refundReason: order.refundReason,
      refundMethod: order.refundMethod,
      refundedById: order.refundedById,
      refundedByName: personName(recorder),
      refundAmount: order.refundAmount,
    })
    .from(order)
    .leftJoin(recorder, eq(recorder.id, order.refundedById))
    .where(eq(order.id, id));
  return {
    ...summaryOf(row),
    appointmentId: refund!.appointmentId,
    refundReason: refund!.refundReason,
    refundMethod: refund!.refundMethod,
    refundedBy:
      refund!.refundedById === null
        ? null
        : { id: refund!.refundedById, name: refund!.refundedByName ?? '' },
    refundAmount: refund!.refundAmount === null ? null : Number(refund!.refundAmount),
    orderDetails: lines.map((line) => ({
      id: line.id,
      treatment:
        line.treatmentId === null ? null : { id: line.treatmentId, name: line.treatmentName ?? '' },
      package:
        line.packageId === null
          ? null
          : { id: line.packageId, name: line.packageName ?? '', type: line.packageType ?? '' },
      quantity: line.quantity,
      price: Number(line.price),
      salePrice: Number(line.salePrice),
      discount: Number(line.discount),
      points: line.points,
    })),
    payments: payments.map((payment) => ({
      ...payment,
      currency: payment.currency as 'MXN' | 'DLS',
      amount: Number(payment.amount),
      amountMxn: Number(payment.amountMxn),
    })),
    purchasedProducts: purchased.reverse(),
    consents: consents.map((row) => ({
      consentId: row.consentId!,
      appointmentId: row.appointmentId,
      treatment: row.treatment,
      signedAt: row.signedAt!.toISOString(),
    })),
  };
}

/** GET /order/{id}: an order the caller reaches; 404 code 19 otherwise. */
export async function getOrder(ctx: Context, id: number): Promise<OrderRecord> {
  const [row] = await ctx.db
    .select({ id: order.id })
    .from(order)
    .where(and(eq(order.id, id), inScope(ctx.session, order.branchId)));
  if (!row) throw notFound(NotFound.order);
  return readOrder(ctx.db, id);
}

const spec = listSpec(orderRoutes.list.list, {
  sortable: {
    orderNumber: order.orderNumber,
    total: order.total,
    paymentStatus: order.paymentStatus,
    origin: order.origin,
    branch: branch.name,
    paidAt: order.paidAt,
    created_at: order.createdAt,
  },
  searchable: {
    // 'POS-000042', 'pos42' or '42': the order of that number.
    orderNumber: {
      match: (value: string) => {
        const number = parseOrderNumber('order', value);
        return number === null ? sql`false` : eq(order.orderNumber, number);
      },
    },
    // The customer's ids are read first through the customers' stored name fold and its index.
    customer: {
      match: (value: string) =>
        sql`${order.customerId} = ANY(ARRAY(SELECT ${customer.id} FROM ${customer} WHERE ${customerSearch.name.match(value)}))`,
    },
  },
  tieBreaker: order.id,
  branch: order.branchId,
  // Under the cap the page is sorted from all its matches, each joined to its branch, customer,
  // seller and coupon before the window count: 6,000 online orders of a mid branch took 80 ms at
  // 10,000. Past 2,000 the planner's estimate is the count and the page walks the channel and
  // branch index: about a millisecond (docs/benchmark.md).
  countCap: 2_000,
});

/**
 * Creation days in each order's own branch zone. The exact bound reads the joined branch's zone;
 * a bound a day wider on each side, in UTC, lets the planner range over the created_at indexes
 * (every zone of the chain is within a day of UTC).
 */
function createdWithin(from: string | undefined, to: string | undefined): SQL[] {
  const conditions: SQL[] = [];
  if (from)
    conditions.push(
      sql`${order.createdAt} >= ((${from}::date - 1)::timestamp AT TIME ZONE 'UTC')`,
      sql`${order.createdAt} >= (${from}::date::timestamp AT TIME ZONE ${branch.zone})`,
    );
  if (to)
    conditions.push(
      sql`${order.createdAt} < ((${to}::date + 2)::timestamp AT TIME ZONE 'UTC')`,
      sql`${order.createdAt} < ((${to}::date + 1)::timestamp AT TIME ZONE ${branch.zone})`,
    );
  return conditions;
}

/**
 * GET /order (CONTRACT §12): roles fixed to a branch see its orders; filters by branch, customer,
 * creation day (in the order's branch zone), paid and refund day, payment state, payment method
 * (any of its payments) and channel (`origin`, or the screens' `saleType`, either spelling).
 */
export async function listOrders(ctx: Context, query: z.output<typeof orderQuery>) {
  const origin = query.origin ?? query.saleType;
  const methods = query.paymentMethod ?? [];
  const page = await listPage<typeof headColumns, Head>(ctx, spec, query, {
    columns: headColumns,
    from: fromOrders,
    filters: [
      query.branchId ? eq(order.branchId, query.branchId) : undefined,
      query.customerId ? eq(order.customerId, query.customerId) : undefined,
      query.paymentStatus ? eq(order.paymentStatus, query.paymentStatus) : undefined,
      origin ? eq(order.origin, origin) : undefined,
      query.paidDate ? eq(order.paidDate, query.paidDate) : undefined,
      query.refundDate
        ? and(isNotNull(order.refundDate), eq(order.refundDate, query.refundDate))
        : undefined,
      methods.length > 0
        ? sql`EXISTS (SELECT 1 FROM ${orderPayment} WHERE ${orderPayment.orderId} = ${order.id} AND ${inArray(orderPayment.paymentMethod, methods)})`
        : undefined,
      ...createdWithin(query.startDate, query.endDate),
    ],
  });
  return { meta: page.meta, items: page.items.map(summaryOf) };
}

/** A customer's orders, latest first: those of `branchId`, or of every branch when it is null. */
export async function ordersOfCustomer(
  executor: Executor,
  customerId: number,
  branchId: number | null,
): Promise<CustomerOrder[]> {
  const rows = await executor
    .select({
      id: order.id,
      orderNumber: order.orderNumber,
      total: order.total,
      points: order.points,
      createdAt: order.createdAt,
      refundedAt: order.refundedAt,
      paymentStatus: order.paymentStatus,
      paymentMethod: order.paymentMethod,
      origin: order.origin,
      branchId: branch.id,
      branchName: branch.name,
    })
    .from(order)
    .innerJoin(branch, eq(branch.id, order.branchId))
    .where(
      and(
        eq(order.customerId, customerId),
        branchId === null ? undefined : eq(order.branchId, branchId),
      ),
    )
    .orderBy(desc(order.createdAt), desc(order.id));
  return rows.map((row) => ({
    id: row.id,
    orderNumber: folioOf(row.orderNumber),
    total: Number(row.total),
    points: row.points,
    created_at: row.createdAt.toISOString(),
    refundedAt: row.refundedAt?.toISOString() ?? null,
    paymentStatus: row.paymentStatus as CustomerOrder['paymentStatus'],
    paymentMethod: row.paymentMethod,
    origin: row.origin as CustomerOrder['origin'],
    branch: { id: row.branchId, name: row.branchName },
  }));
}
