import { Column, SQL, getTableName, is, sql, type SQLWrapper, type Table } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import { PgDialect } from 'drizzle-orm/pg-core';
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

const dialect = new PgDialect({ casing: 'snake_case' });

/**
 * A searchable expression over one table's columns (a full name, `concat_ws(' ', name, …)`) as
 * the text of an index expression, with its table; undefined when it names several tables or
 * carries values (an index can hold neither).
 */
function expressionOf(value: SQL): { table: Table; text: string } | undefined {
  const tables = new Set<Table>();
  let plain = true;
  const walk = (chunk: unknown) => {
    if (is(chunk, Column)) tables.add((chunk as Column).table);
    else if (is(chunk, SQL)) (chunk as SQL).queryChunks.forEach(walk);
    else if (
      typeof chunk === 'object' &&
      chunk !== null &&
      !('value' in chunk && Array.isArray((chunk as { value: unknown }).value))
    )
      plain = false;
  };
  value.queryChunks.forEach(walk);
  const [table] = tables;
  if (!plain || tables.size !== 1 || !table) return undefined;
  const query = dialect.sqlToQuery(value);
  return query.params.length === 0 ? { table, text: query.sql } : undefined;
}

/** The CREATE INDEX statements of every registered list, one per column, by a stable name. */
export function listIndexStatements(specs: readonly ListColumns[] = registered): string[] {
  const statements = new Map<string, string>();
  const columnOf = (value: unknown) => (is(value, Column) ? (value as Column) : undefined);
  for (const spec of specs) {
    for (const [field, value] of Object.entries(spec.searchable)) {
      const through = (value as { indexed?: { searched: Column; key: Column } }).indexed;
      if (through) {
        const table = getTableName(through.key.table);
        const name = `${table}_${columnName(through.key)}_idx`;
        if (columnName(through.key) !== 'id')
          statements.set(
            name,
            `CREATE INDEX IF NOT EXISTS ${quote(name)} ON ${quote(table)} (${quote(columnName(through.key))})`,
          );
      }
      const column = columnOf(value) ?? through?.searched;
      const expression = !column && is(value, SQL) ? expressionOf(value as SQL) : undefined;
      if (expression) {
        const table = getTableName(expression.table);
        const name = `${table}_${toSnakeCase(field)}_search_idx`;
        statements.set(
          name,
          `CREATE INDEX IF NOT EXISTS ${quote(name)} ON ${quote(table)} USING gin (f_unaccent((${expression.text})::text) gin_trgm_ops)`,
        );
      }
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
