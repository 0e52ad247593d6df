import { z } from 'zod';
import { closingRecord, closingTotals } from './cash-closings';
import { ref } from './common';
import {
  reportBranch,
  reportDates,
  reportMonth,
  reportOf,
  reportQuery,
  reportYear,
} from './report-filters';

/**
 * The four money reports of CONTRACT §14: daily and monthly sales, daily cash closings and
 * profitability by branch. The fields keep the specification's names (`exchageRate` spelled so);
 * amounts are MXN but `dlsTx` and `dlsProduct`, which are dollars. `totals` sums every amount of
 * the rows; the rate and the identifiers are not summed.
 */

const money = z.number();

/**
 * The money of a branch-day (CONTRACT §14): "Tx" the orders (treatments, packages, promotions),
 * "Product" the cash orders; sales counted on `paidDate`, refunds subtracted on `refundDate` in the
 * column of their channel and method.
 */
export const salesMoneyShape = {
  /** `SUCURSAL` orders: Efectivo MXN − change − Efectivo refunds. */
  mxnTx: money,
  /** `SUCURSAL` orders: Efectivo paid in dollars (dollars). */
  dlsTx: money,
  /** Those dollars in MXN at the rate kept on each payment. */
  dlsToMxTx: money,
  /** mxnTx + dlsToMxTx. */
  cashTotalMx: money,
  /** `SUCURSAL` orders: Tarjeta de crédito − its refunds. */
  tdc: money,
  /** `SUCURSAL` orders: Tarjeta de débito − its refunds. */
  tdd: money,
  /** `SUCURSAL` orders (ours): transfers, deposits and points − refunds by transfer or deposit − points returned. */
  otherTx: money,
  /** `LINEA` orders: Σ total paid − Σ total refunded. */
  online: money,
  /** `APP` orders: Σ total paid − Σ total refunded. */
  app: money,
  /** cashTotalMx + tdc + tdd + otherTx + online + app. */
  totalDccTx: money,
  /** Cash orders: Efectivo MXN − change − Efectivo refunds. */
  mxnProduct: money,
  /** Cash orders: Efectivo paid in dollars (dollars). */
  dlsProduct: money,
  /** Those dollars in MXN at each payment's rate. */
  dlsToMxnProduct: money,
  /** Cash orders (ours): both cards − card refunds. */
  cardProduct: money,
  /** Cash orders (ours): transfers, deposits and points − their refunds and the points returned. */
  otherProduct: money,
  /** mxnProduct + dlsToMxnProduct + cardProduct + otherProduct (= the closing's products.total). */
  totalDcccProduct: money,
  /** totalDccTx + totalDcccProduct (= Σ totals sold − Σ totals refunded; the closing's total). */
  ddcTotal: money,
};
export type SalesMoney = { [K in keyof typeof salesMoneyShape]: number };

/** The money fields in the order the reports show them (each is summed into `totals`). */
export const SALES_MONEY_FIELDS = Object.keys(salesMoneyShape) as (keyof SalesMoney)[];

export const salesMoneyTotals = z.object(salesMoneyShape);

// ── /report/daily-sales and /report/monthly-sales ────────────────────────────────────────────

/** GET /report/daily-sales: `month` `YYYY-MM` (required), `branchId`. */
export const dailySalesReportQuery = reportQuery({ month: reportMonth(), ...reportBranch });
export type DailySalesReportQuery = z.input<typeof dailySalesReportQuery>;

/** GET /report/monthly-sales: `year` `YYYY` (required), `branchId`. */
export const monthlySalesReportQuery = reportQuery({ year: reportYear(), ...reportBranch });
export type MonthlySalesReportQuery = z.input<typeof monthlySalesReportQuery>;

export const salesReportItem = z.object({
  branch: ref,
  /** `YYYY-MM`. */
  month: z.string(),
  /** The branch-local day `YYYY-MM-DD`; null on a monthly row. */
  date: z.string().nullable(),
  /** Who closed the day; null while it is open (and on a monthly row). */
  user: ref.nullable(),
  ...salesMoneyShape,
  /**
   * The closing's rate when the day is closed, else the rate in force at the end of the day (now,
   * for today); a monthly row carries its last day's. A rate: not summed.
   */
  exchageRate: z.number().nullable(),
});
export type SalesReportItem = z.infer<typeof salesReportItem>;

/** One row per branch and day with a sale, refund or closing. */
export const dailySalesReport = reportOf(salesReportItem, salesMoneyTotals);
/** One row per branch and month with activity: each amount Σ that month's daily rows. */
export const monthlySalesReport = reportOf(salesReportItem, salesMoneyTotals);

// ── /report/daily-cash-closings ──────────────────────────────────────────────────────────────

/** GET /report/daily-cash-closings: `startDate`, `endDate` (the closed day), `branchId`. */
export const dailyCashClosingsReportQuery = reportQuery({ ...reportDates, ...reportBranch });
export type DailyCashClosingsReportQuery = z.input<typeof dailyCashClosingsReportQuery>;

/** Σ every figure and count of the closings, their products', the counted cash and differences. */
export const dailyCashClosingsTotals = closingTotals.extend({
  products: closingTotals,
  countedCash: money,
  countedCashDollars: money,
  difference: money,
  differenceDollars: money,
});

/** One row per closing: the record of CONTRACT §12. */
export const dailyCashClosingsReport = reportOf(closingRecord, dailyCashClosingsTotals);

// ── /report/profitability-by-branch ──────────────────────────────────────────────────────────

export const PROFITABILITY_TYPES = ['income', 'expenses'] as const;
export type ProfitabilityType = (typeof PROFITABILITY_TYPES)[number];

/** Income lines: together they are the month's ddcTotal. */
export const PROFITABILITY_INCOME_CONCEPTS = [
  'cash',
  'TPV',
  'online pay',
  'app pay',
  'individual sales',
] as const;

/** Expense lines (`consignment` and `shipping` stay 0: no data holds them yet). */
export const PROFITABILITY_EXPENSE_CONCEPTS = [
  'assortment',
  'reception',
  'returns',
  'merchandise purchase',
  'ISR',
  'medical commission',
  'cosmetology commission',
  'consignment',
  'shipping',
] as const;

export const PROFITABILITY_CONCEPTS = [
  ...PROFITABILITY_INCOME_CONCEPTS,
  ...PROFITABILITY_EXPENSE_CONCEPTS,
] as const;
export type ProfitabilityConcept = (typeof PROFITABILITY_CONCEPTS)[number];

/** GET /report/profitability-by-branch: `year` (required), `branchId`, `type` (absent: both). */
export const profitabilityReportQuery = reportQuery({
  year: reportYear(),
  ...reportBranch,
  type: z
    .enum(PROFITABILITY_TYPES, { error: 'El campo Tipo debe ser income o expenses' })
    .optional(),
});
export type ProfitabilityReportQuery = z.input<typeof profitabilityReportQuery>;

/** Twelve monthly amounts, January first. */
export const twelveMonths = z.array(money).length(12);

export const profitabilityReportItem = z.object({
  type: z.enum(PROFITABILITY_TYPES),
  concept: z.enum(PROFITABILITY_CONCEPTS),
  branch: ref,
  months: twelveMonths,
  /** Σ months. */
  total: money,
});
export type ProfitabilityReportItem = z.infer<typeof profitabilityReportItem>;

const monthsAndTotal = z.object({ months: twelveMonths, total: money });

/**
 * Per type, each month and the year summed over the rows; `balance` = income − expenses, signed
 * (the screen shows its absolute value).
 */
export const profitabilityReportTotals = z.object({
  income: monthsAndTotal,
  expenses: monthsAndTotal,
  balance: monthsAndTotal,
});
export const profitabilityReport = reportOf(profitabilityReportItem, profitabilityReportTotals);
export type ProfitabilityReport = z.infer<typeof profitabilityReport>;
