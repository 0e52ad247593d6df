import { z } from 'zod';
import { APPOINTMENT_STATUSES } from '../agenda';
import { id, labelled, requiredOr, text } from '../fields';
import { msg } from '../messages';
import { ORDER_CURRENCIES, ORDER_ORIGINS } from '../orders';
import { SALE_PAYMENT_METHODS } from '../packages';
import { appointmentFinishFields } from './agenda';
import { ref } from './common';
import { purchasedProductRecord } from './orders';

/**
 * The sale's other calls (CONTRACT §12, spec 002 §7): the quote the point-of-sale screen shows,
 * the refund, and the purchased products' calls (a customer's, finishing one, its missed
 * appointments).
 */

// ---------------------------------------------------------------------------------------------
// Quote

/**
 * POST /order/quote answers the order as create would price it, writing nothing. `owed` and
 * `change` are what the payments so far leave; `paymentProblem` is the refusal create would answer
 * for these payments (short, a non-cash overpayment, points not whole), null when create would take
 * them.
 */
export const orderQuote = z.object({
  origin: z.enum(ORDER_ORIGINS),
  branchId: z.number().int(),
  customerId: z.number().int(),
  lines: z.array(
    z.object({
      treatment: ref.nullable(),
      package: z.object({ id: z.number().int(), name: z.string(), type: z.string() }).nullable(),
      quantity: z.number().int(),
      /** List price of one (treatment price, or the offer's regularPrice). */
      price: z.number(),
      /** What one sells for. */
      salePrice: z.number(),
      /** The coupon's discount on the whole line. */
      discount: z.number(),
      /** salePrice × quantity − discount. */
      amount: z.number(),
      /** Points one unit earns. */
      points: z.number().int(),
    }),
  ),
  coupon: z.object({ id: z.number().int(), code: z.string(), discount: z.number() }).nullable(),
  subtotal: z.number(),
  discountTotal: z.number(),
  total: z.number(),
  /** MXN per dollar in force now. */
  exchangeRate: z.number(),
  payments: z.array(
    z.object({
      paymentMethod: z.string(),
      currency: z.enum(ORDER_CURRENCIES),
      amount: z.number(),
      amountMxn: z.number(),
    }),
  ),
  paidMxn: z.number(),
  /** What the payments still leave to pay, ≥ 0. */
  owed: z.number(),
  /** The cash handed back (only cash may exceed the total). */
  change: z.number(),
  paymentMethod: z.string().nullable(),
  pointsSpent: z.number().int(),
  /** The points the order earns once paid (Σ line points × quantity). */
  pointsEarned: z.number().int(),
  /** The customer's points balance now. */
  customerPoints: z.number().int(),
  paymentProblem: z.object({ field: z.string(), message: z.string() }).nullable(),
});
export type OrderQuote = z.infer<typeof orderQuote>;

// ---------------------------------------------------------------------------------------------
// Refund

/** The methods money goes back by (CONTRACT §12): the five money methods, never points. */
export const REFUND_METHODS = SALE_PAYMENT_METHODS.filter(
  (method): method is Exclude<(typeof SALE_PAYMENT_METHODS)[number], 'Puntos'> =>
    method !== 'Puntos',
) as unknown as readonly [
  'Efectivo',
  'Transferencia electrónica',
  'Depósito bancario',
  'Tarjeta de crédito',
  'Tarjeta de débito',
];

/** `{orderNumber}`: the integer (42) or the folio (POS-000042). */
export const orderNumberParams = z.object({
  orderNumber: z
    .string({ error: msg.invalid('Número de orden') })
    .trim()
    .min(1, msg.required('Número de orden'))
    .max(30, msg.invalid('Número de orden')),
});

/** POST /order/{orderNumber}/refund (spec 002 §5: reason, method and the user's password). */
export const orderRefundBody = z.strictObject({
  refundReason: text('Motivo', { max: 200 }),
  refundMethod: labelled(
    z.enum(REFUND_METHODS, {
      error: requiredOr('Método de devolución', msg.option('Método de devolución')),
    }),
    'Método de devolución',
  ),
  password: labelled(
    z
      .string({ error: requiredOr('Contraseña', msg.invalid('Contraseña')) })
      .min(1, msg.required('Contraseña'))
      .max(200, msg.max('Contraseña', 200)),
    'Contraseña',
  ),
  branchId: id('Sucursal'),
});

// ---------------------------------------------------------------------------------------------
// Purchased products

/** A purchased product with the sessions given (GET /purchased-product/customer/{id}). */
export const purchasedProductDetail = purchasedProductRecord.extend({
  /** The treatment's products per session (spec 002 §3 `treatmentProduct`). */
  treatmentProducts: z.array(z.object({ product: ref, quantity: z.number() })),
  sessionList: z.array(
    z.object({
      number: z.number().int(),
      appointmentId: z.number().int(),
      date: z.string(),
      attendedBy: ref.nullable(),
      areas: z.array(ref),
    }),
  ),
});
export type PurchasedProductDetail = z.infer<typeof purchasedProductDetail>;

/**
 * PUT|POST /purchased-product/{id}/finish: the CONTRACT §13 finish of the purchased product's
 * in-process appointment (or of `appointmentId`, when it has several), with the finish's fields.
 */
export const purchasedProductFinishBody = z
  .strictObject({
    appointmentId: id('Cita').nullish(),
    ...appointmentFinishFields,
  })
  .superRefine((body, ctx) => {
    if (!body.attendedById)
      ctx.addIssue({ code: 'custom', path: ['attendedById'], message: msg.required('Atiende') });
    if (body.sessions.length === 0)
      ctx.addIssue({ code: 'custom', path: ['sessions'], message: msg.required('Sesiones') });
  });

/** GET /missed-appointment/{id}/purchased-product: the appointments of it the customer missed. */
export const missedAppointment = z.object({
  id: z.number().int(),
  appointmentNumber: z.number().int(),
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  status: z.enum(APPOINTMENT_STATUSES),
  branch: ref,
  cabain: ref,
  attendedBy: ref.nullable(),
  treatment: ref,
  created_at: z.string(),
});
