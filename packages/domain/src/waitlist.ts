import { SLOT_MINUTES, minutesOfDay, timeOfMinutes, type Window } from './agenda';

/**
 * The waitlist's pure rules (CONTRACT §15): its statuses, and which start of a freed interval is
 * offered to an entry. The API decides the rest with the database (who is oldest, what §13 lets
 * the customer book).
 */

export const WAITLIST_STATUSES = ['waiting', 'offered', 'booked', 'cancelled', 'expired'] as const;
export type WaitlistStatus = (typeof WAITLIST_STATUSES)[number];
export const WAITLIST_STATUS_LABELS: Record<WaitlistStatus, string> = {
  waiting: 'En espera',
  offered: 'Con oferta',
  booked: 'Agendada',
  cancelled: 'Cancelada',
  expired: 'Vencida',
};
/** Tones of the screens' tags (AA contrast). */
export const WAITLIST_STATUS_COLORS: Record<
  WaitlistStatus,
  'blue' | 'gold' | 'green' | 'red' | 'gray'
> = {
  waiting: 'blue',
  offered: 'gold',
  booked: 'green',
  cancelled: 'red',
  expired: 'gray',
};

/** An offer is open while its hold lasts; then accepted, declined, expired or cancelled. */
export const WAITLIST_OFFER_STATUSES = [
  'open',
  'accepted',
  'declined',
  'expired',
  'cancelled',
] as const;
export type WaitlistOfferStatus = (typeof WAITLIST_OFFER_STATUSES)[number];
export const WAITLIST_OFFER_STATUS_LABELS: Record<WaitlistOfferStatus, string> = {
  open: 'Abierta',
  accepted: 'Aceptada',
  declined: 'Rechazada',
  expired: 'Vencida',
  cancelled: 'Cancelada',
};

/** An entry may be cancelled (409 code 49 otherwise) while waiting or offered. */
export const isActiveEntry = (status: WaitlistStatus) =>
  status === 'waiting' || status === 'offered';

/** How far ahead an entry may wait (its `toDate`, from today). */
export const WAITLIST_MAX_DAYS = 90;
/** An offer starts at least this long after now. */
export const WAITLIST_OFFER_LEAD_MINUTES = 120;
/** Unanswered offers after which an entry is `expired` instead of waiting again. */
export const WAITLIST_MAX_UNANSWERED = 3;
/** WAITLIST_HOLD_MINUTES' default. */
export const WAITLIST_HOLD_MINUTES = 30;

/**
 * The starts, earliest first, at which an appointment of `minutes` fits inside the freed
 * interval `[from, to)` (30-minute steps) and inside the entry's window (`timeFrom` ≤ start and
 * end ≤ `timeTo`), not before `notBefore` (the lead, on the day of the offer).
 */
export function offerStarts(
  interval: { from: string; to: string },
  minutes: number,
  window: { timeFrom: string | null; timeTo: string | null },
  notBefore: string | null,
): string[] {
  const lower = Math.max(
    minutesOfDay(interval.from),
    window.timeFrom ? minutesOfDay(window.timeFrom) : 0,
    notBefore ? minutesOfDay(notBefore) : 0,
  );
  const upper = Math.min(
    minutesOfDay(interval.to),
    window.timeTo ? minutesOfDay(window.timeTo) : 24 * 60,
  );
  const first = Math.ceil(lower / SLOT_MINUTES) * SLOT_MINUTES;
  const starts: string[] = [];
  for (let start = first; start + minutes <= upper; start += SLOT_MINUTES)
    starts.push(timeOfMinutes(start));
  return starts;
}

/**
 * What of `before` the windows `after` no longer cover (a lock deleted or narrowed), windows that
 * touch joined: an `hour` lock blocks one 30-minute window per time, and the hour it frees at
 * 12:30 and 13:00 is one interval an hour-long treatment fits in.
 */
export function freedWindows(before: readonly Window[], after: readonly Window[]): Window[] {
  let freed = joinedWindows(before);
  for (const cut of after) {
    freed = freed.flatMap((window) => {
      if (cut.end <= window.start || cut.start >= window.end) return [window];
      return [
        { start: window.start, end: Math.max(window.start, cut.start) },
        { start: Math.min(window.end, cut.end), end: window.end },
      ].filter((part) => part.end > part.start);
    });
  }
  return freed;
}

/** The windows sorted, those that overlap or touch made one. */
function joinedWindows(windows: readonly Window[]): Window[] {
  const joined: Window[] = [];
  for (const window of [...windows].sort((a, b) => a.start - b.start)) {
    const last = joined.at(-1);
    if (last && window.start <= last.end) last.end = Math.max(last.end, window.end);
    else joined.push({ ...window });
  }
  return joined;
}
