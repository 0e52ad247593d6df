import {
  appointmentsReport,
  customersReport,
  generalCosmetologyFeesReport,
  generalMedicalFeesReport,
  individualCosmetologyFeesReport,
  individualMedicalFeesReport,
  occupationReport,
  scheduledAppointmentsReport,
} from './defs/activity';
import { inventoryReport } from './defs/inventory';
import {
  dailyCashClosingsReport,
  dailySalesReport,
  monthlySalesReport,
  profitabilityReport,
} from './defs/money';
import {
  branchExpensesReport,
  generalExpensesByProductReport,
  generalInventoryReport,
} from './defs/stock';
import type { ReportDef } from './types';

/**
 * The catalogue (spec 002 §9: sixteen reports), in the specification's order; profitability by
 * branch first, opened by default for who may see it. Each entry shows to whom its route's access
 * admits (`canCall`): `reports.view`, `Rentability.view` for profitability, `inventory.reports`
 * for the inventory.
 */
export const CATALOGUE: ReportDef[] = [
  profitabilityReport,
  branchExpensesReport,
  generalExpensesByProductReport,
  generalInventoryReport,
  inventoryReport,
  customersReport,
  appointmentsReport,
  occupationReport,
  generalCosmetologyFeesReport,
  individualCosmetologyFeesReport,
  generalMedicalFeesReport,
  scheduledAppointmentsReport,
  individualMedicalFeesReport,
  dailySalesReport,
  monthlySalesReport,
  dailyCashClosingsReport,
];

/**
 * The report that opens first: profitability when the user may see it (spec 002 §9), else the
 * first that shows rows without a choice (the inventory asks a branch of who is not fixed to one).
 */
export function defaultReport(visible: ReportDef[], fixedBranch: boolean): ReportDef | undefined {
  return (
    visible.find((report) => fixedBranch || !report.filters.includes('requiredBranch')) ??
    visible[0]
  );
}
