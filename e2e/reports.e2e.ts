import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { seriousViolations } from './axe';
import { DESKTOP, PHONE, shootSizes } from './helpers';
import { USERS, assert, chooseOption, signIn, test } from './harness';

/**
 * Issue 28: the owners' reports at /dashboard/reportes (spec 002 §9): the catalogue by
 * privilege, a report's filters, rows and totals, its Excel file read back with the same totals,
 * the occupation's colour bands and chart, axe, and the screen at desktop and phone width.
 */

async function openReports(page: Page, baseUrl: string, report?: string): Promise<void> {
  await page.goto(`${baseUrl}/dashboard/reportes${report ? `?reporte=${report}` : ''}`);
  await page.locator('main h1').first().waitFor();
  await page.locator('.report-heading').waitFor();
}

/** The totals row's cells as the table shows them. */
const totalsOf = (page: Page) => page.locator('.report-table__totals td').allInnerTexts();

/** Downloads the report's .xlsx and reads it back. */
async function downloadReport(page: Page) {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: /Descargar Excel/ }).click(),
  ]).catch(async (error: unknown) => {
    const shown = await page.getByTestId('notice').allInnerTexts();
    throw new Error(
      `${String(error)}; aviso: ${shown.join(' | ')}; errores: ${problems.join(' | ')}`,
    );
  });
  const path = await download.path();
  assert.ok(path, 'el archivo se descargó');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(path);
  const sheet = workbook.worksheets[0];
  assert.ok(sheet, 'el libro tiene una hoja');
  return { sheet, name: download.suggestedFilename() };
}

test('Reportes: the catalogue, a report filtered by branch, its Excel with the same totals, axe', async ({
  page,
  baseUrl,
}) => {
  await signIn(page, baseUrl, USERS.admin);
  await openReports(page, baseUrl);
  const catalogue = page.getByRole('navigation', { name: 'Catálogo de reportes' });
  const entries = await catalogue.locator('.reports-catalogue__title').allInnerTexts();
  assert.ok(entries.length >= 9, `el catálogo: ${entries.join(', ')}`);
  const first = await catalogue.locator('[aria-current="page"]').innerText();
  assert.ok(
    first.startsWith(entries.includes('Rentabilidad por sucursal') ? 'Rentabilidad' : 'Clientes'),
  );

  // The occupation, from the catalogue by keyboard.
  await catalogue.getByRole('link', { name: /Porcentaje de confirmación/ }).focus();
  await page.keyboard.press('Enter');
  await page.waitForURL(/reporte=occupation/);
  const heading = page.locator('.report-heading');
  await heading.getByText('Porcentaje de confirmación de citas (ocupación)').waitFor();
  await heading.getByText('Todas las sucursales').waitFor();
  const rows = page.locator('.report-table .ant-table-row');
  await rows.first().waitFor();
  const allBranches = await rows.count();
  assert.ok(allBranches > 1, 'una fila por sucursal');
  assert.match(await page.locator('.report-table').innerText(), /\((bajo|medio|alto)\)/);
  await page.locator('figure.report-chart svg.recharts-surface[role="application"]').waitFor();

  // One branch: one row, and the heading names it.
  await chooseOption(page, 'report-occupation-branch', 'Zona Río');
  await heading.getByText('Zona Río').waitFor();
  await page.waitForFunction(
    () => document.querySelectorAll('.report-table .ant-table-row').length === 1,
  );
  const totals = await totalsOf(page);
  assert.equal(totals[0], 'Total');
  assert.deepEqual(await rows.first().locator('td').nth(0).innerText(), 'Zona Río');

  const { sheet, name } = await downloadReport(page);
  assert.match(name, /^occupation-.+\.xlsx$/);
  assert.equal(sheet.getCell('A1').value, 'Porcentaje de confirmación de citas (ocupación)');
  assert.equal(sheet.getCell('A3').value, 'Sucursal: Zona Río');
  const last = sheet.getRow(sheet.rowCount);
  assert.equal(last.getCell(1).value, 'Total');
  // The same totals as the table: counts as numbers, the percentage as its figure.
  const figures = totals.slice(1).map((text) => Number(text.replace(/[^\d.]/g, '')));
  const cells = (last.values as unknown[]).slice(2).map(Number);
  assert.deepEqual(cells, figures);

  assert.deepEqual(await seriousViolations(page), []);
  await shootSizes(page, 'reportes-ocupacion', [DESKTOP, PHONE]);
});

test('Reportes: money fees with totals in pesos, read back from the Excel file', async ({
  page,
  baseUrl,
}) => {
  await signIn(page, baseUrl, USERS.admin);
  await openReports(page, baseUrl, 'general-cosmetology-fees');
  const totals = await totalsOf(page);
  const rows = await page.locator('.report-table .ant-table-row').count();
  if (rows === 0) {
    assert.equal(
      await page.getByRole('button', { name: /Descargar Excel/ }).isDisabled(),
      true,
      'sin datos, la descarga espera',
    );
    return;
  }
  assert.match(totals.at(-1) ?? '', /^-?\$[\d,]+\.\d{2}$/);
  const { sheet } = await downloadReport(page);
  const last = sheet.getRow(sheet.rowCount);
  const money = (text: string) => Number(text.replace(/[^\d.-]/g, ''));
  assert.equal(last.getCell(5).value, money(totals[4] ?? ''));
  assert.match(String(last.getCell(5).numFmt), /\$/);
});

test('Reportes: a branch manager sees its own branch without a select, and the inventory at once', async ({
  page,
  baseUrl,
}) => {
  await signIn(page, baseUrl, USERS.manager);
  await openReports(page, baseUrl, 'inventory');
  assert.equal(await page.locator('[id="report-inventory-branch"]').count(), 0);
  await page.locator('.report-heading').getByText('Zona Río').waitFor();
  await page.locator('.report-table .ant-table-row').first().waitFor();
  assert.doesNotMatch(await page.locator('.report-table thead').innerText(), /Precio unitario/);
});

test('Reportes: profitability opens first with its chart; by type; its Excel has the same totals', async ({
  page,
  baseUrl,
}) => {
  await signIn(page, baseUrl, USERS.admin);
  await openReports(page, baseUrl);
  const heading = page.locator('.report-heading');
  await heading.getByText('Rentabilidad por sucursal').waitFor();
  await page.locator('figure.report-chart svg.recharts-surface[role="application"]').waitFor();
  const labels = () => page.locator('.report-table__totals td:first-child').allInnerTexts();
  await page.locator('.report-table__totals').first().waitFor();
  assert.deepEqual(await labels(), ['Total ingresos', 'Total gastos', 'Balance']);
  const year = String(new Date().getFullYear());
  await heading.getByText(`Año ${year}`).waitFor();

  // Income only: one totals row, and the Excel file's last row says the same.
  await chooseOption(page, 'report-profitability-by-branch-type', 'Ingresos');
  await page.waitForFunction(() => document.querySelectorAll('.report-table__totals').length === 1);
  assert.deepEqual(await labels(), ['Total ingresos']);
  const totals = await totalsOf(page);
  const { sheet } = await downloadReport(page);
  const last = sheet.getRow(sheet.rowCount);
  assert.equal(last.getCell(1).value, 'Total ingresos');
  const money = (text: string) => Number(text.replace(/[^\d.-]/g, ''));
  const yearTotal = last.getCell(totals.length).value;
  assert.equal(yearTotal, money(totals.at(-1) ?? ''));
  assert.ok(Number(yearTotal) > 0, 'el demo vendió este año');
  assert.deepEqual(await seriousViolations(page), []);
  await shootSizes(page, 'reportes-rentabilidad', [DESKTOP, PHONE]);
});

test('Reportes: daily sales of the month with their chart, and the general inventory by month', async ({
  page,
  baseUrl,
}) => {
  await signIn(page, baseUrl, USERS.admin);
  await openReports(page, baseUrl, 'daily-sales');
  await page.locator('.report-table .ant-table-row').first().waitFor();
  await page.locator('figure.report-chart svg.recharts-surface[role="application"]').waitFor();
  const totals = await totalsOf(page);
  assert.equal(totals[0], 'Total');
  assert.match(totals.at(-2) ?? '', /^\$[\d,]+\.\d{2}$/, `Total del día: ${totals.join(' | ')}`);
  assert.deepEqual(await seriousViolations(page), []);

  await openReports(page, baseUrl, 'general-inventory');
  await page.locator('.report-table .ant-table-row').first().waitFor();
  assert.match((await totalsOf(page)).at(-1) ?? '', /^\$[\d,]+\.\d{2}$/);
});
