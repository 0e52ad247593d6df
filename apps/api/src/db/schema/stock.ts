import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { product } from './catalogue';
import { branch } from './organization';

/**
 * A stock lot: the units of one product, of one lot (allotment), held by one branch (spec 001 §3
 * "Stock row"). Purchase orders, transfers, assortment orders, sales, appointments and adjustments
 * move units between lots; the database keeps the count honest under concurrent moves
 * (CONTRACT §7): a quantity never goes below zero, whatever the order in which writes land.
 *
 * The lot code has its whitespace stripped (spec 001 §5, §9) before it is stored, so 'L 2026-01'
 * and 'L2026-01' are one lot; a product bought without a lot keeps ''. One live row per branch,
 * product and lot, so a registration adds to the lot it names instead of duplicating it.
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
      .on(t.branchId, t.productId, t.allotment)
      .where(sql`${t.deletedAt} IS NULL`),
    index().on(t.productId),
    check('stock_quantity_non_negative', sql`${t.quantity} >= 0`),
    check('stock_allotment_stripped', sql`${t.allotment} !~ '[[:space:]]'`),
  ],
);
