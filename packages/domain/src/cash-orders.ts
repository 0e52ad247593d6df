import { couponDiscountAmount } from './coupons';

/**
 * Cash orders: products sold over the counter from a branch's lots (CONTRACT §12 "Cash orders").
 * Prices exclude IVA. A line's `price` = salePrice × quantity − its coupon discount; `subtotal`
 * = Σ price; `taxes` = Σ per line round(price × tax / 100, 2), the product's tax or 16 when it has
 * none; `total` = subtotal + taxes. Pure and in whole cents, for the API, the seed and the screen.
 */

/** The IVA a product without its own tax pays. */
export const DEFAULT_PRODUCT_TAX = 16;

/** Only products of a type sold to customers go into a cash order. */
export const CASH_ORDER_PRODUCT_TYPES = ['Cosmetólogo/Venta', 'Médico/Venta'] as const;

/** A line of this product type pays the seller a cosmetology commission. */
export const COSMETOLOGY_SALE_TYPE = 'Cosmetólogo/Venta';

export interface CashLineInput {
  salePrice: number;
  quantity: number;
  /** The product's IVA percent; null or undefined means 16. */
  tax?: number | null;
  /** Points one unit earns (0 or null when none). */
  points?: number | null;
  couponApplies?: boolean;
}

export interface CashLineTotals {
  /** salePrice × quantity − discount. */
  price: number;
  /** The coupon's discount on all the line's units. */
  discount: number;
  taxes: number;
  /** The IVA percent applied. */
  tax: number;
}

export interface CashOrderTotals {
  lines: CashLineTotals[];
  /** Σ line price (after the coupon, before IVA). */
  subtotal: number;
  discountTotal: number;
  taxes: number;
  total: number;
  points: number;
}

const cents = (value: number) => Math.round(value * 100);
const fromCents = (value: number) => value / 100;

/** The tax a product pays: its own, or 16 when it has none. */
export const taxOf = (tax: number | null | undefined) =>
  tax === null || tax === undefined ? DEFAULT_PRODUCT_TAX : tax;

export function cashOrderTotals(
  lines: readonly CashLineInput[],
  couponPercent: number | null,
): CashOrderTotals {
  let subtotal = 0;
  let discountTotal = 0;
  let taxes = 0;
  let points = 0;
  const priced = lines.map((line) => {
    const unit =
      line.couponApplies && couponPercent !== null
        ? cents(couponDiscountAmount(line.salePrice, couponPercent))
        : 0;
    const discount = unit * line.quantity;
    const price = cents(line.salePrice) * line.quantity - discount;
    const tax = taxOf(line.tax);
    const lineTaxes = Math.round((price * tax) / 100);
    subtotal += price;
    discountTotal += discount;
    taxes += lineTaxes;
    points += (line.points ?? 0) * line.quantity;
    return {
      price: fromCents(price),
      discount: fromCents(discount),
      taxes: fromCents(lineTaxes),
      tax,
    };
  });
  return {
    lines: priced,
    subtotal: fromCents(subtotal),
    discountTotal: fromCents(discountTotal),
    taxes: fromCents(taxes),
    total: fromCents(subtotal + taxes),
    points,
  };
}

/** The seller's commission on a line: round(salePrice × percent / 100, 2). */
export function cosmetologyCommission(salePrice: number, percent: number): number {
  return fromCents(Math.round((cents(salePrice) * Math.round(percent * 100)) / 10_000));
}

/** The lots a seller picks from, soonest expiry first (FEFO), lots without expiry last. */
export function byExpiry<T extends { expiresIn: string | null; stockId: number }>(
  lots: readonly T[],
): T[] {
  return [...lots].sort((a, b) => {
    if (a.expiresIn !== b.expiresIn) {
      if (a.expiresIn === null) return 1;
      if (b.expiresIn === null) return -1;
      return a.expiresIn < b.expiresIn ? -1 : 1;
    }
    return a.stockId - b.stockId;
  });
}
