import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { individualCosmetologyFeesReport } from '../defs/activity';
import { toSheet } from './sheet';
import { buildWorkbook } from './workbook';

const columns = individualCosmetologyFeesReport.columns;

const row = (index: number) => ({
  orderNumber: `VP-${String(index).padStart(6, '0')}`,
  kind: 'sale',
  branch: { id: 1, name: 'Zona Río' },
  date: '2026-11-21',
  time: '10:30',
  patient: { id: 3, customerId: 3, name: 'Ana López' },
  product: { id: 4, sku: 'UC-GEL', name: 'Gel' },
  user: { id: 5, name: 'Carla Ruiz' },
  commission: 12.5,
  salePrice: 250,
  percent: 5,
});

async function readBack(bytes: ArrayBuffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes);
  return workbook.worksheets[0]!;
}

describe('a report as an .xlsx (spec 002 §9)', () => {
  it('writes the heading, typed money and dates, and the totals', async () => {
    const spec = toSheet(
      'Honorarios de cosmetología por cosmetóloga',
      ['Periodo: 01/11/2026 al 30/11/2026', 'Usuario: Ana López · Super Administrador'],
      columns,
      [row(1), row(2)],
      [{ orderNumber: 'Total', commission: 25, salePrice: 500 }],
    );
    const sheet = await readBack(await buildWorkbook(spec));
    expect(sheet.name).toBe('Honorarios de cosmetología por');
    expect(sheet.getCell('A1').value).toBe('Honorarios de cosmetología por cosmetóloga');
    expect(sheet.getCell('A2').value).toBe('Periodo: 01/11/2026 al 30/11/2026');
    expect((sheet.getRow(4).values as unknown[]).slice(1)).toEqual(columns.map((c) => c.title));
    const first = sheet.getRow(5);
    expect(first.getCell(1).value).toBe('VP-000001');
    expect(first.getCell(3).value).toEqual(new Date(Date.UTC(2026, 10, 21)));
    expect(first.getCell(3).numFmt).toBe('dd/mm/yyyy');
    expect(first.getCell(8).value).toBe(12.5);
    expect(first.getCell(8).numFmt).toContain('"$"#,##0.00');
    const totals = sheet.getRow(7);
    expect(totals.getCell(1).value).toBe('Total');
    expect(totals.getCell(8).value).toBe(25);
    expect(totals.getCell(9).value).toBe(500);
    expect(totals.font?.bold).toBe(true);
  });

  it('builds 10,000 rows, measured (the rows go in by chunks; the zip is one block)', async () => {
    const rows = Array.from({ length: 10_000 }, (_, index) => row(index));
    const spec = toSheet('Honorarios', [], columns, rows, []);
    // The longest stretch between two turns of the event loop while the rows go in.
    let longest = 0;
    let last = performance.now();
    let ticking = true;
    const tick = () => {
      const now = performance.now();
      longest = Math.max(longest, now - last);
      last = now;
      if (ticking) setTimeout(tick, 0);
    };
    setTimeout(tick, 0);
    const started = performance.now();
    const bytes = await buildWorkbook(spec);
    const elapsed = performance.now() - started;
    ticking = false;
    const sheet = await readBack(bytes);
    expect(sheet.rowCount).toBe(10_000 + 2);
    console.warn(
      `10,000-row report workbook: ${Math.round(elapsed)} ms, ${Math.round(bytes.byteLength / 1024)} KB, longest turn ${Math.round(longest)} ms`,
    );
    expect(elapsed).toBeLessThan(15_000);
  }, 30_000);
});
