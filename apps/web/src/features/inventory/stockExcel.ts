import { formatLocalDate } from '../../shared/format';
import type { StockReportRow } from './api';

/**
 * The stock-by-branch report as a real .xlsx (spec 001 §7: the Excel export happens on the client).
 * exceljs is loaded the first time someone exports, as its own chunk, never with the screen.
 * Without prices in the answer (the Sucursal Gerente) the sheet has no unit price nor subtotal.
 */

export interface ReportColumn {
  header: string;
  key: string;
  width: number;
  money?: boolean;
  value: (row: StockReportRow) => string | number;
}

const round = (value: number) => Math.round(value * 100) / 100;

export function reportColumns(priced: boolean): ReportColumn[] {
  const base: ReportColumn[] = [
    { header: 'SKU', key: 'sku', width: 14, value: (row) => row.sku },
    { header: 'Categoría', key: 'category', width: 20, value: (row) => row.category ?? '' },
    { header: 'Producto', key: 'product', width: 40, value: (row) => row.product },
    { header: 'Lote', key: 'allotment', width: 16, value: (row) => row.allotment },
    {
      header: 'Caducidad',
      key: 'expiresIn',
      width: 14,
      value: (row) => formatLocalDate(row.expiresIn),
    },
    { header: 'Cantidad', key: 'quantity', width: 12, value: (row) => row.quantity },
  ];
  if (!priced) return base;
  return [
    ...base,
    {
      header: 'Precio unitario',
      key: 'unitPrice',
      width: 16,
      money: true,
      value: (row) => row.unitPrice ?? 0,
    },
    {
      header: 'Subtotal',
      key: 'subtotal',
      width: 16,
      money: true,
      value: (row) => round((row.unitPrice ?? 0) * row.quantity),
    },
  ];
}

/** Whether the answer carries prices: the API leaves them out for who may not see them. */
export const hasPrices = (rows: { unitPrice?: number }[]) =>
  rows.some((row) => row.unitPrice !== undefined);

export async function stockWorkbook(
  rows: StockReportRow[],
  branchName: string,
  priced: boolean,
): Promise<ArrayBuffer> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Clínica';
  workbook.created = new Date();
  const sheet = workbook.addWorksheet('Inventario', {
    views: [{ state: 'frozen', ySplit: 2 }],
  });
  const columns = reportColumns(priced);
  sheet.addRow([`Inventario de ${branchName}`]);
  sheet.getRow(1).font = { bold: true, size: 13 };
  sheet.columns = columns.map((column) => ({ key: column.key, width: column.width }));
  const header = sheet.addRow(columns.map((column) => column.header));
  header.font = { bold: true };
  header.eachCell((cell) => {
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE6F2F0' } };
  });
  for (const row of rows) sheet.addRow(columns.map((column) => column.value(row)));
  columns.forEach((column, index) => {
    if (column.money) sheet.getColumn(index + 1).numFmt = '"$"#,##0.00';
  });
  if (priced) {
    const total = round(rows.reduce((sum, row) => sum + (row.unitPrice ?? 0) * row.quantity, 0));
    const totalRow = sheet.addRow(
      columns.map((column) => (column.key === 'subtotal' ? total : '')),
    );
    totalRow.getCell(columns.length - 1).value = 'Total';
    totalRow.font = { bold: true };
  }
  return (await workbook.xlsx.writeBuffer()) as ArrayBuffer;
}
