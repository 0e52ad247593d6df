import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  date,
  index,
  integer,
  pgSequence,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { STOCK_CAUSES } from '@clinica/domain';
import { money, timestamps } from './columns';
import { product, provider } from './catalogue';
import { branch } from './organization';
import { user } from './users';

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/**
 * A stock lot: the units of one product, of one lot (allotment), held by one branch (spec 001 §3
 * "Stock row"). Purchase orders, transfers, assortment orders, sales, appointments and adjustments
 * move units between lots; the database keeps the count honest under concurrent moves
 * (CONTRACT §7): a quantity never goes below zero, whatever the order in which writes land.
 *
 * The lot code has its whitespace stripped (spec 001 §5, §9) before it is stored, so 'L 2026-01'
 * and 'L2026-01' are one lot; a product bought without a lot keeps ''. One live row per branch,
 * product, lot and expiry (CONTRACT §9), so a registration adds to the lot it names instead of
 * duplicating it. The quantity changes only through `modules/inventory/ledger.ts`, which writes
 * a `stock_movement` in the same transaction.
 */
export const stock = pgTable(
  'stock',
  {
    id: serial().primaryKey(),
    productId: integer()
      .notNull()
      .references(() => product.id),
    branchId: integer()
      .notNull()
      .references(() => branch.id),
    allotment: varchar({ length: 50 }).notNull(),
    /** The lot's expiry date (branch-local); unknown for products whose lot has none. */
    expiresIn: date({ mode: 'string' }),
    quantity: integer().notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('stock_lot_unique')
      .on(t.branchId, t.productId, t.allotment, sql`coalesce(${t.expiresIn}, 'infinity'::date)`)
      .where(sql`${t.deletedAt} IS NULL`),
    index('stock_branch_product_idx').on(t.branchId, t.productId),
    // GET /stock groups a branch's live lots by product from this index alone (an index-only
    // scan: units, soonest expiry and first lot per product), not from the table's pages.
    index('stock_live_lots_idx')
      .on(t.branchId, t.productId, t.expiresIn, t.quantity, t.id)
      .where(sql`${t.deletedAt} IS NULL`),
    index().on(t.productId),
    check('stock_quantity_non_negative', sql`${t.quantity} >= 0`),
    check('stock_allotment_stripped', sql`${t.allotment} !~ '[[:space:]]'`),
  ],
);

/**
 * The live lots of one branch and product summed (what `GET /stock` lists): the units, the soonest
 * expiry of a lot with units and the first lot's id. Derived, never written by the code: a
 * deferred trigger on `stock` (migration `stock_summary`) rebuilds a pair's row from its lots when
 * the transaction that moved them commits, so it cannot drift from the lots, and
 * `unbalancedSummaries()` (modules/inventory/ledger.ts) checks it.
 */
export const stockSummary = pgTable(
  'stock_summary',
  {
    branchId: integer().notNull(),
    productId: integer().notNull(),
    /** Σ of the lots: each lot fits an integer, their sum may not (bigint, read as a number). */
    quantity: bigint({ mode: 'number' }).notNull(),
    /** The soonest expiry among the lots with units (null: none has a date, or none has units). */
    soonest: date({ mode: 'string' }),
    /** The pair's first live lot (a lot has one pair, so it is unique): the list's tie-breaker. */
    firstId: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.branchId, t.productId] }),
    index('stock_summary_product_idx').on(t.productId),
  ],
);

/**
 * The ledger of every lot (CONTRACT §9): one row per change of a lot's quantity, written in the
 * same transaction as the change by `modules/inventory/ledger.ts`, with the balance after it. A
 * lot's quantity equals the sum of its movements, `transit-loss` rows excepted (they record units
 * lost between two lots and change none: their balance is the lot's unchanged one).
 */
export const stockMovement = pgTable(
  'stock_movement',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    stockId: integer()
      .notNull()
      .references(() => stock.id),
    productId: integer()
      .notNull()
      .references(() => product.id),
    branchId: integer()
      .notNull()
      .references(() => branch.id),
    /** Signed: units in are positive, units out negative. */
    quantity: integer().notNull(),
    /** The lot's quantity after this movement. */
    balance: integer().notNull(),
    cause: varchar({ length: 30 }).notNull(),
    documentType: varchar({ length: 30 }),
    documentId: integer(),
    /** The document's number as printed ('OC-000042'). */
    documentNumber: text(),
    userId: integer().references(() => user.id),
    createdAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    // Migration 0032 rebuilds it with INCLUDE (balance) (Drizzle cannot declare it): a lot's balance
    // at a date is one index-only probe (the general inventory report).
    index('stock_movement_stock_idx').on(t.stockId, t.createdAt, t.id),
    index('stock_movement_branch_idx').on(t.branchId, t.createdAt),
    index('stock_movement_product_idx').on(t.productId, t.createdAt),
    index('stock_movement_document_idx').on(t.documentType, t.documentId),
    check('stock_movement_balance_non_negative', sql`${t.balance} >= 0`),
    check('stock_movement_quantity_non_zero', sql`${t.quantity} <> 0`),
    check('stock_movement_cause', sql`${t.cause} IN (${inList(STOCK_CAUSES)})`),
  ],
);

/**
 * A branch's limits for one product (spec 001 "Max/min record"): restocking above `max` is
 * refused, and the inventory colours a quantity outside them. A max of 0 means no limit.
 */
export const maxMin = pgTable(
  'max_min',
  {
    id: serial().primaryKey(),
    productId: integer()
      .notNull()
      .references(() => product.id),
    branchId: integer()
      .notNull()
      .references(() => branch.id),
    max: integer().notNull(),
    min: integer().notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('max_min_branch_product_unique')
      .on(t.branchId, t.productId)
      .where(sql`${t.deletedAt} IS NULL`),
    check('max_min_non_negative', sql`${t.max} >= 0 AND ${t.min} >= 0`),
    check('max_min_order', sql`${t.max} = 0 OR ${t.min} <= ${t.max}`),
  ],
);

/** Purchase orders are numbered from their own sequence (CONTRACT §9, "Order numbers"). */
export const purchaseOrderNumber = pgSequence('purchase_order_number_seq');

/**
 * Goods bought from a provider, received at the distribution centre (spec 001 §3, CONTRACT §9).
 * `tax` and `amount` are the invoice's, as billed; the lines' own total is computed when read.
 */
export const purchaseOrder = pgTable(
  'purchase_order',
  {
    id: serial().primaryKey(),
    orderNumber: integer()
      .notNull()
      .default(sql`nextval('purchase_order_number_seq')`),
    invoiceNumber: varchar({ length: 20 }).notNull(),
    providerId: integer()
      .notNull()
      .references(() => provider.id),
    /** The distribution centre the goods arrived at. */
    branchId: integer()
      .notNull()
      .references(() => branch.id),
    payMethod: varchar({ length: 30 }).notNull(),
    payStatus: varchar({ length: 20 }).notNull().default('Pendiente'),
    arrivedAt: date({ mode: 'string' }).notNull(),
    creditExpiration: date({ mode: 'string' }).notNull(),
    payedAt: date({ mode: 'string' }),
    tax: money().notNull(),
    amount: money().notNull(),
    comments: text(),
    createdBy: integer().references(() => user.id),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('purchase_order_number_unique').on(t.orderNumber),
    index('purchase_order_created_idx').on(t.createdAt),
    index('purchase_order_provider_idx').on(t.providerId),
    check('purchase_order_pay_status', sql`${t.payStatus} IN ('Pendiente', 'Completado')`),
    check(
      'purchase_order_paid_when_completed',
      sql`(${t.payStatus} = 'Completado') = (${t.payedAt} IS NOT NULL)`,
    ),
    check('purchase_order_amounts', sql`${t.tax} >= 0 AND ${t.amount} >= 0`),
  ],
);

/** A line of a purchase order, and the lot it filled at the distribution centre. */
export const purchaseOrderProduct = pgTable(
  'purchase_order_product',
  {
    id: serial().primaryKey(),
    purchaseOrderId: integer()
      .notNull()
      .references(() => purchaseOrder.id),
    productId: integer()
      .notNull()
      .references(() => product.id),
    stockId: integer()
      .notNull()
      .references(() => stock.id),
    quantity: integer().notNull(),
    price: money().notNull(),
    allotment: varchar({ length: 50 }).notNull(),
    expiresAt: date({ mode: 'string' }),
  },
  (t) => [
    index('purchase_order_product_order_idx').on(t.purchaseOrderId),
    index('purchase_order_product_stock_idx').on(t.stockId),
    check('purchase_order_product_quantity', sql`${t.quantity} >= 1`),
    check('purchase_order_product_price', sql`${t.price} >= 0`),
  ],
);
