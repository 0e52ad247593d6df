import ExcelJS from 'exceljs';
import { USERS, apiOk, assert, signIn, test } from './harness';

/**
 * Issue 28: a year of the chain in one Excel file, with the largest report: the daily cash
 * closings of 50 clinics for a year, 18,000 closings of 23 columns (served by the test, so the
 * figure is the browser's, not the database's). The file is built in the Web Worker while the
 * page keeps answering: the longest task on the page's thread during the export is measured
 * (PerformanceObserver 'longtask') and printed with the time, from the click to the file.
 */

const ROWS = 18_000;

type Closing = Record<string, unknown> & { date: string; products: Record<string, number> };

/** Each amount of a record or of its products times `times`, to the cent. */
function scaled(record: Record<string, unknown>, times: number): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(record).map(([key, value]) => [
      key,
      typeof value === 'number'
        ? Math.round(value * 100 * times) / 100
        : value && typeof value === 'object'
          ? scaled(value as Record<string, unknown>, times)
          : value,
    ]),
  );
}

test('Reportes: a year of the chain’s closings becomes an .xlsx in a worker without freezing the page', async ({
  page,
  baseUrl,
}) => {
  await signIn(page, baseUrl, USERS.admin);
  // A closing of the demo, as the API answers it, repeated over 50 branches and 360 days.
  const demo = await apiOk<{ items: Closing[]; totals: Record<string, unknown> }>(
    page,
    'GET',
    '/report/daily-cash-closings?startDate=2020-01-01&endDate=2099-12-31',
  );
  const template = demo.items[0]!;
  assert.ok(template, 'the demo has a closing');
  const items = Array.from({ length: ROWS }, (_, index) => ({
    ...template,
    id: index + 1,
    number: index + 1,
    folio: `CC-${String(index + 1).padStart(6, '0')}`,
    branch: { id: 1 + (index % 50), name: `Sucursal ${1 + (index % 50)}` },
    date: new Date(Date.UTC(2026, 0, 1 + Math.floor(index / 50))).toISOString().slice(0, 10),
  }));
  // The totals as the API sums them: each amount of the record (and of its products) × ROWS.
  const totals = scaled(
    Object.fromEntries(Object.keys(demo.totals).map((key) => [key, template[key]])),
    ROWS,
  ) as Record<string, unknown> & { total: number; products: { total: number } };
  const total = totals.total;
  await page.route('**/v1/report/daily-cash-closings*', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({ statusCode: 200, code: 0, message: 'OK', data: { items, totals } }),
    }),
  );
  await page.goto(`${baseUrl}/dashboard/reportes?reporte=daily-cash-closings`);
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
  const titles = (sheet.getRow(sheet.rowCount - ROWS - 1).values as unknown[]).slice(1);
  const last = sheet.getRow(sheet.rowCount);
  assert.equal(last.getCell(1).value, 'Total');
  assert.equal(last.getCell(titles.indexOf('Total del día') + 1).value, total);
  assert.equal(last.getCell(titles.indexOf('Productos') + 1).value, totals.products.total);
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
