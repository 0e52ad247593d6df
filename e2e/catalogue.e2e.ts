import type { Page } from 'playwright-core';
import { franchisePrice } from '@clinica/domain';
import {
  USERS,
  assert,
  notice,
  signIn,
  signOut,
  test,
  type DemoUser,
  chooseOption,
} from './harness';

/** Issue 5: a product through pending, approved and rejected; a medical treatment's commission. */

const LOGISTICS: DemoUser = {
  username: 'logistica@clinica.mx',
  password: 'Logistica1234',
  branch: 'CEDIS',
};

const unique = () => String(Date.now()).slice(-6);

/** A 1×1 PNG: the server checks the content, not only the extension. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** Opens the list row of this SKU from the search box (spec 001 §2: search by SKU). */
async function findProduct(page: Page, sku: string): Promise<void> {
  await page.getByLabel('Buscar en Productos').fill(sku);
  await page.keyboard.press('Enter');
  await page.getByRole('cell', { name: sku, exact: true }).waitFor();
}

/** Fills the product form's create fields (photo included). */
async function fillProduct(page: Page, sku: string, name: string): Promise<void> {
  await page.locator('#photos').setInputFiles({
    name: 'serum.png',
    mimeType: 'image/png',
    buffer: PNG,
  });
  await page.getByRole('img', { name: 'Foto del producto 1' }).waitFor();
  await chooseOption(page, 'productTypeId', 'Cosmetólogo/Venta');
  await page.locator('#sku').fill(sku);
  await page.locator('#barCode').fill(`750${unique()}1234`);
  await page.locator('#name').fill(name);
  await page.locator('#brand').fill('Dermaluz');
  await page.locator('#description').fill('Sérum con vitamina C al 15 % para uso diario.');
  await chooseOption(page, 'contentType', 'Vial');
  await page.locator('#content').fill('30');
  await chooseOption(page, 'measureUnit', 'ml');
  await page.locator('#cost').fill('250');
  await page.getByText('16 %', { exact: true }).click();
  await chooseOption(page, 'providersIds', 'Dermofarma del Noroeste');
  await chooseOption(page, 'categoriesIds', 'Cuidado facial');
}

test('Catálogo: logistics creates a product with a photo; the super administrator approves it with the franchise price computed', async ({
  page,
  baseUrl,
  screenshot,
}) => {
  const sku = `CV${unique()}`;
  const name = `Sérum vitamina C ${sku}`;
  await signIn(page, baseUrl, LOGISTICS);
  await page.getByRole('link', { name: 'Productos' }).first().click();
  await page.getByRole('link', { name: 'Nuevo' }).click();
  await page.waitForURL('**/dashboard/productos/crear');
  // Logistics creates but does not approve: no approver's prices on the form.
  assert.equal(await page.getByText('Precios de aprobación').count(), 0);
  await fillProduct(page, sku, name);
  assert.equal(await page.getByLabel('Costo con IVA').inputValue(), '$290.00');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await page.waitForURL((url) => url.pathname === '/dashboard/productos');
  await findProduct(page, sku);
  const row = page.getByRole('row').filter({ hasText: sku });
  await row.getByText('Pendiente', { exact: true }).waitFor();
  await row.getByRole('button', { name: sku, exact: true }).click();
  const drawer = page.getByRole('dialog');
  const photo = drawer.locator('.product-gallery img');
  await photo.first().waitFor({ state: 'attached' });
  assert.equal(await photo.count(), 1);
  assert.match((await photo.getAttribute('src')) ?? '', /^\/v1\/product\/photo\/\w+\.png$/);
  // The content in natural Spanish (issue 11), not the API's '30 ml(s) Vial'.
  await drawer.getByText('1 vial de 30 ml').waitFor();
  await page.keyboard.press('Escape');
  await drawer.waitFor({ state: 'hidden' });
  await signOut(page);

  await signIn(page, baseUrl, USERS.admin);
  await page.goto(`${baseUrl}/dashboard/productos`);
  await findProduct(page, sku);
  await page
    .getByRole('row')
    .filter({ hasText: sku })
    .getByRole('button', { name: /Acciones de/ })
    .click();
  await page.getByRole('menuitem', { name: 'Revisar' }).click();
  await page.getByText('Pendiente de aprobación').waitFor();
  await page.locator('#indirectExpenses').fill('20');
  await page.locator('#franchiseTax').fill('10');
  await page.locator('#additionalCostFranchise').fill('5');
  await page.locator('#profitPorcentage').fill('40');
  await page.locator('#salePrice').fill('450');
  await page.locator('#points').fill('45');
  // 250 + 16 % = 290; 290 × 1.10 × 1.05 + 20 = 354.95 (spec 001 §9).
  const expected = franchisePrice({
    cost: 250,
    tax: 16,
    franchiseTax: 10,
    additionalCostFranchise: 5,
    indirectExpenses: 20,
  });
  assert.equal(expected, 354.95);
  await page.getByTestId('franchise-price').filter({ hasText: '$354.95' }).waitFor();
  await screenshot('catalogo-aprobar-producto');
  await page.getByRole('button', { name: 'Aprobar' }).click();
  await page.waitForURL((url) => url.pathname === '/dashboard/productos');
  await findProduct(page, sku);
  const approved = page.getByRole('row').filter({ hasText: sku });
  await approved.getByText('Aprobado', { exact: true }).waitFor();
  await approved.getByText('$354.95').waitFor();
});

test('Catálogo: the super administrator rejects a pending product after the confirmation', async ({
  page,
  baseUrl,
}) => {
  const sku = `CR${unique()}`;
  await signIn(page, baseUrl, USERS.admin);
  await page.goto(`${baseUrl}/dashboard/productos/crear`);
  await fillProduct(page, sku, `Tónico rechazado ${sku}`);
  await page.getByRole('button', { name: 'Guardar' }).click();
  await page.waitForURL((url) => url.pathname === '/dashboard/productos');
  await findProduct(page, sku);
  await page
    .getByRole('row')
    .filter({ hasText: sku })
    .getByText('Pendiente', { exact: true })
    .waitFor();
  await page
    .getByRole('row')
    .filter({ hasText: sku })
    .getByRole('button', { name: /Acciones de/ })
    .click();
  await page.getByRole('menuitem', { name: 'Revisar' }).click();
  await page.getByRole('button', { name: 'Rechazar' }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: '¿Deseas rechazar este producto?' });
  await confirm.waitFor();
  // Cancelling leaves the product pending: the rejection needs the confirmation.
  await confirm.getByRole('button', { name: 'Cancelar' }).click();
  await confirm.waitFor({ state: 'hidden' });
  assert.match(page.url(), /\/dashboard\/productos\/\d+$/);
  await page.getByRole('button', { name: 'Rechazar' }).click();
  await confirm.getByRole('button', { name: 'Rechazar' }).click();
  await page.waitForURL((url) => url.pathname === '/dashboard/productos');
  await findProduct(page, sku);
  await page
    .getByRole('row')
    .filter({ hasText: sku })
    .getByText('Rechazado', { exact: true })
    .waitFor();

  // A rejected product offers no active toggle and no approval until saved again.
  await page
    .getByRole('row')
    .filter({ hasText: sku })
    .getByRole('button', { name: /Acciones de/ })
    .click();
  await page.getByRole('menuitem', { name: 'Editar' }).click();
  await page.getByText('Este producto fue rechazado').waitFor();
  assert.equal(await page.locator('#status').count(), 0);
  assert.equal(await page.getByRole('button', { name: 'Aprobar' }).count(), 0);
});

test('Catálogo: a medical treatment cannot be saved without its commission', async ({
  page,
  baseUrl,
  screenshot,
}) => {
  const sku = `TM${unique()}`;
  await signIn(page, baseUrl, USERS.admin);
  await page.getByRole('link', { name: 'Tratamientos' }).first().click();
  await page.getByRole('link', { name: 'Nuevo' }).click();
  await page.waitForURL('**/dashboard/tratamientos/crear');
  await page.locator('#photo').setInputFiles({
    name: 'botox.png',
    mimeType: 'image/png',
    buffer: PNG,
  });
  await page.locator('#sku').fill(sku);
  await page.locator('#name').fill(`Toxina en entrecejo ${sku}`);
  await chooseOption(page, 'treatmentTypeId', 'Médico');
  await chooseOption(page, 'categoriesIds', 'Inyectables');
  await page.locator('#description').fill('Aplicación de toxina botulínica en el entrecejo.');
  await page.locator('#price').fill('3500');
  await page.locator('#points').fill('35');
  await chooseOption(page, 'term', '1 h 30 min');
  await chooseOption(page, 'areasIds', 'Entrecejo');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await page.getByText('El campo Comisión es obligatorio').waitFor();
  assert.match(page.url(), /\/dashboard\/tratamientos\/crear$/);
  await screenshot('catalogo-tratamiento-sin-comision');

  await page.locator('#medicalFee').fill('700');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await page.waitForURL((url) => url.pathname === '/dashboard/tratamientos', {
    waitUntil: 'commit',
  });
  await notice(page).waitFor();
  await page.getByLabel('Buscar en Tratamientos').fill(sku);
  await page.keyboard.press('Enter');
  const row = page.getByRole('row').filter({ hasText: sku });
  await row.getByText('$700.00').waitFor();
  await row.getByText('1 h 30 min').waitFor();
});
