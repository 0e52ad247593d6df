import { couponDiscountAmount } from './coupons';

/**
 * The sale of treatments, packages and promotions (spec 002 §3–§4, §9; CONTRACT §11–§12): the
 * channels, payment states and the pricing rules, pure and in whole cents, so the API, the seed and
 * the screens price an order the same way.
 */

/** The channels an order comes from: the point of sale, the customer app, online. */
export const ORDER_ORIGINS = ['SUCURSAL', 'APP', 'LINEA'] as const;
export type OrderOrigin = (typeof ORDER_ORIGINS)[number];
export const ORDER_ORIGIN_LABELS: Readonly<Record<OrderOrigin, string>> = {
  SUCURSAL: 'Sucursal',
  APP: 'App',
  LINEA: 'En línea',
};

/** Payment states (spec 002 §4) with their Spanish names and tag colours. */
export const PAYMENT_STATUSES = [
  'paid',
  'pending_payment',
  'pending_confirmation',
  'error',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const PAYMENT_STATUS_LABELS: Readonly<Record<PaymentStatus, string>> = {
  paid: 'Pagado',
  pending_payment: 'Pago pendiente',
  pending_confirmation: 'Por confirmar',
  error: 'Error',
};
export const PAYMENT_STATUS_COLORS: Readonly<Record<PaymentStatus, string>> = {
  paid: 'green',
  pending_payment: 'orange',
  pending_confirmation: 'cyan',
  error: 'red',
};
/** The states an app or online order may be settled from (`PATCH /order/{id}/payment`). */
export const SETTLEABLE_STATUSES: readonly PaymentStatus[] = [
  'pending_payment',
  'pending_confirmation',
];
/** What a settlement may set: paid, waiting for the gateway's confirmation, or failed. */
export const SETTLEMENT_STATUSES = ['paid', 'pending_confirmation', 'error'] as const;

export const ORDER_CURRENCIES = ['MXN', 'DLS'] as const;
export type OrderCurrency = (typeof ORDER_CURRENCIES)[number];

/** Cash: the one method whose excess is handed back as change. */
export const CASH_METHOD = 'Efectivo';
/** Points: 1 MXN a point (CONTRACT §10). */
export const POINTS_METHOD = 'Puntos';
/** The order's `paymentMethod` when several methods paid it. */
export const MIXED_METHOD = 'Mixto';
/** The longest payment reference (a card terminal's authorisation, a transfer's tracking key). */
export const PAYMENT_REFERENCE_MAX = 100;

/** Purchased product states (spec 002 §3). */
export const PURCHASED_PRODUCT_STATUSES = ['onProcess', 'finished', 'refunded'] as const;
export type PurchasedProductStatus = (typeof PURCHASED_PRODUCT_STATUSES)[number];
export const PURCHASED_PRODUCT_STATUS_LABELS: Readonly<Record<PurchasedProductStatus, string>> = {
  onProcess: 'En proceso',
  finished: 'Terminado',
  refunded: 'Reembolsado',
};

const cents = (value: number) => Math.round(value * 100);
const fromCents = (value: number) => value / 100;

/** A priced line: the unit's list price and sale price, the quantity and the unit's points. */
export interface PricedLine {
  quantity: number;
  /** List price of one (treatment price, or the offer's regularPrice). */
  price: number;
  /** What one sells for (treatment price, or the offer's price). */
  salePrice: number;
  points: number;
  /** The coupon applies to this line (a bare treatment line of the coupon's treatment). */
  couponApplies?: boolean;
}

export interface OrderTotals {
  subtotal: number;
  discountTotal: number;
  total: number;
  points: number;
  /** Each line's discount (all its units), in the lines' order. */
  discounts: number[];
}

/**
 * subtotal = Σ salePrice × quantity; each line the coupon applies to takes off, per unit,
 * salePrice × discount / 100 rounded to the cent (spec 002 §9); total = subtotal − discount;
 * points = Σ line points × quantity.
 */
export function orderTotals(
  lines: readonly PricedLine[],
  couponPercent: number | null,
): OrderTotals {
  let subtotal = 0;
  let discountTotal = 0;
  let points = 0;
  const discounts = lines.map((line) => {
    subtotal += cents(line.salePrice) * line.quantity;
    points += line.points * line.quantity;
    const unit =
      line.couponApplies && couponPercent !== null
        ? cents(couponDiscountAmount(line.salePrice, couponPercent))
        : 0;
    discountTotal += unit * line.quantity;
    return fromCents(unit * line.quantity);
  });
  return {
    subtotal: fromCents(subtotal),
    discountTotal: fromCents(discountTotal),
    total: fromCents(subtotal - discountTotal),
    points,
    discounts,
  };
}

/** An amount in its currency as MXN at a rate (MXN per dollar), to the cent. */
export function toMxn(amount: number, currency: OrderCurrency, rate: number): number {
  if (currency === 'MXN') return amount;
  return fromCents(Math.round(cents(amount) * rate));
}

export interface OrderPayment {
  paymentMethod: string;
  amount: number;
  currency: OrderCurrency;
}

export type PaymentProblem =
  | { kind: 'short'; paid: number; total: number }
  | { kind: 'overpaid'; paid: number; total: number }
  | { kind: 'pointsWhole'; index: number }
  | { kind: 'pointsCurrency'; index: number };

export interface PaymentSettlement {
  /** Each payment in MXN, in the payments' order. */
  amountsMxn: number[];
  paidMxn: number;
  /** Cash handed back: the excess over the total, never more than the cash given. */
  change: number;
  /** Whole points spent (1 MXN a point). */
  points: number;
  /** The one method, `Mixto` for several, null when nothing was paid. */
  paymentMethod: string | null;
}

/**
 * Whether the payments cover the total (CONTRACT §12): dollars at the rate; an excess is change
 * only up to the cash (Efectivo) given, any other overpayment is refused; points are whole and in
 * MXN. Answers the settlement, or the first problem.
 */
export function settlePayments(
  total: number,
  payments: readonly OrderPayment[],
  rate: number,
): PaymentSettlement | PaymentProblem {
  let paid = 0;
  let cash = 0;
  let points = 0;
  const amountsMxn: number[] = [];
  for (const [index, payment] of payments.entries()) {
    if (payment.paymentMethod === POINTS_METHOD) {
      if (payment.currency !== 'MXN') return { kind: 'pointsCurrency', index };
      if (!Number.isInteger(payment.amount)) return { kind: 'pointsWhole', index };
      points += payment.amount;
    }
    const mxn = toMxn(payment.amount, payment.currency, rate);
    amountsMxn.push(mxn);
    paid += cents(mxn);
    if (payment.paymentMethod === CASH_METHOD) cash += cents(mxn);
  }
  const due = cents(total);
  if (paid < due) return { kind: 'short', paid: fromCents(paid), total };
  const excess = paid - due;
  if (excess > cash) return { kind: 'overpaid', paid: fromCents(paid), total };
  const methods = [...new Set(payments.map((payment) => payment.paymentMethod))];
  return {
    amountsMxn,
    paidMxn: fromCents(paid),
    change: fromCents(excess),
    points,
    paymentMethod: methods.length === 0 ? null : methods.length === 1 ? methods[0]! : MIXED_METHOD,
  };
}

export const isPaymentProblem = (
  value: PaymentSettlement | PaymentProblem,
): value is PaymentProblem => 'kind' in value;
