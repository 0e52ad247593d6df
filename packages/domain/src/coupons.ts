/**
 * The coupon rules (spec 002 §9, CONTRACT §11), pure so the form, the list, the coupon API and
 * the point of sale (a later issue) price a coupon the same way.
 */

export const COUPON_TYPES = ['Treatment', 'Product'] as const;
export type CouponType = (typeof COUPON_TYPES)[number];

/** As the screens name the types (spec 002 §2). */
export const COUPON_TYPE_LABELS: Readonly<Record<CouponType, string>> = {
  Treatment: 'Tratamiento',
  Product: 'Producto',
};

export const COUPON_CODE_MIN = 5;
export const COUPON_CODE_MAX = 15;
export const COUPON_NAME_MAX = 50;
/** The coupon detail's table of orders shows 3 rows per page (spec 002 §9). */
export const COUPON_ORDERS_PAGE_SIZE = 3;
/**
 * Products a coupon may discount (spec 002 §7: the form's lookup asks for active, approved
 * products of this type).
 */
export const COUPON_PRODUCT_TYPE = 'Cosmetólogo/Venta';

const cents = (value: number) => BigInt(Math.round(value * 100));
/** A percentage with two decimals as hundredths of a percent: 12.5 % → 1250. */
const basisPoints = (percent: number) => BigInt(Math.round(percent * 100));

/**
 * The amount a discount takes off a price: price × discount / 100, rounded to the cent (half
 * up). Computed in whole cents and hundredths of a percent, so 0.1 + 0.2 never leaks in.
 */
export function couponDiscountAmount(price: number, discount: number): number {
  const numerator = cents(price) * basisPoints(discount);
  const denominator = 10_000n;
  const rounded = (numerator * 2n + denominator) / (denominator * 2n);
  return Number(rounded) / 100;
}

/** Price with discount = price − price × discount / 100 (spec 002 §9), to the cent. */
export function couponDiscountedPrice(price: number, discount: number): number {
  return Number(cents(price) - cents(couponDiscountAmount(price, discount))) / 100;
}

/** Remaining uses = limit − used (spec 002 §9), never below 0. */
export function couponRemainingUses(limit: number, used: number): number {
  return Math.max(0, limit - used);
}

/** What is known of a coupon when it is redeemed, or shown. */
export interface CouponState {
  status: boolean;
  /** The last day it may be used, `YYYY-MM-DD` in the branch's time zone. */
  expireDate: string;
  limit: number;
  used: number;
  branchIds: readonly number[];
  deleted?: boolean;
}

/**
 * Why a coupon cannot be redeemed at a branch on a day, or null when it can (CONTRACT §11):
 * `notFound` (deleted, inactive, expired or not valid at the branch: 404 code 30), `exhausted`
 * (no uses left: 400 code 10). A second use by the same customer is the use table's to refuse.
 */
export function couponRefusal(
  coupon: CouponState,
  at: { branchId: number; today: string },
): 'notFound' | 'exhausted' | null {
  if (coupon.deleted || !coupon.status) return 'notFound';
  if (coupon.expireDate < at.today) return 'notFound';
  if (!coupon.branchIds.includes(at.branchId)) return 'notFound';
  if (coupon.used >= coupon.limit) return 'exhausted';
  return null;
}

/** How the list and the detail name a coupon's state. */
export type CouponCondition = 'active' | 'inactive' | 'expired' | 'exhausted';

export function couponCondition(
  coupon: Pick<CouponState, 'status' | 'expireDate' | 'limit' | 'used'>,
  today: string,
): CouponCondition {
  if (!coupon.status) return 'inactive';
  if (coupon.expireDate < today) return 'expired';
  if (coupon.used >= coupon.limit) return 'exhausted';
  return 'active';
}

export const COUPON_CONDITION_LABELS: Readonly<Record<CouponCondition, string>> = {
  active: 'Activo',
  inactive: 'Inactivo',
  expired: 'Vencido',
  exhausted: 'Agotado',
};

/**
 * The discount field's mask (spec 002 §5): what the user typed, as a number; an emptied field
 * counts as 0 (which the schema then refuses: the server requires 0 < discount ≤ 100).
 */
export function parseDiscountMask(input: string | number | null | undefined): number {
  if (typeof input === 'number') return Number.isFinite(input) ? input : 0;
  const cleaned = (input ?? '').replace(/[%\s]/g, '').replace(',', '.');
  if (cleaned === '') return 0;
  const value = Number(cleaned);
  return Number.isFinite(value) ? value : 0;
}
