import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgSequence,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import type { ClosingMoney } from '@clinica/domain';
import { money } from './columns';
import { branch } from './organization';
import { user } from './users';

/**
 * The daily cash closing (CONTRACT §12 "Daily cash closing"): a branch-day's figures as they were
 * when it closed, the cash counted and the difference. A branch-day closes once (the unique key);
 * from then on triggers of migration 0030 refuse any payment, paid day or refund day dated into
 * it, so the record can never disagree with the sales. Numbered from its own sequence (`CC-…`).
 */

export const dailyCashClosingNumberSeq = pgSequence('daily_cash_closing_number_seq', {
  startWith: 1,
});

export const dailyCashClosing = pgTable(
  'daily_cash_closing',
  {
    id: serial().primaryKey(),
    number: integer()
      .notNull()
      .default(sql`nextval('daily_cash_closing_number_seq')`)
      .unique('daily_cash_closing_number_unique'),
    branchId: integer()
      .notNull()
      .references(() => branch.id),
    userId: integer()
      .notNull()
      .references(() => user.id),
    /** The branch-local day closed. */
    date: date({ mode: 'string' }).notNull(),
    cashTotal: money().notNull(),
    cashTotalDollars: money().notNull(),
    cashTotalDollarsMxn: money().notNull(),
    creditCardTotal: money().notNull(),
    debitCardTotal: money().notNull(),
    transferTotal: money().notNull(),
    depositTotal: money().notNull(),
    pointsTotal: money().notNull(),
    salesTotal: money().notNull(),
    refundCash: money().notNull(),
    refundCreditCard: money().notNull(),
    refundDebitCard: money().notNull(),
    refundTransfer: money().notNull(),
    refundDeposit: money().notNull(),
    refundPoints: money().notNull(),
    refundTotal: money().notNull(),
    total: money().notNull(),
    ordersCount: integer().notNull(),
    cashOrdersCount: integer().notNull(),
    refundsCount: integer().notNull(),
    /** MXN per dollar in force when it was computed. */
    exchangeRate: numeric({ precision: 10, scale: 4, mode: 'number' }).notNull(),
    /** The same figures over the cash orders only (the cash-only closing). */
    products: jsonb().$type<ClosingMoney>().notNull(),
    countedCash: money(),
    countedCashDollars: money(),
    /** countedCash − (cashTotal − refundCash); null when nothing was counted. */
    difference: money(),
    /** countedCashDollars − cashTotalDollars. */
    differenceDollars: money(),
    comments: varchar({ length: 500 }),
    createdAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /**
     * The record as the closings report writes it (CONTRACT §14), from `date` to `created_at`, as
     * one JSON text, kept by the trigger of migration 0037 on every insert and update (never set
     * it): the report of a year of the chain joins 18,000 of them instead of writing each again.
     */
    recordJson: text(),
  },
  (t) => [
    uniqueIndex('daily_cash_closing_branch_date_unique').on(t.branchId, t.date),
    index('daily_cash_closing_date_idx').on(t.date, t.id),
    check(
      'daily_cash_closing_counts',
      sql`${t.ordersCount} >= 0 AND ${t.cashOrdersCount} >= 0 AND ${t.refundsCount} >= 0`,
    ),
    check(
      'daily_cash_closing_difference',
      sql`(${t.countedCash} IS NULL) = (${t.difference} IS NULL) AND (${t.countedCashDollars} IS NULL) = (${t.differenceDollars} IS NULL)`,
    ),
  ],
);
