import type { OccupationColor } from './schemas/reports-activity';

/**
 * The pure rules of the activity reports (CONTRACT §14): the occupation's percentage and colour
 * band, and a report's totals. The API answers them; the screens colour the same bands.
 */

/** The bands' lower bounds, in percent: yellow from 50, green from 70 (red below 50). */
export const OCCUPATION_BANDS = { yellow: 50, green: 70 } as const;

export function occupationColor(percentage: number): OccupationColor {
  if (percentage >= OCCUPATION_BANDS.green) return 'green';
  if (percentage >= OCCUPATION_BANDS.yellow) return 'yellow';
  return 'red';
}

export interface ConfirmCounts {
  yes: number;
  no: number;
  voicemail: number;
  whatsapp: number;
}

/**
 * confirmed = yes + whatsapp; percentage = confirmed ÷ (yes + no + voicemail + whatsapp) × 100 to
 * 2 decimals (0 when there is none), and its colour band.
 */
export function occupationOf(counts: ConfirmCounts) {
  const confirmed = counts.yes + counts.whatsapp;
  const asked = counts.yes + counts.no + counts.voicemail + counts.whatsapp;
  // Integers divided once: IEEE division is correctly rounded, so a true …5 stays …5.
  const percentage = asked === 0 ? 0 : Math.round((confirmed * 10_000) / asked) / 100;
  return { ...counts, confirmed, percentage, color: occupationColor(percentage) };
}

/**
 * A report's `totals`: each named field summed over the rows in whole cents (money has at most
 * two decimals), so a total is exactly the sum a person adds up.
 */
export function sumFields<K extends string>(
  rows: readonly Record<K, number>[],
  fields: readonly K[],
): Record<K, number> {
  const totals = Object.fromEntries(fields.map((field) => [field, 0])) as Record<K, number>;
  for (const row of rows) for (const field of fields) totals[field] += Math.round(row[field] * 100);
  for (const field of fields) totals[field] /= 100;
  return totals;
}

/**
 * The individual fees reports (medical, cosmetology) answer one row per commission: the chain's
 * year is 195,481 rows (65 MB, 13 s at scale 1). Over a period longer than this many days, or an
 * open one, they need a person (`userId`) or a branch (`branchId`, or the caller's fixed branch).
 */
export const INDIVIDUAL_FEES_OPEN_DAYS = 31;

export const individualFeesMessages = {
  scope: `Indica userId (o branchId) para un periodo de más de ${INDIVIDUAL_FEES_OPEN_DAYS} días o sin fechas`,
};

/** The days from `startDate` to `endDate`, both included (`YYYY-MM-DD`). */
const daysBetween = (start: string, end: string) =>
  Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000) + 1;

/**
 * Why an individual fees query asks too much, as the field to name and its message, or null: a
 * period over `INDIVIDUAL_FEES_OPEN_DAYS` days (or without a start or an end) with neither
 * `userId` nor a branch. `branchFixed`: the caller's role reads its own branch only.
 */
export function individualFeesScopeError(
  query: {
    startDate?: string;
    endDate?: string;
    date?: string;
    userId?: number;
    branchId?: number;
  },
  branchFixed: boolean,
): { field: 'userId'; message: string } | null {
  if (query.userId !== undefined || query.branchId !== undefined || branchFixed) return null;
  if (query.date !== undefined) return null;
  if (
    query.startDate !== undefined &&
    query.endDate !== undefined &&
    daysBetween(query.startDate, query.endDate) <= INDIVIDUAL_FEES_OPEN_DAYS
  )
    return null;
  return { field: 'userId', message: individualFeesMessages.scope };
}
