import { z } from 'zod';
import { date, id, labelled, optionalText, requiredOr } from '../fields';
import { msg } from '../messages';
import {
  ORDER_CURRENCIES,
  ORDER_ORIGINS,
  PAYMENT_STATUSES,
  PURCHASED_PRODUCT_STATUSES,
  SETTLEMENT_STATUSES,
} from '../orders';
import { SALE_PAYMENT_METHODS } from '../packages';
import { amount, whole } from './catalogue-fields';
import { listQuery, ref } from './common';
import { couponCode } from './coupons';

/** Orders of treatments, packages and promotions (spec 002 §3–§4, CONTRACT §12). */

/** One line: a treatment or a package/promotion, and how many. The server prices it. */
export const orderLineBody = z
  .strictObject({
    treatmentId: id('Tratamiento').optional(),
    packageId: id('Paquete o promoción').optional(),
    quantity: whole('Cantidad', 1, 100),
  })
  .superRefine((line, ctx) => {
    if ((line.treatmentId === undefined) === (line.packageId === undefined))
      ctx.addIssue({
        code: 'custom',
        path: ['treatmentId'],
        message: 'Indica un tratamiento o un paquete o promoción (solo uno) por línea',
      });
  });

export const orderPaymentBody = z.strictObject({
  paymentMethod: labelled(
    z.enum(SALE_PAYMENT_METHODS, {
      error: requiredOr('Método de pago', msg.option('Método de pago')),
    }),
    'Método de pago',
  ),
  amount: amount('Monto', 0.01),
  currency: labelled(
    z.enum(ORDER_CURRENCIES, { error: requiredOr('Moneda', msg.option('Moneda')) }),
    'Moneda',
  ),
  reference: optionalText('Referencia', { max: 100 }).optional(),
});

export const orderBody = z.strictObject({
  origin: labelled(
    z.enum(ORDER_ORIGINS, { error: requiredOr('Origen', msg.option('Origen')) }),
    'Origen',
  ),
  branchId: id('Sucursal'),
  customerId: id('Cliente'),
  sellerId: id('Vendedor').nullish(),
  couponCode: labelled(
    z.preprocess((value) => (value === '' ? null : value), couponCode('Cupón').nullish()),
    'Cupón',
  ).optional(),
  orderDetails: labelled(
    z
      .array(orderLineBody, { error: msg.required('Tratamientos') })
      .min(1, msg.required('Tratamientos'))
      .max(50, 'Una orden admite máximo 50 líneas'),
    'Tratamientos',
  ),
  payments: labelled(
    z
      .array(orderPaymentBody, { error: msg.required('Pagos') })
      .max(10, 'Una orden admite máximo 10 pagos'),
    'Pagos',
  ),
});

/** PATCH /order/{id}/payment: the gateway's answer for an app or online order. */
export const orderSettlementBody = z.strictObject({
  paymentStatus: labelled(
    z.enum(SETTLEMENT_STATUSES, {
      error: requiredOr('Estatus de pago', msg.option('Estatus de pago')),
    }),
    'Estatus de pago',
  ),
  reference: optionalText('Referencia', { max: 100 }).optional(),
});

/** The spec's `saleType` filter of the sales screens (spec 002 §7), as the origin it means. */
export const SALE_TYPES = { POS: 'SUCURSAL', App: 'APP', online: 'LINEA' } as const;

export const orderQuery = listQuery.extend({
  branchId: id('Sucursal').optional(),
  customerId: id('Cliente').optional(),
  startDate: date('Fecha inicial').optional(),
  endDate: date('Fecha final').optional(),
  paymentStatus: z.enum(PAYMENT_STATUSES, { error: msg.option('Estatus de pago') }).optional(),
  origin: z.enum(ORDER_ORIGINS, { error: msg.option('Origen') }).optional(),
  saleType: z.enum(['POS', 'App', 'online'], { error: msg.option('Tipo de venta') }).optional(),
});

const customerRef = z.object({
  id: z.number().int(),
  customerId: z.number().int(),
  name: z.string(),
  lastName: z.string(),
  motherLastName: z.string().nullable(),
});

/** An order's header, as the lists answer it. */
export const orderSummary = z.object({
  id: z.number().int(),
  orderNumber: z.number().int(),
  /** `POS-000042` (CONTRACT §9). */
  folio: z.string(),
  origin: z.enum(ORDER_ORIGINS),
  branch: ref,
  customer: customerRef,
  seller: ref.nullable(),
  user: ref.nullable(),
  coupon: z.object({ id: z.number().int(), code: z.string() }).nullable(),
  subtotal: z.number(),
  discountTotal: z.number(),
  total: z.number(),
  points: z.number().int(),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  paymentMethod: z.string().nullable(),
  payReference: z.string().nullable(),
  exchangeRate: z.number(),
  changeAmount: z.number(),
  paidAt: z.string().nullable(),
  refundedAt: z.string().nullable(),
  created_at: z.string(),
});

export const orderLineRecord = z.object({
  id: z.number().int(),
  treatment: ref.nullable(),
  package: z.object({ id: z.number().int(), name: z.string(), type: z.string() }).nullable(),
  quantity: z.number().int(),
  price: z.number(),
  salePrice: z.number(),
  discount: z.number(),
  points: z.number().int(),
});

export const orderPaymentRecord = z.object({
  id: z.number().int(),
  paymentMethod: z.string(),
  currency: z.enum(ORDER_CURRENCIES),
  amount: z.number(),
  amountMxn: z.number(),
  reference: z.string().nullable(),
});

/** A treatment the customer holds (spec 002 §3 "Purchased product"). */
export const purchasedProductRecord = z.object({
  id: z.number().int(),
  treatment: z.object({
    id: z.number().int(),
    name: z.string(),
    treatmentType: ref,
    consent: z.boolean(),
  }),
  package: ref.nullable(),
  sessions: z.number().int(),
  currentSession: z.number().int(),
  limit: z.number().int(),
  status: z.enum(PURCHASED_PRODUCT_STATUSES),
  consentRequired: z.boolean(),
  consentSignedAt: z.string().nullable(),
  areas: z.array(ref),
  order: z.object({ id: z.number().int(), orderNumber: z.string() }),
  created_at: z.string(),
});
export type PurchasedProductRecord = z.infer<typeof purchasedProductRecord>;

export const orderRecord = orderSummary.extend({
  orderDetails: z.array(orderLineRecord),
  payments: z.array(orderPaymentRecord),
  purchasedProducts: z.array(purchasedProductRecord),
});
export type OrderRecord = z.infer<typeof orderRecord>;
export type OrderSummary = z.infer<typeof orderSummary>;

/** A customer's order as the detail's Órdenes tab shows it (spec 002 §3 "Customer order"). */
export const customerOrder = z.object({
  id: z.number().int(),
  orderNumber: z.string(),
  total: z.number(),
  points: z.number().int(),
  created_at: z.string(),
  refundedAt: z.string().nullable(),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  paymentMethod: z.string().nullable(),
  origin: z.enum(ORDER_ORIGINS),
  branch: ref,
});
export type CustomerOrder = z.infer<typeof customerOrder>;
