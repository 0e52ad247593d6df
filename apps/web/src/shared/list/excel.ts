import { formatLocalDate } from '../format';
import type { ListColumn } from './types';

/**
 * A list as a real .xlsx, from the list's own export columns (spec 002 §2: search and export): a
 * title row with the day, the column titles, then one row per record; money columns in pesos.
 * exceljs is loaded the first time someone exports, as its own chunk, never with the screen.
 */
export async function listWorkbook<T>(
  title: string,
  columns: ListColumn<T>[],
  rows: T[],
  today: string,
): Promise<ArrayBuffer> {
  const exported = columns.filter((column) => column.exportValue);
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Clínica';
  workbook.created = new Date();
  // Excel refuses sheet names longer than 31 characters.
  const sheet = workbook.addWorksheet(title.slice(0, 31), {
    views: [{ state: 'frozen', ySplit: 2 }],
  });
  sheet.addRow([`${title} al ${formatLocalDate(today)}`]);
  sheet.getRow(1).font = { bold: true, size: 13 };
  sheet.columns = exported.map((column) => ({ key: column.key, width: 18 }));
  const header = sheet.addRow(exported.map((column) => column.title));
  header.font = { bold: true };
  for (const row of rows) sheet.addRow(exported.map((column) => column.exportValue!(row) ?? ''));
  exported.forEach((column, index) => {
    if (column.money) sheet.getColumn(index + 1).numFmt = '"$"#,##0.00';
  });
  return (await workbook.xlsx.writeBuffer()) as ArrayBuffer;
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Saves bytes as a file through a temporary link. */
export function saveFile(bytes: ArrayBuffer, fileName: string, type: string): void {
  const url = URL.createObjectURL(new Blob([bytes], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
