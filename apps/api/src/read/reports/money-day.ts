import { sql, type SQL } from 'drizzle-orm';
import { DAY_MONEY_COLUMNS, type DayMoneyCents } from '@clinica/domain';

/**
 * Reading the money of branch-days (CONTRACT §14) from the read model `branch_day_money`: its
 * columns as SQL, a row's cents, and the rate a day shows (`exchageRate`).
 */

const snake = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/** `sum(m.mxn_tx) AS mxn_tx, …` or `m.mxn_tx, …` over an alias of the table. */
export function moneyColumns(alias: string, summed: boolean): SQL {
  return sql.raw(
    DAY_MONEY_COLUMNS.map((column) => {
      const name = snake(column);
      return summed
        ? `sum(${alias}.${name}) AS ${name}`
        : `coalesce(${alias}.${name}, 0) AS ${name}`;
    }).join(', '),
  );
}

/** A row's cents (bigint sums come back as strings; a missing branch-day is zero). */
export function centsOf(row: Record<string, unknown>): DayMoneyCents {
  return Object.fromEntries(
    DAY_MONEY_COLUMNS.map((column) => [column, Number(row[snake(column)] ?? 0)]),
  ) as DayMoneyCents;
}

/**
 * The rate a branch-day shows: its closing's when closed, else the one in force at the end of the
 * day in the branch's zone (now, for today), the oldest when none was in force yet. `closingRate`,
 * `day` and `zone` are SQL of the enclosing row.
 */
export function dayRate(closingRate: SQL, day: SQL, zone: SQL, now: Date): SQL {
  const end = sql`least(((${day})::date + 1)::timestamp AT TIME ZONE ${zone}, ${now.toISOString()}::timestamptz)`;
  return sql`coalesce(${closingRate},
    (SELECT r.exchange_rate FROM exchange_rate_history r WHERE r.effective_from <= ${end}
      ORDER BY r.effective_from DESC, r.id DESC LIMIT 1),
    (SELECT r.exchange_rate FROM exchange_rate_history r ORDER BY r.effective_from, r.id LIMIT 1))`;
}

/** The first day of a `YYYY-MM` month and of the next. */
export function monthBounds(month: string): { from: string; to: string } {
  const [year, number] = month.split('-').map(Number) as [number, number];
  const next =
    number === 12
      ? `${yearAfter(year)}-01`
      : `${month.slice(0, 4)}-${String(number + 1).padStart(2, '0')}`;
  return { from: `${month}-01`, to: `${next}-01` };
}

/** A checked `YYYY-MM-DD` written into the SQL (see `dayLiteral` of the commissions). */
export function literalDay(day: string): SQL {
  // Five digits: the day after 9999-12-31 bounds the last year a report may ask for.
  if (!/^\d{4,5}-\d{2}-\d{2}$/.test(day)) throw new Error('Día no válido');
  return sql.raw(`'${day}'::date`);
}

/** The year after a `YYYY` (or its number), four digits at least: `0099` → `0100`. */
export const yearAfter = (year: string | number) => String(Number(year) + 1).padStart(4, '0');
