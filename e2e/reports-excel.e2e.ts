import ExcelJS from 'exceljs';
import { USERS, assert, signIn, test } from './harness';

/**
 * Issue 28: a year of the chain in one Excel file. The individual cosmetology fees answer 10,000
 * rows (served by the test, so the figure is the browser's, not the database's); the file is
 * built in the Web Worker while the page keeps answering: the longest task on the page's thread
 * during the export is measured (PerformanceObserver 'longtask') and printed with the time.
 */

const ROWS = 10_000;

test('Reportes: a 10,000-row report becomes an .xlsx in a worker without freezing the page', async ({
  page,
  baseUrl,
}) => {
  await signIn(page, baseUrl, USERS.admin);
  const items = Array.from({ length: ROWS }, (_, index) => ({
    orderNumber: `VP-${String(index + 1).padStart(6, '0')}`,
    kind: 'sale',
    branch: { id: 1 + (index % 50), name: `Sucursal ${1 + (index % 50)}` },
    date: `2026-${String(1 + (index % 12)).padStart(2, '0')}-15`,
    time: '10:30',
    patient: { id: index + 1, customerId: index + 1, name: `Cliente ${index + 1}` },
    product: { id: 4, sku: 'UC-GEL', name: 'Gel conductor' },
    user: { id: 5, name: 'Carla Ruiz Pérez' },
    commission: 12.5,
    salePrice: 250,
    percent: 5,
  }));
  const totals = { commission: 12.5 * ROWS, salePrice: 250 * ROWS };
  await page.route('**/v1/report/individual-cosmetology-fees?*', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({ statusCode: 200, code: 0, message: 'OK', data: { items, totals } }),
    }),
  );
  await page.goto(`${baseUrl}/dashboard/reportes?reporte=individual-cosmetology-fees`);
  await page.locator('.report-table .ant-table-row').first().waitFor();
  await page.evaluate(() => {
    const tasks: number[] = [];
    (window as unknown as { longTasks: number[] }).longTasks = tasks;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) tasks.push(entry.duration);
    }).observe({ type: 'longtask' });
  });
  const started = Date.now();
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 60_000 }),
    page.getByRole('button', { name: /Descargar Excel/ }).click(),
  ]);
  const elapsed = Date.now() - started;
  const longTasks = await page.evaluate(
    () => (window as unknown as { longTasks: number[] }).longTasks,
  );
  const longest = Math.round(Math.max(0, ...longTasks));
  const path = await download.path();
  assert.ok(path);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(path);
  const sheet = workbook.worksheets[0]!;
  const last = sheet.getRow(sheet.rowCount);
  assert.equal(last.getCell(1).value, 'Total');
  assert.equal(last.getCell(8).value, totals.commission);
  console.warn(
    `e2e: ${ROWS} rows to .xlsx in ${elapsed} ms; longest task on the page ${longest} ms (${longTasks.length} tasks over 50 ms)`,
  );
  // The page keeps answering: no single block near the build's length (a second or more).
  assert.ok(longest < 1_000, `longest task ${longest} ms`);
  // The browser supports the observer (so the figure above is a measure, not a gap). A control
  // busy-loop of 150 ms was observed as a long task in a loaded run but not on a quiet CI machine,
  // so it is not asserted here (noted in docs/benchmark.md).
  assert.ok(
    await page.evaluate(() => PerformanceObserver.supportedEntryTypes.includes('longtask')),
    'longtask entries are supported',
  );
});
