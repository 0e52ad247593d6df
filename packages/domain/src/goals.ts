/**
 * A branch's monthly sales goal (spec 002 §3, §9; CONTRACT §11): how far the month's sales went
 * toward it. Pure, so the goal list, the dashboard and the reports compute it the same way. Money
 * is handled in whole cents, so $1,000.00 over 30 days is $33.33 and not 33.333333….
 */

export interface GoalPeriod {
  /** 'YYYY'. */
  year: string;
  /** 'MM', 01 to 12. */
  month: string;
}

/** The days of a month: February has 29 in leap years (every 4th, not centuries, but every 400th). */
export function daysInMonth(year: number, month: number): number {
  if (!Number.isInteger(month) || month < 1 || month > 12) {
    throw new RangeError(`Mes fuera de rango: ${month}`);
  }
  // Day 0 of the next month is the last day of this one.
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

const toCents = (amount: number) => Math.round(amount * 100);
const fromCents = (cents: number) => cents / 100;

export interface GoalProgress {
  /** Goal − total sale, never below 0 (the spec leaves the formula open: a month past its goal has nothing left). */
  remaining: number;
  /** Goal ÷ the days of the goal's month, to the cent. */
  dailyGoal: number;
  /** Total sale ÷ goal × 100, to 2 decimals; above 100 when the goal was passed. */
  percentage: number;
}

/** The progress of a goal of `goal` pesos for its month, given the month's net paid sales. */
export function goalProgress(
  input: GoalPeriod & { goal: number; totalSale: number },
): GoalProgress {
  const goal = toCents(input.goal);
  const sold = toCents(input.totalSale);
  const days = daysInMonth(Number(input.year), Number(input.month));
  return {
    remaining: fromCents(Math.max(goal - sold, 0)),
    dailyGoal: fromCents(Math.round(goal / days)),
    // Cents over cents: the ratio of the amounts; a goal of 0 (never stored) reads as 0 %.
    percentage: goal > 0 ? Math.round((sold / goal) * 10_000) / 100 : 0,
  };
}

/** The month a goal names, as the list shows it: 'noviembre 2026'. */
export const MONTH_NAMES = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
] as const;

export function periodLabel(period: GoalPeriod): string {
  const name = MONTH_NAMES[Number(period.month) - 1] ?? period.month;
  return `${name} ${period.year}`;
}
