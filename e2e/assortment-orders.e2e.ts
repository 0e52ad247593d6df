import type { Page } from 'playwright-core';
import { seriousViolations } from './axe';
import { USERS, apiOk, assert, notice, signIn, signOut, test, chooseOption } from './harness';
import { DESKTOP, PHONE, branchIdOf, findFolio, openRowMenu, rowMenu, shootSizes } from './helpers';

/** Issue 13: assortment orders through the screens (spec 001 §2–§6), and /resurtidos. */

const LIST = '/dashboard/ordenes-de-surtido';
const RESTOCKS = '/dashboard/resurtidos';
const SIZES = [DESKTOP, PHONE];
const shoot = (page: Page, name: string) => shootSizes(page, name, SIZES);

interface Orderable {
  productId: number;
  sku: string;
  name: string;
  max: number | null;
}
interface Lot {
  stockId: number;
  productId: number;
  allotment: string;
  quantity: number;
}

/** Saves the form; answers the folio the success notice names. */
async function save(page: Page, button: string, says: RegExp): Promise<string> {
  await page.getByRole('button', { name: new RegExp(`${button}$`) }).click();
  await notice(page).filter({ hasText: says }).waitFor();
  await page.waitForURL((url) => url.pathname === LIST);
  const text = (await notice(page).innerText()).trim();
  const folio = /OR-\d{6}/.exec(text)?.[0];
  assert.ok(folio, `the notice names the folio: ${text}`);
  return folio;
}

/**
 * Two products the CEDIS holds (at least 4 units in one lot) that Zona Río may order, the first
 * with a max of 4 or more there: read by logistics, who sees the CEDIS's lots.
 */
async function pickProducts(page: Page) {
  const cedis = await branchIdOf(page, 'CEDIS');
  const zonaRio = await branchIdOf(page, 'Zona Río');
  const lots = await apiOk<Lot[]>(page, 'GET', `/stock/get-stock-by-branch-id?branchId=${cedis}`);
  const products = await apiOk<Orderable[]>(
    page,
    'GET',
    `/assortment-order/products?branchId=${zonaRio}`,
  );
  const lotOf = (product: Orderable) =>
    lots.find((lot) => lot.productId === product.productId && lot.quantity >= 4);
  const limited = products.find((product) => (product.max ?? 0) >= 4 && lotOf(product));
  assert.ok(limited, 'a product with a max at Zona Río and CEDIS units');
  const other = products.find(
    (product) =>
      product.productId !== limited.productId &&
      ((product.max ?? 0) === 0 || (product.max ?? 0) >= 2) &&
      lotOf(product),
  );
  assert.ok(other, 'a second product with CEDIS units');
  return {
    limited: { ...limited, lot: lotOf(limited)! },
    other: { ...other, lot: lotOf(other)! },
  };
}

const label = (product: Orderable) => `${product.sku} · ${product.name}`;

test('Órdenes de surtido: a branch manager orders, logistics approves choosing lots, the branch confirms receiving less and the list highlights it', async ({
  page,
  context,
  baseUrl,
}) => {
  await signIn(page, baseUrl, USERS.logistics);
  const { limited, other } = await pickProducts(page);
  await signOut(page);

  // The branch manager asks, for their own branch, within the max.
  await signIn(page, baseUrl, USERS.manager);
  await page.goto(`${baseUrl}${LIST}`);
  await page.getByRole('heading', { name: 'Órdenes de surtido' }).waitFor();
  await page.waitForLoadState('networkidle');
  assert.deepEqual(await seriousViolations(page), [], 'lista');
  await page.getByRole('link', { name: /Nuevo/ }).click();
  await page.getByRole('heading', { name: 'Nueva orden de surtido' }).waitFor();
  assert.equal(await page.locator('#ao-branch').inputValue(), 'Zona Río');
  await chooseOption(page, 'orderType', 'Ordinario general');
  await chooseOption(page, 'assortmentOrderProducts_0_productId', label(limited));
  await page.getByText(`Máximo de la sucursal: ${limited.max}`).waitFor();
  await page.locator('#assortmentOrderProducts_0_orderedQuantity').fill(String(limited.max! + 1));
  await page.locator('#comments').click();
  await page.getByText('La cantidad excede el límite permitido').waitFor();
  await page.getByRole('button', { name: 'Agregar producto' }).click();
  await chooseOption(page, 'assortmentOrderProducts_1_productId', label(other));
  await page.locator('#assortmentOrderProducts_1_orderedQuantity').fill('2');
  await page.locator('#comments').fill('Pedido de prueba');
  assert.deepEqual(await seriousViolations(page), [], 'formulario: crear');
  await shoot(page, 'os-crear');
  await page.locator('#assortmentOrderProducts_0_orderedQuantity').fill('4');
  await page.locator('#comments').click();
  await page.getByText('La cantidad excede el límite permitido').waitFor({ state: 'detached' });
  const folio = await save(page, 'Guardar', /creada/);
  await findFolio(page, 'Órdenes de surtido', folio);
  await page
    .getByRole('row', { name: new RegExp(folio) })
    .getByText('En proceso')
    .waitFor();
  // The branch manager never approves (spec 001 §6).
  let menu = await openRowMenu(page, folio);
  assert.equal(await menu.getByRole('menuitem', { name: 'Aprobar' }).count(), 0);
  await page.keyboard.press('Escape');
  await signOut(page);

  // Logistics approves, choosing the CEDIS lots; a quantity above the lot is refused.
  await signIn(page, baseUrl, USERS.logistics);
  await page.goto(`${baseUrl}${LIST}`);
  await findFolio(page, 'Órdenes de surtido', folio);
  await rowMenu(page, folio, 'Aprobar');
  await page.getByRole('heading', { name: `Aprobar orden de surtido ${folio}` }).waitFor();
  await chooseOption(page, 'assortmentOrderProducts_0_stockId', limited.lot.allotment);
  await page.getByText(`El lote tiene ${limited.lot.quantity}`).waitFor();
  await page
    .locator('#assortmentOrderProducts_0_stockedQuantity')
    .fill(String(limited.lot.quantity + 1));
  await chooseOption(page, 'assortmentOrderProducts_1_stockId', other.lot.allotment);
  await page.getByText('Inventarío insuficiente').waitFor();
  assert.deepEqual(await seriousViolations(page), [], 'formulario: aprobar');
  await shoot(page, 'os-aprobar');
  await page.locator('#assortmentOrderProducts_0_stockedQuantity').fill('4');
  await page.locator('#assortmentOrderProducts_1_stockedQuantity').click();
  await page.getByText('Inventarío insuficiente').waitFor({ state: 'detached' });
  await save(page, 'Aprobar', /aprobada/);
  await findFolio(page, 'Órdenes de surtido', folio);
  await page
    .getByRole('row', { name: new RegExp(folio) })
    .getByText('En transito')
    .waitFor();
  await signOut(page);

  // The branch confirms receiving one unit less of the first product.
  await signIn(page, baseUrl, USERS.manager);
  await page.goto(`${baseUrl}${LIST}`);
  await findFolio(page, 'Órdenes de surtido', folio);
  await rowMenu(page, folio, 'Confirmar recepción');
  await page.getByRole('heading', { name: `Confirmar recepción ${folio}` }).waitFor();
  await page.locator('#assortmentOrderProducts_0_receivedQuantity').fill('3');
  await page.locator('#assortmentOrderProducts_1_receivedQuantity').fill('2');
  await page.getByTestId('confirm-difference').waitFor();
  assert.equal((await page.getByTestId('difference-0').innerText()).trim(), '−1');
  assert.equal((await page.getByTestId('difference-1').innerText()).trim(), '0');
  assert.deepEqual(await seriousViolations(page), [], 'formulario: confirmar');
  await shoot(page, 'os-confirmar');
  await page.getByRole('button', { name: /Confirmar$/ }).click();
  const prompt = page.getByRole('dialog').filter({ hasText: '¿Deseas confirmar esta orden?' });
  await prompt.waitFor();
  assert.deepEqual(await seriousViolations(page), [], 'confirmación');
  await prompt.getByRole('button', { name: 'Confirmar' }).click();
  await notice(page)
    .filter({ hasText: /terminada/ })
    .waitFor();
  await page.waitForURL((url) => url.pathname === LIST);

  // Terminada, highlighted, and said in words.
  await findFolio(page, 'Órdenes de surtido', folio);
  const row = page.getByRole('row', { name: new RegExp(folio) });
  await row.getByText('Terminada').waitFor();
  await row.getByText('Con diferencia').waitFor();
  assert.match((await row.getAttribute('class')) ?? '', /ao-row--difference/);
  menu = await openRowMenu(page, folio);
  assert.equal(await menu.getByRole('menuitem', { name: 'Eliminar' }).count(), 0);
  assert.equal(await menu.getByRole('menuitem', { name: 'Confirmar recepción' }).count(), 0);
  await page.keyboard.press('Escape');
  await page.getByRole('cell', { name: folio, exact: true }).getByText(folio).click();
  const drawer = page.getByRole('dialog').filter({ hasText: limited.lot.allotment });
  await drawer.getByText('Con diferencia').first().waitFor();
  assert.deepEqual(await seriousViolations(page), [], 'detalle');
  await shoot(page, 'os-detalle');

  // The PDF opens in a new tab.
  const opened = context.waitForEvent('page');
  const download = page.waitForResponse((answer) =>
    /\/v1\/assortment-order\/\d+\/download$/.test(answer.url()),
  );
  await drawer.getByRole('button', { name: 'Descargar PDF' }).click();
  const answer = await download;
  assert.equal(answer.status(), 200);
  assert.equal(answer.headers()['content-type'], 'application/pdf');
  const tab = await opened;
  await tab.waitForURL(/^blob:/);
  await tab.close();
  await page.keyboard.press('Escape');
  await shoot(page, 'os-lista');

  // /resurtidos: the branch's real orders, this one among them.
  await page.goto(`${baseUrl}${RESTOCKS}`);
  await page.getByRole('heading', { name: 'Resurtidos' }).waitFor();
  await findFolio(page, 'Resurtidos', folio);
  await page
    .getByRole('row', { name: new RegExp(folio) })
    .getByText('Terminada')
    .waitFor();
  const branches = await page
    .locator('.ant-table-tbody tr.ant-table-row td:nth-child(4)')
    .allInnerTexts();
  assert.ok(
    branches.every((name) => name.trim() === 'Zona Río'),
    `only Zona Río: ${branches}`,
  );
  assert.deepEqual(await seriousViolations(page), [], 'resurtidos');
  await shoot(page, 'os-resurtidos');
  await rowMenu(page, folio, 'Ver');
  await page.getByRole('heading', { name: `Resurtido ${folio}` }).waitFor();
  await page.getByText(limited.lot.allotment).first().waitFor();
});

test('Órdenes de surtido: the creator is not offered the approval, and /resurtidos deletes an order in process after the confirmation', async ({
  page,
  baseUrl,
}) => {
  await signIn(page, baseUrl, USERS.logistics);
  const { other } = await pickProducts(page);
  await page.goto(`${baseUrl}${LIST}/crear`);
  await page.getByRole('heading', { name: 'Nueva orden de surtido' }).waitFor();
  await chooseOption(page, 'orderType', 'Extraordinario general');
  await chooseOption(page, 'branchId', 'Zona Río');
  await chooseOption(page, 'assortmentOrderProducts_0_productId', label(other));
  await page.locator('#assortmentOrderProducts_0_orderedQuantity').fill('1');
  const folio = await save(page, 'Guardar', /creada/);

  // Logistics approves orders, but not its own (spec 001 §4).
  await findFolio(page, 'Órdenes de surtido', folio);
  const menu = await openRowMenu(page, folio);
  assert.equal(await menu.getByRole('menuitem', { name: 'Aprobar' }).count(), 0);
  await menu.getByRole('menuitem', { name: 'Editar' }).click();
  await page.getByTestId('approval-blocked').waitFor();
  await page.getByText('Quien creó la orden no puede aprobarla').waitFor();
  assert.equal(await page.getByRole('button', { name: /Aprobar$/ }).count(), 0);
  await page.getByRole('button', { name: /Guardar$/ }).waitFor();
  assert.deepEqual(await seriousViolations(page), [], 'formulario: editar (creador)');
  await shoot(page, 'os-creador');

  // At the CEDIS, /resurtidos lists what it supplies; deleting asks first.
  await page.goto(`${baseUrl}${RESTOCKS}`);
  await page.getByRole('heading', { name: 'Resurtidos' }).waitFor();
  await findFolio(page, 'Resurtidos', folio);
  await rowMenu(page, folio, 'Eliminar');
  const dialog = page.getByRole('dialog').filter({ hasText: '¿Deseas eliminar este elemento?' });
  await dialog.waitFor();
  assert.deepEqual(await seriousViolations(page), [], 'resurtidos: eliminar');
  await dialog.getByRole('button', { name: 'Eliminar' }).click();
  await notice(page).waitFor();
  await page.getByRole('cell', { name: folio, exact: true }).waitFor({ state: 'detached' });
});
