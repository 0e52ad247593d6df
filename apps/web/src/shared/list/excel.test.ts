import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { listWorkbook } from './excel';
import { moneyColumn, tagColumn, textColumn } from './columns';

interface Row {
  code: string;
  price: number | null;
  points: number;
}

const columns = [
  textColumn<Row>('code', 'Código', (row) => row.code),
  textColumn<Row>('points', 'Puntos', (row) => row.points, { align: 'right' }),
  moneyColumn<Row>('price', 'Precio regular', (row) => row.price),
  // Shown on screen only: no export value, so not in the file.
  tagColumn<Row>('badge', 'Insignia', () => null, null),
];

async function readBack(bytes: ArrayBuffer, sheetName: string) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes);
  const sheet = workbook.getWorksheet(sheetName);
  if (!sheet) throw new Error('sin hoja');
  const values = (row: number) => (sheet.getRow(row).values as unknown[]).slice(1);
  return { sheet, values };
}

describe('a list exported to Excel (spec 002 §2: search and export)', () => {
  it('writes the title with the day, the exported columns and one row per record; money in pesos', async () => {
    const rows: Row[] = [
      { code: 'VENTA20', price: 1200.5, points: 40 },
      { code: 'SINPRECIO', price: null, points: 0 },
    ];
    const { sheet, values } = await readBack(
      await listWorkbook('Cupones', columns, rows, '2026-11-20'),
      'Cupones',
    );
    expect(sheet.getCell('A1').value).toBe('Cupones al 20-11-2026');
    expect(values(2)).toEqual(['Código', 'Puntos', 'Precio regular']);
    expect(values(3)).toEqual(['VENTA20', 40, 1200.5]);
    expect(values(4)).toEqual(['SINPRECIO', 0, '']);
    expect(sheet.rowCount).toBe(4);
    expect(sheet.getColumn(3).numFmt).toBe('"$"#,##0.00');
    expect(sheet.getColumn(2).numFmt).toBeUndefined();
  });

  it('cuts the sheet name at the 31 characters Excel allows, the title row keeps it whole', async () => {
    const title = 'Clientes que extrañamos en la sucursal';
    const { sheet } = await readBack(
      await listWorkbook(title, columns, [], '2026-11-20'),
      title.slice(0, 31),
    );
    expect(sheet.getCell('A1').value).toBe(`${title} al 20-11-2026`);
  });
});
