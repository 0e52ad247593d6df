import { formatMoney } from './format';
import type { LOYALTY_SCALES } from './schemas/customers';

/**
 * Loyalty levels (CONTRACT §10, spec 002 §2): a customer's level follows their paid purchases, net
 * of refunds, over the last 365 days, against a threshold kept per level. The API, the lists and
 * the screens all read a level through `loyaltyScaleFor`.
 */

export type LoyaltyScale = (typeof LOYALTY_SCALES)[number];

/** The names the screens show (es-MX). */
export const LOYALTY_SCALE_LABELS: Record<LoyaltyScale, string> = {
  bronze: 'Bronce',
  silver: 'Plata',
  gold: 'Oro',
  platinum: 'Platino',
  diamond: 'Diamante',
};

/** Members: a paid purchase in the last 365 days; the level counts the same window (spec 002 §9). */
export const MEMBERS_PERIOD_DAYS = 365;
/** We miss you: no visit or purchase in the last 30 days (spec 002 §9). */
export const MISS_YOU_PERIOD_DAYS = 30;

export interface LoyaltyThreshold {
  scale: LoyaltyScale;
  /** MXN of paid purchases over 365 days from which the level applies. */
  minimum: number;
  position: number;
}

/** Whole cents, so 4,999.99 and 5,000 compare exactly whatever the float. */
const cents = (amount: number) => Math.round(amount * 100);

/**
 * The level of a total: the highest level whose minimum the total reaches (exactly 5,000 is
 * silver, 4,999.99 bronze). Below every minimum, or with no levels, the first level (bronze).
 */
export function loyaltyScaleFor(
  total: number,
  levels: readonly Pick<LoyaltyThreshold, 'scale' | 'minimum' | 'position'>[],
): LoyaltyScale {
  const ordered = [...levels].sort((a, b) => a.position - b.position);
  let scale: LoyaltyScale = ordered[0]?.scale ?? 'bronze';
  for (const level of ordered) {
    if (cents(total) >= cents(level.minimum)) scale = level.scale;
  }
  return scale;
}

/**
 * Why a level cannot take `minimum` (null when it can): the first level (bronze) stays at 0, and
 * each minimum is above the one before it and below the one after it, so the levels never cross.
 */
export function loyaltyThresholdError(
  levels: readonly LoyaltyThreshold[],
  scale: LoyaltyScale,
  minimum: number,
): string | null {
  const ordered = [...levels].sort((a, b) => a.position - b.position);
  const at = ordered.findIndex((level) => level.scale === scale);
  if (at < 0) return 'El nivel no existe';
  const label = LOYALTY_SCALE_LABELS[scale];
  if (at === 0) {
    return cents(minimum) === 0 ? null : `El mínimo del nivel ${label} es siempre $0.00`;
  }
  const previous = ordered[at - 1]!;
  const next = ordered[at + 1];
  if (cents(minimum) <= cents(previous.minimum)) {
    return `El mínimo de ${label} debe ser mayor que el de ${LOYALTY_SCALE_LABELS[previous.scale]} (${formatMoney(previous.minimum)})`;
  }
  if (next && cents(minimum) >= cents(next.minimum)) {
    return `El mínimo de ${label} debe ser menor que el de ${LOYALTY_SCALE_LABELS[next.scale]} (${formatMoney(next.minimum)})`;
  }
  return null;
}

/** The range of totals of a level: [minimum, next level's minimum), the last one open above. */
export function loyaltyRange(
  levels: readonly LoyaltyThreshold[],
  scale: LoyaltyScale,
): { from: number; below: number | null } {
  const ordered = [...levels].sort((a, b) => a.position - b.position);
  const at = ordered.findIndex((level) => level.scale === scale);
  const level = ordered[at];
  if (!level) return { from: 0, below: null };
  return { from: at === 0 ? 0 : level.minimum, below: ordered[at + 1]?.minimum ?? null };
}
