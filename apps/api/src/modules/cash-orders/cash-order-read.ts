import { and, asc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  NotFound,
  formatOrderNumber,
  localDayAndTime,
  type CashOrderRecord,
  type CashOrderSummary,
} from '@clinica/domain';
import type { Executor } from '../../db/client';
import {
  branch,
  cashOrder,
  cashOrderDetail,
  cashOrderPayment,
  cosmetologyCommission,
  coupon,
  customer,
  product,
  stock,
  user,
} from '../../db/schema';
import type { Context } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { inScope } from '../../platform/write';

/**
 * Cash orders as the API answers them (CONTRACT §12): the orders' row without the channel, with
 * `taxes`; the detail adds each line's lot and expiry, the payments and the commission rows. A role
 * fixed to its branch reaches only its branch's; any other is 404 code 36.
 */

export const cashFolioOf = (orderNumber: number) => formatOrderNumber('cashOrder', orderNumber);

const seller = alias(user, 'seller');
const recorder = alias(user, 'recorder');
const personName = (person: typeof seller | typeof recorder) =>
  sql<string>`concat_ws(' ', ${person.name}, ${person.lastName}, ${person.motherLastName})`;

export const headColumns = {
  id: cashOrder.id,
  orderNumber: cashOrder.orderNumber,
  branchId: branch.id,
  branchName: branch.name,
  branchZone: branch.zone,
  customerRowId: customer.id,
  customerId: customer.customerId,
  customerName: customer.name,
  customerLastName: customer.lastName,
  customerMotherLastName: customer.motherLastName,
  sellerId: cashOrder.sellerId,
  sellerName: personName(seller),
  userId: cashOrder.userId,
  userName: personName(recorder),
  couponId: cashOrder.couponId,
  couponCode: coupon.code,
  subtotal: cashOrder.subtotal,
  discountTotal: cashOrder.discountTotal,
  taxes: cashOrder.taxes,
  total: cashOrder.total,
  points: cashOrder.points,
  paymentStatus: cashOrder.paymentStatus,
  paymentMethod: cashOrder.paymentMethod,
  payReference: cashOrder.payReference,
  exchangeRate: cashOrder.exchangeRate,
  changeAmount: cashOrder.changeAmount,
  paymentMethods: sql<
    string[]
  >`ARRAY(SELECT ${cashOrderPayment.paymentMethod} FROM ${cashOrderPayment} WHERE ${cashOrderPayment.cashOrderId} = ${cashOrder.id} GROUP BY ${cashOrderPayment.paymentMethod} ORDER BY min(${cashOrderPayment.id}))`,
  paidAt: cashOrder.paidAt,
  paidDate: cashOrder.paidDate,
  refundedAt: cashOrder.refundedAt,
  refundDate: cashOrder.refundDate,
  createdAt: cashOrder.createdAt,
};

export interface Head {
  id: number;
  orderNumber: number;
  branchId: number;
  branchName: string;
  branchZone: string;
  customerRowId: number | null;
  customerId: number | null;
  customerName: string | null;
  customerLastName: string | null;
  customerMotherLastName: string | null;
  sellerId: number;
  sellerName: string | null;
  userId: number;
  userName: string | null;
  couponId: number | null;
  couponCode: string | null;
  subtotal: number;
  discountTotal: number;
  taxes: number;
  total: number;
  points: number;
  paymentStatus: string;
  paymentMethod: string | null;
  payReference: string | null;
  exchangeRate: number;
  changeAmount: number;
  paymentMethods: string[];
  paidAt: Date;
  paidDate: string;
  refundedAt: Date | null;
  refundDate: string | null;
  createdAt: Date;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const fromCashOrders = (select: any) =>
  select
    .from(cashOrder)
    .innerJoin(branch, eq(branch.id, cashOrder.branchId))
    .leftJoin(customer, eq(customer.id, cashOrder.customerId))
    .innerJoin(seller, eq(seller.id, cashOrder.sellerId))
    .innerJoin(recorder, eq(recorder.id, cashOrder.userId))
    .leftJoin(coupon, eq(coupon.id, cashOrder.couponId))
    .$dynamic();

export function summaryOf(row: Head): CashOrderSummary {
  const created = localDayAndTime(row.createdAt, row.branchZone);
  return {
    id: row.id,
    orderNumber: row.orderNumber,
    folio: cashFolioOf(row.orderNumber),
    branch: { id: row.branchId, name: row.branchName },
    customer:
      row.customerRowId === null
        ? null
        : {
            id: row.customerRowId,
            customerId: row.customerId!,
            name: row.customerName ?? '',
            lastName: row.customerLastName ?? '',
            motherLastName: row.customerMotherLastName,
          },
    seller: { id: row.sellerId, name: row.sellerName ?? '' },
    user: { id: row.userId, name: row.userName ?? '' },
    coupon: row.couponId === null ? null : { id: row.couponId, code: row.couponCode ?? '' },
    subtotal: Number(row.subtotal),
    discountTotal: Number(row.discountTotal),
    taxes: Number(row.taxes),
    total: Number(row.total),
    points: row.points,
    paymentStatus: 'paid',
    paymentMethod: row.paymentMethod,
    paymentMethods: row.paymentMethods,
    payReference: row.payReference,
    exchangeRate: Number(row.exchangeRate),
    changeAmount: Number(row.changeAmount),
    paidAt: row.paidAt.toISOString(),
    paidDate: row.paidDate,
    refundedAt: row.refundedAt?.toISOString() ?? null,
    refundDate: row.refundDate,
    type: row.refundedAt ? 'Devolución' : 'Venta',
    date: created.date,
    time: created.time.slice(0, 5),
    created_at: row.createdAt.toISOString(),
  };
}

/** One cash order by id, whole (no scope: the caller has checked it). */
export async function readCashOrder(executor: Executor, id: number): Promise<CashOrderRecord> {
  const [row] = (await fromCashOrders(executor.select(headColumns)).where(
    eq(cashOrder.id, id),
  )) as Head[];
  if (!row) throw notFound(NotFound.cashOrder);
  const lines = await executor
    .select({
      id: cashOrderDetail.id,
      product: { id: product.id, sku: product.sku, name: product.name },
      stockId: cashOrderDetail.stockId,
      allotment: stock.allotment,
      expiresIn: stock.expiresIn,
      quantity: cashOrderDetail.quantity,
      salePrice: cashOrderDetail.salePrice,
      price: cashOrderDetail.price,
      discount: cashOrderDetail.discount,
      tax: cashOrderDetail.tax,
      taxes: cashOrderDetail.taxes,
      points: cashOrderDetail.points,
    })
    .from(cashOrderDetail)
    .innerJoin(product, eq(product.id, cashOrderDetail.productId))
    .innerJoin(stock, eq(stock.id, cashOrderDetail.stockId))
    .where(eq(cashOrderDetail.cashOrderId, id))
    .orderBy(asc(cashOrderDetail.id));
  const payments = await executor
    .select({
      id: cashOrderPayment.id,
      paymentMethod: cashOrderPayment.paymentMethod,
      currency: cashOrderPayment.currency,
      amount: cashOrderPayment.amount,
      amountMxn: cashOrderPayment.amountMxn,
      reference: cashOrderPayment.reference,
    })
    .from(cashOrderPayment)
    .where(eq(cashOrderPayment.cashOrderId, id))
    .orderBy(asc(cashOrderPayment.id));
  const commissions = await executor
    .select({
      id: cosmetologyCommission.id,
      kind: cosmetologyCommission.kind,
      userId: seller.id,
      userName: personName(seller),
      productId: product.id,
      productName: product.name,
      salePrice: cosmetologyCommission.salePrice,
      percent: cosmetologyCommission.percent,
      commission: cosmetologyCommission.commission,
      date: cosmetologyCommission.date,
    })
    .from(cosmetologyCommission)
    .innerJoin(seller, eq(seller.id, cosmetologyCommission.userId))
    .innerJoin(product, eq(product.id, cosmetologyCommission.productId))
    .where(eq(cosmetologyCommission.cashOrderId, id))
    .orderBy(asc(cosmetologyCommission.id));
  const [refund] = await executor
    .select({
      refundReason: cashOrder.refundReason,
      refundMethod: cashOrder.refundMethod,
      refundedById: cashOrder.refundedById,
      refundedByName: personName(recorder),
      refundAmount: cashOrder.refundAmount,
    })
    .from(cashOrder)
    .leftJoin(recorder, eq(recorder.id, cashOrder.refundedById))
    .where(eq(cashOrder.id, id));
  return {
    ...summaryOf(row),
    refundReason: refund!.refundReason,
    refundMethod: refund!.refundMethod,
    refundedBy:
      refund!.refundedById === null
        ? null
        : { id: refund!.refundedById, name: refund!.refundedByName ?? '' },
    refundAmount: refund!.refundAmount === null ? null : Number(refund!.refundAmount),
    cashOrderDetails: lines.map((line) => ({
      ...line,
      salePrice: Number(line.salePrice),
      price: Number(line.price),
      discount: Number(line.discount),
      taxes: Number(line.taxes),
    })),
    payments: payments.map((payment) => ({
      ...payment,
      currency: payment.currency as 'MXN' | 'DLS',
      amount: Number(payment.amount),
      amountMxn: Number(payment.amountMxn),
    })),
    commissions: commissions.map((entry) => ({
      id: entry.id,
      kind: entry.kind as 'sale' | 'refund',
      user: { id: entry.userId, name: entry.userName },
      product: { id: entry.productId, name: entry.productName },
      salePrice: Number(entry.salePrice),
      percent: Number(entry.percent),
      commission: Number(entry.commission),
      date: entry.date,
    })),
  };
}

/** GET /cash-order/{id}: a cash order the caller reaches; 404 code 36 otherwise. */
export async function getCashOrder(ctx: Context, id: number): Promise<CashOrderRecord> {
  const [row] = await ctx.db
    .select({ id: cashOrder.id })
    .from(cashOrder)
    .where(and(eq(cashOrder.id, id), inScope(ctx.session, cashOrder.branchId)));
  if (!row) throw notFound(NotFound.cashOrder);
  return readCashOrder(ctx.db, id);
}
