import { CASH_METHOD, POINTS_METHOD, type OrderCurrency } from '@clinica/domain';
import type { OrderBody } from '../api';

/**
 * The point of sale's cart, and the one body it sends (CONTRACT §12): the same body is quoted as
 * the cart changes and then created, so what the screen shows is what the server will charge.
 * Pure, so it is tested without a screen.
 */

export type LineKind = 'treatment' | 'package';

export interface CartLine {
  kind: LineKind;
  id: number;
  name: string;
  quantity: number;
}

/**
 * The payment rows the screen offers, in their tab order: each a method and a currency. Cards,
 * transfer and deposit carry the receptionist's reference (the terminal's authorisation, the
 * transfer's tracking key); cash and points have none.
 */
export const PAYMENT_ROWS = [
  {
    key: 'cash',
    method: CASH_METHOD,
    currency: 'MXN',
    label: 'Efectivo (pesos)',
    reference: false,
  },
  {
    key: 'dollars',
    method: CASH_METHOD,
    currency: 'DLS',
    label: 'Efectivo (dólares)',
    reference: false,
  },
  {
    key: 'credit',
    method: 'Tarjeta de crédito',
    currency: 'MXN',
    label: 'Tarjeta de crédito',
    reference: true,
  },
  {
    key: 'debit',
    method: 'Tarjeta de débito',
    currency: 'MXN',
    label: 'Tarjeta de débito',
    reference: true,
  },
  {
    key: 'transfer',
    method: 'Transferencia electrónica',
    currency: 'MXN',
    label: 'Transferencia electrónica',
    reference: true,
  },
  {
    key: 'deposit',
    method: 'Depósito bancario',
    currency: 'MXN',
    label: 'Depósito bancario',
    reference: true,
  },
  { key: 'points', method: POINTS_METHOD, currency: 'MXN', label: 'Puntos', reference: false },
] as const satisfies readonly {
  key: string;
  method: string;
  currency: OrderCurrency;
  label: string;
  reference: boolean;
}[];
export type PaymentKey = (typeof PAYMENT_ROWS)[number]['key'];

export interface Cart {
  branchId: number | null;
  customerId: number | null;
  /** Who sold it (a medic or cosmetologist of the branch), or nobody: the order's `sellerId`. */
  sellerId: number | null;
  couponCode: string;
  lines: CartLine[];
  /** What is typed in each payment row; empty or zero rows are not sent. */
  payments: Partial<Record<PaymentKey, number | null>>;
  /** The reference typed beside a card, transfer or deposit payment. */
  references: Partial<Record<PaymentKey, string>>;
  /** The appointment charged from the agenda (CONTRACT §12 "Charging an appointment"). */
  appointmentId: number | null;
}

export const emptyCart = (branchId: number | null = null): Cart => ({
  branchId,
  customerId: null,
  sellerId: null,
  couponCode: '',
  lines: [],
  payments: {},
  references: {},
  appointmentId: null,
});

/** Adds a line, or adds to the quantity of the same item already in the cart. */
export function addLine(cart: Cart, line: CartLine): Cart {
  const same = cart.lines.findIndex(
    (candidate) => candidate.kind === line.kind && candidate.id === line.id,
  );
  if (same < 0) return { ...cart, lines: [...cart.lines, line] };
  const lines = cart.lines.map((candidate, index) =>
    index === same ? { ...candidate, quantity: candidate.quantity + line.quantity } : candidate,
  );
  return { ...cart, lines };
}

export function setQuantity(cart: Cart, index: number, quantity: number): Cart {
  if (!Number.isInteger(quantity) || quantity < 1) return cart;
  return {
    ...cart,
    lines: cart.lines.map((line, at) => (at === index ? { ...line, quantity } : line)),
  };
}

export function removeLine(cart: Cart, index: number): Cart {
  return { ...cart, lines: cart.lines.filter((_, at) => at !== index) };
}

/**
 * The body of `POST /order/quote` and `/order/create`, or null while the cart cannot be priced
 * (no branch, customer or line yet). Payments with no amount are left out, a reference only where
 * the method takes one and something was typed; a coupon is sent trimmed and upper-cased, as
 * codes are stored.
 */
export function orderBodyOf(cart: Cart): OrderBody | null {
  if (cart.branchId === null || cart.customerId === null || cart.lines.length === 0) return null;
  const coupon = cart.couponCode.trim().toUpperCase();
  return {
    origin: 'SUCURSAL',
    branchId: cart.branchId,
    customerId: cart.customerId,
    ...(cart.sellerId !== null ? { sellerId: cart.sellerId } : {}),
    ...(coupon ? { couponCode: coupon } : {}),
    ...(cart.appointmentId !== null ? { appointmentId: cart.appointmentId } : {}),
    orderDetails: cart.lines.map((line) =>
      line.kind === 'treatment'
        ? { treatmentId: line.id, quantity: line.quantity }
        : { packageId: line.id, quantity: line.quantity },
    ),
    payments: PAYMENT_ROWS.flatMap((row) => {
      const amount = cart.payments[row.key];
      if (amount === null || amount === undefined || !(amount > 0)) return [];
      const reference = row.reference ? cart.references[row.key]?.trim() : undefined;
      return [
        {
          paymentMethod: row.method,
          currency: row.currency,
          amount,
          ...(reference ? { reference } : {}),
        },
      ];
    }),
  };
}

/** The key that pays, shown on screen: F9, or Ctrl+Enter (⌘+Enter on a Mac). */
export const PAY_KEY_LABEL = 'F9';

export function isPayKey(event: {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey?: boolean;
}): boolean {
  if (event.key === 'F9') return true;
  return event.key === 'Enter' && (event.ctrlKey || event.metaKey);
}
