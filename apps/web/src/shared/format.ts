import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';
import 'dayjs/locale/es-mx';
import { DEFAULT_TIME_ZONE, LOCALE, TIME_ZONES } from '@clinica/domain';

/**
 * The one place where money and dates become text (STYLE: es-MX, `$1,234.50`, the branch's time
 * zone). Instants arrive from the API in UTC and are shown in the branch's zone; branch-local
 * dates (`YYYY-MM-DD`) are shown as they are.
 */

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.locale('es-mx');

let branchTimeZone: string = DEFAULT_TIME_ZONE;

export function setBranchTimeZone(zone: string | null | undefined): void {
  branchTimeZone = zone || DEFAULT_TIME_ZONE;
}

export function getBranchTimeZone(): string {
  return branchTimeZone;
}

/**
 * A time zone by the name the branch form gives it (spec 000 §9): `America/Tijuana` is
 * `Tiempo del Noroeste`. A zone outside the four options shows as it is.
 */
export function timeZoneName(zone: string = branchTimeZone): string {
  return TIME_ZONES.find((option) => option.value === zone)?.label ?? zone;
}

/** `1234.5` → `$1,234.50`: the domain's, so a screen and a printed document write money alike. */
export { formatMoney } from '@clinica/domain';

const numberFormat = new Intl.NumberFormat(LOCALE);

export function formatNumber(value: number): string {
  return numberFormat.format(value);
}

/** An instant (ISO 8601, UTC) in the branch's zone: `21-11-2026 14:05`. */
export function formatDateTime(
  iso: string | null | undefined,
  pattern = 'DD-MM-YYYY HH:mm',
): string {
  if (!iso) return '';
  const value = dayjs(iso);
  return value.isValid() ? value.tz(branchTimeZone).format(pattern) : '';
}

/** A branch-local date (`YYYY-MM-DD`) shown as `21-11-2026`, without moving it between zones. */
export function formatLocalDate(date: string | null | undefined, pattern = 'DD-MM-YYYY'): string {
  if (!date) return '';
  const value = dayjs(date, 'YYYY-MM-DD');
  return value.isValid() ? value.format(pattern) : '';
}

/*
 * Today, the long date and the hour in the branch through Intl formatters kept per zone: a screen
 * asks for them on every render, and dayjs's `tz()` builds a new formatter on each call (issue 24:
 * the agenda's first render spent more in it than in its grid).
 */
const zoneFormats = new Map<string, Intl.DateTimeFormat>();

/** The formatter named `name` (one per set of options) in `zone`, made once. */
function zoneFormat(
  name: 'parts' | 'long',
  zone: string,
  locale: string,
  options: Intl.DateTimeFormatOptions,
) {
  const key = `${name} ${zone}`;
  let format = zoneFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { ...options, timeZone: zone });
    zoneFormats.set(key, format);
  }
  return format;
}

function partsInBranch(now: Date): Record<string, string> {
  const format = zoneFormat('parts', branchTimeZone, 'en-US', {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    hourCycle: 'h23',
  });
  const parts: Record<string, string> = {};
  for (const part of format.formatToParts(now)) parts[part.type] = part.value;
  return parts;
}

/** Today's date in the branch, as the API expects dates (`YYYY-MM-DD`). */
export function todayInBranch(now: Date = new Date()): string {
  const { year, month, day } = partsInBranch(now);
  return `${year}-${month}-${day}`;
}

/** A long, friendly date for headings: `sábado, 21 de noviembre de 2026`. */
export function formatLongDate(now: Date = new Date()): string {
  return zoneFormat('long', branchTimeZone, LOCALE, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(now);
}

/** The hour in the branch, for greetings. */
export function hourInBranch(now: Date = new Date()): number {
  return Number(partsInBranch(now).hour);
}

export { dayjs };

const quantityFormat = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 3 });

/** A quantity without needless decimals: `30` → `30`, `1.50` → `1.5`, `1250` → `1,250`. */
export function formatQuantity(value: number): string {
  return quantityFormat.format(value);
}

/** Measure units as read aloud: symbols stay (`30 ml`), counted units get their word. */
const UNIT_WORDS: Record<string, [string, string]> = {
  pza: ['pieza', 'piezas'],
  ud: ['unidad', 'unidades'],
};

/** `30 ml`, `1 pieza`, `100 piezas`. */
export function formatMeasure(amount: number, unit: string): string {
  const words = UNIT_WORDS[unit];
  const name = words ? words[amount === 1 ? 0 : 1] : unit;
  return `${formatQuantity(amount)} ${name}`;
}

/**
 * A product's content in natural Spanish: `1 caja de 100 piezas`, `1 vial de 10 ml`; a single
 * piece is its measure alone (`15 ml`, `1 pieza`).
 */
export function formatContent(content: number, unit: string, contentType: string): string {
  const measure = formatMeasure(content, unit);
  if (contentType === 'Pieza') return unit === 'pza' ? formatMeasure(content, 'pza') : measure;
  return `1 ${contentType.toLowerCase()} de ${measure}`;
}
