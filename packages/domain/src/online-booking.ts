import {
  SLOT_MINUTES,
  appointmentEnd,
  isPastStart,
  lockCovers,
  minutesOfDay,
  slotsBetween,
  timeOfMinutes,
  withinHours,
  type DayHours,
  type LockRule,
} from './agenda';
import { Conflict } from './errors';

/**
 * Online booking's rules (CONTRACT §15), pure so the API and its tests read the same ones: which
 * starts of a day are offered, why a start is refused, the code's alphabet and the abuse limits.
 */

/** The confirmation code: 6 characters of the reset codes' alphabet (no 0, O, 1, I). */
export const BOOKING_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const BOOKING_CODE_LENGTH = 6;
/** A request's code works for 10 minutes and 5 wrong guesses. */
export const BOOKING_REQUEST_MINUTES = 10;
export const BOOKING_CODE_ATTEMPTS = 5;

/** Requests answered 201 in the last 60 minutes allowed per mobile, e-mail and client address. */
export const BOOKING_LIMITS = { mobilePhone: 5, email: 5, address: 20 } as const;
export const BOOKING_LIMIT_MINUTES = 60;

/**
 * The refusals that depend on the found customer's record: at confirm they all answer the
 * neutral 409 code 46, which tells nothing about a person (blacklisted, inactive, cancellations at
 * the limit, a cosmetic or medical order of the day).
 */
export const PERSONAL_REFUSALS: readonly number[] = [
  Conflict.customerBlacklisted,
  Conflict.customerInactive,
  Conflict.tooManyCancellations,
  Conflict.cosmeticAfterMedical,
  Conflict.medicalBeforeCosmetic,
];

/** A stretch of a day in minutes since midnight, `[start, end)`. */
export interface Span {
  start: number;
  end: number;
}

/** A cabin that serves the treatment's type, as the day finds it. */
export interface CabinDay {
  id: number;
  /** Its own hours of the day, or 'branch' when it keeps the branch's (no schedule of its own). */
  hours: DayHours | null | 'branch';
  locks: readonly LockRule[];
  /** Its slot-holding appointments (and holds) of the day. */
  busy: readonly Span[];
}

/** The branch's working units of one appliance the treatment needs, and their use that day. */
export interface ApplianceDay {
  units: number;
  inUse: readonly Span[];
}

export interface SlotDay {
  date: string;
  /** The treatment's length in minutes. */
  duration: number;
  branchHours: DayHours | null | undefined;
  cabins: readonly CabinDay[];
  appliances: readonly ApplianceDay[];
  /** The branch's local now, and how long before a start it may still be booked online. */
  now: { date: string; time: string };
  leadMinutes: number;
}

const meets = (a: Span, b: Span) => a.start < b.end && b.start < a.end;

/** Why a cabin refuses the span: hours (17), a lock (6), busy (5); null when it is free. */
function cabinRefusal(day: SlotDay, cabin: CabinDay, start: string, end: string): number | null {
  if (!withinHours(start, end, day.branchHours, cabin.hours)) return Conflict.outsideHours;
  if (cabin.locks.some((lock) => lockCovers(lock, day.date, start, end)))
    return Conflict.cabinBlocked;
  const span = { start: minutesOfDay(start), end: minutesOfDay(end) };
  if (cabin.busy.some((other) => meets(other, span))) return Conflict.timeNotAvailable;
  return null;
}

/** How far a refusal got, in the order a booking is checked: the furthest is the one said. */
const PROGRESS: readonly number[] = [
  Conflict.outsideHours,
  Conflict.cabinBlocked,
  Conflict.timeNotAvailable,
];

/**
 * Whether a start can be booked online, and where: `{ cabinIds }` the free cabins (lowest id
 * first), or `{ refusal }` with §13's code: 4 past or inside the lead, then the furthest any
 * cabin got (17 hours, 6 locked, 5 busy), 14 when a cabin is free but an appliance is not.
 */
export function slotOf(day: SlotDay, start: string): { cabinIds: number[] } | { refusal: number } {
  const lead = minutesOfDay(day.now.time) + day.leadMinutes;
  const leadDay = lead >= 24 * 60 ? null : timeOfMinutes(lead);
  if (
    isPastStart({ date: day.date, startTime: start }, day.now) ||
    (day.date === day.now.date && (leadDay === null || minutesOfDay(start) < lead))
  )
    return { refusal: Conflict.bookingInPast };
  const end = appointmentEnd(start, day.duration);
  if (end === null || day.cabins.length === 0) return { refusal: Conflict.outsideHours };
  const span = { start: minutesOfDay(start), end: minutesOfDay(end) };
  const free: number[] = [];
  let furthest = -1;
  for (const cabin of [...day.cabins].sort((a, b) => a.id - b.id)) {
    const refusal = cabinRefusal(day, cabin, start, end);
    if (refusal === null) free.push(cabin.id);
    else furthest = Math.max(furthest, PROGRESS.indexOf(refusal));
  }
  if (free.length === 0) return { refusal: PROGRESS[furthest] ?? Conflict.outsideHours };
  const applianceFree = day.appliances.every(
    (kind) => kind.inUse.filter((use) => meets(use, span)).length < kind.units,
  );
  return applianceFree ? { cabinIds: free } : { refusal: Conflict.noAppliancesAvailable };
}

/**
 * The starts of the day offered online, 30 minutes apart within the branch's hours, at which some
 * cabin serving the treatment is free for its whole length (CONTRACT §15 availability).
 */
export function availableStarts(day: SlotDay): string[] {
  if (!day.branchHours) return [];
  return slotsBetween(day.branchHours.opening, day.branchHours.closing).filter(
    (start) => minutesOfDay(start) % SLOT_MINUTES === 0 && 'cabinIds' in slotOf(day, start),
  );
}

/** A new confirmation code, from random bytes (the API passes crypto's). */
export function bookingCode(randomBytes: Uint8Array): string {
  return Array.from(
    randomBytes.slice(0, BOOKING_CODE_LENGTH),
    (byte) => BOOKING_CODE_ALPHABET[byte % BOOKING_CODE_ALPHABET.length],
  ).join('');
}

/** The mail that carries the code (its line is what outside checks read). */
export function bookingCodeMail(code: string, what: { branch: string; treatment: string }) {
  return {
    subject: 'Código para confirmar tu cita',
    text: [
      `Recibimos una solicitud de cita en ${what.branch} para ${what.treatment}.`,
      `Tu código de confirmación es: ${code}`,
      `El código vence en ${BOOKING_REQUEST_MINUTES} minutos. Si no solicitaste la cita, ignora este correo.`,
    ].join('\n'),
  };
}
