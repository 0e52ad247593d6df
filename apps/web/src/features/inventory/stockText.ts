import { formatLocalDate, formatNumber } from '../../shared/format';

/** How the inventory writes its values, on screen and in the exports. */

/** `12 / 4`; a max of 0 has no limit (spec 001 §5); no record yet is a dash. */
export function maxMinText(row: { max: number | null; min: number | null; mmId: number | null }) {
  if (row.mmId === null || row.max === null || row.min === null) return '—';
  const max = row.max === 0 ? 'Sin límite' : formatNumber(row.max);
  return `${max} / ${formatNumber(row.min)}`;
}

/** The lots' values as the API joins them ('A1,B2'), one per item. */
export function splitList(value: string | null): string[] {
  return (value ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

/** Expiry dates as the API joins them (`2027-01-31,2027-06-30`) shown as `31-01-2027, 30-06-2027`. */
export function expiryText(value: string | null): string {
  return splitList(value)
    .map((date) => formatLocalDate(date) || date)
    .join(', ');
}
