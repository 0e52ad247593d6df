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
} from '@clinica/domain';
import { queryRows, type Executor } from '../../db/client';
import {
  branch,
  maxMin,
  product,
  productType,
  stock,
  stockMovement,
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

/** 'YYYY-MM-DD' of `now` in a time zone. */
export const localDay = (now: Date, zone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(now);

const number = (value: unknown) => (value === null || value === undefined ? null : Number(value));

// ---------------------------------------------------------------------------------------------
// GET /stock: one row per branch and product.

/** A column of the grouped lots `g` (one row per branch and product). */
const g = (name: string) => sql.raw(`g.${name}`);

/**
 * The live lots grouped per branch and product: only what the filters and the sort need (the
 * units, the soonest expiry of a lot with units, the first lot's id), so the aggregate reads the
 * covering index `stock_live_lots_idx` alone. The lot codes and expiries of a page's rows are read
 * afterwards for those rows only (`lotsOfRows`). A condition on the branch (the scope, the filter)
 * reaches inside through the join on `branch`, so one branch reads only its own lots.
 */
const groupedLots = sql`(
  SELECT s.branch_id, s.product_id,
    sum(s.quantity)::int AS quantity,
    min(s.expires_in) FILTER (WHERE s.quantity > 0) AS soonest,
    min(s.id) AS first_id
  FROM stock s
  WHERE s.deleted_at IS NULL
  GROUP BY s.branch_id, s.product_id
) g
JOIN ${product} ON ${product.id} = g.product_id
JOIN ${productType} ON ${productType.id} = ${product.productTypeId}
JOIN ${branch} ON ${branch.id} = g.branch_id
LEFT JOIN ${maxMin} ON ${maxMin.branchId} = g.branch_id AND ${maxMin.productId} = g.product_id
  AND ${maxMin.deletedAt} IS NULL`;

/** A product's categories, by name. */
const categoryExpr = sql`(SELECT string_agg(c.name, ', ' ORDER BY c.name)
  FROM product_category pc JOIN category c ON c.id = pc.category_id
  WHERE pc.product_id = g.product_id)`;

/**
 * A row's colour, the rule of `stockColor` (inventory-rules.ts) in SQL so `color` filters before
 * paging: no units, none; a lot with units expired or expiring within 30 days of the branch's
 * today, danger; above max (max 0: no limit) or below min, volcano.
 */
const colorExpr = (now: Date) => sql`CASE
  WHEN g.quantity = 0 THEN NULL
  WHEN g.soonest IS NOT NULL AND g.soonest - ${branchToday(now)} < ${EXPIRY_DANGER_DAYS}::int THEN 'danger'
  WHEN ${maxMin.max} > 0 AND g.quantity > ${maxMin.max} THEN 'volcano'
  WHEN g.quantity < ${maxMin.min} THEN 'volcano'
  END`;

const stockSpec = listSpec(stockRoutes.list.list, {
  sortable: {
    product: product.name,
    sku: product.sku,
    branch: branch.name,
    quantity: g('quantity'),
    expiresIn: g('soonest'),
    category: categoryExpr,
  },
  searchable: { sku: product.sku, product: product.name },
  active: product.status,
  // One row per branch and product, and a lot belongs to one: the row's first lot is unique.
  tieBreaker: g('first_id'),
  branch: branch.id,
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
}

/** `GET /stock` (CONTRACT §9). */
export async function listStock(ctx: Context, query: StockQuery) {
  const now = ctx.clock.now();
  const filters: (SQL | undefined)[] = [
    query.branchId !== undefined ? eq(branch.id, query.branchId) : undefined,
    query.productId !== undefined ? eq(product.id, query.productId) : undefined,
    query.productTypeId !== undefined ? eq(product.productTypeId, query.productTypeId) : undefined,
    query.categoryId !== undefined
      ? sql`EXISTS (SELECT 1 FROM product_category pc WHERE pc.product_id = g.product_id AND pc.category_id = ${query.categoryId})`
      : undefined,
    query.color !== undefined ? sql`(${colorExpr(now)}) = ${query.color}` : undefined,
  ];
  const plan = planList(stockSpec, query, inScope(ctx.session, stockSpec.branch), ...filters);
  const where = plan.where ? sql`WHERE ${plan.where}` : sql``;
  const page = await runList(plan, {
    rows: async ({ orderBy, limit, offset }) => {
      const rows = await queryRows<StockSqlRow>(
        ctx.db,
        sql`SELECT g.product_id, g.branch_id, ${product.sku} AS sku,
          ${product.name} AS product, ${categoryExpr} AS category,
          ${productType.name} AS product_type, ${branch.name} AS branch,
          ${branch.distributionCenter} AS distribution_center, g.quantity, ${maxMin.max} AS max, ${maxMin.min} AS min, ${maxMin.id} AS mm_id,
          ${colorExpr(now)} AS color, ${product.status} AS status, ${unitPriceExpr} AS unit_price
        FROM ${groupedLots} ${where}
        ORDER BY ${sql.join(orderBy, sql`, `)} LIMIT ${limit} OFFSET ${offset}`,
      );
      const lots = await lotsOfRows(ctx.db, rows);
      return rows.map((row) =>
        priced(ctx.session, stockRowOf(row, lots.get(`${row.branch_id}-${row.product_id}`) ?? [])),
      );
    },
    count: async () => {
      const [row] = await queryRows<{ total: number | string }>(
        ctx.db,
        sql`SELECT count(*) AS total FROM ${groupedLots} ${where}`,
      );
      return Number(row?.total ?? 0);
    },
  });
  return page;
}

interface LiveLot {
  id: number;
  branch_id: number;
  product_id: number;
  allotment: string;
  expires_in: string | null;
  quantity: number;
}

/** The live lots of a page's rows, soonest expiry first, by `branchId-productId`. */
async function lotsOfRows(executor: Executor, rows: { branch_id: number; product_id: number }[]) {
  const byRow = new Map<string, LiveLot[]>();
  if (rows.length === 0) return byRow;
  const pairs = sql.join(
    rows.map((row) => sql`(${Number(row.branch_id)}::int, ${Number(row.product_id)}::int)`),
    sql`, `,
  );
  const lots = await queryRows<LiveLot>(
    executor,
    sql`SELECT id, branch_id, product_id, allotment, expires_in::text AS expires_in, quantity
      FROM stock
      WHERE deleted_at IS NULL AND (branch_id, product_id) IN (${pairs})
      ORDER BY expires_in ASC NULLS LAST, id`,
  );
  for (const lot of lots) {
    const key = `${lot.branch_id}-${lot.product_id}`;
    byRow.set(key, [...(byRow.get(key) ?? []), lot]);
  }
  return byRow;
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

const movementColumns = {
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

const movementFrom: FromClause = (select) =>
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

type MovementRow = Omit<StockMovementRecord, 'created_at' | 'cause'> & {
  cause: string;
  createdAt: Date;
};
const movementOf = ({ createdAt, ...row }: MovementRow): StockMovementRecord => ({
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
async function lotsWithUnitsAt(ctx: Context, branchId: number, ...conditions: (SQL | undefined)[]) {
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
