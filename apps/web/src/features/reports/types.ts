import type { ComponentType, LazyExoticComponent } from 'react';
import type { z } from 'zod';
import type { RouteDef } from '@clinica/domain';

/**
 * How a report is declared on the web side (README.md): the domain route it calls, the filters
 * its query takes, its columns, how its answer becomes rows and totals rows, and optionally a
 * chart. The screen (`ReportView`), the table and the Excel file are all made from it.
 */

/** A cell's value: what the API answered, before it becomes text (table) or a typed cell (Excel). */
export type Cell = string | number | null;

/** A report row as the API answers it (fields named by the specification). */
export type Row = Record<string, unknown>;

/**
 * How a column's values are shown: `money` pesos (`$1,234.50`), `dollars` (`US$12.00`), `count` a
 * whole number, `rate` a decimal rate (the exchange rate), `percent` a 0–100 figure, `date` a
 * branch-local `YYYY-MM-DD` (shown `DD/MM/YYYY`), `month` `YYYY-MM`, `text` as it is.
 */
export type CellKind =
  'text' | 'money' | 'dollars' | 'count' | 'rate' | 'percent' | 'date' | 'month' | 'time';

export interface ReportColumn {
  key: string;
  title: string;
  kind: CellKind;
  /** The row's value; by default `row[key]`. */
  value?: (row: Row) => Cell;
  /** Excel column width in characters; by default by kind. */
  width?: number;
}

/** The filters a report's query may take (CONTRACT §14). */
export type FilterKind =
  | 'month' // month, YYYY-MM (required)
  | 'year' // year, YYYY (required)
  | 'dates' // startDate, endDate: branch-local days
  | 'monthRange' // startDate, endDate as YYYY-MM
  | 'branch' // branchId (hidden for roles fixed to their branch)
  | 'requiredBranch' // branchId, required unless the role is fixed to its branch
  | 'user' // userId
  | 'type'; // income | expenses

/** The values of the filter form; each report sends the ones it declares. */
export interface FilterValues {
  month: string;
  year: string;
  startDate: string;
  endDate: string;
  startMonth: string;
  endMonth: string;
  branchId: number | null;
  userId: number | null;
  type: 'income' | 'expenses' | null;
}

/** The answer made into what the screen shows: rows, and the totals rows (first column labelled). */
export interface ReportData {
  rows: Row[];
  totals: Record<string, Cell>[];
}

/** What a report's chart is given. */
export interface ChartProps {
  rows: Row[];
  /** The answer's `totals`, as the API sent it. */
  answerTotals: unknown;
}

/** A report's route: a `GET` with a query, no parameters and no body. */
export type ReportRoute = RouteDef<string, undefined, z.ZodType | undefined, undefined>;

export interface ReportDef {
  /** The slug in the address: `/dashboard/reportes?reporte=occupation`. */
  id: string;
  title: string;
  /** One line for the catalogue. */
  description: string;
  /** The domain's route (its access decides who sees the entry). */
  route: ReportRoute;
  filters: FilterKind[];
  columns: ReportColumn[];
  /** The columns this answer has, when they depend on it (prices only to who may see them). */
  columnsFor?: (rows: Row[]) => ReportColumn[];
  /** The answer's `data` made into rows and totals rows. */
  read: (data: unknown) => ReportData;
  /** Paged as a list (CONTRACT §3): the customers report. */
  paged?: boolean;
  /** Row key; by default the row's index. */
  rowKey?: (row: Row) => string;
  /** The chart above the table, in its own chunk. */
  chart?: LazyExoticComponent<ComponentType<ChartProps>>;
  /**
   * A rule the query must keep before it is sent (the domain's, which the API applies too):
   * answers the message to show instead of asking, or null.
   */
  check?: (query: Record<string, unknown>, fixedBranch: boolean) => string | null;
  /** Under the catalogue's title when there is nothing to show yet. */
  emptyText?: string;
}

export const defineReport = (report: ReportDef): ReportDef => report;
