import { Column, is, sql, SQL, type SQLWrapper } from 'drizzle-orm';

/**
 * A record's related rows read in the same statement as the record: a correlated sub-select that
 * folds them into one JSON value. A list page with its providers, categories and photos is then
 * one round trip instead of one per relation; the sub-selects run for the page's rows only
 * (PostgreSQL evaluates costly output columns after the sort and the LIMIT).
 */

/** The fields of one related row: a column or expression per key, or a nested object. */
export interface JsonShape {
  [key: string]: Column | SQL | JsonShape;
}

/** Keys are written into the SQL (so a prepared statement's text is all there is): code only. */
function key(name: string): SQL {
  if (!/^[A-Za-z_]\w*$/.test(name)) throw new Error(`json key ${name} is not an identifier`);
  return sql.raw(`'${name}'`);
}

/** `json_build_object('id', col, 'name', col, …)` of a shape, nested objects included. */
export function jsonObject(shape: JsonShape): SQL {
  const pairs = Object.entries(shape).map(([name, value]) => {
    const expression = is(value, Column) || is(value, SQL) ? value : jsonObject(value);
    return sql`${key(name)}, ${expression}`;
  });
  return sql`json_build_object(${sql.join(pairs, sql`, `)})`;
}

/**
 * The related rows as a JSON array in `orderBy` order, `[]` when there are none. `from` is the
 * sub-select's FROM and WHERE, correlated to the outer row (`… WHERE owner_id = ${table.id}`).
 */
export function jsonRows<T>(shape: JsonShape, from: SQL, orderBy: SQLWrapper[]): SQL<T[]> {
  return sql<
    T[]
  >`(SELECT coalesce(json_agg(${jsonObject(shape)} ORDER BY ${sql.join(orderBy, sql`, `)}), '[]'::json) ${from})`;
}

/** The first related row in `orderBy` order as a JSON object, or null. */
export function jsonFirst<T>(shape: JsonShape, from: SQL, orderBy: SQLWrapper[]): SQL<T | null> {
  return sql<T | null>`(SELECT ${jsonObject(shape)} ${from} ORDER BY ${sql.join(orderBy, sql`, `)} LIMIT 1)`;
}
