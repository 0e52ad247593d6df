import { and, asc, count, desc, isNull, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgColumn, PgSelect, PgSelectBuilder, SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import {
  DEFAULT_TAKE,
  listSearch,
  type ListFields,
  type ListMeta,
  type ListQuery,
} from '@clinica/domain';
import type { Executor } from '../db/client';
import { databaseError, invalid } from './errors';
import { registerListIndexes } from './list-indexes';
import type { Session } from './session';
import { inScope } from './write';

/** What one resource's list allows: the sort whitelist, search fields, status and soft delete. */
export interface ListSpec {
  /** `field` values accepted for sorting, each mapped to its column or expression. */
  sortable: Record<string, SQLWrapper>;
  defaultSort: string;
  /**
   * Fields `search` may name; `defaultSearch` are searched when it names none. A field is a column,
   * or a `SearchMatcher` when the plain "column LIKE" is not how to find it.
   */
  searchable: Record<string, SQLWrapper | SearchMatcher>;
  defaultSearch: string[];
  /** A boolean expression that is true for active rows (`status=1`). */
  active?: SQLWrapper;
  /** The soft-delete column; deleted rows are hidden unless `withDeleted=true`. */
  deletedAt?: SQLWrapper;
  /** A unique column appended to the sort so pages never overlap. */
  tieBreaker: SQLWrapper;
  /** The branch column: declared, roles fixed to a branch see only its rows. */
  branch?: PgColumn;
  /**
   * For a table that grows without end (the log, stock movements, orders): the count stops at
   * this many rows and, past it, the planner's estimate stands in, so a first page never counts
   * millions of rows. `meta.itemCount` is then approximate.
   */
  countCap?: number;
  /**
   * Keyset paging: `after` (a page's `meta.nextCursor`) reads the rows past that page's last one
   * by the sort column and the tie-breaker, so a deep page costs what the first does. For sorts
   * on columns that are never null.
   */
  keyset?: boolean;
}

/**
 * A list's columns for the fields its route declares (`packages/domain` routes): the names are
 * the route table's, so the API sorts and searches by exactly what the contract documents.
 */
export function listSpec<S extends string, F extends string>(
  fields: ListFields<S, F>,
  columns: Omit<ListSpec, 'sortable' | 'searchable' | 'defaultSort' | 'defaultSearch'> & {
    sortable: Record<S, SQLWrapper>;
    searchable: Record<F, SQLWrapper | SearchMatcher>;
  },
): ListSpec {
  const spec = {
    ...columns,
    defaultSort: fields.defaultSort,
    defaultSearch: [...fields.defaultSearch],
  };
  registerListIndexes(spec);
  return spec;
}

/** A whitelist look-up that never reaches the prototype (`field=__proto__` is just unknown). */
const own = <T>(map: Record<string, T>, key: string): T | undefined =>
  Object.hasOwn(map, key) ? map[key] : undefined;

/**
 * A searchable field that gives its own condition for the searched text, where "column LIKE" is
 * not how to find it (e.g. ids looked up beforehand, so the main table's indexes serve the rest).
 */
export interface SearchMatcher {
  match: (value: string) => SQL;
  /**
   * The columns the matcher searches and filters by, so `platform/list-indexes.ts` gives each its
   * index: a trigram index per searched column, a b-tree index per key.
   */
  indexed?: { searched: PgColumn; key: PgColumn };
}

/**
 * A search field of another table joined to the list (a staff member's employee number in the
 * kardex, a branch appliance's model in the appliance): the ids of that table's matching rows are
 * read first through its own trigram index, into an array, so the list's table is filtered by
 * `key = ANY(ids)`. Its index answers that, and the list's other search fields still combine
 * (BitmapOr) instead of the join reading every row to test a condition spread over two tables.
 */
export function searchThrough(key: PgColumn, id: PgColumn, searched: PgColumn): SearchMatcher {
  return {
    indexed: { searched, key },
    match: (value) =>
      sql`${key} = ANY(ARRAY(SELECT ${id} FROM ${searched.table} WHERE ${searchLike(searched, value)}))`,
  };
}

/**
 * A search field whose folded text is stored (a generated column `f_unaccent(column)` with its
 * trigram index, for a table that grows without end: the log): compared as it is, so a recheck of
 * a candidate row reads the stored text instead of calling the PL/pgSQL fold again.
 */
export function searchFolded(
  folded: PgColumn,
  /** Whether the searched text could be in the column at all (no space in an e-mail): else no scan. */
  accepts: (value: string) => boolean = () => true,
): SearchMatcher {
  return {
    match: (value) =>
      accepts(value)
        ? sql`${folded} LIKE f_unaccent(${likePattern(value)}) ESCAPE '\\'`
        : sql`false`,
  };
}

/**
 * A search field that holds digits only (a phone, stored as its ten digits, with a trigram index
 * on the column): the searched text's digits, its mask dropped, so "(664) 555-01" finds
 * 6645550101. A text with letters cannot match it: `false`, which the planner drops from the
 * search's OR, so a name searched does not scan the phones' indexes too.
 */
export function searchDigits(column: PgColumn): SearchMatcher {
  return {
    match: (value) => {
      const digits = value.replace(/[\s()+.-]/g, '');
      return /^\d+$/.test(digits)
        ? sql`${column} LIKE ${likePattern(digits)} ESCAPE '\\'`
        : sql`false`;
    },
  };
}

const isMatcher = (field: SQLWrapper | SearchMatcher): field is SearchMatcher =>
  typeof (field as SearchMatcher).match === 'function';

export interface ListPlan {
  where: SQL | undefined;
  orderBy: SQL[];
  limit: number;
  offset: number;
  page: number;
  take: number;
  /** The sort column and tie-breaker, for a keyset cursor of the page's last row. */
  sortColumn: SQLWrapper;
  tieBreaker: SQLWrapper;
  /** A keyset page: read past a cursor, not by offset. */
  afterCursor: boolean;
  /** The query searches text (`search`), so the rows it finds may be few and anywhere. */
  searched: boolean;
}

/** A keyset cursor: the sort value and the id of a page's last row, as opaque text. */
export function encodeCursor(value: unknown, id: unknown): string {
  const plain = value instanceof Date ? value.toISOString() : value;
  return Buffer.from(JSON.stringify([plain, id])).toString('base64url');
}

const badCursor = () => invalid({ field: 'after', message: 'El cursor no es válido' });

function decodeCursor(cursor: string): [string | number | boolean, number | string] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badCursor();
  }
  if (
    !Array.isArray(parsed) ||
    parsed.length !== 2 ||
    !['string', 'number', 'boolean'].includes(typeof parsed[0]) ||
    // An id as the driver returns it: a number, or the digits of a bigint.
    !(
      Number.isSafeInteger(parsed[1]) ||
      (typeof parsed[1] === 'string' && /^\d{1,19}$/.test(parsed[1]))
    )
  ) {
    throw badCursor();
  }
  return parsed as [string | number | boolean, number | string];
}

/** Escapes LIKE wildcards so a search for "50%" finds "50%" and not everything. */
function likePattern(value: string): string {
  return `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The `search` parameter read: JSON `{ field?, value }` or a plain value (CONTRACT §3); undefined
 * when there is nothing to search. A malformed one is a 400.
 */
export function readSearch(raw: string | undefined): { field?: string; value: string } | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  let parsed: unknown = raw;
  try {
    parsed = JSON.parse(raw);
  } catch {
    // A plain value searches the default fields.
  }
  const search =
    typeof parsed === 'object' && parsed !== null
      ? listSearch.safeParse(parsed)
      : listSearch.safeParse({ value: String(parsed) });
  if (!search.success)
    throw invalid({ field: 'search', message: 'La búsqueda no tiene un formato válido' });
  const value = search.data.value.trim();
  if (value === '') return undefined;
  return { field: search.data.field || undefined, value };
}

/** `column` contains `value`, ignoring case and accents (LIKE wildcards in it taken literally). */
export function searchLike(column: SQLWrapper, value: string): SQL {
  return sql`f_unaccent(${column}::text) LIKE f_unaccent(${likePattern(value)}) ESCAPE '\\'`;
}

function parseSearch(spec: ListSpec, raw: string | undefined): SQL | undefined {
  const search = readSearch(raw);
  if (!search) return undefined;
  const fields = search.field ? [search.field] : spec.defaultSearch;
  return or(
    ...fields.map((name) => {
      const field = own(spec.searchable, name);
      if (!field)
        throw invalid({ field: 'search', message: `No se puede buscar por el campo ${name}` });
      return isMatcher(field) ? field.match(search.value) : searchLike(field, search.value);
    }),
  );
}

/**
 * Turns the list query of CONTRACT §3 into SQL pieces: paging (take capped at 100), whitelisted
 * sort, accent- and case-insensitive search, status and soft-delete filters, plus the resource's
 * own `conditions` (its filters and the branch scope).
 */
export function planList(
  spec: ListSpec,
  query: ListQuery,
  ...conditions: (SQL | undefined)[]
): ListPlan {
  const take = query.take ?? query.limit ?? DEFAULT_TAKE;
  const sortField = query.field ?? spec.defaultSort;
  const sortColumn = own(spec.sortable, sortField);
  if (!sortColumn) {
    throw invalid({
      field: 'field',
      message: `No se puede ordenar por ${sortField}; campos permitidos: ${Object.keys(spec.sortable).join(', ')}`,
    });
  }
  const direction = query.order === 'ASC' ? asc : desc;
  const search = parseSearch(spec, query.search);
  const filters: (SQL | undefined)[] = [...conditions, search];
  const status =
    query.status ?? (query.active === 'true' ? '1' : query.active === 'false' ? '0' : query.active);
  if (spec.active && status === '1') filters.push(sql`${spec.active}`);
  if (spec.active && status === '0') filters.push(sql`NOT (${spec.active})`);
  if (spec.deletedAt && !query.withDeleted) filters.push(isNull(spec.deletedAt as never));
  const afterCursor = query.after !== undefined;
  if (afterCursor) {
    if (!spec.keyset)
      throw invalid({ field: 'after', message: 'Este listado se pagina con page, no con after' });
    const [value, id] = decodeCursor(query.after!);
    filters.push(
      query.order === 'ASC'
        ? sql`(${sortColumn}, ${spec.tieBreaker}) > (${value}, ${id})`
        : sql`(${sortColumn}, ${spec.tieBreaker}) < (${value}, ${id})`,
    );
  }
  return {
    where: and(...filters),
    orderBy: [direction(sortColumn), direction(spec.tieBreaker)],
    limit: take,
    offset: afterCursor ? 0 : (query.page - 1) * take,
    page: query.page,
    take,
    sortColumn,
    tieBreaker: spec.tieBreaker,
    afterCursor,
    searched: search !== undefined,
  };
}

export function listMeta(plan: Pick<ListPlan, 'page' | 'take'>, itemCount: number): ListMeta {
  const pageCount = Math.ceil(itemCount / plan.take);
  return {
    page: plan.page,
    take: plan.take,
    itemCount,
    pageCount,
    hasPreviousPage: plan.page > 1,
    hasNextPage: plan.page < pageCount,
  };
}

/**
 * Runs a planned list: the page of rows and the total, answered as `{ items, meta }`. A page that
 * is not full is the last one, so the total follows from it and the count query is skipped: a
 * search that fits on one page (the usual one) reads the table once instead of twice.
 */
export async function runList<T>(
  plan: ListPlan,
  queries: {
    rows: (plan: ListPlan) => Promise<T[]>;
    count: (where: SQL | undefined) => Promise<number>;
  },
): Promise<{ items: T[]; meta: ListMeta }> {
  const items = await queries.rows(plan);
  // A keyset page's rows say nothing of the rows before it: only an offset page's do.
  const lastPage = !plan.afterCursor && items.length > 0 && items.length < plan.take;
  const itemCount = lastPage ? plan.offset + items.length : await queries.count(plan.where);
  return { items, meta: listMeta(plan, itemCount) };
}

/**
 * `from`/`to` filters on an instant column, as whole days of the branch's time zone (`to`
 * includes its day).
 */
export function withinDays(
  column: SQLWrapper,
  from: string | undefined,
  to: string | undefined,
  zone: string,
): SQL[] {
  const conditions: SQL[] = [];
  if (from) conditions.push(sql`${column} >= (${from}::date::timestamp AT TIME ZONE ${zone})`);
  if (to) conditions.push(sql`${column} < ((${to}::date + 1)::timestamp AT TIME ZONE ${zone})`);
  return conditions;
}

/**
 * The FROM (and joins) of a list, applied to a select: the page's rows and its count are read
 * from the same one, written once.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type FromClause = (select: PgSelectBuilder<any, 'db'>) => PgSelect;

/**
 * One list page of a resource: the caller's branch scope (when the spec declares a branch
 * column), the list query of CONTRACT §3 and the resource's own filters, answered as
 * `{ items, meta }` with rows and count read through one FROM.
 *
 * The page and its count travel in one statement: the count is a scalar subquery of the page's
 * SELECT (capped for a `countCap` table), or a window count when the page is sorted from its
 * matches (they are all read then anyway), so a list costs the session check and one round trip,
 * not two. Only an empty page past the first, which carries no count, asks for it apart.
 *
 * A text search sorts its matches (`unindexed` order): its trigram indexes find them wherever
 * they are, where walking the sort's index would test the search, a PL/pgSQL fold per row, on row
 * after row until fifteen match (the staff searched for a first name: 12 ms for 519 rows; sorted
 * from its 35 matches: 0.5 ms).
 *
 * A `countCap` table asks the planner first how many rows match (`estimatedRows`, kept a few
 * seconds). Many (past the cap): the estimate is the count, and the page walks the sort's index,
 * where matches are dense. Few: they are counted exactly, and the page is sorted from them
 * (`unindexed` order) instead of walking the sort's index backwards through millions of rows in
 * search of fifteen, the plan PostgreSQL picks for a LIMIT when it assumes matches are spread
 * evenly (the log searched for one user's entries: 2 s; sorted from its 2,400 matches: 30 ms).
 */
export async function listPage<F extends SelectedFields, Row = SelectResultFields<F>>(
  ctx: { db: Executor; session: Session },
  spec: ListSpec,
  query: ListQuery,
  source: { columns: F; from: FromClause; filters?: (SQL | undefined)[] },
): Promise<{ items: Row[]; meta: ListMeta }> {
  const plan = planList(spec, query, inScope(ctx.session, spec.branch), ...(source.filters ?? []));
  const cap = spec.countCap;
  // A cursor whose value the column cannot hold fails here first: the same 400 as in readPage.
  const estimate =
    cap === undefined
      ? undefined
      : ((await readPage(
          estimatedRows(ctx.db, source.from, plan.where),
          plan.afterCursor,
        )) as number);
  const many = cap !== undefined && estimate! > cap;
  // Few matches, or a text search (its trigram indexes find the matches wherever they are): the
  // page is sorted from the matches, never found by testing row after row along the sort's index.
  const sortMatches = cap === undefined ? plan.searched : !many;
  // Sorted from its matches, the page reads every match anyway: they are counted in that same
  // pass (a window count), not found again by a count subquery (a customer's full name searched:
  // two trigram scans of 300,000 names, 19 ms, for one).
  const total = many
    ? undefined
    : sortMatches
      ? sql`count(*) OVER ()`
      : cap === undefined
        ? sql`(${source
            .from(ctx.db.select({ total: count() }))
            .where(plan.where)
            .getSQL()})`
        : sql`(SELECT count(*) FROM (${cappedSelect(ctx.db, source.from, plan.where, cap).getSQL()}) AS capped)`;
  // A keyset list also reads each row's sort value and id, for the cursor of the page's last row.
  const columns = {
    ...source.columns,
    ...(total ? { [TOTAL]: total.mapWith(Number) } : {}),
    ...(spec.keyset
      ? { [CURSOR_VALUE]: sql`${plan.sortColumn}`, [CURSOR_ID]: sql`${plan.tieBreaker}` }
      : {}),
  };
  const rows = (await readPage(
    source
      .from(ctx.db.select(columns))
      .where(plan.where)
      .orderBy(...(sortMatches ? unindexed(query, plan) : plan.orderBy))
      .limit(literal(plan.limit))
      .offset(plan.offset),
    plan.afterCursor,
  )) as Record<string, unknown>[];

  let itemCount: number;
  if (many) itemCount = estimate!;
  else if (rows.length > 0) itemCount = rows[0]![TOTAL] as number;
  else if (plan.offset === 0 && !plan.afterCursor) itemCount = 0;
  else
    itemCount =
      cap === undefined
        ? await exactCount(ctx.db, source.from, plan.where)
        : await cappedCount(ctx.db, source.from, plan.where, cap);
  // Past the cap the count stopped: the planner's estimate stands in (a window count is exact).
  const counted = sortMatches && rows.length > 0;
  if (cap !== undefined && itemCount > cap && !counted) itemCount = Math.max(cap + 1, estimate!);

  const last = rows.at(-1);
  const cursor =
    spec.keyset && last && rows.length === plan.limit
      ? encodeCursor(last[CURSOR_VALUE], last[CURSOR_ID])
      : null;
  for (const row of rows) {
    delete row[TOTAL];
    delete row[CURSOR_VALUE];
    delete row[CURSOR_ID];
  }
  const page = { items: rows as Row[], meta: listMeta(plan, itemCount) };
  return spec.keyset ? { ...page, meta: { ...page.meta, nextCursor: cursor } } : page;
}

const TOTAL = '__total';

/**
 * A page size written into the SQL rather than sent as a parameter. With `LIMIT $1` PostgreSQL
 * costs the generic plan of a prepared statement as if the limit could be anything, so it never
 * adopts it and plans every execution afresh: the log's eight-table join, 10–200 ms of planning
 * per request on a busy server for under 2 ms of execution. A literal limit (at most 100 distinct
 * values) lets the statement keep one generic plan. Typed as a number: Drizzle writes an SQL
 * object given to `limit` as it is.
 */
const literal = (rows: number) => sql.raw(String(Math.trunc(rows))) as unknown as number;
/**
 * The plan's order through expressions no index matches (`COALESCE(col, col)` sorts as `col`
 * does, nulls included), so PostgreSQL reads the matching rows through the search's indexes and
 * sorts them rather than walking the sort column's index.
 */
export function unindexed(query: ListQuery, plan: ListPlan): SQL[] {
  const direction = query.order === 'ASC' ? asc : desc;
  return [
    direction(sql`COALESCE(${plan.sortColumn}, ${plan.sortColumn})`),
    direction(sql`COALESCE(${plan.tieBreaker}, ${plan.tieBreaker})`),
  ];
}

const CURSOR_VALUE = '__cursorValue';
const CURSOR_ID = '__cursorId';

/** A cursor's value the column cannot hold (a word for a date) is the cursor's fault: a 400. */
async function readPage(query: PromiseLike<unknown>, afterCursor: boolean): Promise<unknown> {
  try {
    return await query;
  } catch (error) {
    if (afterCursor && databaseError(error).code?.startsWith('22')) throw badCursor();
    throw error;
  }
}

async function exactCount(db: Executor, from: FromClause, where: SQL | undefined) {
  const [row] = (await from(db.select({ total: count() })).where(where)) as { total: number }[];
  return Number(row?.total ?? 0);
}

/** The rows a capped count reads: at most `cap` + 1 of the matching ones. */
const cappedSelect = (db: Executor, from: FromClause, where: SQL | undefined, cap: number) =>
  from(db.select({ one: sql`1` }))
    .where(where)
    .limit(literal(cap + 1));

/** Counts up to `cap` + 1 rows (past the cap, `estimatedRows` says how many). */
async function cappedCount(db: Executor, from: FromClause, where: SQL | undefined, cap: number) {
  const [row] = await db
    .select({ total: count() })
    .from(cappedSelect(db, from, where, cap).as('capped'));
  return Number(row?.total ?? 0);
}

/**
 * The planner's estimate of the matching rows. An estimate of millions of rows does not change
 * from one second to the next, so each query's is kept for ten seconds: the log's first page read
 * fifty times a second plans its EXPLAIN once.
 */
async function estimatedRows(db: Executor, from: FromClause, where: SQL | undefined) {
  const matching = from(db.select({ one: sql`1` })).where(where);
  const { sql: text, params } = matching.toSQL();
  const key = `${text}\u0000${JSON.stringify(params)}`;
  const now = Date.now();
  const known = estimates.get(key);
  if (known && known.until > now) return known.rows;
  const explained = (await db.execute(sql`EXPLAIN (FORMAT JSON) ${matching.getSQL()}`)) as unknown;
  const rows = planRows(explained);
  if (estimates.size >= 1000) estimates.clear();
  estimates.set(key, { rows, until: now + 10_000 });
  return rows;
}
const estimates = new Map<string, { rows: number; until: number }>();

/** The top plan's row estimate from `EXPLAIN (FORMAT JSON)`, as either driver returns it. */
function planRows(result: unknown): number {
  const rows = Array.isArray(result) ? result : ((result as { rows?: unknown[] }).rows ?? []);
  const first = rows[0] as Record<string, unknown> | undefined;
  const plan = first ? Object.values(first)[0] : undefined;
  const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as
    { Plan?: { 'Plan Rows'?: number } }[] | undefined;
  return Math.round(parsed?.[0]?.Plan?.['Plan Rows'] ?? 0);
}
