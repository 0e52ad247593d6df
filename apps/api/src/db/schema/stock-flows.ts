import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgSequence,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { money, timestamps } from './columns';
import { product } from './catalogue';
import { branch } from './organization';
import { stock } from './stock';
import { user } from './users';

const at = () => timestamp({ withTimezone: true, mode: 'date' });
const FLOW_STATUSES = sql.raw(
  ["'En proceso'", "'En transito'", "'Terminada'", "'Rechazada'", "'Eliminada'"].join(', '),
);

/*
 * Stock on the move (CONTRACT §9): sale orders to business customers, assortment orders from the
 * distribution centre to a branch, and transfers between branches. Each document numbers itself
 * from its own sequence. The units of an order in transit are held by no lot: they left the
 * origin's lots at approval (ledger cause `assortment` / `transfer`) and join the destination's at
 * confirmation, the difference recorded as a `transit-loss`.
 */

export const saleOrderNumber = pgSequence('sale_order_number_seq');

export const saleOrder = pgTable(
  'sale_order',
  {
    id: serial().primaryKey(),
    orderNumber: integer()
      .notNull()
      .default(sql`nextval('sale_order_number_seq')`),
    name: varchar({ length: 100 }).notNull(),
    rfc: varchar({ length: 13 }),
    phone: varchar({ length: 20 }).notNull(),
    note: varchar({ length: 30 }).notNull(),
    comments: text(),
    branchId: integer()
      .notNull()
      .references(() => branch.id),
    totalAmount: money().notNull(),
    createdBy: integer().references(() => user.id),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('sale_order_number_unique').on(t.orderNumber),
    index('sale_order_branch_idx').on(t.branchId, t.createdAt),
    index('sale_order_created_idx').on(t.createdAt),
  ],
);

export const saleOrderProduct = pgTable(
  'sale_order_product',
  {
    id: serial().primaryKey(),
    saleOrderId: integer()
      .notNull()
      .references(() => saleOrder.id),
    stockId: integer()
      .notNull()
      .references(() => stock.id),
    productId: integer()
      .notNull()
      .references(() => product.id),
    quantity: integer().notNull(),
    price: money().notNull(),
  },
  (t) => [
    index('sale_order_product_order_idx').on(t.saleOrderId),
    check('sale_order_product_quantity', sql`${t.quantity} >= 1`),
    check('sale_order_product_price', sql`${t.price} >= 1`),
  ],
);

export const assortmentOrderNumber = pgSequence('assortment_order_number_seq');

export const assortmentOrder = pgTable(
  'assortment_order',
  {
    id: serial().primaryKey(),
    orderNumber: integer()
      .notNull()
      .default(sql`nextval('assortment_order_number_seq')`),
    orderType: varchar({ length: 30 }).notNull(),
    status: varchar({ length: 20 }).notNull().default('En proceso'),
    /** The receiving branch. */
    branchId: integer()
      .notNull()
      .references(() => branch.id),
    /** The distribution centre the units leave from (set at approval). */
    originBranchId: integer().references(() => branch.id),
    comments: text(),
    rejectReason: text(),
    hasDifference: boolean().notNull().default(false),
    createdBy: integer().references(() => user.id),
    approvedBy: integer().references(() => user.id),
    receivedBy: integer().references(() => user.id),
    rejectedBy: integer().references(() => user.id),
    approvedAt: at(),
    sentAt: at(),
    finishedAt: at(),
    rejectedAt: at(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('assortment_order_number_unique').on(t.orderNumber),
    index('assortment_order_branch_idx').on(t.branchId, t.createdAt),
    index('assortment_order_created_idx').on(t.createdAt),
    check('assortment_order_status', sql`${t.status} IN (${FLOW_STATUSES})`),
  ],
);

export const assortmentOrderProduct = pgTable(
  'assortment_order_product',
  {
    id: serial().primaryKey(),
    assortmentOrderId: integer()
      .notNull()
      .references(() => assortmentOrder.id),
    productId: integer()
      .notNull()
      .references(() => product.id),
    /** The CEDIS lot sent (set at approval). */
    stockId: integer().references(() => stock.id),
    /** The branch's lot the received units joined (set at confirmation). */
    receivedStockId: integer().references(() => stock.id),
    /**
     * What the branch asked for. A product served from several lots has one line per lot; the
     * quantity ordered stays on its first line and the others carry 0.
     */
    orderedQuantity: integer().notNull(),
    stockedQuantity: integer(),
    receivedQuantity: integer(),
  },
  (t) => [
    index('assortment_order_product_order_idx').on(t.assortmentOrderId),
    check('assortment_order_product_ordered', sql`${t.orderedQuantity} >= 0`),
    check(
      'assortment_order_product_stocked',
      sql`${t.stockedQuantity} IS NULL OR ${t.stockedQuantity} >= 1`,
    ),
    // A lot serves a line of an order at most once.
    uniqueIndex('assortment_order_product_lot_once')
      .on(t.assortmentOrderId, t.stockId)
      .where(sql`${t.stockId} IS NOT NULL`),
    check(
      'assortment_order_product_received',
      sql`${t.receivedQuantity} IS NULL OR (${t.receivedQuantity} >= 0 AND ${t.receivedQuantity} <= ${t.stockedQuantity})`,
    ),
  ],
);

export const transferNumber = pgSequence('transfer_number_seq');

export const transfer = pgTable(
  'transfer',
  {
    id: serial().primaryKey(),
    transferNumber: integer()
      .notNull()
      .default(sql`nextval('transfer_number_seq')`),
    status: varchar({ length: 20 }).notNull().default('En proceso'),
    originBranchId: integer()
      .notNull()
      .references(() => branch.id),
    destinyBranchId: integer()
      .notNull()
      .references(() => branch.id),
    comments: text(),
    rejectReason: text(),
    hasDifference: boolean().notNull().default(false),
    createdBy: integer().references(() => user.id),
    approvedBy: integer().references(() => user.id),
    acceptedBy: integer().references(() => user.id),
    rejectedBy: integer().references(() => user.id),
    approvedAt: at(),
    acceptedAt: at(),
    rejectedAt: at(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('transfer_number_unique').on(t.transferNumber),
    index('transfer_origin_idx').on(t.originBranchId, t.createdAt),
    index('transfer_destiny_idx').on(t.destinyBranchId, t.createdAt),
    index('transfer_created_idx').on(t.createdAt),
    check('transfer_status', sql`${t.status} IN (${FLOW_STATUSES})`),
    check('transfer_branches_differ', sql`${t.originBranchId} <> ${t.destinyBranchId}`),
  ],
);

export const transferProduct = pgTable(
  'transfer_product',
  {
    id: serial().primaryKey(),
    transferId: integer()
      .notNull()
      .references(() => transfer.id),
    /** The origin's lot. */
    stockId: integer()
      .notNull()
      .references(() => stock.id),
    productId: integer()
      .notNull()
      .references(() => product.id),
    /** The destination's lot the received units joined. */
    receivedStockId: integer().references(() => stock.id),
    stockedQuantity: integer().notNull(),
    receivedQuantity: integer(),
  },
  (t) => [
    index('transfer_product_transfer_idx').on(t.transferId),
    uniqueIndex('transfer_product_lot_once').on(t.transferId, t.stockId),
    check('transfer_product_stocked', sql`${t.stockedQuantity} >= 1`),
    check(
      'transfer_product_received',
      sql`${t.receivedQuantity} IS NULL OR (${t.receivedQuantity} >= 0 AND ${t.receivedQuantity} <= ${t.stockedQuantity})`,
    ),
  ],
);
