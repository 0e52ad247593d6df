import { z } from 'zod';
import { ref } from './common';
import { reportBranch, reportMonth, reportOf, reportQuery } from './report-filters';

/**
 * The stock and expense reports of CONTRACT §14: branch expenses, general expenses by product and
 * general inventory. The fields keep the specification's names; money is a JSON number of pesos
 * with at most two decimals, and `totals` sums every amount of the rows to the cent.
 */

const money = z.number();

// ── /report/branch-expenses ──────────────────────────────────────────────────────────────────

/** `month` (required, `YYYY-MM`) and `branchId`. */
export const branchExpensesReportQuery = reportQuery({ month: reportMonth(), ...reportBranch });
export type BranchExpensesReportQuery = z.input<typeof branchExpensesReportQuery>;

const branchExpenseAmounts = {
  /** Units received by the branch's finished assortment orders × the product's cost. */
  assortment: money,
  /** Units received by the branch from finished transfers × cost. */
  transfersReceived: money,
  /** Units the branch sent by finished transfers to another clinic × cost. */
  transfersSent: money,
  /** Units the branch sent to the distribution centre by finished transfers × cost. */
  returns: money,
  /** assortment + transfersReceived − transfersSent − returns. */
  total: money,
};
export const BRANCH_EXPENSE_FIELDS = [
  'assortment',
  'transfersReceived',
  'transfersSent',
  'returns',
  'total',
] as const;

export const branchExpensesReportItem = z.object({
  branch: ref,
  /** The month asked, `YYYY-MM`. */
  month: z.string(),
  ...branchExpenseAmounts,
});
export const branchExpensesReportTotals = z.object(branchExpenseAmounts);
export const branchExpensesReport = reportOf(branchExpensesReportItem, branchExpensesReportTotals);
export type BranchExpensesReportItem = z.infer<typeof branchExpensesReportItem>;

// ── /report/general-expenses-by-product ──────────────────────────────────────────────────────

/** `month` (required): the purchase orders that arrived (`arrivedAt`) that month. */
export const generalExpensesByProductReportQuery = reportQuery({ month: reportMonth() });
export type GeneralExpensesByProductReportQuery = z.input<
  typeof generalExpensesByProductReportQuery
>;

const productExpense = {
  /** Units of the month's purchase orders. */
  quantity: z.number().int(),
  /** Σ quantity × price × (1 + the product's tax). */
  totalAmount: money,
};
export const generalExpensesByProductReportItem = z.object({
  sku: z.string(),
  name: z.string(),
  /** The product's categories, by name, joined with commas (null: none). */
  category: z.string().nullable(),
  ...productExpense,
});
export const generalExpensesByProductReportTotals = z.object(productExpense);
export const generalExpensesByProductReport = reportOf(
  generalExpensesByProductReportItem,
  generalExpensesByProductReportTotals,
);
export type GeneralExpensesByProductReportItem = z.infer<typeof generalExpensesByProductReportItem>;

// ── /report/general-inventory ────────────────────────────────────────────────────────────────

/**
 * `startDate`/`endDate` as months (`YYYY-MM`, default this month; the end not before the start)
 * and `branchId`. The value is the stock at the end of `endDate`'s month.
 */
export const generalInventoryReportQuery = reportQuery({
  startDate: reportMonth('Mes inicial').optional(),
  endDate: reportMonth('Mes final').optional(),
  ...reportBranch,
});
export type GeneralInventoryReportQuery = z.input<typeof generalInventoryReportQuery>;

const inventoryValue = {
  /** Σ over the branch's lots of the balance at the end of the month (ledger) × the product's cost. */
  totalAmount: money,
};
export const generalInventoryReportItem = z.object({
  branch: ref,
  /** The branch's name (the specification's field). */
  name: z.string(),
  ...inventoryValue,
});
export const generalInventoryReportTotals = z.object(inventoryValue);
export const generalInventoryReport = reportOf(
  generalInventoryReportItem,
  generalInventoryReportTotals,
);
export type GeneralInventoryReportItem = z.infer<typeof generalInventoryReportItem>;
