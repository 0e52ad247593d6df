import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgSequence,
  pgTable,
  primaryKey,
  serial,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { area, treatment } from './catalogue';
import { cashOrder } from './cash-orders';
import { coupon } from './coupons';
import { customer } from './customers';
import { money } from './columns';
import { branch } from './organization';
import { offer, offerLine } from './packages';
import { user } from './users';

/**
 * The sale of treatments, packages and promotions (spec 002 §3 "Order", CONTRACT §12): an order
 * from the point of sale (SUCURSAL), the customer app (APP) or online (LINEA), its priced lines,
 * its payments, the purchased products it gives the customer, and the points ledger. The table is
 * `orders` (plural) so raw SQL never has to quote the reserved word.
 */

/** The order number shown as `POS-…` (CONTRACT §9 "Order numbers"). */
export const orderNumberSeq = pgSequence('order_number_seq', { startWith: 1 });

export const order = pgTable(
  'orders',
  {
    id: serial().primaryKey(),
    orderNumber: integer()
      .notNull()
      .default(sql`nextval('order_number_seq')`)
      .unique('orders_number_unique'),
    origin: varchar({ length: 8 }).notNull(),
    branchId: integer()
      .notNull()
      .references(() => branch.id),
    customerId: integer()
      .notNull()
      .references(() => customer.id),
    /** Who sold it (a staff member), when named. */
    sellerId: integer().references(() => user.id),
    /** Who recorded it; null for the customer app and online orders. */
    userId: integer().references(() => user.id),
    couponId: integer().references(() => coupon.id),
    /** Σ of the lines at their sale price, before the coupon. */
    subtotal: money().notNull(),
    discountTotal: money().notNull().default(0),
    /** subtotal − discountTotal: what the customer pays, in MXN. */
    total: money().notNull(),
    /** The points the paid order earns (Σ line points). */
    points: integer().notNull().default(0),
    paymentStatus: varchar({ length: 20 }).notNull(),
    /** The method of the payments, or 'Mixto' when several methods paid it. */
    paymentMethod: varchar({ length: 30 }),
    paymentGateway: varchar({ length: 40 }),
    payReference: varchar({ length: 100 }),
    /** The MXN per dollar rate in force when the order was paid (CONTRACT §11). */
    exchangeRate: numeric({ precision: 10, scale: 4, mode: 'number' }).notNull(),
    /** Cash handed back when a cash payment exceeded the total. */
    changeAmount: money().notNull().default(0),
    paidAt: timestamp({ withTimezone: true, mode: 'date' }),
    /** The branch-local day it was paid: what closings and reports read (CONTRACT §12). */
    paidDate: date({ mode: 'string' }),
    refundedAt: timestamp({ withTimezone: true, mode: 'date' }),
    /** The branch-local day it was refunded (the day of the refund, not of the sale). */
    refundDate: date({ mode: 'string' }),
    refundReason: varchar({ length: 200 }),
    refundMethod: varchar({ length: 30 }),
    refundedById: integer().references(() => user.id),
    /** total − points paid, handed back by refundMethod in MXN. */
    refundAmount: money(),
    /**
     * The appointment the sale charged (CONTRACT §12 "Charging an appointment"); its purchased
     * product was tied to it in the sale's transaction. No foreign key: the agenda's tables refer
     * to these, and the appointment's own `purchased_product_id` is the link the database keeps.
     */
    appointmentId: integer(),
    /** How many times each ticket was printed: every print after the first says COPIA. */
    ticketPrints: integer().notNull().default(0),
    refundTicketPrints: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    check('orders_origin_valid', sql`${t.origin} IN ('SUCURSAL', 'APP', 'LINEA')`),
    check(
      'orders_payment_status_valid',
      sql`${t.paymentStatus} IN ('paid', 'pending_payment', 'pending_confirmation', 'error')`,
    ),
    check(
      'orders_amounts',
      sql`${t.subtotal} >= 0 AND ${t.discountTotal} >= 0 AND ${t.total} >= 0 AND ${t.changeAmount} >= 0`,
    ),
    check('orders_points_not_negative', sql`${t.points} >= 0`),
    check('orders_paid_at', sql`${t.paymentStatus} <> 'paid' OR ${t.paidAt} IS NOT NULL`),
    check('orders_refund_only_paid', sql`${t.refundedAt} IS NULL OR ${t.paymentStatus} = 'paid'`),
    check('orders_paid_date', sql`(${t.paidAt} IS NULL) = (${t.paidDate} IS NULL)`),
    check('orders_refund_date', sql`(${t.refundedAt} IS NULL) = (${t.refundDate} IS NULL)`),
    // The sales lists' first page by channel (and branch), newest first, read from an index.
    index('orders_origin_created_idx').on(t.origin, t.createdAt, t.id),
    index('orders_origin_branch_created_idx').on(t.origin, t.branchId, t.createdAt, t.id),
    // The day money counts on (closings, the lists' paidDate and refundDate).
    index('orders_branch_paid_date_idx').on(t.branchId, t.paidDate),
    index('orders_branch_refund_date_idx')
      .on(t.branchId, t.refundDate)
      .where(sql`${t.refundDate} IS NOT NULL`),
    index('orders_customer_created_idx').on(t.customerId, t.createdAt),
    index('orders_branch_created_idx').on(t.branchId, t.createdAt),
    index('orders_created_idx').on(t.createdAt),
    index('orders_coupon_idx').on(t.couponId),
    // The goals' month of paid sales per branch (goal-sales.ts).
    index('orders_branch_paid_idx').on(t.branchId, t.paidAt),
    // The same month's net sales read from the index alone: the paid, unrefunded orders with
    // their total carried along (INCLUDE, in the migration). A page of goals sums 15 months of a
    // branch, 9,000 orders each at the busiest: 1.5 s of heap reads before (docs/benchmark.md).
    index('orders_branch_sales_idx')
      .on(t.branchId, t.paidAt)
      .where(sql`${t.paymentStatus} = 'paid' AND ${t.refundedAt} IS NULL`),
    // Loyalty (modules/customers/purchases.ts): a customer's paid orders by the instant paid, the
    // total and refund carried along (INCLUDE, in the migration), so the level, membership and
    // last visit of a customer are read from the index alone.
    index('orders_customer_paid_idx')
      .on(t.customerId, t.paidAt)
      .where(sql`${t.paymentStatus} = 'paid'`),
  ],
);

/** A line: one treatment, package or promotion, priced by the server. */
export const orderDetail = pgTable(
  'order_detail',
  {
    id: serial().primaryKey(),
    orderId: integer()
      .notNull()
      .references(() => order.id, { onDelete: 'cascade' }),
    treatmentId: integer().references(() => treatment.id),
    packageId: integer().references(() => offer.id),
    quantity: integer().notNull(),
    /** The list price of one (the treatment's price, or the offer's regularPrice). */
    price: money().notNull(),
    /** What one sold for (the treatment's price, or the offer's price), before the coupon. */
    salePrice: money().notNull(),
    /** The coupon's discount on this line (all its units). */
    discount: money().notNull().default(0),
    /** The points one unit earns. */
    points: integer().notNull().default(0),
  },
  (t) => [
    check('order_detail_one_item', sql`(${t.treatmentId} IS NULL) <> (${t.packageId} IS NULL)`),
    check('order_detail_quantity', sql`${t.quantity} >= 1`),
    check(
      'order_detail_amounts',
      sql`${t.price} >= 0 AND ${t.salePrice} >= 0 AND ${t.discount} >= 0 AND ${t.points} >= 0`,
    ),
    index().on(t.orderId),
    index().on(t.treatmentId),
    index().on(t.packageId),
  ],
);

/** A payment of an order: its method, the amount in its currency, and that amount in MXN. */
export const orderPayment = pgTable(
  'order_payment',
  {
    id: serial().primaryKey(),
    orderId: integer()
      .notNull()
      .references(() => order.id, { onDelete: 'cascade' }),
    paymentMethod: varchar({ length: 30 }).notNull(),
    currency: varchar({ length: 3 }).notNull(),
    amount: money().notNull(),
    /** amount converted at the order's exchangeRate (= amount for MXN). */
    amountMxn: money().notNull(),
    reference: varchar({ length: 100 }),
  },
  (t) => [
    check('order_payment_currency', sql`${t.currency} IN ('MXN', 'DLS')`),
    check('order_payment_amounts', sql`${t.amount} > 0 AND ${t.amountMxn} > 0`),
    index().on(t.orderId),
    // The lists' paymentMethod filter: EXISTS (… order_id = o.id AND payment_method = …).
    index('order_payment_order_method_idx').on(t.orderId, t.paymentMethod),
  ],
);

/**
 * A treatment the customer bought and holds (spec 002 §3 "Purchased product"): its sessions (from
 * the package line, or 1), how many were given, the line's limit, and its state.
 */
export const purchasedProduct = pgTable(
  'purchased_product',
  {
    id: serial().primaryKey(),
    orderId: integer()
      .notNull()
      .references(() => order.id),
    orderDetailId: integer()
      .notNull()
      .references(() => orderDetail.id),
    customerId: integer()
      .notNull()
      .references(() => customer.id),
    treatmentId: integer()
      .notNull()
      .references(() => treatment.id),
    /** The package line it came from, when bought in a package or promotion. */
    packageLineId: integer().references(() => offerLine.id),
    sessions: integer().notNull(),
    currentSession: integer().notNull().default(0),
    limit: integer().notNull().default(1),
    status: varchar({ length: 12 }).notNull().default('onProcess'),
    /** The treatment asks for a signed consent before its first session. */
    consentRequired: boolean().notNull().default(false),
    consentSignedAt: timestamp({ withTimezone: true, mode: 'date' }),
    createdAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    check('purchased_product_status', sql`${t.status} IN ('onProcess', 'finished', 'refunded')`),
    check(
      'purchased_product_sessions',
      sql`${t.sessions} >= 1 AND ${t.currentSession} >= 0 AND ${t.currentSession} <= ${t.sessions}`,
    ),
    check('purchased_product_limit', sql`${t.limit} >= 1`),
    index('purchased_product_customer_idx').on(t.customerId, t.status),
    index().on(t.orderId),
    index().on(t.treatmentId),
  ],
);

/** The areas a purchased product covers (from its package line, or chosen at the sale). */
export const purchasedProductArea = pgTable(
  'purchased_product_area',
  {
    purchasedProductId: integer()
      .notNull()
      .references(() => purchasedProduct.id, { onDelete: 'cascade' }),
    areaId: integer()
      .notNull()
      .references(() => area.id),
  },
  (t) => [primaryKey({ columns: [t.purchasedProductId, t.areaId] })],
);

/**
 * The points ledger (CONTRACT §10): every change of a customer's points is a row; `balance` is the
 * customer's points after it. customer.points holds the running balance under CHECK (>= 0).
 */
export const pointsMovement = pgTable(
  'points_movement',
  {
    id: serial().primaryKey(),
    customerId: integer()
      .notNull()
      .references(() => customer.id),
    orderId: integer().references(() => order.id),
    /** Or the cash order it belongs to (CONTRACT §12 "Cash orders"). */
    cashOrderId: integer().references(() => cashOrder.id),
    /** earn (a paid item), spend (paid with Puntos), refund (a refund reverses both), adjust. */
    kind: varchar({ length: 10 }).notNull(),
    delta: integer().notNull(),
    balance: integer().notNull(),
    userId: integer().references(() => user.id),
    createdAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    check('points_movement_kind', sql`${t.kind} IN ('earn', 'spend', 'refund', 'adjust')`),
    check('points_movement_delta', sql`${t.delta} <> 0`),
    check('points_movement_balance', sql`${t.balance} >= 0`),
    index('points_movement_customer_idx').on(t.customerId, t.id),
    index().on(t.orderId),
    // An order earns its points once, whatever settles it concurrently.
    uniqueIndex('points_movement_one_earn_per_order')
      .on(t.orderId)
      .where(sql`${t.kind} = 'earn'`),
    index().on(t.cashOrderId),
    check('points_movement_one_sale', sql`${t.orderId} IS NULL OR ${t.cashOrderId} IS NULL`),
  ],
);
