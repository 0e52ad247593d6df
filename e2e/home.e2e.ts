import { seriousViolations } from './axe';
import { USERS, assert, signIn, signOut, test } from './harness';

/**
 * The home's picture of the day (issue 28): the branch manager's branch in full, the chain's rows
 * for the administrator (and one branch chosen), the medic without money or closings; each figure
 * leads to its screen already filtered. Axe at laptop and phone widths.
 */

const SIZES = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
];

test('the home shows the branch manager the day of the branch, each figure a link', async ({
  page,
  baseUrl,
  screenshot,
}) => {
  await signIn(page, baseUrl, USERS.manager);
  const day = page.locator('section.home-day');
  await day.getByRole('heading', { name: /^Hoy en Zona Río/ }).waitFor();
  await day.getByText('Vendido hoy').waitFor();
  await day.getByText('Próximas citas').waitFor();
  await day.getByText(/Lotes caducan en 30 días/).waitFor();
  await day.getByText(/Sin corte todavía|Cerrado por/).waitFor();
  await day.getByRole('progressbar', { name: 'Avance de la meta del mes' }).waitFor();
  const found: string[] = [];
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.waitForLoadState('networkidle');
    for (const violation of await seriousViolations(page))
      found.push(`inicio del gerente ${size.width}: ${violation}`);
    await screenshot(`inicio-gerente-${size.width}`);
  }
  assert.deepEqual(found, []);
  await page.setViewportSize(SIZES[0]!);

  // The expiring lots open the inventory of the branch filtered to them.
  await day.getByRole('link', { name: /Lotes caducan en 30 días/ }).click();
  await page.waitForURL('**/dashboard/inventario?**');
  await page
    .getByText(/^Mostrando .* registros$/)
    .first()
    .waitFor();
  const rows = page.locator('.ant-table-tbody').first().locator('tr.ant-table-row');
  const shown = await rows.count();
  assert.ok(shown > 0, 'el inventario filtrado muestra los productos por caducar');
  assert.equal(await rows.filter({ hasText: 'Caducidad' }).count(), shown);
  // The agenda of the day.
  await page.goto(`${baseUrl}/dashboard/inicio`);
  await day.getByRole('link', { name: 'Ver agenda: Citas de hoy' }).click();
  await page.waitForURL(/\/dashboard\/agenda\?date=\d{4}-\d{2}-\d{2}&branchId=\d+/);
});

test('the home shows the chain its branches, and one branch when chosen', async ({
  page,
  baseUrl,
  screenshot,
}) => {
  await signIn(page, baseUrl, USERS.admin);
  const day = page.locator('section.home-day');
  await day.getByRole('heading', { name: 'Hoy en la cadena' }).waitFor();
  const table = day.getByRole('table');
  await table.getByRole('rowheader', { name: 'Zona Río' }).waitFor();
  await table.getByRole('rowheader', { name: 'CEDIS' }).waitFor();
  await day.getByRole('heading', { name: 'Ventas del mes por sucursal' }).waitFor();
  const found: string[] = [];
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.waitForLoadState('networkidle');
    for (const violation of await seriousViolations(page))
      found.push(`inicio de la cadena ${size.width}: ${violation}`);
    await screenshot(`inicio-cadena-${size.width}`);
  }
  assert.deepEqual(found, []);
  await page.setViewportSize(SIZES[0]!);

  await day.getByLabel('Ver sucursal').selectOption({ label: 'Playas de Tijuana' });
  await page.waitForURL('**/dashboard/inicio?sucursal=*');
  await day.getByRole('heading', { name: /^Hoy en Playas de Tijuana/ }).waitFor();
  await day.getByText('Próximas citas').waitFor();
  await screenshot('inicio-cadena-sucursal');
  // The day's closings of that branch, filtered.
  await day.getByRole('link', { name: 'Ver cortes: Corte de caja' }).click();
  await page.waitForURL('**/dashboard/corte-sucursal?**');
  await page.locator('.ant-table').first().waitFor();
  await signOut(page);

  // A medic: the agenda and the stock, no money and no closing.
  await signIn(page, baseUrl, USERS.medic);
  await day.getByText('Próximas citas').waitFor();
  await day.getByText(/Lotes caducan en 30 días/).waitFor();
  assert.equal(await day.getByText('Vendido hoy').count(), 0);
  assert.equal(await day.getByRole('heading', { name: 'Corte de caja' }).count(), 0);
  await screenshot('inicio-medico');
});

test('the home and the agenda paint their frame and heading before the app arrives, then the app takes their place', async ({
  page,
  baseUrl,
  screenshot,
}) => {
  await signIn(page, baseUrl, USERS.manager);
  await page.setViewportSize({ width: 412, height: 823 });
  const app = /\/assets\/main-[\w-]+\.js$/;
  for (const [path, heading] of [
    ['/dashboard/inicio', /^(Buenos días|Buenas tardes|Buenas noches), \S+$/],
    ['/dashboard/agenda', /^Agenda$/],
  ] as const) {
    // The app's entry refused, as when the connection drops: the boot frame alone.
    await page.route(app, (route) => route.abort());
    await page.goto(`${baseUrl}${path}`);
    const frame = page.locator('.boot');
    await frame.locator('h1').waitFor();
    assert.match(await frame.locator('h1').innerText(), heading);
    assert.equal(await frame.locator('.shell__branch-name').innerText(), 'ZONA RÍO');
    // Drawn for the eyes only: the app's own page is what a screen reader reads.
    assert.equal(await frame.getAttribute('aria-hidden'), 'true');
    // The entry never arrives here: the page says so, in Spanish.
    await page
      .getByRole('alert')
      .filter({ hasText: 'No se pudo cargar la aplicación. Revisa la conexión' })
      .waitFor();
    await screenshot(`boot-${path.split('/').pop()}`);
    await page.unroute(app);
    // With the app: the same heading, once, in the app's page; the frame gone.
    await page.reload();
    await page.locator('main h1').waitFor();
    assert.match(await page.locator('main h1').innerText(), heading);
    assert.equal(await page.locator('.boot').count(), 0);
    assert.equal(await page.locator('h1').count(), 1);
  }
});
