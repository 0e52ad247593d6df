import { z } from 'zod';
import { date, id, labelled, optionalText, requiredOr } from '../fields';
import { msg } from '../messages';
import {
  ORDER_CURRENCIES,
  PAYMENT_REFERENCE_MAX,
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
  reference: optionalText('Referencia', { max: PAYMENT_REFERENCE_MAX }).optional(),
});

export const orderBody = z.strictObject({
  origin: labelled(
    z.enum(ORDER_ORIGINS, { error: requiredOr('Origen', msg.option('Origen')) }),
    'Origen',
  ),
  branchId: id('Sucursal'),
  customerId: id('Cliente'),
  sellerId: id('Vendedor').nullish(),
  /**
   * Charging an appointment (CONTRACT §12): a scheduled or in-process appointment of that customer
   * at that branch, booked for a new treatment; the order must have a line of that treatment and
   * the purchased product it creates is tied to the appointment (else 409 code 39, or 41).
   */
  appointmentId: id('Cita').nullish(),
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

/** Every spelling of a channel, lower-cased: the screens' (POS, App, online) and the stored one. */
const CHANNEL_BY_SPELLING: Readonly<Record<string, (typeof ORDER_ORIGINS)[number]>> = {
  pos: 'SUCURSAL',
  app: 'APP',
  online: 'LINEA',
  sucursal: 'SUCURSAL',
  linea: 'LINEA',
};

/** `saleType` / `origin` (CONTRACT §12): either spelling, any case, read as the stored origin. */
const channel = (label: string) =>
  z.preprocess(
    (value) =>
      typeof value === 'string'
        ? (CHANNEL_BY_SPELLING[value.trim().toLowerCase()] ?? value)
        : value,
    z.enum(ORDER_ORIGINS, { error: msg.option(label) }),
  );

/** `paymentMethod`: one method, several separated by commas, or a repeated parameter (any of). */
const paymentMethodFilter = z.preprocess(
  (value) =>
    (Array.isArray(value) ? value : [value])
      .flatMap((item) => (typeof item === 'string' ? item.split(',') : [item]))
      .map((item) => (typeof item === 'string' ? item.trim() : item))
      .filter((item) => item !== '' && item !== undefined && item !== null),
  z
    .array(z.enum(SALE_PAYMENT_METHODS, { error: msg.option('Método de pago') }))
    .max(SALE_PAYMENT_METHODS.length)
    .transform((values) => [...new Set(values)]),
);

export const orderQuery = listQuery.extend({
  branchId: id('Sucursal').optional(),
  customerId: id('Cliente').optional(),
  /** The day of created_at in the order's branch zone. */
  startDate: date('Fecha inicial').optional(),
  endDate: date('Fecha final').optional(),
  /** The day it was paid / refunded (the day closings count it on), exact. */
  paidDate: date('Fecha de pago').optional(),
  refundDate: date('Fecha de devolución').optional(),
  paymentStatus: z.enum(PAYMENT_STATUSES, { error: msg.option('Estatus de pago') }).optional(),
  paymentMethod: paymentMethodFilter.optional(),
  origin: channel('Origen').optional(),
  saleType: channel('Tipo de venta').optional(),
});

/** An order is a sale, or a refund once refundedAt is set (spec 002 §4). */
export const ORDER_TYPES = ['Venta', 'Devolución'] as const;

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
  payReference: z.string().nullable(),
  exchangeRate: z.number(),
  changeAmount: z.number(),
  /** The one method, `Mixto` for several. */
  paymentMethod: z.string().nullable(),
  /** The distinct methods of its payments, in the order paid. */
  paymentMethods: z.array(z.string()),
  paidAt: z.string().nullable(),
  /** The day it was paid, YYYY-MM-DD in the branch's zone (what closings read). */
  paidDate: z.string().nullable(),
  refundedAt: z.string().nullable(),
  refundDate: z.string().nullable(),
  /** 'Venta', or 'Devolución' when refundedAt is set. */
  type: z.enum(ORDER_TYPES),
  /** created_at in the branch's zone: YYYY-MM-DD and HH:mm. */
  date: z.string(),
  time: z.string(),
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
  /** The appointment the sale charged (CONTRACT §12 "Charging an appointment"), if any. */
  appointmentId: z.number().int().nullable(),
  /**
   * The consents signed at the finish of appointments on its purchased products, oldest first:
   * each document opens at `consent/{consentId}/{appointmentId}` (spec 002 §7).
   */
  consents: z.array(
    z.object({
      consentId: z.number().int(),
      appointmentId: z.number().int(),
      treatment: z.string(),
      signedAt: z.string(),
    }),
  ),
  refundReason: z.string().nullable(),
  refundMethod: z.string().nullable(),
  refundedBy: ref.nullable(),
  /** total − points paid, returned by refundMethod in MXN; null until refunded. */
  refundAmount: z.number().nullable(),
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
