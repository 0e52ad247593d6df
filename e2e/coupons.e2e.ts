import ExcelJS from 'exceljs';
import { seriousViolations } from './axe';
import { USERS, assert, signIn, test, chooseOption } from './harness';

/** Issue 14 (b): coupons, from the list through the form to the detail modal. */

test('Cupones: the administrator creates a treatment coupon and opens its detail, with axe on list, form and modal', async ({
  page,
  baseUrl,
  screenshot,
}) => {
  const code = `E2E${String(Date.now()).slice(-6)}`;
  await signIn(page, baseUrl, USERS.admin);
  await page.getByRole('link', { name: 'Cupones' }).first().click();
  await page.waitForURL('**/dashboard/cupones');
  // The demo's coupons, partly used through real redemptions.
  await page.getByRole('button', { name: 'BIENVENIDA10', exact: true }).waitFor();
  assert.deepEqual(await seriousViolations(page), [], 'lista de cupones');
  await screenshot('cupones-lista');

  await page.getByRole('link', { name: 'Nuevo' }).click();
  await page.waitForURL('**/dashboard/cupones/crear');
  await page.locator('#code').waitFor();
  assert.deepEqual(await seriousViolations(page), [], 'formulario de cupón');
  // Submitted empty: each field says what it needs; the emptied discount counts as 0.
  await page.getByRole('button', { name: 'Guardar' }).click();
  await page.getByText('El campo Código es obligatorio').waitFor();
  assert.deepEqual(await seriousViolations(page), [], 'formulario de cupón con errores');

  await page.locator('#code').fill(code.toLowerCase());
  assert.equal(await page.locator('#code').inputValue(), code);
  await page.locator('#name').fill('Cupón de prueba E2E');
  await page.locator('#description').fill('Descuento para probar el alta de cupones.');
  await chooseOption(page, 'branchesIds', 'Zona Río');
  await page.locator('#limit').fill('5');
  await chooseOption(page, 'treatmentId');
  await page.locator('#discount').fill('15');
  await page.locator('#expireDate').click();
  await page.locator('#expireDate').fill('31-12-2026');
  await page.keyboard.press('Tab');
  await page.locator('.ant-picker-dropdown:visible').waitFor({ state: 'hidden' });
  await page.getByText('El campo Fecha de vencimiento es obligatorio').waitFor({ state: 'hidden' });
  // The prices computed as typed: the regular price and 15 % off it.
  const prices = page.getByRole('group', { name: 'Precios calculados' });
  await prices.getByText(/^\$\d/).nth(1).waitFor();
  await screenshot('cupones-formulario');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await page.waitForURL((url) => url.pathname === '/dashboard/cupones');

  await page.getByLabel('Buscar en Cupones').fill(code);
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: code, exact: true }).click();
  const modal = page.getByRole('dialog');
  await modal.getByText('5 de 5').waitFor();
  await modal.getByText('Ninguna orden ha usado este cupón').waitFor();
  await modal.getByText('Zona Río').waitFor();
  assert.deepEqual(await seriousViolations(page), [], 'detalle del cupón');
  await screenshot('cupones-detalle');
  await page.keyboard.press('Escape');
  await modal.waitFor({ state: 'hidden' });

  // The Excel of what the list's search selects: the new coupon, its prices in pesos.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: /Excel/ }).click(),
  ]);
  assert.match(download.suggestedFilename(), /^cupones-\d{4}-\d{2}-\d{2}\.xlsx$/);
  await page.getByText('Cupones exportados a Excel').waitFor();
  const path = await download.path();
  assert.ok(path, 'el archivo se descargó');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(path);
  const sheet = workbook.getWorksheet('Cupones');
  assert.ok(sheet, 'la hoja Cupones');
  const titles = (sheet.getRow(2).values as unknown[]).slice(1);
  assert.equal(sheet.rowCount, 3, 'solo el cupón buscado');
  assert.equal(sheet.getRow(3).getCell(1).value, code);
  for (const [index, title] of titles.entries()) {
    const money = title === 'Precio regular' || title === 'Precio con descuento';
    assert.equal(sheet.getColumn(index + 1).numFmt === '"$"#,##0.00', money, String(title));
  }
});
