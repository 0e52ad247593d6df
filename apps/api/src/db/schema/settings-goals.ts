import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { money, timestamps } from './columns';
import { branch } from './organization';
import { user } from './users';

/**
 * The chain's one settings record (spec 002 §3; CONTRACT §11). `CHECK (id = 1)` keeps it one; the
 * migration creates it, so `GET /setting` answers on a fresh installation.
 */
export const setting = pgTable(
  'setting',
  {
    id: integer().primaryKey().default(1),
    /** Pesos per US dollar, four decimals. */
    exchangeRate: numeric({ precision: 10, scale: 4, mode: 'number' }).notNull(),
    paymentProcessType: varchar({ length: 20 }).notNull(),
    cosmetologyCommissionPercent: numeric({ precision: 5, scale: 2, mode: 'number' }).notNull(),
    ...timestamps,
  },
  (t) => [
    check('setting_single_row', sql`${t.id} = 1`),
    check('setting_exchange_rate_positive', sql`${t.exchangeRate} > 0`),
    check(
      'setting_commission_percent_range',
      sql`${t.cosmetologyCommissionPercent} BETWEEN 0 AND 100`,
    ),
    check(
      'setting_payment_process_type_valid',
      sql`${t.paymentProcessType} IN ('manual', 'gateway')`,
    ),
  ],
);

/**
 * Every exchange rate the chain has used, from the instant it took effect: the rate of a past
 * sale or closing is the last one that took effect at or before it (`rateAt`). Written by the
 * settings update in its transaction, never changed.
 */
export const exchangeRateHistory = pgTable(
  'exchange_rate_history',
  {
    id: serial().primaryKey(),
    exchangeRate: numeric({ precision: 10, scale: 4, mode: 'number' }).notNull(),
    effectiveFrom: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
    /** Who set it; null for the rate the installation started with. */
    userId: integer().references(() => user.id),
    createdAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    check('exchange_rate_history_positive', sql`${t.exchangeRate} > 0`),
    index('exchange_rate_history_effective_idx').on(t.effectiveFrom.desc(), t.id.desc()),
  ],
);

/**
 * A branch's sales goal for one month (spec 002 §3). `period` is the month's first day; the API
 * answers it as `month` 'MM' and `year` 'YYYY'. One live goal per branch and month: the unique
 * index settles two creating it at once (500 code 37).
 */
export const goal = pgTable(
  'goal',
  {
    id: serial().primaryKey(),
    branchId: integer()
      .notNull()
      .references(() => branch.id),
    period: date({ mode: 'string' }).notNull(),
    goal: money().notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('goal_branch_period_unique')
      .on(t.branchId, t.period)
      .where(sql`${t.deletedAt} IS NULL`),
    index('goal_period_idx').on(t.period),
    check('goal_amount_positive', sql`${t.goal} > 0`),
    check('goal_period_first_day', sql`extract(day from ${t.period}) = 1`),
  ],
);
