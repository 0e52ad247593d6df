import { bigint, date, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { branch } from './organization';

/**
 * The money of a branch-day (CONTRACT §14), the read model of the money reports: whole cents per
 * branch and branch-local day, the sales counted on their `paidDate` and the refunds subtracted on
 * their `refundDate`. Written only by `modules/orders/day-money.ts`, in the same transaction as
 * each sale, settlement and refund, as an additive upsert of the domain's `dayMoneyDelta`; filled
 * for the rows that existed before it by migration 0031 (the same sums as `DAY_MONEY_RECOMPUTE`).
 */

const cents = () => bigint({ mode: 'number' }).notNull().default(0);

export const branchDayMoney = pgTable(
  'branch_day_money',
  {
    branchId: integer()
      .notNull()
      .references(() => branch.id),
    day: date({ mode: 'string' }).notNull(),
    mxnTx: cents(),
    /** Dollars (cents of a dollar). */
    dlsTx: cents(),
    dlsToMxTx: cents(),
    tdc: cents(),
    tdd: cents(),
    otherTx: cents(),
    online: cents(),
    app: cents(),
    mxnProduct: cents(),
    /** Dollars (cents of a dollar). */
    dlsProduct: cents(),
    dlsToMxnProduct: cents(),
    cardProduct: cents(),
    otherProduct: cents(),
  },
  (t) => [primaryKey({ name: 'branch_day_money_pk', columns: [t.branchId, t.day] })],
);
