import { z } from 'zod';
import { id, labelled } from '../fields';
import { msg } from '../messages';
import { ORDER_CURRENCIES } from '../orders';
import { whole } from './catalogue-fields';
import { ref } from './common';
import { orderBody, orderPaymentRecord, orderQuery, orderSummary } from './orders';

/** Cash orders: products sold over the counter from the branch's lots (CONTRACT §12). */

/** One line: the lot the units leave (its product with it) and how many. */
export const cashOrderLineBody = z.strictObject({
  stockId: id('Lote'),
  quantity: whole('Cantidad', 1, 1000),
});

/** POST /cash-order/create and /cash-order/quote. The server prices every line. */
export const cashOrderBody = z.strictObject({
  branchId: id('Sucursal'),
  customerId: id('Cliente').nullish(),
  sellerId: id('Vendedor'),
  couponCode: orderBody.shape.couponCode,
  cashOrderDetails: labelled(
    z
      .array(cashOrderLineBody, { error: msg.required('Productos') })
      .min(1, msg.required('Productos'))
      .max(50, 'Una venta admite máximo 50 líneas'),
    'Productos',
  ),
  payments: orderBody.shape.payments,
});

/** GET /cash-order: the orders' filters without the channel. */
export const cashOrderQuery = orderQuery.omit({ origin: true, saleType: true });

const customerRef = orderSummary.shape.customer;

export const cashOrderSummary = orderSummary.omit({ origin: true, customer: true }).extend({
  /** Counter sales may be anonymous. */
  customer: customerRef.nullable(),
  /** Σ of the lines' IVA. */
  taxes: z.number(),
});
export type CashOrderSummary = z.infer<typeof cashOrderSummary>;

export const cashOrderLineRecord = z.object({
  id: z.number().int(),
  product: z.object({ id: z.number().int(), sku: z.string(), name: z.string() }),
  stockId: z.number().int(),
  allotment: z.string(),
  expiresIn: z.string().nullable(),
  quantity: z.number().int(),
  /** One unit's price before IVA. */
  salePrice: z.number(),
  /** salePrice × quantity − discount, before IVA. */
  price: z.number(),
  discount: z.number(),
  /** The IVA percent applied and its amount. */
  tax: z.number(),
  taxes: z.number(),
  points: z.number().int(),
});

export const cosmetologyCommissionRow = z.object({
  id: z.number().int(),
  kind: z.enum(['sale', 'refund']),
  user: ref,
  product: ref,
  salePrice: z.number(),
  percent: z.number(),
  commission: z.number(),
  date: z.string(),
});

export const cashOrderRecord = cashOrderSummary.extend({
  cashOrderDetails: z.array(cashOrderLineRecord),
  payments: z.array(orderPaymentRecord),
  commissions: z.array(cosmetologyCommissionRow),
  refundReason: z.string().nullable(),
  refundMethod: z.string().nullable(),
  refundedBy: ref.nullable(),
  refundAmount: z.number().nullable(),
});
export type CashOrderRecord = z.infer<typeof cashOrderRecord>;

/** POST /cash-order/quote: the sale as create would price it, writing nothing. */
export const cashOrderQuote = z.object({
  branchId: z.number().int(),
  customerId: z.number().int().nullable(),
  lines: z.array(cashOrderLineRecord.omit({ id: true }).extend({ productType: z.string() })),
  coupon: z.object({ id: z.number().int(), code: z.string(), discount: z.number() }).nullable(),
  subtotal: z.number(),
  discountTotal: z.number(),
  taxes: z.number(),
  total: z.number(),
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
  owed: z.number(),
  change: z.number(),
  paymentMethod: z.string().nullable(),
  pointsSpent: z.number().int(),
  pointsEarned: z.number().int(),
  customerPoints: z.number().int().nullable(),
  paymentProblem: z.object({ field: z.string(), message: z.string() }).nullable(),
});
export type CashOrderQuote = z.infer<typeof cashOrderQuote>;

/** PATCH /cash-order/{id}/update-seller. */
export const cashOrderSellerBody = z.strictObject({ userId: id('Cosmetóloga') });

/** GET /cash-order/lots: the lots a seller may pick at a branch, soonest expiry first. */
export const cashOrderLotQuery = z.object({
  branchId: id('Sucursal'),
  productId: id('Producto').optional(),
  search: z.string().trim().max(100).optional(),
});

export const cashOrderLot = z.object({
  stockId: z.number().int(),
  allotment: z.string(),
  expiresIn: z.string().nullable(),
  quantity: z.number().int(),
  product: z.object({
    id: z.number().int(),
    sku: z.string(),
    name: z.string(),
    salePrice: z.number(),
    tax: z.number(),
    productType: z.string(),
  }),
});
export type CashOrderLot = z.infer<typeof cashOrderLot>;

/** A customer's cash order, as the detail's "Órdenes en efectivo" tab shows it. */
export const customerCashOrder = z.object({
  id: z.number().int(),
  orderNumber: z.string(),
  total: z.number(),
  points: z.number().int(),
  created_at: z.string(),
  refundedAt: z.string().nullable(),
  paymentMethod: z.string().nullable(),
  branch: ref,
});
export type CustomerCashOrder = z.infer<typeof customerCashOrder>;
