import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { stockWorkbook } from './stockExcel';
import type { StockReportRow } from './api';

const rows: StockReportRow[] = [
  {
    sku: 'MV-TOX100',
    category: 'Inyectables',
    product: 'Toxina botulínica',
    quantity: 3,
    allotment: 'L-01',
    expiresIn: '2026-12-01',
    unitPrice: 4500.5,
  },
];

async function readBack(bytes: ArrayBuffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes);
  const sheet = workbook.getWorksheet('Inventario');
  if (!sheet) throw new Error('sin hoja');
  const header = sheet.getRow(2).values as unknown[];
  const first = sheet.getRow(3).values as unknown[];
  return { sheet, header: header.slice(1), first: first.slice(1) };
}

describe('the stock report in Excel (spec 001 §6, §7)', () => {
  it('writes a real workbook with the unit price and the subtotal', async () => {
    const { sheet, header, first } = await readBack(await stockWorkbook(rows, 'Zona Río', true));
    expect(sheet.getCell('A1').value).toBe('Inventario de Zona Río');
    expect(header).toEqual([
      'SKU',
      'Categoría',
      'Producto',
      'Lote',
      'Caducidad',
      'Cantidad',
      'Precio unitario',
      'Subtotal',
    ]);
    expect(first).toEqual([
      'MV-TOX100',
      'Inyectables',
      'Toxina botulínica',
      'L-01',
      '01-12-2026',
      3,
      4500.5,
      13501.5,
    ]);
  });

  it('leaves out the unit price and the subtotal for the branch manager', async () => {
    const unpriced = rows.map(({ unitPrice: _price, ...row }) => row);
    const { header, first } = await readBack(await stockWorkbook(unpriced, 'Zona Río', false));
    expect(header).toEqual(['SKU', 'Categoría', 'Producto', 'Lote', 'Caducidad', 'Cantidad']);
    expect(first).toHaveLength(6);
  });
});
