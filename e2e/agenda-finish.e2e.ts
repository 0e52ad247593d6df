import type { Locator, Page } from 'playwright-core';
import { seriousViolations } from './axe';
import { USERS, apiOk, assert, chooseOption, notice, signIn, test } from './harness';
import { branchIdOf } from './helpers';
import { bookToday, keepOpenLate } from './open-late';

/**
 * Finishing an appointment (spec 002 §4, CONTRACT §13): a purchased product sold at the point of
 * sale, booked today and set in process through the API; then, on the screens, the finish with
 * its consent, a session and a lot; the finish in the appointment's detail; an absence; and the
 * lot traced from the inventory to the customer it was used on.
 */

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

interface Treatment {
  id: number;
  name: string;
  categories: { id: number }[];
}

async function rowAction(page: Page, customer: string, item: string): Promise<void> {
  const search = page.getByRole('searchbox', { name: 'Buscar en Citas' });
  await search.fill(customer);
  await page.keyboard.press('Enter');
  const actions = page.getByRole('button', {
    name: new RegExp(`^Acciones de Cita \\d+ de ${customer}`),
  });
  await actions.first().waitFor();
  assert.equal(await actions.count(), 1, `one appointment of ${customer}`);
  await actions.click();
  await page.getByRole('menuitem', { name: item }).click();
}

/** The dialog's screenshots at 1440 px and at a phone's width, no sideways scroll on the page. */
async function shootBoth(page: Page, screenshot: (name: string) => Promise<void>, name: string) {
  for (const [size, label] of [
    [DESKTOP, 'escritorio'],
    [PHONE, 'telefono'],
  ] as const) {
    await page.setViewportSize(size);
    await page.waitForTimeout(300);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    assert.ok(overflow <= 0, `${name} ${label}: the page scrolls sideways`);
    await screenshot(`${name}-${label}`);
  }
  await page.setViewportSize(DESKTOP);
}

const fieldMessage = (dialog: Locator, id: string) =>
  dialog.locator(`.ant-form-item:has([id="${id}"]) .ant-form-item-explain`);

test('Agenda: finishing an appointment of a purchased product (consent, session, lot), its record in the detail, an absence, and the lot traced to the customer', async ({
  page,
  baseUrl,
  screenshot,
}) => {
  // Names take letters only: the time's digits as letters keep them unique.
  const digits = String(Date.now()).slice(-6);
  const tag = [...digits].map((d) => 'abcdefghij'[Number(d)]).join('');
  const finishing = `Final${tag}`;
  const missing = `Falta${tag}`;
  await signIn(page, baseUrl, USERS.admin);
  await page.setViewportSize(DESKTOP);

  // Set-up through the API: two new patients, a toxin (consent, products) sold to one of them.
  const branchId = await branchIdOf(page, 'Zona Río');
  const treatments = await apiOk<{ items: Treatment[] }>(page, 'GET', '/treatment?take=100');
  const toxin = treatments.items.find((t) => t.name === 'Toxina botulínica tercio superior');
  assert.ok(toxin, 'the demo sells the toxin');
  const customer = (name: string, line: number) =>
    apiOk<{ id: number }>(page, 'POST', '/customer/create', {
      name,
      mobilePhone: `66${line}${digits}0`,
      lastName: 'Prueba',
      birthday: '1990-05-05',
      registryBranchId: branchId,
    });
  const buyer = await customer(finishing, 1);
  const absent = await customer(missing, 2);
  const order = await apiOk<{ purchasedProducts: { id: number }[] }>(
    page,
    'POST',
    '/order/create',
    {
      origin: 'SUCURSAL',
      branchId,
      customerId: buyer.id,
      orderDetails: [{ treatmentId: toxin.id, quantity: 1 }],
      payments: [{ paymentMethod: 'Efectivo', amount: 10_000, currency: 'MXN' }],
    },
  );
  const purchasedProductId = order.purchasedProducts[0]!.id;
  const common = {
    appointmentType: 'Médico',
    appointmentMethod: 'Cita presencial',
    treatmentsIds: [toxin.id],
    categoriesIds: [toxin.categories[0]!.id],
  };
  const medics = await apiOk<{ id: number; name: string }[]>(
    page,
    'GET',
    `/appointment/attendants?branchId=${branchId}&appointmentType=${encodeURIComponent('Médico')}`,
  );
  // The branch and its cabins open until 23:30 today for this test, whatever the hour.
  const putBack = await keepOpenLate(page, baseUrl, branchId);
  const toFinish = await bookToday(
    page,
    branchId,
    { ...common, customerId: buyer.id, appointmentOption: 'purchasedProducts', purchasedProductId },
    medics,
  );
  await apiOk(page, 'PATCH', `/appointment/${toFinish.id}/set-on-process`);
  const toMiss = await bookToday(page, branchId, {
    ...common,
    customerId: absent.id,
    appointmentOption: 'newTreatments',
  });

  // The finish, from the Citas row: the consent comes first, the rest only once it is on.
  await page.goto(`${baseUrl}/dashboard/citas`);
  await page.locator('.ant-table-row').first().waitFor();
  await rowAction(page, finishing, 'Terminar');
  const dialog = page.getByRole('dialog', {
    name: `Terminar la cita ${toFinish.appointmentNumber}`,
  });
  await dialog.getByText('El paciente firmó el consentimiento').waitFor();
  // The focus lands on the dialog's first field.
  await page.waitForFunction(() => document.activeElement?.id === 'finish-consent', null, {
    timeout: 5_000,
  });
  // Esc closes it; it opens again from the row.
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
  await rowAction(page, finishing, 'Terminar');
  await dialog.getByText('El paciente firmó el consentimiento').waitFor();
  assert.equal(await dialog.locator('#finish-attendedById').count(), 0, 'nothing before consent');
  await dialog.getByRole('button', { name: 'Ver consentimiento' }).waitFor();
  assert.deepEqual(await seriousViolations(page), [], 'terminar: consentimiento');
  await dialog.locator('#finish-consent').click();
  await dialog.locator('#finish-attendedById').waitFor();
  await chooseOption(page, 'finish-attendedById', toFinish.attendant!.name);
  await chooseOption(page, 'finish-session-0', 0);
  await dialog.getByRole('heading', { name: /Sesiones/ }).click();
  await dialog.getByRole('button', { name: 'Agregar producto' }).click();
  await chooseOption(page, 'finish-stockId-0', 0);
  // Too many units: the same message the server would answer, live under the quantity.
  await dialog.locator('#finish-quantity-0').fill('9999');
  await fieldMessage(dialog, 'finish-quantity-0')
    .filter({ hasText: /Se pueden usar hasta|El lote tiene/ })
    .waitFor();
  await dialog.locator('#finish-quantity-0').fill('1');
  await dialog
    .getByText(/hasta \d+ unidad/)
    .first()
    .waitFor();
  await screenshot('terminar-cita-cantidad');
  // The message leaves once the quantity is within the limit (antd animates it out).
  await fieldMessage(dialog, 'finish-quantity-0').waitFor({ state: 'detached' });
  assert.deepEqual(await seriousViolations(page), [], 'terminar cita');
  await shootBoth(page, screenshot, 'terminar-cita');
  await dialog.getByRole('button', { name: 'Terminar cita' }).click();
  await notice(page).first().waitFor();
  await dialog.waitFor({ state: 'hidden' });

  // The finish in the appointment's detail.
  await rowAction(page, finishing, 'Ver detalle');
  const detail = page.getByRole('dialog', { name: `Cita ${toFinish.appointmentNumber}` });
  await detail.getByRole('heading', { name: 'Cita terminada' }).waitFor();
  await detail.getByText('Sesión 1').waitFor();
  await detail.getByRole('button', { name: 'Consentimiento (PDF)' }).waitFor();
  const used = await detail.locator('.ant-table-row').first().innerText();
  assert.match(used, /\d/);
  assert.deepEqual(await seriousViolations(page), [], 'detalle de cita terminada');
  await shootBoth(page, screenshot, 'cita-terminada');
  await page.keyboard.press('Escape');
  await detail.waitFor({ state: 'hidden' });

  // An absence, after its confirmation.
  await rowAction(page, missing, 'Inasistencia');
  const confirm = page.getByRole('dialog').filter({ hasText: '¿Registrar la inasistencia' });
  const register = confirm.getByRole('button', { name: 'Registrar inasistencia' });
  await register.waitFor();
  await screenshot('inasistencia-confirmacion');
  await register.click();
  await confirm.waitFor({ state: 'hidden' });
  await notice(page).first().waitFor();
  await page.locator('.ant-table-row', { hasText: missing }).getByText('Inasistencia').waitFor();
  assert.ok(toMiss.id);

  // The lot used, traced from the inventory to the patient.
  const record = await apiOk<{
    finish: { products: { product: { name: string }; allotment: string }[] };
  }>(page, 'GET', `/appointment/${toFinish.id}`);
  const lot = record.finish.products[0]!;
  await page.goto(`${baseUrl}/dashboard/inventario`);
  await page.locator('main .ant-table-row').first().waitFor();
  await page.getByLabel('Buscar en Inventario').fill(lot.product.name);
  await page.keyboard.press('Enter');
  const actions = page.getByRole('button', {
    name: new RegExp(
      `^Acciones de ${lot.product.name.replace(/[()]/g, '.')} \\(.*\\) en Zona Río$`,
    ),
  });
  await actions.first().click();
  await page.getByRole('menuitem', { name: 'Detalle' }).click();
  await page
    .getByRole('button', { name: `Rastrear el lote ${lot.allotment || 'sin lote'}` })
    .first()
    .click();
  const trace = page.getByRole('dialog', { name: 'Rastreo del lote' });
  await trace.getByRole('heading', { name: 'Pacientes en los que se usó' }).waitFor();
  const uses = trace.getByRole('region', { name: 'Pacientes en los que se usó el lote' });
  await uses.getByRole('cell', { name: new RegExp(finishing) }).waitFor();
  await uses.getByRole('cell', { name: String(toFinish.appointmentNumber), exact: true }).waitFor();
  // Its movement out names the appointment, with the ledger's label for the cause.
  const movements = trace.getByRole('region', { name: 'Movimientos del lote' });
  await movements.getByRole('cell', { name: 'Cita', exact: true }).first().waitFor();
  assert.deepEqual(await seriousViolations(page), [], 'rastreo del lote');
  // The dialog never passes a phone's width: its tables scroll inside their own regions.
  await page.setViewportSize(PHONE);
  await page.waitForTimeout(300);
  const drawer = await page.getByRole('dialog', { name: 'Rastreo del lote' }).boundingBox();
  assert.ok(drawer && drawer.x >= 0 && drawer.x + drawer.width <= PHONE.width + 1, 'trace fits');
  await page.setViewportSize(DESKTOP);
  await shootBoth(page, screenshot, 'rastreo-lote');
  await putBack();
});
