import { DEFAULT_ERROR_MESSAGE, LOCALE, formatMoney } from '@clinica/domain';
import { isApiError } from '../shared/api/client';

/** Dates and money as the public pages write them (es-MX), without the dashboard's dayjs. */

export { formatMoney };

const WEEKDAYS = ['domingo', 'lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado'];
const MONTHS = [
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
];

const partsOf = (date: string) => date.split('-').map(Number) as [number, number, number];

/** The weekday of a `YYYY-MM-DD` date, 0 = Sunday (as `Date#getUTCDay`). */
export function weekdayOf(date: string): number {
  const [year, month, day] = partsOf(date);
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay();
}

/** `2026-12-03` → `jueves 3 de diciembre de 2026`. */
export function longDate(date: string): string {
  const [year, month, day] = partsOf(date);
  return `${WEEKDAYS[weekdayOf(date)]} ${day} de ${MONTHS[month - 1]} de ${year}`;
}

/** `2026-12-03` → `jue 3 dic`: a day chip's text. */
export function shortDate(date: string): { weekday: string; day: string; month: string } {
  const [, month, day] = partsOf(date);
  return {
    weekday: WEEKDAYS[weekdayOf(date)]!.slice(0, 3),
    day: String(day),
    month: MONTHS[month - 1]!.slice(0, 3),
  };
}

/** `HH:mm[:ss]` → `HH:mm`. */
export const hhmm = (time: string) => time.slice(0, 5);

/** Today in a time zone, `YYYY-MM-DD`. */
export function todayIn(zone: string, now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(now);
}

/** `YYYY-MM-DD` plus some days. */
export function addDays(date: string, days: number): string {
  const [year, month, day] = partsOf(date);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** An instant (ISO) as the phone's own clock reads it: `3 de diciembre, 14:30`. */
export function instantText(iso: string): string {
  return new Intl.DateTimeFormat(LOCALE, {
    day: 'numeric',
    month: 'long',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  }).format(new Date(iso));
}

/** Minutes as `1 h 30 min`. */
export function durationText(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return [hours ? `${hours} h` : '', rest ? `${rest} min` : ''].filter(Boolean).join(' ');
}

/**
 * The API's own Spanish message of a refusal (a 400's field messages, which say what is wrong),
 * or the catalogue's generic one.
 */
export function messageOf(error: unknown): string {
  if (!isApiError(error)) return DEFAULT_ERROR_MESSAGE;
  return error.details.length > 0
    ? error.details.map((detail) => detail.message).join('. ')
    : error.message;
}
