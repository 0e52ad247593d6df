import type { Page } from 'playwright-core';
import { seriousViolations } from './axe';
import { USERS, apiOk, assert, chooseOption, signIn, test } from './harness';
import { branchIdOf, dropdownOf, newCustomer, tabToId, uniqueTag } from './helpers';

/**
 * Issue 25, the sale seen from elsewhere: the customer's Órdenes tab (ticket and refund there), a
 * sale by an all-branch user who must choose the branch first, and a sale naming its seller and a
 * card's reference, both shown in the order's detail.
 */

const TABLET_LANDSCAPE = { width: 1024, height: 768 };

interface Named {
  id: number;
  name: string;
}

/** An active treatment: the first by name, or the last (far past any first page). */
async function activeTreatment(page: Page, order: 'ASC' | 'DESC'): Promise<Named> {
  const { items } = await apiOk<{ items: Named[] }>(
    page,
    'GET',
    `/treatment?status=1&take=1&field=name&order=${order}`,
  );
  assert.ok(items[0], 'an active treatment');
  return items[0];
}

/** The point of sale, from arrival: the customer typed and chosen, then a treatment added. */
async function cartByKeyboard(page: Page, customer: string, treatment: string): Promise<void> {
  await tabToId(page, 'pos-customer');
  await page.keyboard.type(customer);
  await page.locator('.ant-select-item-option', { hasText: customer }).waitFor();
  await page.keyboard.press('Enter');
  await page.getByText('Puntos disponibles:').waitFor();
  await tabToId(page, 'pos-item');
  await page.keyboard.type(treatment);
  // The treatment, not a package whose name holds it: the arrows move to it.
  const options = dropdownOf(page, 'pos-item');
  const wanted = `${treatment} · Tratamiento`;
  await options.locator('.ant-select-item-option', { hasText: wanted }).first().waitFor();
  const active = options.locator('.ant-select-item-option-active');
  for (let step = 0; step < 10 && !(await active.innerText()).startsWith(wanted); step += 1)
    await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.activeElement?.id === 'pos-quantity');
  await page.keyboard.press('Enter');
  await page.locator('.pos__lines').getByText(treatment, { exact: true }).waitFor();
  await page.waitForFunction(() => document.activeElement?.id === 'pos-item');
}

/** The total the screen shows once the cart is quoted, as a number. */
async function quotedTotal(page: Page): Promise<number> {
  const total = page.locator('.pos__total');
  await total.filter({ hasText: /^\$/ }).waitFor();
  return Number((await total.innerText()).replace(/[$,]/g, ''));
}

/** F9 pays: the ticket opens in a new tab; answers the new sale's folio. */
async function payWithF9(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Cobrar (F9)' }).and(page.locator(':enabled')).waitFor();
  const [ticket] = await Promise.all([
    page.context().waitForEvent('page'),
    page.keyboard.press('F9'),
  ]);
  const saved = page.getByText(/^Venta POS-\d{6} registrada$/);
  await saved.waitFor();
  await ticket.close();
  return (await saved.innerText()).split(' ')[1]!;
}

test("Ventas: the customer's Órdenes tab shows the sale, opens its ticket and refunds it", async ({
  page,
  baseUrl,
  screenshot,
}) => {
  const tag = uniqueTag();
  await signIn(page, baseUrl, USERS.manager);
  const branchId = await branchIdOf(page, 'Zona Río');
  const customer = await newCustomer(page, {
    name: `Historia${tag}`,
    lastName: 'Historial',
    birthday: '1991-04-04',
    registryBranchId: branchId,
  });
  const treatment = await activeTreatment(page, 'ASC');
  const body = {
    origin: 'SUCURSAL',
    branchId,
    customerId: customer.id,
    orderDetails: [{ treatmentId: treatment.id, quantity: 1 }],
  };
  const { total } = await apiOk<{ total: number }>(page, 'POST', '/order/quote', {
    ...body,
    payments: [],
  });
  const order = await apiOk<{ id: number; folio: string }>(page, 'POST', '/order/create', {
    ...body,
    payments: [{ paymentMethod: 'Efectivo', currency: 'MXN', amount: total }],
  });

  await page.goto(`${baseUrl}/dashboard/clientes`);
  await page.getByRole('searchbox', { name: 'Buscar en Clientes' }).fill(`Historia${tag}`);
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: `Historia${tag} Historial`, exact: true }).click();
  const detail = page.getByRole('dialog', { name: `Cliente ${customer.customerId}` });
  await detail.getByRole('tab', { name: 'Órdenes', exact: true }).click();
  const row = detail.getByRole('row', { name: new RegExp(order.folio) });
  await row.getByText('Venta', { exact: true }).waitFor();

  // The ticket: the PDF arrives and opens in a new tab.
  const [answer, tab] = await Promise.all([
    page.waitForResponse((response) => response.url().endsWith(`/v1/order/${order.id}/ticket`)),
    page.context().waitForEvent('page'),
    row.getByRole('button', { name: `Ticket de la orden ${order.folio}` }).click(),
  ]);
  assert.equal(answer.status(), 200);
  assert.match(answer.headers()['content-type'] ?? '', /^application\/pdf/);
  await tab.close();

  // The refund from the tab, with the user's own password; the row then says 'Devolución'.
  await row
    .getByRole('button', { name: `Devolución de la orden ${order.folio}`, exact: true })
    .click();
  const refund = page.getByRole('dialog', { name: `Devolución de la venta ${order.folio}` });
  await refund.getByLabel('Motivo de la devolución').fill('Se cambió de tratamiento');
  await chooseOption(page, refund.getByLabel('Método de devolución'), 'Efectivo');
  await refund.getByLabel('Tu contraseña').fill(USERS.manager.password);
  await refund.getByRole('button', { name: 'Hacer devolución' }).click();
  await refund.waitFor({ state: 'hidden' });
  await row.getByText('Devolución', { exact: true }).waitFor();
  await row
    .getByRole('button', { name: `Ticket de devolución de la orden ${order.folio}` })
    .waitFor();
  assert.equal(
    await row
      .getByRole('button', { name: `Devolución de la orden ${order.folio}`, exact: true })
      .count(),
    0,
    'a refunded order offers no second refund',
  );
  assert.deepEqual(await seriousViolations(page), [], 'órdenes del cliente, devuelta');
  await screenshot('cliente-ordenes-devolucion');
});

test('Ventas: an all-branch user chooses the branch first and sells at it', async ({
  page,
  baseUrl,
  screenshot,
}) => {
  const tag = uniqueTag();
  const branchName = 'Playas de Tijuana';
  await signIn(page, baseUrl, USERS.admin);
  const branchId = await branchIdOf(page, branchName);
  await newCustomer(page, {
    name: `Sucursal${tag}`,
    lastName: 'Historial',
    birthday: '1991-04-04',
    registryBranchId: branchId,
  });
  // The last active treatment by name: found by typing, never on the picker's first page.
  const treatment = await activeTreatment(page, 'DESC');

  await page.goto(`${baseUrl}/dashboard/ventas-en-sucursal/nueva`);
  await page.waitForFunction(() => document.activeElement?.id === 'pos-branch');
  await page.locator('#pos-branch-hint').waitFor();
  assert.ok(await page.locator('#pos-seller').isDisabled(), 'no seller before the branch');
  assert.deepEqual(await seriousViolations(page), [], 'punto de venta sin sucursal');
  await screenshot('ventas-punto-de-venta-sin-sucursal');
  await page.keyboard.type(branchName);
  await page.locator('.ant-select-item-option', { hasText: branchName }).waitFor();
  await page.keyboard.press('Enter');
  await page.locator('#pos-branch-hint').waitFor({ state: 'detached' });

  await cartByKeyboard(page, `Sucursal${tag}`, treatment.name);
  const total = await quotedTotal(page);
  await tabToId(page, 'pos-pay-cash');
  await page.keyboard.type(String(total));
  const folio = await payWithF9(page);

  // The list filtered to that branch shows it, at that branch.
  await page.goto(`${baseUrl}/dashboard/ventas-en-sucursal`);
  await chooseOption(page, page.locator('input[id^="lista-"][id$="-branchId"]'), branchName);
  await page.getByLabel('Buscar en Ventas en sucursal').fill(folio);
  await page.keyboard.press('Enter');
  const row = page.getByRole('row', { name: new RegExp(folio) });
  await row.getByRole('cell', { name: branchName, exact: true }).waitFor();
});

test('Ventas: the seller and a card payment with its reference reach the order', async ({
  page,
  baseUrl,
  screenshot,
}) => {
  const tag = uniqueTag();
  await signIn(page, baseUrl, USERS.manager);
  const branchId = await branchIdOf(page, 'Zona Río');
  await newCustomer(page, {
    name: `Vendida${tag}`,
    lastName: 'Historial',
    birthday: '1991-04-04',
    registryBranchId: branchId,
  });
  const treatment = await activeTreatment(page, 'ASC');
  const people = [
    ...(await apiOk<(Named & { lastName: string; motherLastName: string })[]>(
      page,
      'GET',
      `/user/cosmetologists/?branchId=${branchId}`,
    )),
    ...(await apiOk<(Named & { lastName: string; motherLastName: string })[]>(
      page,
      'GET',
      `/user/doctors/?branchId=${branchId}`,
    )),
  ];
  assert.ok(people[0], 'a cosmetologist or medic at Zona Río');
  const seller = [people[0].name, people[0].lastName, people[0].motherLastName]
    .filter(Boolean)
    .join(' ');
  const reference = `AUT${String(Date.now()).slice(-8)}`;

  await page.goto(`${baseUrl}/dashboard/ventas-en-sucursal/nueva`);
  await page.locator('#pos-customer').waitFor();
  await cartByKeyboard(page, `Vendida${tag}`, treatment.name);
  await tabToId(page, 'pos-seller');
  await page.keyboard.type(seller);
  await dropdownOf(page, 'pos-seller').getByText(seller).waitFor();
  await page.keyboard.press('Enter');
  await page.locator('.pos__cart').getByTitle(seller, { exact: true }).waitFor();

  // The card's reference appears once it has an amount; one past the limit is refused.
  const total = await quotedTotal(page);
  await tabToId(page, 'pos-pay-debit');
  await page.keyboard.type(String(total));
  await page.keyboard.press('Tab');
  await page.waitForFunction(() => document.activeElement?.id === 'pos-ref-debit');
  await page.keyboard.type('9'.repeat(101));
  const refusal = page.getByRole('alert').filter({ hasText: /Referencia/ });
  await refusal.waitFor();
  // Said once, beside the payments: no notification repeats it.
  assert.equal(await page.getByTestId('notice').count(), 0, 'the refusal is not notified');
  await page.locator('#pos-ref-debit').fill(reference);
  await refusal.waitFor({ state: 'detached' });
  await page.setViewportSize(TABLET_LANDSCAPE);
  await page.getByRole('button', { name: 'Cobrar (F9)' }).and(page.locator(':enabled')).waitFor();
  assert.deepEqual(await seriousViolations(page), [], 'punto de venta con vendedor y referencia');
  await screenshot('ventas-punto-de-venta-vendedor-1024x768');
  await page.locator('#pos-ref-debit').scrollIntoViewIfNeeded();
  await screenshot('ventas-punto-de-venta-referencia-1024x768');
  const folio = await payWithF9(page);

  await page.goto(`${baseUrl}/dashboard/ventas-en-sucursal`);
  await page.getByLabel('Buscar en Ventas en sucursal').fill(folio);
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: folio, exact: true }).click();
  const detail = page.getByRole('dialog', { name: new RegExp(folio) });
  await detail.getByText(seller, { exact: true }).first().waitFor();
  const payment = detail.getByRole('row', { name: /Tarjeta de débito/ });
  await payment.getByRole('cell', { name: reference, exact: true }).waitFor();
});
