import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { seriousViolations } from './axe';
import { USERS, assert, chooseOption, signIn, test } from './harness';

/** Issue 15 (loyalty): the three loyalty screens, the thresholds editor, search and export. */

const LOYALTY_COLUMNS = ['No. cliente', 'Puntos', 'Compras (365 días)', 'Nivel', 'Cancelaciones'];

async function openScreen(page: Page, link: string, path: string) {
  await page.getByRole('link', { name: link, exact: true }).first().click();
  await page.waitForURL(`**/dashboard/${path}`);
  await page.getByRole('heading', { level: 1, name: link }).waitFor();
  await page.waitForLoadState('networkidle');
}

/**
 * The columns a loyalty screen is for lie inside the table's visible width at 1440 px, not past
 * its sideways scroll (the contact details may follow past it).
 */
async function assertColumnsInView(page: Page, titles: string[]) {
  const table = await page.locator('.ant-table-content').first().boundingBox();
  assert.ok(table, 'la tabla');
  for (const title of titles) {
    const escaped = title.replace(/[()]/g, '\\$&');
    const header = page.locator('th').filter({ hasText: new RegExp(`^${escaped}$`) });
    const box = await header.first().boundingBox();
    assert.ok(box, `la columna ${title}`);
    assert.ok(
      box.x + box.width <= table.x + table.width + 1,
      `${title} termina en ${box.x + box.width} px, la tabla en ${table.x + table.width} px`,
    );
  }
}

/** Sets one level's minimum in the editor and saves. */
async function setMinimum(page: Page, label: string, amount: string) {
  await page.getByRole('button', { name: /Editar niveles/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Niveles de lealtad' });
  const input = dialog.getByLabel(`Mínimo de ${label}`);
  await input.fill(amount);
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

test('Lealtad: the administrator opens each loyalty screen, edits a threshold, searches and exports, axe clean', async ({
  page,
  baseUrl,
  screenshot,
}) => {
  await signIn(page, baseUrl, USERS.admin);
  await openScreen(page, 'Sistema de lealtad', 'sistema-de-lealtad');
  const levels = page.getByRole('region', { name: 'Mínimos de cada nivel' });
  await levels.getByText('desde $80,000.00').waitFor();
  // Every demo customer is listed, with a level whether or not they bought.
  const rows = page.locator('.ant-table-row');
  await rows.first().waitFor();
  assert.deepEqual(await seriousViolations(page), [], 'sistema de lealtad');
  await assertColumnsInView(page, LOYALTY_COLUMNS);
  await screenshot('lealtad-sistema');

  // A wrong threshold is refused in the editor, in Spanish, before any call.
  await page.getByRole('button', { name: /Editar niveles/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Niveles de lealtad' });
  await dialog.getByLabel('Mínimo de Oro').fill('4000');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await dialog.getByText('El mínimo de Oro debe ser mayor que el de Plata ($5,000.00)').waitFor();
  assert.deepEqual(await seriousViolations(page), [], 'editor de niveles con error');
  await screenshot('lealtad-editor');
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await dialog.waitFor({ state: 'hidden' });

  // A customer at Plata (demo orders, when the sale has seeded them) drops to Bronce when Plata's
  // minimum passes their purchases; without any, the new minimum still shows on the levels.
  const level = page.getByRole('combobox', { name: 'Nivel' });
  await chooseOption(page, level, 'Plata');
  await page.waitForLoadState('networkidle');
  const silverRow = rows.filter({ hasText: 'Plata' }).first();
  if (await silverRow.count()) {
    const total = Number(
      (await silverRow.locator('td').filter({ hasText: /^\$/ }).first().innerText()).replace(
        /[^\d.]/g,
        '',
      ),
    );
    const customerNumber = (await silverRow.locator('td').first().innerText()).trim();
    await setMinimum(page, 'Plata', (total + 0.01).toFixed(2));
    // The same customer, found by number among the Bronce ones.
    await chooseOption(page, level, 'Bronce');
    const searchBy = page.getByRole('combobox', { name: 'Buscar por' });
    await chooseOption(page, searchBy, 'No. cliente');
    await page.getByLabel('Buscar en Sistema de lealtad').fill(customerNumber);
    await page.keyboard.press('Enter');
    await page.waitForLoadState('networkidle');
    // The page of Bronce customers gives way to the one customer found by number.
    for (let tries = 0; tries < 50 && (await rows.count()) !== 1; tries += 1) {
      await page.waitForTimeout(200);
    }
    assert.equal(await rows.count(), 1);
    const found = await rows.first().innerText();
    assert.match(found, new RegExp(`^${customerNumber}\\b`));
    assert.match(found, /Bronce/);
    await screenshot('lealtad-nivel-cambiado');
    await setMinimum(page, 'Plata', '5000');
    await chooseOption(page, searchBy, 'Nombre');
  } else {
    await setMinimum(page, 'Plata', '4500');
    await levels.getByText('desde $4,500.00').waitFor();
    await setMinimum(page, 'Plata', '5000');
    await chooseOption(page, level, 'Bronce');
  }
  await levels.getByText('desde $5,000.00').waitFor();

  // Search: demo customers by their surname (at Bronce), then the export of what the list holds.
  await page.getByLabel('Buscar en Sistema de lealtad').fill('García');
  await page.keyboard.press('Enter');
  await page.waitForLoadState('networkidle');
  await rows.filter({ hasText: 'García' }).first().waitFor();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: /Excel/ }).click(),
  ]);
  assert.match(download.suggestedFilename(), /^sistema-de-lealtad-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const path = await download.path();
  assert.ok(path, 'el archivo se descargó');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(path);
  const sheet = workbook.getWorksheet('Sistema de lealtad');
  assert.ok(sheet, 'la hoja Sistema de lealtad');
  assert.deepEqual((sheet.getRow(2).values as unknown[]).slice(1), [
    'No. cliente',
    'Nombre',
    'Apellido paterno',
    'Apellido materno',
    'Puntos',
    'Compras (365 días)',
    'Nivel',
    'Cancelaciones',
    'Celular',
    'Correo electrónico',
    'Género',
  ]);
  assert.ok(sheet.rowCount > 2, `renglones: ${sheet.rowCount}`);
  for (let row = 3; row <= sheet.rowCount; row += 1) {
    const names = `${String(sheet.getRow(row).getCell(3).value)} ${String(sheet.getRow(row).getCell(4).value)}`;
    assert.match(names, /García/);
  }

  for (const [link, path] of [
    ['Miembros', 'miembros'],
    ['We miss you', 'we-miss-you'],
  ] as const) {
    await openScreen(page, link, path);
    await page.locator('.ant-table-row, .ant-table-placeholder').first().waitFor();
    await page.getByLabel(`Buscar en ${link}`).fill('a');
    await page.keyboard.press('Enter');
    await page.waitForLoadState('networkidle');
    assert.deepEqual(await seriousViolations(page), [], link);
    await assertColumnsInView(
      page,
      path === 'we-miss-you' ? [...LOYALTY_COLUMNS, 'Última visita'] : LOYALTY_COLUMNS,
    );
    await screenshot(`lealtad-${path}`);
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: /Excel/ }).click(),
    ]);
    assert.match(file.suggestedFilename(), new RegExp(`^${path}-\\d{4}-\\d{2}-\\d{2}\\.xlsx$`));
  }
});
