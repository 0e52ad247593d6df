import type ExcelJSNamespace from 'exceljs';
import type { Cell, CellKind } from '../types';
import type { SheetSpec } from './sheet';

/**
 * The .xlsx of a report (spec 002 §9: the export runs in the client): the header lines, the
 * column titles, one row per report row with money, dates and counts as typed cells in es-MX
 * formats, then the totals rows in bold. It runs in a Web Worker (`excel.worker.ts`); where
 * there is none it runs on the page, yielding to the browser every `CHUNK` rows so a year of
 * the chain does not freeze it.
 */

type ExcelJS = typeof ExcelJSNamespace;

export const CHUNK = 1_000;

const FORMATS: Partial<Record<CellKind, string>> = {
  money: '"$"#,##0.00;-"$"#,##0.00',
  dollars: '"US$"#,##0.00;-"US$"#,##0.00',
  count: '#,##0',
  rate: '#,##0.0000',
  percent: '0.00" %"',
  date: 'dd/mm/yyyy',
};

/** A branch-local `YYYY-MM-DD` as the Excel date of that day (exceljs writes dates in UTC). */
function excelValue(kind: CellKind, value: Cell): string | number | Date | null {
  if (kind === 'date' && typeof value === 'string') {
    const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
    if (match) return new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  }
  return value;
}

const yieldToBrowser = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export async function buildWorkbook(
  ExcelJS: ExcelJS,
  spec: SheetSpec,
  { yieldEvery = CHUNK }: { yieldEvery?: number } = {},
): Promise<ArrayBuffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Clínica';
  workbook.created = new Date();
  const headerRows = spec.heading.length + 1;
  const sheet = workbook.addWorksheet(spec.sheetName || 'Reporte', {
    views: [{ state: 'frozen', ySplit: headerRows }],
  });
  sheet.columns = spec.columns.map((column, index) => ({
    key: String(index),
    width: column.width,
    style: FORMATS[column.kind] ? { numFmt: FORMATS[column.kind] } : {},
  }));
  spec.heading.forEach((line, index) => {
    const row = sheet.addRow([line]);
    row.font = index === 0 ? { bold: true, size: 13 } : { italic: true };
    // A heading line keeps to its first cell: no number format from the column below it.
    row.getCell(1).numFmt = 'General';
  });
  const header = sheet.addRow(spec.columns.map((column) => column.title));
  header.font = { bold: true };
  header.eachCell((cell) => {
    cell.numFmt = 'General';
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE6F2F0' } };
  });
  const kinds = spec.columns.map((column) => column.kind);
  for (let start = 0; start < spec.rows.length; start += yieldEvery) {
    for (const values of spec.rows.slice(start, start + yieldEvery)) {
      sheet.addRow(values.map((value, index) => excelValue(kinds[index]!, value)));
    }
    if (start + yieldEvery < spec.rows.length) await yieldToBrowser();
  }
  for (const values of spec.totals) {
    const row = sheet.addRow(values.map((value, index) => excelValue(kinds[index]!, value)));
    row.font = { bold: true };
  }
  // In the browser exceljs answers a Buffer (a Uint8Array over a larger pool): copy out exactly the
  // file's bytes as an ArrayBuffer, which a worker can transfer.
  const written = new Uint8Array((await workbook.xlsx.writeBuffer()) as ArrayBuffer);
  return written.buffer.slice(
    written.byteOffset,
    written.byteOffset + written.byteLength,
  ) as ArrayBuffer;
}
