import ExcelJS from 'exceljs';
import type { Locator, Page } from 'playwright-core';
import { seriousViolations } from './axe';
import { USERS, assert, notice, signIn, test, chooseOption } from './harness';

/**
 * Issue 12: the inventory screen (spec 001 §2, §4–§6): the list with its colours and prices, the
 * detail, an adjustment each way, max/min, and the branch manager's report exported to Excel.
 */

const SHOTS = '/work/shots-inv';
const SIZES = [
  [1440, 900],
  [768, 1024],
  [390, 844],
] as const;

const GEL = 'Gel conductor para radiofrecuencia (UC-GELRF) en Zona Río';
const unique = () => String(Date.now()).slice(-6);

async function openInventory(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/dashboard/inventario`);
  await page.locator('main h1').first().waitFor();
  await page.locator('main .ant-table-row').first().waitFor();
}

/** Narrows the list by product name and waits for the row of that product and branch. */
async function findRow(page: Page, product: string, label: string): Promise<Locator> {
  await page.getByLabel('Buscar en Inventario').fill(product);
  await page.keyboard.press('Enter');
  const row = page.locator('main .ant-table-row', {
    has: page.getByRole('button', { name: `Acciones de ${label}`, exact: true }),
  });
  await row.waitFor();
  return row;
}

/** The row's 'Cantidad' cell as a number. */
async function quantityOf(row: Locator): Promise<number> {
  const text = await row.locator('.stock-quantity').innerText();
  return Number(text.replace(/[^\d]/g, ''));
}

async function rowOption(page: Page, label: string, item: string): Promise<void> {
  await page.getByRole('button', { name: `Acciones de ${label}`, exact: true }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

/** How far the page reaches past the viewport's right edge (0: it fits). */
const sideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** Screenshots at the three sizes; a whole-page one unless a dialog is open over the page. */
async function shootSizes(page: Page, name: string): Promise<string[]> {
  const fullPage = (await page.getByRole('dialog').count()) === 0;
  const overflow: string[] = [];
  for (const [width, height] of SIZES) {
    await page.setViewportSize({ width, height });
    await page.waitForTimeout(300);
    const extra = await sideways(page);
    if (extra > 0) overflow.push(`${name} ${width}×${height}: ${extra}px`);
    await page.screenshot({ path: `${SHOTS}/${name}-${width}x${height}.png`, fullPage });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  return overflow;
}

test('Inventario: the super administrator sees every branch with prices, colours and their legend, and the detail of a product', async ({
  page,
  baseUrl,
}) => {
  await signIn(page, baseUrl, USERS.admin);
  await openInventory(page, baseUrl);
  await page.waitForLoadState('networkidle');
  assert.ok((await page.getByRole('columnheader', { name: 'Precio unitario' }).count()) > 0);
  await page.getByRole('note', { name: 'Leyenda de colores del inventario' }).waitFor();
  // The seed has lots near expiry and products outside their max/min: coloured rows, with words.
  const danger = page.locator('main tr.stock-row--danger').first();
  await danger.waitFor();
  assert.match(await danger.innerText(), /Caducidad/);
  await page.getByRole('combobox', { name: 'Sucursal' }).waitFor();
  assert.deepEqual(await seriousViolations(page), [], 'lista');
  const overflow = await shootSizes(page, 'inventario-admin');

  // Colour filter: only rows outside their max/min.
  await chooseOption(page, page.getByRole('combobox', { name: 'Alerta' }), 'Fuera de máx./mín.');
  await page.locator('main tr.stock-row--volcano').first().waitFor();
  await page.waitForLoadState('networkidle');
  assert.equal(await page.locator('main tr.stock-row--danger').count(), 0);
  await page.getByRole('button', { name: 'Limpiar' }).click();

  // The detail: lots with days left and their colour in words, and the movements that made them.
  const row = await findRow(page, 'Gel conductor', GEL);
  await rowOption(page, GEL, 'Detalle');
  const dialog = page.getByRole('dialog', {
    name: /Gel conductor para radiofrecuencia · Zona Río/,
  });
  await dialog.getByRole('heading', { name: 'Lotes' }).waitFor();
  await dialog.getByRole('heading', { name: 'Movimientos recientes' }).waitFor();
  await dialog.locator('.ant-table-row').first().waitFor();
  assert.match(await dialog.innerText(), /Vigente|Caduca en|Caducado/);
  assert.match(await dialog.innerText(), /Ajuste|Orden de compra/);
  assert.ok(row);
  assert.deepEqual(await seriousViolations(page), [], 'detalle');
  overflow.push(...(await shootSizes(page, 'inventario-detalle')));
  await dialog.getByRole('button', { name: 'Cerrar' }).last().click();
  await dialog.waitFor({ state: 'hidden' });

  // Who chooses branches opens the report with a selector; prices and subtotals are theirs.
  await page.getByRole('button', { name: 'Reporte por sucursal' }).click();
  const report = page.getByRole('dialog', { name: 'Reporte de inventario por sucursal' });
  await chooseOption(
    page,
    report.getByRole('combobox', { name: 'Sucursal del reporte' }),
    'Zona Río',
  );
  await report.locator('.ant-table-row').first().waitFor();
  assert.match(await report.innerText(), /Precio unitario/);
  assert.match(await report.innerText(), /Subtotal/);
  assert.deepEqual(await seriousViolations(page), [], 'reporte');
  overflow.push(...(await shootSizes(page, 'inventario-reporte')));
  assert.deepEqual(overflow, []);
});

test('Inventario: an adjustment drops and registers units, and the short drop is refused in Spanish', async ({
  page,
  baseUrl,
}) => {
  await signIn(page, baseUrl, USERS.admin);
  await openInventory(page, baseUrl);
  const row = await findRow(page, 'Gel conductor', GEL);
  const before = await quantityOf(row);

  // Baja of one unit from the first lot.
  await rowOption(page, GEL, 'Ajuste');
  let dialog = page.getByRole('dialog', { name: /Ajuste de inventario/ });
  await dialog.getByText('Baja', { exact: true }).click();
  await dialog.getByLabel('Cantidad').fill('1');
  await chooseOption(page, 'ajuste_stockId');
  await dialog.getByLabel('Justificación').fill('Bolsa rota al acomodar el almacén');
  await dialog.getByRole('button', { name: 'Guardar ajuste' }).click();
  await notice(page)
    .getByText(/Ajuste guardado/)
    .waitFor();
  await dialog.waitFor({ state: 'hidden' });
  await page.waitForFunction(
    ([label, expected]) => {
      const button = [...document.querySelectorAll('button')].find(
        (candidate) => candidate.getAttribute('aria-label') === `Acciones de ${label}`,
      );
      const cell = button?.closest('tr')?.querySelector('.stock-quantity');
      return Number(cell?.textContent?.replace(/[^\d]/g, '')) === expected;
    },
    [GEL, before - 1] as const,
  );

  // A drop larger than the lot: 422 code 1, 'Inventario insuficiente' on the quantity.
  await rowOption(page, GEL, 'Ajuste');
  dialog = page.getByRole('dialog', { name: /Ajuste de inventario/ });
  await dialog.getByText('Baja', { exact: true }).click();
  await dialog.getByLabel('Cantidad').fill('9999');
  await chooseOption(page, 'ajuste_stockId');
  await dialog.getByLabel('Justificación').fill('Prueba de una baja mayor al lote');
  await dialog.getByRole('button', { name: 'Guardar ajuste' }).click();
  await dialog.getByText('Inventario insuficiente').waitFor();
  assert.deepEqual(await seriousViolations(page), [], 'ajuste con error');
  const overflow = await shootSizes(page, 'inventario-ajuste');
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await dialog.waitFor({ state: 'hidden' });
  assert.equal(await quantityOf(row), before - 1);

  // Registro in a new lot with its expiry: the units arrive and the lot shows in the detail.
  const allotment = `E2E-${unique()}`;
  await rowOption(page, GEL, 'Ajuste');
  dialog = page.getByRole('dialog', { name: /Ajuste de inventario/ });
  await dialog.getByText('Registro', { exact: true }).click();
  await dialog.getByLabel('Cantidad').fill('5');
  await dialog.getByLabel('Lote nuevo').fill(allotment);
  await dialog.getByLabel('Caducidad').fill('31-12-2028');
  await dialog.getByLabel('Caducidad').press('Enter');
  await dialog.getByLabel('Justificación').fill('Conteo físico: bolsas sin registrar');
  await dialog.getByRole('button', { name: 'Guardar ajuste' }).click();
  await notice(page)
    .getByText(`Ajuste guardado: el lote ${allotment} queda con 5 unidades`)
    .waitFor();
  await dialog.waitFor({ state: 'hidden' });
  await row.getByText(allotment).waitFor();
  assert.equal(await quantityOf(row), before + 4);
  await rowOption(page, GEL, 'Detalle');
  const detail = page.getByRole('dialog', {
    name: /Gel conductor para radiofrecuencia · Zona Río/,
  });
  await detail.getByRole('cell', { name: allotment }).first().waitFor();
  await detail.getByText('+5').first().waitFor();
  await detail.getByRole('button', { name: 'Cerrar' }).last().click();

  // The history names the drop with its product and lot (issue 12), filtered by action.
  await page.goto(`${baseUrl}/dashboard/historial`);
  await chooseOption(page, page.getByRole('combobox', { name: 'Acción' }), 'Registro');
  const entry = page.locator('main .ant-table-row', { hasText: allotment });
  await entry.waitFor();
  assert.match(await entry.innerText(), /Gel conductor para radiofrecuencia \(UC-GELRF\)/);
  assert.deepEqual(await seriousViolations(page), [], 'historial');
  overflow.push(...(await shootSizes(page, 'historial-registro')));
  assert.deepEqual(overflow, []);
});

test('Inventario: max/min refuses a minimum above the maximum before sending, then saves', async ({
  page,
  baseUrl,
}) => {
  await signIn(page, baseUrl, USERS.admin);
  await openInventory(page, baseUrl);
  const row = await findRow(page, 'Gel conductor', GEL);
  await rowOption(page, GEL, 'Máximos y mínimos');
  const dialog = page.getByRole('dialog', { name: /Máximos y mínimos/ });
  await dialog.getByText('0 = sin límite').waitFor();
  await dialog.getByLabel('Cantidad máxima').fill('10');
  await dialog.getByLabel('Cantidad mínima').fill('20');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await dialog.getByText('La cantidad mínima no puede ser mayor a la cantidad máxima').waitFor();
  assert.deepEqual(await seriousViolations(page), [], 'máximos y mínimos con error');
  const overflow = await shootSizes(page, 'inventario-maxmin');
  await dialog.getByLabel('Cantidad mínima').fill('4');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await notice(page).getByText('Máximo 10 y mínimo 4 guardados').waitFor();
  await row.getByText('10 / 4').waitFor();
  assert.deepEqual(overflow, []);
});

test('Inventario: the branch manager sees no prices, and exports the report of the branch to a real Excel file', async ({
  page,
  baseUrl,
}) => {
  await signIn(page, baseUrl, USERS.manager);
  await openInventory(page, baseUrl);
  await page.waitForLoadState('networkidle');
  assert.equal(await page.getByRole('columnheader', { name: 'Precio unitario' }).count(), 0);
  assert.equal(await page.getByRole('combobox', { name: 'Sucursal' }).count(), 0);
  const report = page.locator('.stock-report');
  await report.getByText('Inventario por sucursal · Zona Río').waitFor();
  await report.locator('.ant-table-row').first().waitFor();
  assert.doesNotMatch(await report.innerText(), /Precio unitario|Subtotal/);
  assert.deepEqual(await seriousViolations(page), [], 'lista del gerente');
  const overflow = await shootSizes(page, 'inventario-gerente');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    report.getByRole('button', { name: /Exportar a Excel/ }).click(),
  ]);
  assert.match(download.suggestedFilename(), /^inventario-zona-rio-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const path = await download.path();
  assert.ok(path, 'el archivo se descargó');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(path);
  const sheet = workbook.getWorksheet('Inventario');
  assert.ok(sheet, 'la hoja Inventario');
  assert.equal(sheet.getCell('A1').value, 'Inventario de Zona Río');
  assert.deepEqual((sheet.getRow(2).values as unknown[]).slice(1), [
    'SKU',
    'Categoría',
    'Producto',
    'Lote',
    'Caducidad',
    'Cantidad',
  ]);
  assert.ok(sheet.rowCount > 2, `renglones: ${sheet.rowCount}`);
  const first = (sheet.getRow(3).values as unknown[]).slice(1);
  assert.equal(typeof first[5], 'number');
  assert.deepEqual(overflow, []);
});
