import type { Page } from 'playwright-core';
import { creditExpiration } from '@clinica/domain';
import { seriousViolations } from './axe';
import { USERS, assert, notice, signIn, test, chooseOption } from './harness';
import { DESKTOP, PHONE, TABLET, findFolio, rowMenu, shootSizes } from './helpers';

/** Issue 12: purchase orders through the screens (spec 001 §2–§5). */

const LIST = '/dashboard/ordenes-de-compra';
const SIZES = [DESKTOP, TABLET, PHONE];
const shoot = (page: Page, name: string) => shootSizes(page, name, SIZES, { firstView: true });

const unique = () => String(Date.now()).slice(-6);

/** Today in Tijuana, as the form's dates: `YYYY-MM-DD`. */
function todayInTijuana(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Tijuana' }).format(new Date());
}
const shown = (date: string) => date.split('-').reverse().join('-');

async function typeDate(page: Page, id: string, date: string): Promise<void> {
  await page.locator(`#${id}`).click();
  await page.locator(`#${id}`).fill(shown(date));
  await page.keyboard.press('Tab');
  await page.locator('.ant-picker-dropdown:visible').waitFor({ state: 'hidden' });
}

/** The form's header fields, with a provider of 30 days' credit. */
async function fillHeader(page: Page, invoice: string): Promise<void> {
  await page.locator('#invoiceNumber').fill(invoice);
  await chooseOption(page, 'providerId', 'Dermofarma del Noroeste');
  await chooseOption(page, 'payMethod', 'Transferencia');
}

/** Saves the form; answers the folio the success notice names. */
async function save(page: Page, button: string, says: RegExp): Promise<string> {
  await page.getByRole('button', { name: button }).click();
  await notice(page).filter({ hasText: says }).waitFor();
  await page.waitForURL((url) => url.pathname === LIST);
  const text = (await notice(page).innerText()).trim();
  const folio = /OC-\d{6}/.exec(text)?.[0];
  assert.ok(folio, `the notice names the folio: ${text}`);
  return folio;
}

test('Órdenes de compra: logistics creates an order with two lines, pays it, finds it read-only and opens its PDF', async ({
  page,
  context,
  baseUrl,
}) => {
  await signIn(page, baseUrl, USERS.logistics);
  await page.goto(`${baseUrl}${LIST}`);
  await page.getByRole('heading', { name: 'Órdenes de compra' }).waitFor();
  await page.waitForLoadState('networkidle');
  assert.deepEqual(await seriousViolations(page), [], 'lista');
  await shoot(page, 'oc-lista');

  await page.getByRole('link', { name: /Nuevo/ }).click();
  await page.getByRole('heading', { name: 'Nueva orden de compra' }).waitFor();
  const invoice = `E2E-${unique()}`;
  await fillHeader(page, invoice);
  // Credit expiry, live: arrival (today) + 1 + 30 days.
  const today = todayInTijuana();
  assert.equal(
    await page.getByTestId('credit-expiration').inputValue(),
    shown(creditExpiration(today, 30)),
  );
  await typeDate(page, 'arrivedAt', '2026-11-02');
  assert.equal(await page.getByTestId('credit-expiration').inputValue(), '03-12-2026');

  // Line 1: a sale product, with its lot (spaces stripped) and expiry.
  await chooseOption(page, 'purchaseOrderProducts_0_productId', 'CV-VITC · Sérum vitamina C 15%');
  await page.locator('#purchaseOrderProducts_0_quantity').fill('3');
  await page.locator('#purchaseOrderProducts_0_price').fill('200');
  await page.locator('#purchaseOrderProducts_0_allotment').fill(' LT 2027 A ');
  assert.equal(await page.locator('#purchaseOrderProducts_0_allotment').inputValue(), 'LT2027A');
  await typeDate(page, 'purchaseOrderProducts_0_expiresAt', '2027-06-30');
  // Line 2: an Insumo needs no lot.
  await page.getByRole('button', { name: 'Agregar producto' }).click();
  await chooseOption(
    page,
    'purchaseOrderProducts_1_productId',
    'IN-GASAS · Gasas estériles 10 x 10',
  );
  await page.locator('#purchaseOrderProducts_1_quantity').fill('10');
  await page.locator('#purchaseOrderProducts_1_price').fill('12.5');
  await page.locator('#comments').click();

  // The invoice's total beside the lines', a warning while they differ.
  await page.locator('#tax').fill('100');
  await page.locator('#amount').fill('1');
  await page.locator('#comments').fill('Compra de prueba');
  await page.getByTestId('totals-warning').waitFor();
  const linesTotal = (await page.getByTestId('lines-total').innerText()).trim();
  assert.match(linesTotal, /^\$\d{1,3}(,\d{3})*\.\d{2}$/);
  assert.deepEqual(await seriousViolations(page), [], 'formulario con aviso');
  await shoot(page, 'oc-formulario');
  await page.locator('#amount').fill(linesTotal.replace(/[$,]/g, ''));
  await page.locator('#comments').click();
  await page.getByTestId('totals-warning').waitFor({ state: 'detached' });

  const folio = await save(page, 'Guardar', /creada/);

  // In the list and its drawer.
  await findFolio(page, 'Órdenes de compra', folio);
  const row = page.getByRole('row', { name: new RegExp(folio) });
  await row.getByText('Pendiente').waitFor();
  await row.getByText(invoice).waitFor();
  await page.getByRole('cell', { name: folio, exact: true }).getByText(folio).click();
  await page.locator('.ant-drawer-title', { hasText: folio }).waitFor();
  const drawer = page.getByRole('dialog').filter({ hasText: invoice });
  await drawer.getByText('LT2027A').waitFor();
  await drawer.getByText('Gasas estériles 10 x 10').waitFor();
  await drawer.getByText('03-12-2026').waitFor();
  assert.deepEqual(await seriousViolations(page), [], 'detalle');
  await shoot(page, 'oc-detalle');

  // The PDF opens in a new tab: the API's file, shown there as a PDF document.
  const opened = context.waitForEvent('page');
  const download = page.waitForResponse((answer) =>
    /\/v1\/purchase-order\/\d+\/download$/.test(answer.url()),
  );
  await drawer.getByRole('button', { name: 'Descargar PDF' }).click();
  const answer = await download;
  assert.equal(answer.status(), 200);
  assert.equal(answer.headers()['content-type'], 'application/pdf');
  // The same call made again with the token the screen sent: its body is a PDF document.
  const again = await context.request.get(answer.url(), {
    headers: { authorization: (await answer.request().allHeaders()).authorization ?? '' },
  });
  assert.equal((await again.body()).subarray(0, 5).toString('latin1'), '%PDF-');
  const tab = await opened;
  await tab.waitForURL(/^blob:/);
  assert.equal(await tab.evaluate(() => document.contentType), 'application/pdf');
  await tab.close();
  await page.keyboard.press('Escape');

  // Paying it (Aprobar), then the form is read-only.
  await rowMenu(page, folio, 'Aprobar');
  await page.getByRole('button', { name: 'Aprobar' }).waitFor();
  assert.equal(await page.locator('#payedAt').inputValue(), shown(today));
  assert.equal(await page.locator('#purchaseOrderProducts_0_allotment').inputValue(), 'LT2027A');
  await save(page, 'Aprobar', /pagada/);
  await findFolio(page, 'Órdenes de compra', folio);
  await page
    .getByRole('row', { name: new RegExp(folio) })
    .getByText('Completado')
    .waitFor();
  await rowMenu(page, folio, 'Editar');
  await page.getByText('La orden está pagada: ya no se puede modificar.').waitFor();
  assert.equal(await page.locator('#invoiceNumber').isDisabled(), true);
  assert.equal(await page.locator('#purchaseOrderProducts_1_quantity').isDisabled(), true);
  assert.equal(await page.getByRole('button', { name: /Guardar|Aprobar/ }).count(), 0);
  await page.goto(`${baseUrl}${LIST}`);
  await findFolio(page, 'Órdenes de compra', folio);
  await page.getByRole('button', { name: new RegExp(`^Acciones de ${folio} `) }).click();
  const menu = page.locator('.row-actions:visible');
  await menu.getByRole('menuitem', { name: 'Editar' }).waitFor();
  assert.equal(await menu.getByRole('menuitem', { name: 'Eliminar' }).count(), 0);
});

test('Órdenes de compra: the super administrator deletes an unpaid order after the confirmation', async ({
  page,
  baseUrl,
}) => {
  await signIn(page, baseUrl, USERS.admin);
  await page.goto(`${baseUrl}${LIST}/crear`);
  await page.getByRole('heading', { name: 'Nueva orden de compra' }).waitFor();
  await fillHeader(page, `DEL-${unique()}`);
  await chooseOption(
    page,
    'purchaseOrderProducts_0_productId',
    'IN-GUANT · Guantes de nitrilo talla M',
  );
  await page.locator('#purchaseOrderProducts_0_quantity').fill('4');
  await page.locator('#purchaseOrderProducts_0_price').fill('90');
  await page.locator('#tax').fill('0');
  await page.locator('#amount').fill('360');
  // Without a lot the sale product would be refused; the Insumo is not.
  const folio = await save(page, 'Guardar', /creada/);

  await findFolio(page, 'Órdenes de compra', folio);
  await rowMenu(page, folio, 'Eliminar');
  const dialog = page.getByRole('dialog').filter({ hasText: '¿Deseas eliminar este elemento?' });
  await dialog.waitFor();
  await dialog.getByRole('button', { name: 'Eliminar' }).click();
  await notice(page).waitFor();
  await page.getByRole('cell', { name: folio, exact: true }).waitFor({ state: 'detached' });

  // Shown with the deleted ones: the Eliminado tag, and neither edit nor delete.
  await chooseOption(page, page.getByRole('combobox', { name: 'Eliminadas' }), 'Con eliminadas');
  const row = page.getByRole('row', { name: new RegExp(folio) });
  await row.getByText('Eliminado').waitFor();
  await page.getByRole('button', { name: new RegExp(`^Acciones de ${folio} `) }).click();
  const menu = page.locator('.row-actions:visible');
  await menu.getByRole('menuitem', { name: 'Ver' }).waitFor();
  assert.equal(await menu.getByRole('menuitem').count(), 1);
});
