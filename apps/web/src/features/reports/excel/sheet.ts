import { cellOf, totalsRow } from '../cells';
import type { Cell, CellKind, ReportColumn, Row } from '../types';

/**
 * A report as plain data for the workbook builder: the header lines, the columns' titles and
 * kinds, the rows' values and the totals rows. Plain data so it crosses to the Web Worker by
 * structured clone (`excel.worker.ts`), and nothing of the screen goes with it.
 */
export interface SheetSpec {
  sheetName: string;
  /** Title, period, branch, who generated it and when: one line each above the table. */
  heading: string[];
  columns: { title: string; kind: CellKind; width: number }[];
  rows: Cell[][];
  totals: Cell[][];
}

const WIDTH: Record<CellKind, number> = {
  text: 18,
  money: 16,
  dollars: 16,
  count: 12,
  rate: 12,
  percent: 12,
  date: 13,
  month: 12,
  time: 10,
};

/** Excel refuses sheet names over 31 characters and some punctuation. */
const sheetNameOf = (title: string) =>
  title
    .replace(/[\\/?*[\]:]/g, ' ')
    .slice(0, 31)
    .trim();

export function toSheet(
  title: string,
  heading: string[],
  columns: ReportColumn[],
  rows: Row[],
  totals: Record<string, Cell>[],
): SheetSpec {
  return {
    sheetName: sheetNameOf(title),
    heading: [title, ...heading],
    columns: columns.map((column) => ({
      title: column.title,
      kind: column.kind,
      width: column.width ?? Math.max(WIDTH[column.kind], column.title.length + 2),
    })),
    rows: rows.map((row) => columns.map((column) => cellOf(column, row))),
    totals: totals.map((row) => columns.map((column) => row[column.key] ?? null)),
  };
}

export { totalsRow };
