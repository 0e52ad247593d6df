import { seriousViolations } from './axe';
import { USERS, assert, notice, signIn, test, chooseOption } from './harness';
import { requestsOf } from './helpers';

/** Issue 14 (settings and goals): a monthly goal created from the list, and the exchange rate edited. */

test('Metas (issue 14): the administrator sets a branch’s monthly goal and sees its progress; a second one for that month is refused', async ({
  page,
  baseUrl,
  screenshot,
}) => {
  await signIn(page, baseUrl, USERS.admin);
  await page.goto(`${baseUrl}/dashboard/metas`);
  await page.getByRole('heading', { name: 'Metas', level: 1 }).waitFor();
  // The demo's goals: one per clinic and month, each with its progress bar.
  await page.getByRole('progressbar').first().waitFor();
  for (const header of [
    'Sucursal',
    'Mes',
    'Meta',
    'Venta total',
    'Restante para la meta',
    'Meta diaria',
    'Porcentaje de venta',
  ]) {
    assert.ok(
      (await page.getByRole('columnheader', { name: header, exact: true }).count()) > 0,
      `columna ${header}`,
    );
  }
  assert.deepEqual(await seriousViolations(page), [], 'lista de metas');
  await screenshot('metas-lista');

  // A year no demo goal reaches, so the month is free.
  const year = String(new Date().getFullYear() + 2);
  await page.getByRole('link', { name: 'Nuevo' }).click();
  await page.waitForURL('**/dashboard/metas/crear');
  await page.getByRole('heading', { name: 'Nueva meta', level: 1 }).waitFor();
  await page.locator('#goal').fill('123456.5');
  await chooseOption(page, 'branchId', 'Mexicali Centro');
  await chooseOption(page, 'month', 'Marzo');
  await chooseOption(page, 'year', year);
  // 123,456.50 ÷ 31 days of March.
  await page.getByText('Meta diaria: $3,982.47').waitFor();
  await page.evaluate(() => window.scrollTo(0, 0));
  assert.deepEqual(await seriousViolations(page), [], 'formulario de meta');
  await screenshot('metas-crear');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await page.waitForURL((url) => url.pathname === '/dashboard/metas');

  // Newest month first: the goal just set heads the list, with nothing sold yet.
  const row = page.getByRole('row').filter({ hasText: `Marzo ${year}` });
  await row.waitFor();
  const text = await row.innerText();
  assert.match(text, /Mexicali Centro/);
  assert.match(text, /\$123,456\.50/);
  assert.match(text, /\$3,982\.47/);
  assert.match(text, /0\.00 %/);
  await row.getByRole('progressbar').waitFor();
  await screenshot('metas-lista-nueva');

  // The same branch and month again: the API's 500 code 37, and the form stays open.
  await page.getByRole('link', { name: 'Nuevo' }).click();
  await page.waitForURL('**/dashboard/metas/crear');
  await page.getByRole('heading', { name: 'Nueva meta', level: 1 }).waitFor();
  await page.locator('#goal').fill('90000');
  await chooseOption(page, 'branchId', 'Mexicali Centro');
  await chooseOption(page, 'month', 'Marzo');
  await chooseOption(page, 'year', year);
  await page.getByRole('button', { name: 'Guardar' }).click();
  await notice(page).getByText('Esta meta ya existe para esta sucursal').waitFor();
  assert.match(page.url(), /\/dashboard\/metas\/crear$/);
});

test('Configuraciones (issue 14): the administrator changes the exchange rate, which joins the rate history', async ({
  page,
  baseUrl,
  screenshot,
}) => {
  await signIn(page, baseUrl, USERS.admin);
  const requests = requestsOf(page);
  await page.goto(`${baseUrl}/dashboard/configuraciones`);
  await page.getByRole('heading', { name: 'Configuraciones', level: 1 }).waitFor();
  await page.getByText('MXN por dólar').first().waitFor();
  const history = page.getByRole('table', { name: 'Historial del tipo de cambio' });
  // The history's rows, not the placeholder row antd's table shows while it loads (in CI's lanes
  // the count once caught that row: 1, then 6), counted once the screen's answers are all in.
  const rates = history.locator('tr.ant-table-row');
  await rates.first().waitFor();
  await requests.settled();
  const ratesBefore = await rates.count();
  assert.deepEqual(await seriousViolations(page), [], 'configuraciones');
  await screenshot('configuraciones');

  await page.getByRole('link', { name: 'Editar' }).click();
  await page.waitForURL('**/dashboard/configuraciones/editar');
  await page.getByRole('heading', { name: 'Editar configuración', level: 1 }).waitFor();
  const rate = page.getByLabel('Tipo de cambio', { exact: true });
  await rate.waitFor();
  // A rate of 0 is refused with the schema's message, before any call.
  await rate.fill('0');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await page.getByText('El tipo de cambio debe ser mayor a 0').waitFor();
  assert.deepEqual(await seriousViolations(page), [], 'editar configuración');
  await screenshot('configuraciones-editar');

  await rate.fill('19.1234');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await page.waitForURL((url) => url.pathname === '/dashboard/configuraciones');
  await page.getByText('$19.1234 MXN por dólar').waitFor();
  const newest = history.getByRole('row').nth(1);
  await newest.getByText('$19.1234').waitFor();
  assert.match(await newest.innerText(), /Alejandra Ruiz Campos/);
  assert.equal(await rates.count(), Math.min(ratesBefore + 1, 10));
  await screenshot('configuraciones-historial');
});
