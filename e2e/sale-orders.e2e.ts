import type { Page } from 'playwright-core';
import { seriousViolations } from './axe';
import { USERS, assert, notice, signIn, test, chooseOption } from './harness';
import { DESKTOP, PHONE, findFolio, shootSizes } from './helpers';

/** Issue 13: sale orders to business customers through the screens (spec 001 §2–§5). */

const LIST = '/dashboard/ordenes-de-venta';
const SIZES = [DESKTOP, PHONE];
const shoot = (page: Page, name: string) => shootSizes(page, name, SIZES);

const unique = () => String(Date.now()).slice(-6);

/** Picks the `index`-th lot the line's select offers; answers its label. */
async function chooseLot(page: Page, line: number, index: number): Promise<string> {
  const id = `saleOrderProducts_${line}_stockId`;
  return chooseOption(page, id, index);
}

/** The units the chosen lot of a line holds, as the form tells them. */
async function available(page: Page, line: number): Promise<number> {
  const text = await page
    .locator(`.ant-form-item:has(#saleOrderProducts_${line}_quantity)`)
    .getByText(/^Disponibles: \d+$/)
    .innerText();
  return Number(text.replace(/\D/g, ''));
}

test('Órdenes de venta: logistics sells two lots of the CEDIS, is refused too many units, finds the order and opens its PDF', async ({
  page,
  context,
  baseUrl,
}) => {
  await signIn(page, baseUrl, USERS.logistics);
  await page.goto(`${baseUrl}${LIST}`);
  await page.getByRole('heading', { name: 'Órdenes de venta' }).waitFor();
  await page.waitForLoadState('networkidle');
  // The columns of spec 001 §2.
  for (const title of ['Folio', 'Número de nota', 'Razón social', 'RFC', 'Sucursal', 'Teléfono'])
    await page.getByRole('columnheader', { name: title }).first().waitFor();
  assert.deepEqual(await seriousViolations(page), [], 'lista');
  await shoot(page, 'so-lista');

  await page.getByRole('link', { name: /Nuevo/ }).click();
  await page.getByRole('heading', { name: 'Nueva orden de venta' }).waitFor();
  const name = `Spa E2E ${unique()}`;
  await page.locator('#name').fill(name);
  // The RFC is optional but checked; typed in lower case it is upper-cased.
  await page.locator('#rfc').fill('abc');
  await page.locator('#note').click();
  await page.getByText('RFC Inválido').waitFor();
  await page.locator('#rfc').fill('sbv150612qk3');
  assert.equal(await page.locator('#rfc').inputValue(), 'SBV150612QK3');
  await page.getByText('RFC Inválido').waitFor({ state: 'detached' });
  // The phone through the app's mask.
  await page.locator('#phone').fill('6641234567');
  assert.equal(await page.locator('#phone').inputValue(), '(664)123-4567');
  await page.locator('#note').fill(`NE-${unique()}`);
  // Logistics sells from the distribution centre by default.
  await page.locator('.ant-form-item:has(#branchId)').getByText('CEDIS').waitFor();

  // Line 1: more units than the lot holds is refused with the specification's message.
  await chooseLot(page, 0, 0);
  const holds = await available(page, 0);
  assert.ok(holds >= 1, `the lot holds units: ${holds}`);
  await page.locator('#saleOrderProducts_0_quantity').fill(String(holds + 1));
  await page.locator('#saleOrderProducts_0_price').fill('150');
  await page.locator('#comments').click();
  await page.getByText('No se cuenta con suficiente stock').waitFor();
  assert.deepEqual(await seriousViolations(page), [], 'formulario con error');
  await page.locator('#saleOrderProducts_0_quantity').fill('1');
  await page.locator('#comments').click();
  await page.getByText('No se cuenta con suficiente stock').waitFor({ state: 'detached' });

  // Line 2: another lot; the total follows live.
  await page.getByRole('button', { name: 'Agregar producto' }).click();
  await chooseLot(page, 1, 1);
  await page.locator('#saleOrderProducts_1_quantity').fill('1');
  await page.locator('#saleOrderProducts_1_price').fill('99.5');
  await page.locator('#comments').fill('Venta de prueba');
  await page.getByTestId('order-total').filter({ hasText: '$249.50' }).waitFor();
  assert.deepEqual(await seriousViolations(page), [], 'formulario');
  await shoot(page, 'so-formulario');

  await page.getByRole('button', { name: 'Guardar' }).click();
  await notice(page)
    .filter({ hasText: /creada/ })
    .waitFor();
  await page.waitForURL((url) => url.pathname === LIST);
  const folio = /SO-\d{6}/.exec(await notice(page).innerText())?.[0];
  assert.ok(folio, 'the notice names the folio');

  // In the list, found by its number, and its drawer.
  await findFolio(page, 'Órdenes de venta', folio);
  const row = page.getByRole('row', { name: new RegExp(folio) });
  await row.getByText(name).waitFor();
  await row.getByText('SBV150612QK3').waitFor();
  await row.getByText('(664)123-4567').waitFor();
  await row.getByText('CEDIS').waitFor();
  await page.getByRole('cell', { name: folio, exact: true }).getByText(folio).click();
  await page.locator('.ant-drawer-title', { hasText: folio }).waitFor();
  const drawer = page.getByRole('dialog').filter({ hasText: name });
  await drawer.getByText('$249.50').waitFor();
  assert.deepEqual(await seriousViolations(page), [], 'detalle');
  await shoot(page, 'so-detalle');

  // The PDF opens in a new tab: the API's file, shown there as a PDF document.
  const opened = context.waitForEvent('page');
  const download = page.waitForResponse((answer) =>
    /\/v1\/sale-order\/\d+\/download$/.test(answer.url()),
  );
  await drawer.getByRole('button', { name: 'Descargar PDF' }).click();
  const answer = await download;
  assert.equal(answer.status(), 200);
  assert.equal(answer.headers()['content-type'], 'application/pdf');
  const tab = await opened;
  await tab.waitForURL(/^blob:/);
  assert.equal(await tab.evaluate(() => document.contentType), 'application/pdf');
  await tab.close();
  await page.keyboard.press('Escape');

  // Deleted after the confirmation: its units return and it leaves the list.
  await page.getByRole('button', { name: new RegExp(`^Acciones de ${folio} `) }).click();
  await page.locator('.row-actions:visible').getByRole('menuitem', { name: 'Eliminar' }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: '¿Deseas eliminar este elemento?' });
  await dialog.getByRole('button', { name: 'Eliminar' }).click();
  await notice(page).waitFor();
  await page.getByRole('cell', { name: folio, exact: true }).waitFor({ state: 'detached' });
});
