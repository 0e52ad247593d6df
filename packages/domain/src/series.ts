import { addDays, minutesOfDay } from './agenda';

/**
 * A session series (CONTRACT §15): the remaining sessions of a purchased treatment booked at once,
 * one every `intervalDays`. Pure rules shared by the API and the appointment form.
 */

/** The service intervals of spec 002 §9 but 0 ("N/A"): a series needs a gap between sessions. */
export const SERIES_INTERVALS = [15, 30, 45, 60, 90] as const;
export type SeriesInterval = (typeof SERIES_INTERVALS)[number];

export const isSeriesInterval = (value: number): value is SeriesInterval =>
  (SERIES_INTERVALS as readonly number[]).includes(value);

/**
 * The appointment statuses that spend a session of the purchased product before it is finished:
 * booked, under way, or held for a waitlist offer. `held` is written as a string on purpose: the
 * waitlist adds it to the statuses, and a series counts it from then on.
 */
export const SERIES_SPENDING_STATUSES = ['scheduled', 'inProcess', 'held'] as const;

/** Sessions still to book: bought − given − booked (or held) and not yet given. */
export function remainingSessions(product: {
  sessions: number;
  currentSession: number;
  booked: number;
}): number {
  return Math.max(0, product.sessions - product.currentSession - product.booked);
}

/** The day of each session: the first on `date`, then one every `intervalDays`. */
export function seriesDates(date: string, intervalDays: number, count: number): string[] {
  return Array.from({ length: count }, (_, index) => addDays(date, index * intervalDays));
}

/**
 * The other starts of a day, nearest to the asked one first (least distance, the earlier on a tie):
 * the order a moved session is proposed in.
 */
export function nearestStarts(asked: string, starts: readonly string[]): string[] {
  const at = minutesOfDay(asked);
  return starts
    .filter((start) => start !== asked)
    .map((start) => ({ start, distance: Math.abs(minutesOfDay(start) - at) }))
    .sort((a, b) => a.distance - b.distance || minutesOfDay(a.start) - minutesOfDay(b.start))
    .map((entry) => entry.start);
}

/** The line a refused session reads with (CONTRACT §15): `Sesión 3 (2027-06-21 10:00): …`. */
export const seriesSessionMessage = (
  session: number,
  date: string,
  startTime: string,
  message: string,
) => `Sesión ${session} (${date} ${startTime}): ${message}`;
