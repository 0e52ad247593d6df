import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { product, treatment } from './catalogue';
import { cashOrder } from './cash-orders';
import { timestamps } from './columns';
import { customer } from './customers';
import { order } from './orders';
import { branch } from './organization';

/**
 * Coupons (spec 002 §3, CONTRACT §7, §11). `used` never passes `usage_limit`: a redemption is a
 * conditional `UPDATE … WHERE used < usage_limit` (modules/coupons/redeem.ts) and the check below
 * stands behind it; a customer uses a coupon once (`coupon_use`'s unique key).
 */
export const coupon = pgTable(
  'coupon',
  {
    id: serial().primaryKey(),
    code: varchar({ length: 15 }).notNull(),
    name: varchar({ length: 50 }).notNull(),
    description: varchar({ length: 500 }).notNull(),
    usageLimit: integer().notNull(),
    used: integer().notNull().default(0),
    type: varchar({ length: 10 }).notNull(),
    treatmentId: integer().references(() => treatment.id),
    productId: integer().references(() => product.id),
    discount: numeric({ precision: 5, scale: 2, mode: 'number' }).notNull(),
    /** The last day it may be used, in the branch's time zone. */
    expireDate: date({ mode: 'string' }).notNull(),
    status: boolean().notNull().default(true),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('coupon_code_unique')
      .on(sql`lower(${t.code})`)
      .where(sql`${t.deletedAt} IS NULL`),
    check('coupon_code_length', sql`char_length(${t.code}) BETWEEN 5 AND 15`),
    check('coupon_limit_min', sql`${t.usageLimit} >= 1`),
    check('coupon_used_within_limit', sql`${t.used} >= 0 AND ${t.used} <= ${t.usageLimit}`),
    check('coupon_discount_range', sql`${t.discount} > 0 AND ${t.discount} <= 100`),
    check(
      'coupon_item_of_type',
      sql`(${t.type} = 'Treatment' AND ${t.treatmentId} IS NOT NULL AND ${t.productId} IS NULL)
        OR (${t.type} = 'Product' AND ${t.productId} IS NOT NULL AND ${t.treatmentId} IS NULL)`,
    ),
    index().on(t.treatmentId),
    index().on(t.productId),
  ],
);

/** The branches a coupon is valid at. */
export const couponBranch = pgTable(
  'coupon_branch',
  {
    couponId: integer()
      .notNull()
      .references(() => coupon.id, { onDelete: 'cascade' }),
    branchId: integer()
      .notNull()
      .references(() => branch.id),
  },
  (t) => [primaryKey({ columns: [t.couponId, t.branchId] }), index().on(t.branchId)],
);

/**
 * One redemption: which customer used the coupon, where, when, and in which order or cash order.
 * A customer uses a coupon once (UNIQUE coupon, customer: 400 code 11). `customer_id`,
 * `order_id` and `cash_order_id` are foreign keys to the customer and the sale.
 */
export const couponUse = pgTable(
  'coupon_use',
  {
    id: serial().primaryKey(),
    couponId: integer()
      .notNull()
      .references(() => coupon.id),
    customerId: integer()
      .notNull()
      .references(() => customer.id),
    branchId: integer()
      .notNull()
      .references(() => branch.id),
    orderId: integer().references(() => order.id),
    cashOrderId: integer().references(() => cashOrder.id),
    usedAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    uniqueIndex('coupon_use_once_per_customer').on(t.couponId, t.customerId),
    check('coupon_use_one_sale', sql`${t.orderId} IS NULL OR ${t.cashOrderId} IS NULL`),
    index().on(t.orderId),
    index().on(t.cashOrderId),
  ],
);
