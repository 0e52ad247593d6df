import { EXPIRY_ALERT_DAYS, EXPIRY_DANGER_DAYS } from './constants';

/** The inventory's pure rules (spec 001 §4, §9; CONTRACT §9), shared by the API and the screens. */

const DAY_MS = 86_400_000;

/** Whole days from `today` to `expiresIn` (both YYYY-MM-DD); negative once expired. */
export function daysBetween(today: string, expiresIn: string): number {
  return Math.round(
    (Date.parse(`${expiresIn}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY_MS,
  );
}

/** A lot's colour in the detail: ≤ 0 days danger, ≤ 30 warning, ≤ 60 alert, else okay. */
export function lotColor(daysLeft: number | null): 'danger' | 'warning' | 'alert' | 'okay' {
  if (daysLeft === null) return 'okay';
  if (daysLeft <= 0) return 'danger';
  if (daysLeft <= EXPIRY_DANGER_DAYS) return 'warning';
  if (daysLeft <= EXPIRY_ALERT_DAYS) return 'alert';
  return 'okay';
}

/**
 * A stock row's colour in the list: a lot expired or expiring within 30 days is danger (it wins);
 * a quantity above max (when max is not 0) or below min is volcano; a quantity of 0 has none.
 */
export function stockColor(row: {
  quantity: number;
  soonestDaysLeft: number | null;
  max: number | null;
  min: number | null;
}): 'danger' | 'volcano' | null {
  if (row.quantity === 0) return null;
  if (row.soonestDaysLeft !== null && row.soonestDaysLeft < EXPIRY_DANGER_DAYS) return 'danger';
  if (row.max !== null && row.max > 0 && row.quantity > row.max) return 'volcano';
  if (row.min !== null && row.quantity < row.min) return 'volcano';
  return null;
}

/** Whether a max/min pair is refused (400 code 7): min above max, unless max is 0 (no limit). */
export const minAboveMax = (max: number, min: number) => max !== 0 && min > max;

/** Credit expiry of a purchase order: arrival + 1 day + the provider's pay days (spec 001 §9). */
export function creditExpiration(arrivedAt: string, payConditions: number): string {
  const day = new Date(`${arrivedAt}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + 1 + payConditions);
  return day.toISOString().slice(0, 10);
}

/** A line's subtotal with its product's tax, rounded to cents. */
export const lineTotal = (line: { quantity: number; price: number; tax: number }) =>
  Math.round(line.quantity * line.price * (1 + line.tax / 100) * 100) / 100;

/** Σ of the lines' subtotals: what the invoice's amount should be. */
export const linesTotal = (lines: { quantity: number; price: number; tax: number }[]) =>
  Math.round(lines.reduce((sum, line) => sum + lineTotal(line) * 100, 0)) / 100;
