import { z } from 'zod';
import { date, id, optionalText } from '../fields';
import { ORDER_CURRENCIES } from '../orders';
import { amount } from './catalogue-fields';
import { listMeta, listQuery, MAX_TAKE, ref } from './common';

/** Daily cash closings (CONTRACT §12 "Daily cash closing"). */

const moneyShape = {
  cashTotal: z.number(),
  cashTotalDollars: z.number(),
  cashTotalDollarsMxn: z.number(),
  creditCardTotal: z.number(),
  debitCardTotal: z.number(),
  transferTotal: z.number(),
  depositTotal: z.number(),
  pointsTotal: z.number(),
  salesTotal: z.number(),
  refundCash: z.number(),
  refundCreditCard: z.number(),
  refundDebitCard: z.number(),
  refundTransfer: z.number(),
  refundDeposit: z.number(),
  refundPoints: z.number(),
  refundTotal: z.number(),
  total: z.number(),
  ordersCount: z.number().int(),
  cashOrdersCount: z.number().int(),
  refundsCount: z.number().int(),
};

/** Every figure of a branch-day; `products` holds them over the cash orders only. */
export const closingTotals = z.object(moneyShape);

const pageSize = (fallback: number) =>
  z.coerce
    .number({ error: 'El tamaño de página debe ser un número' })
    .int('El tamaño de página debe ser un número entero')
    .min(1, 'El tamaño de página debe ser mayor a 0')
    .transform((value) => Math.min(value, MAX_TAKE))
    .default(fallback);

/** The page of payments behind a closing (spec 002 §9: 5 per page by default). */
export const closingPaymentsQuery = z.object({
  page: listQuery.shape.page,
  take: pageSize(5),
});

/** GET /daily-cash-closing/preview: the branch and the day (today by default). */
export const closingPreviewQuery = closingPaymentsQuery.extend({
  branchId: id('Sucursal'),
  date: date('Fecha').optional(),
});

/** POST /daily-cash-closing/create. */
export const closingBody = z.strictObject({
  branchId: id('Sucursal'),
  date: date('Fecha'),
  countedCash: amount('Efectivo contado').nullish(),
  countedCashDollars: amount('Dólares contados').nullish(),
  comments: optionalText('Comentarios', { max: 500 }).optional(),
});

/** GET /daily-cash-closing and /daily-cash-closing-cash: by branch and closed day. */
export const closingQuery = listQuery.extend({
  branchId: id('Sucursal').optional(),
  startDate: date('Fecha inicial').optional(),
  endDate: date('Fecha final').optional(),
});

/** A payment or refund a closing counted. */
export const closingPayment = z.object({
  type: z.enum(['Venta', 'Devolución']),
  documentType: z.enum(['order', 'cash-order']),
  documentId: z.number().int(),
  folio: z.string(),
  /** HH:mm in the branch zone, of the payment or of the refund. */
  time: z.string(),
  customer: ref.nullable(),
  paymentMethod: z.string(),
  currency: z.enum(ORDER_CURRENCIES),
  amount: z.number(),
  amountMxn: z.number(),
  /** The cash handed back by that sale (on its first row only; 0 on the others). */
  changeAmount: z.number(),
});
export type ClosingPayment = z.infer<typeof closingPayment>;

export const closingPayments = z.object({ items: z.array(closingPayment), meta: listMeta });

/** A closing as recorded. */
export const closingRecord = closingTotals.extend({
  id: z.number().int(),
  number: z.number().int(),
  folio: z.string(),
  branch: ref,
  user: ref,
  date: z.string(),
  exchangeRate: z.number(),
  products: closingTotals,
  countedCash: z.number().nullable(),
  countedCashDollars: z.number().nullable(),
  difference: z.number().nullable(),
  differenceDollars: z.number().nullable(),
  comments: z.string().nullable(),
  created_at: z.string(),
});
export type ClosingRecord = z.infer<typeof closingRecord>;

/** GET /daily-cash-closing/{id}: the record and the page of payments it counted. */
export const closingDetail = closingRecord.extend({ payments: closingPayments });
export type ClosingDetail = z.infer<typeof closingDetail>;

/** GET /daily-cash-closing/preview: what a close would record, written nowhere. */
export const closingPreview = closingTotals.extend({
  branch: ref,
  date: z.string(),
  /** The branch's today (the latest day that may be closed). */
  today: z.string(),
  exchangeRate: z.number(),
  products: closingTotals,
  closed: z.boolean(),
  /** The closing, when the day is already closed. */
  record: closingRecord.nullable(),
  payments: closingPayments,
});
export type ClosingPreview = z.infer<typeof closingPreview>;
