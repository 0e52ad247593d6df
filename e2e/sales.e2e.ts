import { seriousViolations } from './axe';
import { USERS, apiOk, assert, signIn, test } from './harness';
import { branchIdOf, newCustomer, tabToId, uniqueTag } from './helpers';

/**
 * Issue 25: a sale made by keyboard alone at the point of sale (a package paid with cash, dollars
 * and a card), found in its list, its ticket opened, refunded with a wrong and then the right
 * password, and shown as 'Devolución'; axe on each screen; the point of sale at tablet sizes.
 */

const TABLET_LANDSCAPE = { width: 1024, height: 768 };
const TABLET_PORTRAIT = { width: 768, height: 1024 };

interface Offer {
  id: number;
  name: string;
  price: number;
  type: string;
}
interface Quote {
  total: number;
  exchangeRate: number;
  owed: number;
  change: number;
}

test('Ventas: a package sold by keyboard alone (cash, dollars, card), found, ticketed and refunded', async ({
  page,
  context,
  baseUrl,
  screenshot,
}) => {
  const tag = uniqueTag();
  await signIn(page, baseUrl, USERS.manager);
  const branchId = await branchIdOf(page, 'Zona Río');
  const customer = await newCustomer<{ id: number; name: string }>(page, {
    name: `Venta${tag}`,
    lastName: 'Teclado',
    birthday: '1990-05-05',
    prefix: '664',
    registryBranchId: branchId,
  });
  const { items: offers } = await apiOk<{ items: Offer[] }>(
    page,
    'GET',
    `/package?type=Package&onSale=true&branchId=${branchId}&take=100`,
  );
  const offer = offers.filter((candidate) => candidate.price >= 1500)[0] ?? offers[0];
  assert.ok(offer, 'a package on sale at Zona Río');

  // The list, then 'Nueva venta'.
  await page.goto(`${baseUrl}/dashboard/ventas-en-sucursal`);
  await page
    .getByRole('button', { name: /^Acciones de venta POS-/ })
    .first()
    .waitFor();
  assert.deepEqual(await seriousViolations(page), [], 'lista de ventas en sucursal');
  await page.getByRole('button', { name: 'Nueva venta' }).click();
  await page.waitForURL('**/dashboard/ventas-en-sucursal/nueva');

  // The customer, reached with Tab, typed and chosen with Enter.
  await page.locator('#pos-customer').waitFor();
  await tabToId(page, 'pos-customer');
  await page.keyboard.type(`Venta${tag}`);
  await page.locator('.ant-select-item-option', { hasText: `Venta${tag}` }).waitFor();
  await page.keyboard.press('Enter');
  await page.getByText('Puntos disponibles:').waitFor();

  // The package: typed in 'Concepto', Enter chooses it and moves to 'Cantidad', Enter adds it.
  await tabToId(page, 'pos-item');
  await page.keyboard.type(offer.name);
  await page.locator('.ant-select-item-option', { hasText: offer.name }).first().waitFor();
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.activeElement?.id === 'pos-quantity');
  await page.keyboard.press('Enter');
  await page.locator('.pos__lines').getByText(offer.name, { exact: true }).waitFor();

  // What the server charges for it: the same body the screen quotes.
  const body = {
    origin: 'SUCURSAL',
    branchId,
    customerId: customer.id,
    orderDetails: [{ packageId: offer.id, quantity: 1 }],
    payments: [],
  };
  const priced = await apiOk<Quote>(page, 'POST', '/order/quote', body);
  const dollars = 20;
  const card = Math.floor(priced.total / 3);
  const dollarsMxn = Math.round(dollars * priced.exchangeRate * 100) / 100;
  const cash = Math.ceil(priced.total - card - dollarsMxn) + 100;
  assert.ok(cash > 100, `the package (${priced.total}) is worth more than the card and dollars`);
  const money = (value: number) =>
    `$${value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
  await page.getByRole('row', { name: `Total ${money(priced.total)}`, exact: true }).waitFor();

  await tabToId(page, 'pos-pay-cash');
  await page.keyboard.type(String(cash));
  await tabToId(page, 'pos-pay-dollars');
  await page.keyboard.type(String(dollars));
  await tabToId(page, 'pos-pay-credit');
  await page.keyboard.type(String(card));
  await page.keyboard.press('Tab');
  const change = Math.round((cash + dollarsMxn + card - priced.total) * 100) / 100;
  await page.getByRole('row', { name: `Cambio ${money(change)}`, exact: true }).waitFor();
  await page.getByRole('button', { name: 'Cobrar (F9)' }).and(page.locator(':enabled')).waitFor();
  await page.setViewportSize(TABLET_LANDSCAPE);
  assert.deepEqual(await seriousViolations(page), [], 'punto de venta');
  await screenshot('ventas-punto-de-venta-1024x768');
  await page.setViewportSize(TABLET_PORTRAIT);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  assert.ok(overflow <= 0, 'the point of sale does not scroll sideways at 768 px');
  await screenshot('ventas-punto-de-venta-768x1024');

  // F9 pays; the ticket opens in a new tab.
  const [ticket] = await Promise.all([context.waitForEvent('page'), page.keyboard.press('F9')]);
  const saved = page.getByText(/^Venta POS-\d{6} registrada$/);
  await saved.waitFor();
  const folio = (await saved.innerText()).split(' ')[1]!;
  await ticket.waitForURL(/^blob:/);
  await ticket.close();

  // Found in its list by folio; its ticket again from the row.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`${baseUrl}/dashboard/ventas-en-sucursal`);
  await page.getByLabel('Buscar en Ventas en sucursal').fill(folio);
  await page.keyboard.press('Enter');
  const row = page.getByRole('row', { name: new RegExp(folio) });
  await row.getByText('Venta', { exact: true }).waitFor();
  await row.getByText('Mixto').waitFor();
  await page.getByRole('button', { name: folio, exact: true }).click();
  const detail = page.getByRole('dialog', { name: new RegExp(folio) });
  await detail.getByRole('cell', { name: 'Tarjeta de crédito' }).waitFor();
  await detail.getByRole('cell', { name: offer.name }).first().waitFor();
  assert.deepEqual(await seriousViolations(page), [], 'detalle de la venta');
  await screenshot('ventas-detalle');
  const [again] = await Promise.all([
    context.waitForEvent('page'),
    detail.locator('button', { hasText: /^Ticket$/ }).click(),
  ]);
  await again.waitForURL(/^blob:/);
  await again.close();
  await page.keyboard.press('Escape');
  await detail.waitFor({ state: 'hidden' });

  // The refund: a wrong password is said in the dialog, which stays open; then the right one.
  await page.getByRole('button', { name: `Acciones de venta ${folio}` }).click();
  await page.getByRole('menuitem', { name: 'Devolución' }).click();
  const refund = page.getByRole('dialog', { name: `Devolución de la venta ${folio}` });
  await refund.getByLabel('Motivo de la devolución').fill('El cliente cambió de opinión');
  await refund.getByLabel('Método de devolución').click();
  await page.locator('.ant-select-item-option[title="Efectivo"]').click();
  await refund.getByLabel('Tu contraseña').fill('NoEsLaContraseña1');
  await refund.getByRole('button', { name: 'Hacer devolución' }).click();
  await refund.getByRole('alert').getByText('La contraseña no coincide').waitFor();
  assert.deepEqual(await seriousViolations(page), [], 'devolución rechazada');
  await screenshot('ventas-devolucion-rechazada');
  await refund.getByLabel('Tu contraseña').fill(USERS.manager.password);
  await refund.getByRole('button', { name: 'Hacer devolución' }).click();
  await refund.waitFor({ state: 'hidden' });
  await row.getByText('Devolución', { exact: true }).waitFor();
  await page.getByRole('button', { name: `Acciones de venta ${folio}` }).click();
  await page.getByRole('menuitem', { name: 'Ticket de devolución' }).waitFor();
  assert.equal(
    await page.locator('.ant-dropdown-menu-item', { hasText: /^Devolución$/ }).count(),
    0,
    'a refunded sale offers no second refund',
  );
  await page.keyboard.press('Escape');

  // The other channels' lists, with the demo's sales.
  for (const path of ['ventas-en-app', 'ventas-en-linea']) {
    await page.goto(`${baseUrl}/dashboard/${path}`);
    await page
      .getByRole('button', { name: /^Acciones de venta / })
      .first()
      .waitFor();
    assert.deepEqual(await seriousViolations(page), [], path);
  }
});
