import { USERS, apiOk, assert, chooseOption, notice, signIn, test } from './harness';
import { seriousViolations } from './axe';

/** Issue 15: an adult tutor, a minor in their care, a note with a photo, clearing cancellations. */

const unique = () => String(Date.now()).slice(-6);

/** A 1×1 PNG: the server checks the content, not only the extension. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

async function noSeriousViolations(page: Parameters<typeof seriousViolations>[0], where: string) {
  const violations = await seriousViolations(page);
  assert.deepEqual(violations, [], `${where}: ${violations.join('; ')}`);
}

test('Clientes: an adult tutor, a minor with that tutor, a note with a photo, clearing cancellations', async ({
  page,
  baseUrl,
  screenshot,
}) => {
  const tag = unique();
  const tutorName = `Tutora${tag}`;
  await signIn(page, baseUrl, USERS.admin);
  await page.getByRole('link', { name: 'Clientes' }).first().click();
  await page.waitForURL('**/dashboard/clientes');
  await page.getByRole('columnheader', { name: /Cancelaciones/ }).waitFor();
  await noSeriousViolations(page, 'lista de clientes');
  await screenshot('customers-list');

  // The adult, flagged as tutor; the mobile is typed through the mask.
  await page.getByRole('link', { name: 'Nuevo' }).click();
  await page.waitForURL('**/dashboard/clientes/crear');
  await page.locator('#name').fill(tutorName);
  await page.locator('#lastName').fill('Salgado');
  await page.locator('#birthday').fill('12-03-1988');
  await page.keyboard.press('Tab');
  await page.locator('#mobilePhone').fill(`664${tag}9`.slice(0, 10).padEnd(10, '1'));
  assert.match(await page.locator('#mobilePhone').inputValue(), /^\(664\)\d{3}-\d{4}$/);
  await page.getByRole('switch', { name: 'Es tutor' }).click();
  await noSeriousViolations(page, 'formulario de cliente');
  await screenshot('customer-form-adult');
  await page.getByRole('button', { name: /Guardar/ }).click();
  await page.waitForURL('**/dashboard/clientes');
  await notice(page).waitFor();

  // The minor: the form asks for a tutor and a relationship instead of the tutor switch.
  await page.getByRole('link', { name: 'Nuevo' }).click();
  await page.waitForURL('**/dashboard/clientes/crear');
  await page.locator('#name').fill(`Menor${tag}`);
  await page.locator('#lastName').fill('Salgado');
  await page.locator('#birthday').fill('05-06-2016');
  await page.keyboard.press('Tab');
  // Under 18 the form asks for the tutor and the relationship instead of the tutor switch.
  await page.locator('#tutorId').waitFor();
  await chooseOption(page, 'tutorId', tutorName);
  await page.locator('#relationship').fill('Madre');
  await screenshot('customer-form-minor');
  const saved = page.waitForResponse((response) => response.url().includes('/v1/customer/create'));
  await page.getByRole('button', { name: /Guardar/ }).click();
  assert.equal((await saved).status(), 201);
  await page.waitForURL('**/dashboard/clientes');

  // The minor's detail names the tutor; a note with a photo on the tutor.
  await page.getByRole('searchbox', { name: 'Buscar en Clientes' }).fill(`Menor${tag}`);
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: `Menor${tag} Salgado`, exact: true }).click();
  const minorDetail = page.getByRole('dialog');
  await minorDetail.getByText(`${tutorName} Salgado (Madre)`).waitFor();
  await page.keyboard.press('Escape');
  await minorDetail.waitFor({ state: 'hidden' });

  await page.getByRole('searchbox', { name: 'Buscar en Clientes' }).fill(tutorName);
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: `${tutorName} Salgado`, exact: true }).click();
  const detail = page.getByRole('dialog');
  await detail.getByRole('tab', { name: 'Notas' }).click();
  await detail.getByRole('button', { name: 'Agregar nota' }).click();
  await detail.locator('#title').fill('Piel sensible');
  await detail.locator('#note').fill('Evitar exfoliación química en la próxima sesión.');
  await detail.locator('input[type=file]').setInputFiles({
    name: 'piel.png',
    mimeType: 'image/png',
    buffer: PNG,
  });
  const photo = page.waitForResponse((response) => /\/v1\/note\/\d+\/photo/.test(response.url()));
  await detail.getByRole('button', { name: 'Guardar nota' }).click();
  assert.equal((await photo).status(), 200);
  await detail.getByRole('img', { name: 'Foto de la nota Piel sensible' }).waitFor();
  await noSeriousViolations(page, 'detalle del cliente');
  await screenshot('customer-detail-notes');
  await page.keyboard.press('Escape');

  // A demo customer with cancellations: 'Desbanear' asks, then clears them.
  const seeded = 'María López García';
  await page.getByRole('searchbox', { name: 'Buscar en Clientes' }).fill(seeded);
  await page.keyboard.press('Enter');
  const row = page.getByRole('row').filter({ hasText: seeded });
  await row.first().waitFor();
  await row.getByRole('button', { name: /Acciones de/ }).click();
  await page.getByRole('menuitem', { name: 'Desbanear' }).click();
  await page
    .locator('.ant-modal-confirm-title')
    .filter({ hasText: '¿Deseas limpiar las cancelaciones este cliente?' })
    .waitFor();
  await screenshot('customer-clear-cancellations');
  const cleared = page.waitForResponse((response) =>
    response.url().includes('/clear-cancellations'),
  );
  await page.getByRole('button', { name: 'Limpiar', exact: true }).click();
  assert.equal((await cleared).status(), 200);
  await row.getByRole('button', { name: /Acciones de/ }).click();
  assert.equal(await page.getByRole('menuitem', { name: 'Desbanear' }).count(), 0);
});

test('Clientes: the Órdenes and Productos adquiridos tabs show what the customer bought', async ({
  page,
  baseUrl,
  screenshot,
}) => {
  // A demo customer who bought a package at the point of sale, its sessions still under way,
  // found through the API (whatever other tests sold, refunded or finished before this one).
  await signIn(page, baseUrl, USERS.admin);
  type Order = {
    id: number;
    customer: { id: number; name: string; lastName: string };
    purchasedProducts?: { package: unknown; status: string }[];
  };
  const page1 = await apiOk<{ items: Order[] }>(page, 'GET', '/order?take=40&origin=SUCURSAL');
  // Its full name is searched, so one no other customer shares.
  let buyer: { fullName: string } | null = null;
  for (const item of page1.items) {
    const order = await apiOk<Order>(page, 'GET', `/order/${item.id}`);
    const underWay = (product: { package: unknown; status: string }) =>
      product.package !== null && product.status === 'onProcess';
    if (!order.purchasedProducts?.some(underWay)) continue;
    const person = await apiOk<{ name: string; lastName: string; motherLastName: string | null }>(
      page,
      'GET',
      `/customer/${order.customer.id}/single`,
    );
    const fullName = [person.name, person.lastName, person.motherLastName]
      .filter(Boolean)
      .join(' ');
    const search = encodeURIComponent(JSON.stringify({ value: fullName }));
    const namesakes = await apiOk<{ meta: { itemCount: number } }>(
      page,
      'GET',
      `/customer?search=${search}`,
    );
    if (namesakes.meta.itemCount === 1) {
      buyer = { fullName };
      break;
    }
  }
  assert.ok(buyer, 'a demo customer with a package, the only one of that name');

  await page.getByRole('link', { name: 'Clientes' }).first().click();
  await page.waitForURL('**/dashboard/clientes');
  await page.getByRole('searchbox', { name: 'Buscar en Clientes' }).fill(buyer.fullName);
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: buyer.fullName, exact: true }).click();
  const detail = page.getByRole('dialog');
  await detail.getByRole('tab', { name: 'Órdenes', exact: true }).click();
  await detail
    .getByRole('cell', { name: /^POS-\d{6}$/ })
    .first()
    .waitFor();
  await detail.getByText('Pagado').first().waitFor();
  await noSeriousViolations(page, 'órdenes del cliente');
  await screenshot('customer-detail-orders');
  await detail.getByRole('tab', { name: 'Productos adquiridos' }).click();
  await detail.getByRole('columnheader', { name: 'Sesión actual' }).waitFor();
  await detail.getByText('En proceso').first().waitFor();
  await noSeriousViolations(page, 'productos adquiridos del cliente');
  await screenshot('customer-detail-purchased-products');
});
