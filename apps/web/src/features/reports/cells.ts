import { LOCALE } from '@clinica/domain';
import { formatMoney, formatNumber } from '../../shared/format';
import type { Cell, CellKind, FilterKind, FilterValues, ReportColumn, Row } from './types';

/**
 * A report's cells as text (the table) and the period in words (the header of the table and of
 * the Excel file). Money goes through the domain's one formatter (`formatMoney`), dates are shown
 * as the reports show them, `DD/MM/YYYY` (spec 002 §9).
 */

const dollarFormat = new Intl.NumberFormat(LOCALE, {
  style: 'currency',
  currency: 'USD',
  currencyDisplay: 'code',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const rateFormat = new Intl.NumberFormat(LOCALE, {
  minimumFractionDigits: 2,
  maximumFractionDigits: 4,
});
const percentFormat = new Intl.NumberFormat(LOCALE, {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

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

/** The twelve month names, capitalised, for the profitability's columns and chart. */
export const MONTH_TITLES = MONTHS.map((month) => month[0]!.toUpperCase() + month.slice(1));

/** `2026-11-21` → `21/11/2026`. */
export function reportDate(date: string | null | undefined): string {
  const match = date ? /^(\d{4})-(\d{2})-(\d{2})/.exec(date) : null;
  return match ? `${match[3]}/${match[2]}/${match[1]}` : '';
}

/** `2026-11` → `noviembre de 2026`. */
export function monthWords(month: string | null | undefined): string {
  const match = month ? /^(\d{4})-(\d{2})$/.exec(month) : null;
  return match ? `${MONTHS[Number(match[2]) - 1]} de ${match[1]}` : '';
}

export function cellText(kind: CellKind, value: Cell): string {
  if (value === null || value === '') return '—';
  if (typeof value === 'string') {
    if (kind === 'date') return reportDate(value);
    if (kind === 'month') return monthWords(value);
    return value;
  }
  switch (kind) {
    case 'money':
      return formatMoney(value);
    case 'dollars':
      return dollarFormat.format(value);
    case 'rate':
      return rateFormat.format(value);
    case 'percent':
      return `${percentFormat.format(value)} %`;
    default:
      return formatNumber(value);
  }
}

/** Whether a column's figures align right. */
export const numeric = (kind: CellKind) =>
  kind === 'money' ||
  kind === 'dollars' ||
  kind === 'count' ||
  kind === 'rate' ||
  kind === 'percent';

/** The row's value for the column. */
export function cellOf(column: ReportColumn, row: Row): Cell {
  if (column.value) return column.value(row);
  const value = row[column.key];
  return typeof value === 'number' || typeof value === 'string' ? value : null;
}

/** The `name` of a nested `{ id, name }` field (`branch`, `user`, `patient`…). */
export const nameOf =
  (key: string) =>
  (row: Row): Cell => {
    const value = row[key] as { name?: unknown } | null | undefined;
    return typeof value?.name === 'string' ? value.name : null;
  };

/** The period the filters ask for, in words: `noviembre de 2026`, `01/11/2026 al 30/11/2026`. */
export function periodText(filters: FilterKind[], values: FilterValues): string {
  if (filters.includes('month')) return monthWords(values.month);
  if (filters.includes('year')) return `Año ${values.year}`;
  if (filters.includes('monthRange')) {
    return values.startMonth === values.endMonth
      ? monthWords(values.endMonth)
      : `${monthWords(values.startMonth)} a ${monthWords(values.endMonth)}`;
  }
  if (filters.includes('dates')) {
    return `${reportDate(values.startDate)} al ${reportDate(values.endDate)}`;
  }
  return `Al ${reportDate(values.endDate)}`;
}

/** A totals row from the answer's `totals`: the first column says "Total", the rest their sum. */
export function totalsRow(
  columns: ReportColumn[],
  totals: Record<string, unknown> | null | undefined,
  label = 'Total',
): Record<string, Cell> {
  const row: Record<string, Cell> = {};
  columns.forEach((column, index) => {
    const value = totals?.[column.key];
    row[column.key] = index === 0 ? label : typeof value === 'number' ? value : null;
  });
  return row;
}
