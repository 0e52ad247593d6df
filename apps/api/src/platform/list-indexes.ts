import { Column, getTableName, is, sql, type SQLWrapper } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import type { Db } from '../db/client';

/**
 * The indexes every list needs, made from the lists themselves: each searchable column gets a
 * trigram index on its folded text (the search `f_unaccent(col) LIKE '%…%'` then stays on an
 * index however large the table grows: the log's pattern of 0007_log_search.sql), and each default
 * sort a b-tree index, so a first page reads a few rows instead of sorting the table. A list
 * declared with `listSpec` registers here; the API creates what is missing at start-up, so a new
 * list cannot ship without its indexes.
 */

interface ListColumns {
  searchable: Record<string, unknown>;
  sortable: Record<string, SQLWrapper>;
  defaultSort: string;
}

const registered: ListColumns[] = [];

export function registerListIndexes(spec: ListColumns): void {
  registered.push(spec);
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** A column's name in the database: the schema's keys become snake_case (`casing` of db/client). */
const columnName = (column: Column) => (column.keyAsName ? toSnakeCase(column.name) : column.name);

/** The CREATE INDEX statements of every registered list, one per column, by a stable name. */
export function listIndexStatements(specs: readonly ListColumns[] = registered): string[] {
  const statements = new Map<string, string>();
  const columnOf = (value: unknown) => (is(value, Column) ? (value as Column) : undefined);
  for (const spec of specs) {
    for (const value of Object.values(spec.searchable)) {
      const column = columnOf(value);
      if (!column) continue;
      const table = getTableName(column.table);
      const name = `${table}_${columnName(column)}_search_idx`;
      statements.set(
        name,
        `CREATE INDEX IF NOT EXISTS ${quote(name)} ON ${quote(table)} USING gin (f_unaccent(${quote(columnName(column))}::text) gin_trgm_ops)`,
      );
    }
    const sorted = columnOf(spec.sortable[spec.defaultSort]);
    if (sorted && columnName(sorted) !== 'id') {
      const table = getTableName(sorted.table);
      const name = `${table}_${columnName(sorted)}_sort_idx`;
      statements.set(
        name,
        `CREATE INDEX IF NOT EXISTS ${quote(name)} ON ${quote(table)} (${quote(columnName(sorted))}, "id")`,
      );
    }
  }
  return [...statements.values()];
}

/**
 * Creates the lists' missing indexes, under a lock so several API processes starting together
 * against one server do not race on the catalogue.
 */
export async function ensureListIndexes(db: Db): Promise<void> {
  const statements = listIndexStatements();
  if (statements.length === 0) return;
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(727002)`);
    for (const statement of statements) await tx.execute(sql.raw(statement));
  });
}
