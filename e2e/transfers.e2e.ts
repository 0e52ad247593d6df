import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { seriousViolations } from './axe';
import {
  USERS,
  assert,
  notice,
  screenshotDir,
  signIn,
  signOut,
  test,
  type DemoUser,
  apiOk,
  chooseOption,
} from './harness';
import { assertNoPageScroll, rowMenu } from './helpers';

/** Issue 13: transfers between branches through the screens (spec 001 §2, §4–§6). */

const LIST = '/dashboard/transferencias';

/** The destination's receptionist (a Gerente Operativo of Playas de Tijuana, extra-staff seed). */
const DESTINATION: DemoUser = {
  username: 'diana.ledesma@clinica.mx',
  password: 'Clinica1234',
  branch: 'Playas de Tijuana',
};

/** The screen on a desktop and on a phone, into the run's screenshot folder. */
async function shoot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(screenshotDir(), `${name}-escritorio.png`), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(300);
  await assertNoPageScroll(page, name);
  await page.screenshot({ path: join(screenshotDir(), `${name}-telefono.png`), fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.waitForTimeout(300);
}

async function openList(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}${LIST}`);
  await page.getByRole('heading', { name: 'Transferencias' }).waitFor();
  await page.waitForLoadState('networkidle');
}

/** Finds a transfer by its number without the prefix (CONTRACT §9). */
async function findTransfer(page: Page, folio: string): Promise<void> {
  await page.getByLabel('Buscar en Transferencias').fill(String(Number(folio.slice(3))));
  await page.keyboard.press('Enter');
  await page.getByRole('cell', { name: folio, exact: true }).waitFor();
}

test('Transferencias: the origin creates one, logistics approves it, the destination receives less; the list shows it finished and highlighted', async ({
  page,
  context,
  baseUrl,
}) => {
  // 1. The origin's branch manager: the origin is fixed to Zona Río.
  await signIn(page, baseUrl, USERS.manager);
  await openList(page, baseUrl);
  assert.deepEqual(await seriousViolations(page), [], 'lista');
  await shoot(page, 'tr-lista');

  await page.getByRole('link', { name: /Nuevo/ }).click();
  await page.getByRole('heading', { name: 'Nueva transferencia' }).waitFor();
  assert.equal(await page.locator('#originBranchId').isDisabled(), true);
  await page
    .locator('.ant-form-item')
    .filter({ has: page.locator('#originBranchId') })
    .getByText('Zona Río', { exact: true })
    .waitFor();
  // The destination list leaves out the origin.
  await page.locator('#destinyBranchId').click();
  const destinations = await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .evaluateAll((options) => options.map((option) => option.getAttribute('title')));
  assert.ok(!destinations.includes('Zona Río'), `destinations: ${destinations.join(', ')}`);
  await chooseOption(page, 'destinyBranchId', 'Playas de Tijuana');

  // A lot of Zona Río holding at least 5 units, found by what does not change (its product and
  // code), never by its quantity, which other tests move: the option is chosen by its code.
  const zonaRio = (await apiOk<{ id: number; name: string }[]>(page, 'GET', '/branch/all')).find(
    (branch) => branch.name === 'Zona Río',
  )!.id;
  const lots = await apiOk<
    { stockId: number; sku: string; product: string; allotment: string; quantity: number }[]
  >(page, 'GET', `/stock/get-stock-by-branch-id?branchId=${zonaRio}`);
  const lot = lots.find(
    (candidate) =>
      candidate.quantity >= 5 &&
      candidate.allotment !== '' &&
      lots.filter((other) => other.allotment === candidate.allotment).length === 1,
  );
  assert.ok(lot, `a lot with a code and 5 units or more: ${lots.length} lots`);
  await chooseOption(
    page,
    'transferProducts_0_stockId',
    `${lot.sku} · ${lot.product} · Lote ${lot.allotment} · `,
  );
  const available = lot.quantity;

  // More than the lot holds: 'Inventario insuficiente', on the field, before any call.
  await page.locator('#transferProducts_0_stockedQuantity').fill(String(available + 1));
  await page.locator('#comments').click();
  await page.getByText(`Inventario insuficiente: el lote tiene ${available}`).waitFor();
  await page.locator('#transferProducts_0_stockedQuantity').fill('3');
  await page.locator('#comments').fill('Transferencia de prueba');
  await page.getByText('Inventario insuficiente').waitFor({ state: 'detached' });
  assert.deepEqual(await seriousViolations(page), [], 'formulario');
  await shoot(page, 'tr-formulario');

  await page.getByRole('button', { name: 'Guardar' }).click();
  await notice(page)
    .filter({ hasText: /creada/ })
    .waitFor();
  await page.waitForURL((url) => url.pathname === LIST);
  const folio = /TR-\d{6}/.exec(await notice(page).innerText())?.[0];
  assert.ok(folio, 'the notice names the folio');

  await findTransfer(page, folio);
  const row = () => page.getByRole('row', { name: new RegExp(folio) });
  await row().getByText('En proceso').waitFor();
  await row().getByText('Por aprobar').waitFor();
  // The origin's manager cannot approve: edit, but no review link.
  await page.getByRole('button', { name: new RegExp(`^Acciones de ${folio} `) }).click();
  const menu = page.locator('.row-actions:visible');
  await menu.getByRole('menuitem', { name: 'Editar' }).waitFor();
  assert.equal(await menu.getByRole('menuitem', { name: 'Revisar' }).count(), 0);
  await page.keyboard.press('Escape');

  // The row modal with the lines.
  await page.getByRole('cell', { name: folio, exact: true }).getByText(folio).click();
  const modal = page.getByRole('dialog').filter({ hasText: `Transferencia ${folio}` });
  await modal.getByText('Transferencia de prueba').waitFor();
  await modal.getByRole('cell', { name: lot.product }).waitFor();
  assert.deepEqual(await seriousViolations(page), [], 'detalle');
  await page.screenshot({ path: join(screenshotDir(), 'tr-detalle-escritorio.png') });
  await modal.getByRole('button', { name: 'Cerrar' }).last().click();
  await signOut(page);

  // 2. Logistics (transfers.approve) reviews it: the quantity to send, then approves.
  await signIn(page, baseUrl, USERS.logistics);
  await openList(page, baseUrl);
  await findTransfer(page, folio);
  await rowMenu(page, folio, 'Revisar');
  await page.getByRole('button', { name: 'Aprobar y enviar' }).waitFor();
  await page.getByRole('button', { name: 'Rechazar' }).waitFor();
  assert.equal(await page.locator('#transferProducts_0_stockedQuantity').inputValue(), '3');
  assert.deepEqual(await seriousViolations(page), [], 'revisión');
  await shoot(page, 'tr-revision');
  await page.getByRole('button', { name: 'Aprobar y enviar' }).click();
  await notice(page)
    .filter({ hasText: /aprobada/ })
    .waitFor();
  await page.waitForURL((url) => url.pathname === LIST);
  await signOut(page);

  // 3. The destination's user receives 2 of the 3 sent.
  await signIn(page, baseUrl, DESTINATION);
  await openList(page, baseUrl);
  await findTransfer(page, folio);
  await row().getByText('Por recibir').waitFor();
  await rowMenu(page, folio, 'Confirmar recepción');
  await page.getByRole('button', { name: 'Confirmar recepción' }).waitFor();
  await page.locator('#transferProducts_0_receivedQuantity').fill('4');
  await page.locator('#transferProducts_0_receivedQuantity').press('Tab');
  await page.getByText('No puede exceder lo enviado (3)').waitFor();
  await page.locator('#transferProducts_0_receivedQuantity').fill('2');
  await page.locator('#transferProducts_0_receivedQuantity').press('Tab');
  await page.getByTestId('difference-0').filter({ hasText: '−1' }).waitFor();
  assert.deepEqual(await seriousViolations(page), [], 'confirmación');
  await shoot(page, 'tr-confirmacion');
  await page.getByRole('button', { name: 'Confirmar recepción' }).click();
  const prompt = page.getByRole('dialog').filter({ hasText: '¿Deseas confirmar esta orden?' });
  await prompt.getByText('Faltan 1 unidad').waitFor();
  await prompt.getByRole('button', { name: 'Confirmar' }).click();
  await notice(page)
    .filter({ hasText: /recibida con diferencia/ })
    .waitFor();
  await page.waitForURL((url) => url.pathname === LIST);

  // 4. Finished and highlighted, with its difference in words; the PDF opens.
  await findTransfer(page, folio);
  await row().getByText('Terminada').waitFor();
  await row().getByText('Con diferencia').waitFor();
  assert.match((await row().getAttribute('class')) ?? '', /transfer-row--difference/);
  assert.deepEqual(await seriousViolations(page), [], 'lista terminada');
  await page.screenshot({ path: join(screenshotDir(), 'tr-terminada-escritorio.png') });
  const download = page.waitForResponse((answer) =>
    /\/v1\/transfer\/\d+\/download$/.test(answer.url()),
  );
  const opened = context.waitForEvent('page');
  await rowMenu(page, folio, 'Descargar PDF');
  const answer = await download;
  assert.equal(answer.status(), 200);
  assert.equal(answer.headers()['content-type'], 'application/pdf');
  await (await opened).close();
});
