import { LOCALE } from './constants';

/**
 * Money and dates as text, where the server writes them for people (PDFs, tickets): es-MX,
 * `$1,234.50` (STYLE, spec 001 §1), the same text the screens show.
 */

const moneyFormat = new Intl.NumberFormat(LOCALE, {
  style: 'currency',
  currency: 'MXN',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** `1234.5` → `$1,234.50`; nothing (or not a number) → ''. */
export function formatMoney(value: number | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const amount = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(amount) ? moneyFormat.format(amount) : '';
}

/** A branch-local date `2026-11-21` as `21-11-2026`; nothing → ''. */
export function formatLocalDate(date: string | null | undefined): string {
  const match = date ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(date) : null;
  return match ? `${match[3]}-${match[2]}-${match[1]}` : '';
}

/** A person's full name (name, last names); nobody → ''. */
export function formatPersonName(
  person: { name: string; lastName?: string | null; motherLastName?: string | null } | null,
): string {
  return person
    ? [person.name, person.lastName, person.motherLastName].filter(Boolean).join(' ')
    : '';
}
