import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  numeric,
  pgSequence,
  pgTable,
  serial,
  smallint,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { product } from './catalogue';
import { money } from './columns';
import { coupon } from './coupons';
import { customer } from './customers';
import { branch } from './organization';
import { stock } from './stock';
import { user } from './users';

/**
 * Cash orders (spec 002 §3 "Cash order", CONTRACT §12): products sold over the counter from the
 * branch's lots, their lines (each naming the lot its units left), payments, and the seller's
 * cosmetology commission rows. Numbered from their own sequence, printed `VP-000042`.
 */

export const cashOrderNumberSeq = pgSequence('cash_order_number_seq', { startWith: 1 });

export const cashOrder = pgTable(
  'cash_order',
  {
    id: serial().primaryKey(),
    orderNumber: integer()
      .notNull()
      .default(sql`nextval('cash_order_number_seq')`)
      .unique('cash_order_number_unique'),
    branchId: integer()
      .notNull()
      .references(() => branch.id),
    /** A counter sale may be anonymous. */
    customerId: integer().references(() => customer.id),
    sellerId: integer()
      .notNull()
      .references(() => user.id),
    userId: integer()
      .notNull()
      .references(() => user.id),
    couponId: integer().references(() => coupon.id),
    /** Σ line price: after the coupon, before IVA. */
    subtotal: money().notNull(),
    discountTotal: money().notNull().default(0),
    taxes: money().notNull(),
    /** subtotal + taxes. */
    total: money().notNull(),
    points: integer().notNull().default(0),
    paymentStatus: varchar({ length: 20 }).notNull().default('paid'),
    paymentMethod: varchar({ length: 30 }),
    payReference: varchar({ length: 100 }),
    exchangeRate: numeric({ precision: 10, scale: 4, mode: 'number' }).notNull(),
    changeAmount: money().notNull().default(0),
    paidAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
    paidDate: date({ mode: 'string' }).notNull(),
    refundedAt: timestamp({ withTimezone: true, mode: 'date' }),
    refundDate: date({ mode: 'string' }),
    refundReason: varchar({ length: 200 }),
    refundMethod: varchar({ length: 30 }),
    refundedById: integer().references(() => user.id),
    refundAmount: money(),
    ticketPrints: integer().notNull().default(0),
    refundTicketPrints: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    check('cash_order_paid', sql`${t.paymentStatus} = 'paid'`),
    check(
      'cash_order_amounts',
      sql`${t.subtotal} >= 0 AND ${t.discountTotal} >= 0 AND ${t.taxes} >= 0 AND ${t.total} >= 0 AND ${t.changeAmount} >= 0 AND ${t.points} >= 0`,
    ),
    check('cash_order_refund_date', sql`(${t.refundedAt} IS NULL) = (${t.refundDate} IS NULL)`),
    // The list's first page, newest first, for the chain and for a branch.
    index('cash_order_created_idx').on(t.createdAt, t.id),
    index('cash_order_branch_created_idx').on(t.branchId, t.createdAt, t.id),
    index('cash_order_branch_paid_date_idx').on(t.branchId, t.paidDate),
    index('cash_order_branch_refund_date_idx')
      .on(t.branchId, t.refundDate)
      .where(sql`${t.refundDate} IS NOT NULL`),
    index('cash_order_customer_created_idx').on(t.customerId, t.createdAt),
    index('cash_order_seller_idx').on(t.sellerId),
    index('cash_order_coupon_idx').on(t.couponId),
  ],
);

/** A line: units of one lot, priced by the server. */
export const cashOrderDetail = pgTable(
  'cash_order_detail',
  {
    id: serial().primaryKey(),
    cashOrderId: integer()
      .notNull()
      .references(() => cashOrder.id, { onDelete: 'cascade' }),
    productId: integer()
      .notNull()
      .references(() => product.id),
    /** The lot the units left, and the one a refund puts them back into. */
    stockId: integer()
      .notNull()
      .references(() => stock.id),
    quantity: integer().notNull(),
    /** One unit's price before IVA. */
    salePrice: money().notNull(),
    /** salePrice × quantity − discount. */
    price: money().notNull(),
    discount: money().notNull().default(0),
    /** The IVA percent applied, and its amount on the line. */
    tax: smallint().notNull(),
    taxes: money().notNull(),
    points: integer().notNull().default(0),
  },
  (t) => [
    check('cash_order_detail_quantity', sql`${t.quantity} >= 1`),
    check(
      'cash_order_detail_amounts',
      sql`${t.salePrice} >= 0 AND ${t.price} >= 0 AND ${t.discount} >= 0 AND ${t.taxes} >= 0 AND ${t.points} >= 0`,
    ),
    index().on(t.cashOrderId),
    index().on(t.stockId),
    index().on(t.productId),
  ],
);

export const cashOrderPayment = pgTable(
  'cash_order_payment',
  {
    id: serial().primaryKey(),
    cashOrderId: integer()
      .notNull()
      .references(() => cashOrder.id, { onDelete: 'cascade' }),
    paymentMethod: varchar({ length: 30 }).notNull(),
    currency: varchar({ length: 3 }).notNull(),
    amount: money().notNull(),
    amountMxn: money().notNull(),
    reference: varchar({ length: 100 }),
  },
  (t) => [
    check('cash_order_payment_currency', sql`${t.currency} IN ('MXN', 'DLS')`),
    check('cash_order_payment_amounts', sql`${t.amount} > 0 AND ${t.amountMxn} > 0`),
    index('cash_order_payment_order_method_idx').on(t.cashOrderId, t.paymentMethod),
  ],
);

/**
 * The cosmetology commission of a `Cosmetólogo/Venta` line (CONTRACT §12): the seller's, at the
 * settings' percent at the sale, dated the sale's day; a refund writes the reverse row (negative
 * amounts) dated the refund's day. Past rows never change their amounts; only a seller
 * reassignment moves `userId`.
 */
export const cosmetologyCommission = pgTable(
  'cosmetology_commission',
  {
    id: serial().primaryKey(),
    cashOrderId: integer()
      .notNull()
      .references(() => cashOrder.id),
    cashOrderDetailId: integer()
      .notNull()
      .references(() => cashOrderDetail.id),
    userId: integer()
      .notNull()
      .references(() => user.id),
    branchId: integer()
      .notNull()
      .references(() => branch.id),
    productId: integer()
      .notNull()
      .references(() => product.id),
    kind: varchar({ length: 10 }).notNull(),
    salePrice: money().notNull(),
    percent: numeric({ precision: 5, scale: 2, mode: 'number' }).notNull(),
    commission: money().notNull(),
    date: date({ mode: 'string' }).notNull(),
    createdAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    check('cosmetology_commission_kind', sql`${t.kind} IN ('sale', 'refund')`),
    check(
      'cosmetology_commission_sign',
      sql`(${t.kind} = 'sale' AND ${t.salePrice} >= 0 AND ${t.commission} >= 0) OR (${t.kind} = 'refund' AND ${t.salePrice} <= 0 AND ${t.commission} <= 0)`,
    ),
    index('cosmetology_commission_order_idx').on(t.cashOrderId),
    index('cosmetology_commission_user_date_idx').on(t.userId, t.date),
    index('cosmetology_commission_branch_date_idx').on(t.branchId, t.date),
  ],
);
