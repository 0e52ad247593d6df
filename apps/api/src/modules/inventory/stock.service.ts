import { and, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  DEFAULT_TIME_ZONE,
  EXPIRY_DANGER_DAYS,
  NotFound,
  PRODUCT_TYPES,
  daysBetween,
  lotColor,
  stockRoutes,
  type RoleKey,
  type StockCause,
  type StockMovementRecord,
  type StockRow,
  type stockChoice,
  type stockMovementQuery,
  type stockQuery,
  type stockDetail,
  type stockReportRow,
  localDay,
} from '@clinica/domain';
import { queryRows, type Executor } from '../../db/client';
import {
  branch,
  maxMin,
  product,
  productType,
  stock,
  stockMovement,
  stockSummary,
  treatment,
  treatmentProduct,
  user,
} from '../../db/schema';
import type { Context } from '../../platform/context';
import { notFound } from '../../platform/errors';
import {
  listPage,
  listSpec,
  planList,
  runList,
  withinDays,
  unindexed,
  type FromClause,
} from '../../platform/list';
import type { Session } from '../../platform/session';
import { branchForWrite, inScope } from '../../platform/write';

/**
 * The stock screens' reads (CONTRACT §9): the inventory list (one row per branch and product over
 * its live lots), the ledger's movements, a product's detail at a branch, and the lots to choose
 * from in a form. Every answer goes through `priced`, so the roles that must not see prices
 * (spec 001 §6) never receive them, whatever the screen asks.
 */

/** The roles the API never answers a price to (spec 001 §6, CONTRACT §9). */
export const ROLES_WITHOUT_PRICES: readonly RoleKey[] = ['branchManager', 'franchisee'];

/** Whether the caller may see prices: the one place this is decided. */
export const seesPrices = (session: Pick<Session, 'roleKey'>) =>
  !ROLES_WITHOUT_PRICES.includes(session.roleKey);

/** The row as the caller may see it: without `unitPrice` for the roles that see no prices. */
export function priced<T extends { unitPrice?: number }>(
  session: Pick<Session, 'roleKey'>,
  row: T,
) {
  if (seesPrices(session)) return row;
  const { unitPrice: _unitPrice, ...rest } = row;
  return rest as T;
}

/** The product types that are used up in the clinic, not sold: they are valued at cost. */
const UNSOLD_TYPES = PRODUCT_TYPES.filter((type) => type === 'Uso Cabina' || type === 'Insumo');
const unsoldList = sql.join(
  UNSOLD_TYPES.map((type) => sql`${type}`),
  sql`, `,
);

/** A product's unit price: its sale price, or its cost for the types that are not sold. */
const unitPriceExpr = sql`CASE WHEN ${productType.name} IN (${unsoldList}) THEN ${product.cost}
  ELSE coalesce(${product.salePrice}, ${product.cost}) END`;

/** The branch's local day at `now` (CONTRACT §8: "today" is read in the branch's zone). */
const branchToday = (now: Date) =>
  sql`(${now.toISOString()}::timestamptz AT TIME ZONE ${branch.zone})::date`;

const number = (value: unknown) => (value === null || value === undefined ? null : Number(value));

// ---------------------------------------------------------------------------------------------
// GET /stock: one row per branch and product.

/**
 * One row per branch and product from `stock_summary` (`g`): the units, the soonest expiry of a
 * lot with units and the first lot's id, kept by the database from the live lots at every commit
 * that moves them (migration `stock_summary`), so the list reads rows instead of grouping 85,000
 * lots on every page (the administrator's all-branch view: 126 ms grouped). The lot codes and
 * expiries of a page's rows are a sub-select of those rows alone (`lotsExpr`).
 */
const g = stockSummary;

/** The summary's joins a row needs: its product, type, branch and max/min. */
const groupedLots = sql`${g}
JOIN ${product} ON ${product.id} = ${g.productId}
JOIN ${productType} ON ${productType.id} = ${product.productTypeId}
JOIN ${branch} ON ${branch.id} = ${g.branchId}
LEFT JOIN ${maxMin} ON ${maxMin.branchId} = ${g.branchId} AND ${maxMin.productId} = ${g.productId}
  AND ${maxMin.deletedAt} IS NULL`;

/**
 * What counting the rows needs to join: the summary alone when nothing filters by the product
 * (each summary row has its product, type and branch, and at most one live max/min), the product
 * when a filter or the search reads it, the branch and max/min for the colour. A table left out
 * fails loudly (the count is its own statement), never silently miscounts.
 */
function countedFrom(query: StockQuery, searched: boolean): SQL {
  const byProduct =
    searched ||
    query.productTypeId !== undefined ||
    query.status !== undefined ||
    query.active !== undefined;
  const byColor = query.color !== undefined;
  return sql.join(
    [
      sql`${g}`,
      byProduct ? sql`JOIN ${product} ON ${product.id} = ${g.productId}` : undefined,
      byColor
        ? sql`JOIN ${branch} ON ${branch.id} = ${g.branchId}
      LEFT JOIN ${maxMin} ON ${maxMin.branchId} = ${g.branchId} AND ${maxMin.productId} = ${g.productId}
        AND ${maxMin.deletedAt} IS NULL`
        : undefined,
    ].filter((part): part is SQL => part !== undefined),
    sql` `,
  );
}

/** A product's categories, by name. */
const categoryExpr = sql`(SELECT string_agg(c.name, ', ' ORDER BY c.name)
  FROM product_category pc JOIN category c ON c.id = pc.category_id
  WHERE pc.product_id = ${g.productId})`;

/** The row's live lots, soonest expiry first, as JSON: read for the page's rows only. */
const lotsExpr = sql`(SELECT json_agg(json_build_object('id', s.id, 'allotment', s.allotment,
    'expires_in', s.expires_in::text, 'quantity', s.quantity)
    ORDER BY s.expires_in ASC NULLS LAST, s.id)
  FROM stock s
  WHERE s.branch_id = ${g.branchId} AND s.product_id = ${g.productId} AND s.deleted_at IS NULL)`;

/**
 * A row's colour, the rule of `stockColor` (inventory-rules.ts) in SQL so `color` filters before
 * paging: no units, none; a lot with units expired or expiring within 30 days of the branch's
 * today, danger; above max (max 0: no limit) or below min, volcano.
 */
const colorExpr = (now: Date) => sql`CASE
  WHEN ${g.quantity} = 0 THEN NULL
  WHEN ${g.soonest} IS NOT NULL AND ${g.soonest} - ${branchToday(now)} < ${EXPIRY_DANGER_DAYS}::int THEN 'danger'
  WHEN ${maxMin.max} > 0 AND ${g.quantity} > ${maxMin.max} THEN 'volcano'
  WHEN ${g.quantity} < ${maxMin.min} THEN 'volcano'
  END`;

const stockSpec = listSpec(stockRoutes.list.list, {
  sortable: {
    product: product.name,
    sku: product.sku,
    branch: branch.name,
    quantity: g.quantity,
    expiresIn: g.soonest,
    category: categoryExpr,
  },
  searchable: { sku: product.sku, product: product.name },
  active: product.status,
  // One row per branch and product, and a lot belongs to one: the row's first lot is unique.
  tieBreaker: g.firstId,
  branch: g.branchId,
});

type StockQuery = z.output<typeof stockQuery>;

interface StockSqlRow {
  product_id: number;
  branch_id: number;
  sku: string;
  product: string;
  category: string | null;
  product_type: string;
  branch: string;
  distribution_center: boolean;
  quantity: number;
  max: number | null;
  min: number | null;
  mm_id: number | null;
  color: 'danger' | 'volcano' | null;
  status: boolean;
  unit_price: string | number;
  lots: LiveLot[] | null;
}

/**
 * `GET /stock` (CONTRACT §9): one statement a page (its lots included), and the count apart. A
 * search sorts its matches (found through the product's trigram indexes) rather than walking the
 * product-name index testing the fold on every product (107 ms for `TRANX`).
 */
export async function listStock(ctx: Context, query: StockQuery) {
  const now = ctx.clock.now();
  const filters: (SQL | undefined)[] = [
    query.branchId !== undefined ? eq(g.branchId, query.branchId) : undefined,
    query.productId !== undefined ? eq(g.productId, query.productId) : undefined,
    query.productTypeId !== undefined ? eq(product.productTypeId, query.productTypeId) : undefined,
    query.categoryId !== undefined
      ? sql`EXISTS (SELECT 1 FROM product_category pc WHERE pc.product_id = ${g.productId} AND pc.category_id = ${query.categoryId})`
      : undefined,
    query.color !== undefined ? sql`(${colorExpr(now)}) = ${query.color}` : undefined,
  ];
  const plan = planList(stockSpec, query, inScope(ctx.session, stockSpec.branch), ...filters);
  const where = plan.where ? sql`WHERE ${plan.where}` : sql``;
  const page = await runList(plan, {
    rows: async ({ orderBy, limit, offset }) => {
      const rows = await queryRows<StockSqlRow>(
        ctx.db,
        sql`SELECT ${g.productId} AS product_id, ${g.branchId} AS branch_id, ${product.sku} AS sku,
          ${product.name} AS product, ${categoryExpr} AS category,
          ${productType.name} AS product_type, ${branch.name} AS branch,
          ${branch.distributionCenter} AS distribution_center, ${g.quantity} AS quantity,
          ${maxMin.max} AS max, ${maxMin.min} AS min, ${maxMin.id} AS mm_id,
          ${colorExpr(now)} AS color, ${product.status} AS status, ${unitPriceExpr} AS unit_price,
          ${lotsExpr} AS lots
        FROM ${groupedLots} ${where}
        ORDER BY ${sql.join(plan.searched ? unindexed(query, plan) : orderBy, sql`, `)}
        LIMIT ${limit} OFFSET ${offset}`,
      );
      return rows.map((row) => priced(ctx.session, stockRowOf(row, row.lots ?? [])));
    },
    count: async () => {
      const [row] = await queryRows<{ total: number | string }>(
        ctx.db,
        sql`SELECT count(*) AS total FROM ${countedFrom(query, plan.searched)} ${where}`,
      );
      return Number(row?.total ?? 0);
    },
  });
  return page;
}

interface LiveLot {
  id: number;
  allotment: string;
  expires_in: string | null;
  quantity: number;
}

/**
 * A row as CONTRACT §9 answers it: the lots with units (all of them when none has), their codes
 * and expiries joined with commas soonest first, and the lot expiring first as its `stockId`.
 */
function stockRowOf(row: StockSqlRow, lots: LiveLot[]): StockRow {
  const withUnits = lots.filter((lot) => Number(lot.quantity) > 0);
  const shown = withUnits.length > 0 ? withUnits : lots;
  const expiries = shown.flatMap((lot) => (lot.expires_in ? [lot.expires_in] : []));
  return {
    id: `${row.branch_id}-${row.product_id}`,
    stockId: Number(shown[0]?.id ?? 0),
    productId: Number(row.product_id),
    branchId: Number(row.branch_id),
    sku: row.sku,
    product: row.product,
    category: row.category,
    productType: row.product_type,
    branch: row.branch,
    distribution_center: row.distribution_center,
    allotment: shown.map((lot) => lot.allotment).join(','),
    expiresIn: expiries.length > 0 ? expiries.join(',') : null,
    quantity: Number(row.quantity),
    max: number(row.max),
    min: number(row.min),
    mmId: number(row.mm_id),
    color: row.color,
    status: row.status,
    unitPrice: Number(row.unit_price),
  };
}

// ---------------------------------------------------------------------------------------------
// GET /stock/movements: the ledger.

export const movementColumns = {
  id: stockMovement.id,
  stockId: stockMovement.stockId,
  productId: stockMovement.productId,
  branchId: stockMovement.branchId,
  allotment: stock.allotment,
  product: product.name,
  branch: branch.name,
  quantity: stockMovement.quantity,
  balance: stockMovement.balance,
  cause: stockMovement.cause,
  documentType: stockMovement.documentType,
  documentId: stockMovement.documentId,
  documentNumber: stockMovement.documentNumber,
  user: { id: user.id, name: user.name, lastName: user.lastName },
  createdAt: stockMovement.createdAt,
};

export const movementFrom: FromClause = (select) =>
  select
    .from(stockMovement)
    .innerJoin(stock, eq(stock.id, stockMovement.stockId))
    .innerJoin(product, eq(product.id, stockMovement.productId))
    .innerJoin(branch, eq(branch.id, stockMovement.branchId))
    .leftJoin(user, eq(user.id, stockMovement.userId))
    .$dynamic();

/**
 * The ledger grows without end: the count stops at 10,000 and it pages by keyset on
 * (created_at, id) as well as by page; a lot's movements read `stock_movement_stock_idx`.
 */
const movementSpec = listSpec(stockRoutes.movements.list, {
  sortable: {
    created_at: stockMovement.createdAt,
    quantity: stockMovement.quantity,
    cause: stockMovement.cause,
  },
  searchable: { documentNumber: stockMovement.documentNumber, allotment: stock.allotment },
  tieBreaker: stockMovement.id,
  branch: stockMovement.branchId,
  countCap: 10_000,
  keyset: true,
});

export type MovementRow = Omit<StockMovementRecord, 'created_at' | 'cause'> & {
  cause: string;
  createdAt: Date;
};
export const movementOf = ({ createdAt, ...row }: MovementRow): StockMovementRecord => ({
  ...row,
  id: Number(row.id),
  cause: row.cause as StockCause,
  created_at: createdAt.toISOString(),
});

type MovementQuery = z.output<typeof stockMovementQuery>;

/** `GET /stock/movements` (CONTRACT §9), newest first unless asked otherwise. */
export async function listMovements(ctx: Context, query: MovementQuery) {
  const page = await listPage(ctx, movementSpec, query, {
    columns: movementColumns,
    from: movementFrom,
    filters: [
      query.stockId !== undefined ? eq(stockMovement.stockId, query.stockId) : undefined,
      query.productId !== undefined ? eq(stockMovement.productId, query.productId) : undefined,
      query.branchId !== undefined ? eq(stockMovement.branchId, query.branchId) : undefined,
      query.cause !== undefined ? eq(stockMovement.cause, query.cause) : undefined,
      ...withinDays(stockMovement.createdAt, query.startDate, query.endDate, DEFAULT_TIME_ZONE),
    ],
  });
  return { ...page, items: (page.items as MovementRow[]).map(movementOf) };
}

// ---------------------------------------------------------------------------------------------
// A branch the caller may read, and the detail of a product there.

/**
 * The branch a read is about: a role fixed to its branch reads its own (another is 404 code 6, as
 * if it did not exist); the others the one named, or their session's. Answers its name and zone.
 */
async function readableBranch(ctx: Context, requested: number | undefined) {
  const id = branchForWrite(ctx, requested);
  const [row] = await ctx.db
    .select({
      id: branch.id,
      name: branch.name,
      zone: branch.zone,
      distributionCenter: branch.distributionCenter,
    })
    .from(branch)
    .where(and(eq(branch.id, id), isNull(branch.deletedAt)));
  if (!row) throw notFound(NotFound.branch);
  return row;
}

async function readProduct(executor: Executor, id: number) {
  const [row] = await executor
    .select({
      id: product.id,
      sku: product.sku,
      name: product.name,
      unitPrice: sql<string>`${unitPriceExpr}`,
    })
    .from(product)
    .innerJoin(productType, eq(productType.id, product.productTypeId))
    .where(and(eq(product.id, id), isNull(product.deletedAt)));
  if (!row) throw notFound(NotFound.product);
  return row;
}

/** How many recent movements the detail shows. */
export const DETAIL_MOVEMENTS = 20;

/** `GET /stock/{branchId}/{productId}/details`: the lots with days left, and recent movements. */
export async function stockDetailOf(
  ctx: Context,
  params: { branchId: number; productId: number },
): Promise<z.input<typeof stockDetail>> {
  const at = await readableBranch(ctx, params.branchId);
  const item = await readProduct(ctx.db, params.productId);
  const today = localDay(ctx.clock.now(), at.zone);
  const lots = await ctx.db
    .select({
      stockId: stock.id,
      allotment: stock.allotment,
      expiresIn: stock.expiresIn,
      quantity: stock.quantity,
    })
    .from(stock)
    .where(
      and(
        eq(stock.branchId, at.id),
        eq(stock.productId, item.id),
        isNull(stock.deletedAt),
        sql`${stock.quantity} > 0`,
      ),
    )
    .orderBy(sql`${stock.expiresIn} ASC NULLS LAST`, stock.id);
  const [limits] = await ctx.db
    .select({ id: maxMin.id, max: maxMin.max, min: maxMin.min })
    .from(maxMin)
    .where(
      and(eq(maxMin.branchId, at.id), eq(maxMin.productId, item.id), isNull(maxMin.deletedAt)),
    );
  const movements = (await movementFrom(ctx.db.select(movementColumns))
    .where(and(eq(stockMovement.branchId, at.id), eq(stockMovement.productId, item.id)))
    .orderBy(desc(stockMovement.createdAt), desc(stockMovement.id))
    .limit(DETAIL_MOVEMENTS)) as unknown as MovementRow[];
  return priced(ctx.session, {
    productId: item.id,
    branchId: at.id,
    sku: item.sku,
    product: item.name,
    branch: at.name,
    distribution_center: at.distributionCenter,
    quantity: lots.reduce((sum, lot) => sum + lot.quantity, 0),
    max: limits?.max ?? null,
    min: limits?.min ?? null,
    mmId: limits?.id ?? null,
    unitPrice: Number(item.unitPrice),
    lots: lots.map((lot) => {
      const daysLeft = lot.expiresIn === null ? null : daysBetween(today, lot.expiresIn);
      return { ...lot, daysLeft, color: lotColor(daysLeft) };
    }),
    movements: movements.map(movementOf),
  });
}

// ---------------------------------------------------------------------------------------------
// The lots to choose from, and the report.

const choiceColumns = {
  stockId: stock.id,
  productId: stock.productId,
  branchId: stock.branchId,
  sku: product.sku,
  product: product.name,
  allotment: stock.allotment,
  expiresIn: stock.expiresIn,
  quantity: stock.quantity,
  unitPrice: sql<string>`${unitPriceExpr}`,
};

/** The live lots with units of a branch, product by product, soonest expiry first. */
export async function lotsWithUnitsAt(
  ctx: Context,
  branchId: number,
  ...conditions: (SQL | undefined)[]
) {
  const rows = await ctx.db
    .select(choiceColumns)
    .from(stock)
    .innerJoin(product, eq(product.id, stock.productId))
    .innerJoin(productType, eq(productType.id, product.productTypeId))
    .where(
      and(
        eq(stock.branchId, branchId),
        isNull(stock.deletedAt),
        sql`${stock.quantity} > 0`,
        ...conditions,
      ),
    )
    .orderBy(product.name, sql`${stock.expiresIn} ASC NULLS LAST`, stock.id);
  return rows.map((row) =>
    priced<z.input<typeof stockChoice>>(ctx.session, { ...row, unitPrice: Number(row.unitPrice) }),
  );
}

/** `GET /stock/get-stock-by-branch-id`. */
export async function stockByBranch(
  ctx: Context,
  query: { branchId?: number; productId?: number },
) {
  const at = await readableBranch(ctx, query.branchId);
  return lotsWithUnitsAt(
    ctx,
    at.id,
    query.productId !== undefined ? eq(stock.productId, query.productId) : undefined,
  );
}

/** `GET /stock/get-stock-by-branch-and-treatment`: the lots of what the treatment consumes. */
export async function stockByTreatment(
  ctx: Context,
  query: { branchId: number; treatmentId: number },
) {
  const at = await readableBranch(ctx, query.branchId);
  const [found] = await ctx.db
    .select({ id: treatment.id })
    .from(treatment)
    .where(and(eq(treatment.id, query.treatmentId), isNull(treatment.deletedAt)));
  if (!found) throw notFound(NotFound.treatment);
  return lotsWithUnitsAt(
    ctx,
    at.id,
    sql`${stock.productId} IN (SELECT ${treatmentProduct.productId} FROM ${treatmentProduct}
      WHERE ${treatmentProduct.treatmentId} = ${found.id})`,
  );
}

/** `GET /report/get-stock-by-branch`: one line per lot with units (spec 001 §7). */
export async function stockReport(ctx: Context, query: { branchId?: number }) {
  const at = await readableBranch(ctx, query.branchId);
  const rows = await ctx.db
    .select({
      sku: product.sku,
      category: sql<string | null>`(SELECT string_agg(c.name, ', ' ORDER BY c.name)
        FROM product_category pc JOIN category c ON c.id = pc.category_id
        WHERE pc.product_id = ${product.id})`,
      product: product.name,
      quantity: stock.quantity,
      allotment: stock.allotment,
      expiresIn: stock.expiresIn,
      unitPrice: sql<string>`${unitPriceExpr}`,
    })
    .from(stock)
    .innerJoin(product, eq(product.id, stock.productId))
    .innerJoin(productType, eq(productType.id, product.productTypeId))
    .where(and(eq(stock.branchId, at.id), isNull(stock.deletedAt), sql`${stock.quantity} > 0`))
    .orderBy(product.name, sql`${stock.expiresIn} ASC NULLS LAST`, stock.id);
  return rows.map((row) =>
    priced<z.input<typeof stockReportRow>>(ctx.session, {
      ...row,
      unitPrice: Number(row.unitPrice),
    }),
  );
}
