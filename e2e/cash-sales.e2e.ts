import type { Page } from 'playwright-core';
import { seriousViolations } from './axe';
import { USERS, apiOk, assert, chooseOption, signIn, test } from './harness';
import { branchIdOf, newCustomer, uniqueTag } from './helpers';

/**
 * Issue 26: two products sold at the counter from chosen lots with a product coupon, the lot seen
 * going down in the inventory's detail, the sale refunded and the lot back; axe on the list, the
 * new-sale dialog and the detail.
 */

interface Lot {
  stockId: number;
  allotment: string;
  quantity: number;
  product: { id: number; sku: string; name: string; productType: string };
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The lot's row in the inventory's detail; with `soldIn`, its trace names that counter sale. */
async function lotInDetail(
  page: Page,
  baseUrl: string,
  lot: Lot,
  soldIn?: string,
): Promise<string> {
  await page.goto(`${baseUrl}/dashboard/inventario`);
  await page.locator('main .ant-table-row').first().waitFor();
  await page.getByLabel('Buscar en Inventario').fill(lot.product.name);
  await page.keyboard.press('Enter');
  const label = `${lot.product.name} (${lot.product.sku}) en Zona Río`;
  await page.getByRole('button', { name: `Acciones de ${label}`, exact: true }).click();
  await page.getByRole('menuitem', { name: 'Detalle' }).click();
  const detail = page.getByRole('dialog', {
    name: new RegExp(`${escaped(lot.product.name)} · Zona Río`),
  });
  const row = detail.getByRole('row', { name: new RegExp(escaped(lot.allotment)) }).first();
  await row.waitFor();
  const text = await row.innerText();
  if (soldIn) {
    await row
      .getByRole('button', { name: `Rastrear el lote ${lot.allotment || 'sin lote'}` })
      .click();
    const trace = page.getByRole('dialog', { name: 'Rastreo del lote' });
    const sales = trace.getByRole('region', { name: 'Ventas en mostrador del lote' });
    await sales.getByRole('cell', { name: soldIn, exact: true }).waitFor();
    assert.deepEqual(await seriousViolations(page), [], 'rastreo del lote vendido en mostrador');
    await page.keyboard.press('Escape');
    await trace.waitFor({ state: 'hidden' });
  }
  await detail.getByRole('button', { name: 'Cerrar' }).last().click();
  return text;
}

test('Ventas de productos: two products from chosen lots with a coupon, refunded back to their lots', async ({
  page,
  baseUrl,
}) => {
  const tag = uniqueTag();
  await signIn(page, baseUrl, USERS.admin);
  const branchId = await branchIdOf(page, 'Zona Río');
  const lots = await apiOk<Lot[]>(page, 'GET', `/cash-order/lots?branchId=${branchId}`);
  const cosmetic = lots.filter(
    (lot) => lot.product.productType === 'Cosmetólogo/Venta' && lot.quantity >= 2,
  );
  const first = cosmetic[0]!;
  const second = lots.find((lot) => lot.product.id !== first.product.id)!;
  assert.ok(
    first && second,
    `two products with lots at Zona Río: ${JSON.stringify(lots.map((lot) => [lot.product.productType, lot.quantity]))}`,
  );
  const customer = await newCustomer<{ id: number }>(page, {
    name: `Crema${tag}`,
    lastName: 'Mostrador',
    birthday: '1990-05-05',
    prefix: '665',
    registryBranchId: branchId,
  });
  const code = `VP${tag}`.toUpperCase().slice(0, 15);
  await apiOk(page, 'POST', '/coupon/create', {
    code,
    name: `Cupón ${tag}`,
    description: 'Cupón de la prueba de mostrador',
    branchesIds: [branchId],
    limit: 5,
    type: 'Product',
    productId: first.product.id,
    discount: 10,
    expireDate: '2027-12-31',
  });

  await page.goto(`${baseUrl}/dashboard/ventas-sucursal-producto`);
  await page.locator('main h1').first().waitFor();
  await page.locator('main .ant-table-row').first().waitFor();
  assert.deepEqual(await seriousViolations(page), [], 'lista de ventas de productos');

  await page.getByRole('button', { name: 'Nueva venta de productos' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nueva venta de productos' });
  await dialog.waitFor();
  await chooseOption(page, 'cash-branch', 'Zona Río');
  const seller = await chooseOption(page, 'cash-seller', 0);
  await chooseOption(page, 'cash-customer', `Crema${tag}`);
  await dialog.getByLabel('Cupón').fill(code);
  await chooseOption(page, 'cash-product-0', first.product.name);
  await chooseOption(page, 'cash-lot-0', `Lote ${first.allotment || 'sin lote'}`);
  await dialog.getByRole('button', { name: 'Agregar producto' }).click();
  await chooseOption(page, 'cash-product-1', second.product.name);
  await chooseOption(page, 'cash-lot-1', `Lote ${second.allotment || 'sin lote'}`);
  await dialog.getByText('Por pagar').waitFor();
  // The total is the quote's one bold figure.
  const owed = await dialog.locator('strong').first().innerText();
  const total = Number(owed.replace(/[^\d.]/g, ''));
  assert.ok(total > 0, `a total (${owed}) for ${seller}`);
  await dialog.getByLabel('Monto 1').fill(String(Math.ceil(total) + 50));
  await dialog.getByRole('button', { name: 'Cobrar' }).and(page.locator(':enabled')).waitFor();
  assert.deepEqual(await seriousViolations(page), [], 'nueva venta de productos');
  await dialog.getByRole('button', { name: 'Cobrar' }).click();
  await dialog.waitFor({ state: 'hidden' });

  // The sale in its list, the first lot one unit down in the inventory's detail.
  const { items } = await apiOk<{ items: { id: number; folio: string; discountTotal: number }[] }>(
    page,
    'GET',
    `/cash-order?customerId=${customer.id}`,
  );
  const sale = items[0]!;
  assert.ok(sale.discountTotal > 0, 'the coupon discounted the first product');
  const down = await lotInDetail(page, baseUrl, first, sale.folio);
  assert.match(down, new RegExp(`\\b${first.quantity - 1}\\b`));

  await page.goto(`${baseUrl}/dashboard/ventas-sucursal-producto`);
  await page.getByLabel('Buscar en Ventas de productos').fill(sale.folio);
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: sale.folio, exact: true }).click();
  const detail = page.getByRole('dialog', { name: new RegExp(sale.folio) });
  await detail
    .getByRole('cell', { name: first.allotment || 'Sin lote' })
    .first()
    .waitFor();
  assert.deepEqual(await seriousViolations(page), [], 'detalle de la venta de productos');
  await page.keyboard.press('Escape');
  await detail.waitFor({ state: 'hidden' });

  await page.getByRole('button', { name: `Acciones de venta ${sale.folio}` }).click();
  await page.getByRole('menuitem', { name: 'Devolución' }).click();
  const refund = page.getByRole('dialog', { name: `Devolución de la venta ${sale.folio}` });
  await refund.getByLabel('Motivo de la devolución').fill('Producto equivocado');
  await refund.getByLabel('Método de devolución').click();
  await page.locator('.ant-select-item-option[title="Efectivo"]').click();
  await refund.getByLabel('Tu contraseña').fill(USERS.admin.password);
  await refund.getByRole('button', { name: 'Hacer devolución' }).click();
  await refund.waitFor({ state: 'hidden' });
  const back = await lotInDetail(page, baseUrl, first);
  assert.match(back, new RegExp(`\\b${first.quantity}\\b`));
});
