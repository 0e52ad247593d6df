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
import type { ReportDef } from './types';

/**
 * The catalogue (spec 002 §9: sixteen reports), in the specification's order; profitability by
 * branch first, opened by default for who may see it. Each entry shows to whom its route's access
 * admits (`canCall`): `reports.view`, `Rentability.view` for profitability, `inventory.reports`
 * for the inventory.
 */
export const CATALOGUE: ReportDef[] = [
  inventoryReport,
  customersReport,
  appointmentsReport,
  occupationReport,
  generalCosmetologyFeesReport,
  individualCosmetologyFeesReport,
  generalMedicalFeesReport,
  scheduledAppointmentsReport,
  individualMedicalFeesReport,
];
