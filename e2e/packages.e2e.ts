import type { Page } from 'playwright-core';
import { seriousViolations } from './axe';
import { USERS, assert, signIn, test, chooseOption } from './harness';

/**
 * Issue 14 (a): packages and promotions (spec 002 §2–§5). A package with two lines whose prices
 * are summed on screen as they change, and a promotion limited in hours.
 */

const unique = () => String(Date.now()).slice(-6);

/** A 1×1 PNG: the server checks the content, not only the extension. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** Fills what a package and a promotion share (photo included). */
async function fillOffer(page: Page, sku: string, name: string): Promise<void> {
  await page.locator('#photo').setInputFiles({
    name: 'oferta.png',
    mimeType: 'image/png',
    buffer: PNG,
  });
  await page.locator('#sku').fill(sku);
  await page.locator('#name').fill(name);
  await chooseOption(page, 'treatmentTypeId', 'Cosmetóloga');
  await chooseOption(page, 'categoryId', 'Faciales');
  await page.locator('#points').fill('40');
  await chooseOption(page, 'cabainTime', '1 h 30 min');
  await page.locator('#description').fill('Rutina facial completa con seguimiento.');
  await chooseOption(page, 'branchesIds', 'Zona Río');
  await chooseOption(page, 'paymentType', 'Efectivo');
  await chooseOption(page, 'paymentType', 'Tarjeta de crédito');
}

/** Fills line `index` of the treatments with its prices. */
async function fillLine(
  page: Page,
  index: number,
  treatment: string,
  area: string,
  prices: [string, string],
): Promise<void> {
  await chooseOption(page, `treatmentPackage_${index}_treatmentId`, treatment);
  await chooseOption(page, `treatmentPackage_${index}_areasIds`, area);
  await page.locator(`#treatmentPackage_${index}_regularPrice`).fill(prices[0]);
  await page.locator(`#treatmentPackage_${index}_promotionPrice`).fill(prices[1]);
  await page.locator(`#treatmentPackage_${index}_limit`).click();
}

async function findInList(page: Page, title: string, sku: string): Promise<void> {
  await page.getByLabel(`Buscar en ${title}`).fill(sku);
  await page.keyboard.press('Enter');
  await page.getByRole('cell', { name: sku, exact: true }).waitFor();
}

test('Paquetes y promociones: a package with two lines shows its prices summed as they change, and is listed with them', async ({
  page,
  baseUrl,
  screenshot,
}) => {
  const sku = `PQ${unique()}`;
  await signIn(page, baseUrl, USERS.admin);
  await page.getByRole('link', { name: 'Paquetes' }).first().click();
  await page.waitForURL('**/dashboard/paquetes');
  await page.getByRole('heading', { name: 'Paquetes' }).first().waitFor();
  assert.deepEqual(await seriousViolations(page), [], 'lista de paquetes');
  await page.getByRole('link', { name: 'Nuevo' }).click();
  await page.waitForURL('**/dashboard/paquetes/crear');

  await fillOffer(page, sku, `Paquete facial ${sku}`);
  const price = page.getByTestId('offer-price');
  const regular = page.getByTestId('offer-regular-price');
  await fillLine(page, 0, 'TC-LIMPZ · Limpieza facial profunda', 'Rostro · Rostro completo', [
    '1200',
    '950',
  ]);
  await page.locator('#treatmentPackage_0_sessions').fill('3');
  await price.filter({ hasText: '$950.00' }).waitFor();
  await regular.filter({ hasText: '$1,200.00' }).waitFor();

  await page.getByRole('button', { name: 'Agregar tratamiento' }).click();
  await fillLine(page, 1, 'TC-PEELG · Peeling de ácido glicólico', 'Rostro · Rostro completo', [
    '1500',
    '1100',
  ]);
  await page.locator('#treatmentPackage_1_sessions').fill('2');
  // Σ promotionPrice and Σ regularPrice, read-only, as the lines change (CONTRACT §11).
  await price.filter({ hasText: '$2,050.00' }).waitFor();
  await regular.filter({ hasText: '$2,700.00' }).waitFor();
  await page.locator('#treatmentPackage_1_promotionPrice').fill('1000');
  await page.locator('#treatmentPackage_1_limit').click();
  await price.filter({ hasText: '$1,950.00' }).waitFor();
  assert.deepEqual(await seriousViolations(page), [], 'formulario de paquete');
  await screenshot('paquete-formulario');

  await page.getByRole('button', { name: 'Guardar' }).click();
  await page.waitForURL((url) => url.pathname === '/dashboard/paquetes');
  await findInList(page, 'Paquetes', sku);
  const row = page.getByRole('row').filter({ hasText: sku });
  await row.getByText('$1,950.00').waitFor();
  await row.getByText('$2,700.00').waitFor();
  await screenshot('paquetes-lista');
  await row.getByRole('button', { name: `Paquete facial ${sku}`, exact: true }).click();
  const drawer = page.getByRole('dialog');
  await drawer.getByText('Peeling de ácido glicólico').waitFor();
  assert.match(
    (await drawer.locator('img.offer-photo').getAttribute('src')) ?? '',
    /^\/v1\/package\/thumbnail\/\w+\.png$/,
  );
  assert.deepEqual(await seriousViolations(page), [], 'detalle de paquete');
});

test('Paquetes y promociones: a promotion limited in hours asks for its hours and is listed with them', async ({
  page,
  baseUrl,
  screenshot,
}) => {
  const sku = `PR${unique()}`;
  await signIn(page, baseUrl, USERS.admin);
  await page.getByRole('link', { name: 'Promociones' }).first().click();
  await page.waitForURL('**/dashboard/promociones');
  await page.getByRole('heading', { name: 'Promociones' }).first().waitFor();
  assert.deepEqual(await seriousViolations(page), [], 'lista de promociones');
  await page.getByRole('link', { name: 'Nuevo' }).click();
  await page.waitForURL('**/dashboard/promociones/crear');

  await fillOffer(page, sku, `Hidrofacial matutino ${sku}`);
  await fillLine(page, 0, 'TC-HYDRA · Hidrofacial', 'Rostro · Rostro completo', ['1900', '1299']);
  // A promotion's lines have no sessions (packages only).
  assert.equal(await page.locator('#treatmentPackage_0_sessions').count(), 0);
  await page.getByRole('switch', { name: 'Por horario' }).click();
  await page.getByRole('button', { name: 'Guardar' }).click();
  await page.getByText('El campo Hora de inicio es obligatorio').waitFor();
  await chooseOption(page, 'startTime', '10:00');
  await chooseOption(page, 'endTime', '14:00');
  await page.getByTestId('offer-price').filter({ hasText: '$1,299.00' }).waitFor();
  assert.deepEqual(await seriousViolations(page), [], 'formulario de promoción');
  await screenshot('promocion-formulario');

  await page.getByRole('button', { name: 'Guardar' }).click();
  await page.waitForURL((url) => url.pathname === '/dashboard/promociones');
  await findInList(page, 'Promociones', sku);
  const row = page.getByRole('row').filter({ hasText: sku });
  await row.getByText('10:00 a 14:00').waitFor();
  await row.getByText('$1,299.00').waitFor();
  await screenshot('promociones-lista');
});
