import type { Page } from 'playwright-core';
import { messageFor } from '@clinica/domain';
import { USERS, assert, notice, signIn, test, chooseOption } from './harness';

/** Issue 4: branches, cabins and staff from the screens alone, and what a branch manager sees. */

const unique = () => String(Date.now()).slice(-6);

/** Picks a time in a schedule day's select ('Lunes: apertura'). */
async function chooseTime(page: Page, label: string, time: string): Promise<void> {
  await chooseOption(page, page.getByRole('combobox', { name: label }), time);
}

async function typeDate(page: Page, id: string, date: string): Promise<void> {
  await page.locator(`#${id}`).click();
  await page.locator(`#${id}`).fill(date);
  await page.keyboard.press('Tab');
}

/** A 1×1 PNG: the server checks the content, not only the extension. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

test('Organización: a branch is created with its weekly schedule', async ({
  page,
  baseUrl,
  screenshot,
}) => {
  const name = `Sucursal Otay ${unique()}`;
  await signIn(page, baseUrl, USERS.admin);
  await page.getByRole('link', { name: 'Sucursales' }).first().click();
  await page.getByRole('link', { name: 'Nuevo' }).click();
  await page.waitForURL('**/dashboard/sucursales/crear');
  await page.locator('#name').fill(name);
  await page.locator('#code').fill(`TIJOTA${unique().slice(-4)}`);
  await page.locator('#phone').fill('6641230000');
  assert.equal(await page.locator('#phone').inputValue(), '(664)123-0000');
  await page.locator('#businessName').fill('Clínicas Otay S.A. de C.V.');
  await page.locator('#rfc').fill('COT200101AB1');
  await page.locator('#street').fill('Blvd. Industrial');
  await page.locator('#extNumber').fill('1200');
  await page.locator('#suburb').fill('Otay Universidad');
  await page.locator('#zipCode').fill('22427');
  await page.locator('#city').fill('Tijuana');
  await page.locator('#state').fill('Baja California');

  // A day switched on needs its range before the form is sent.
  await page.getByRole('switch', { name: 'Lunes: abierto' }).click();
  await page.getByRole('button', { name: /Guardar/ }).click();
  await page.getByText('Indica el horario del lunes').waitFor();
  await chooseTime(page, 'Lunes: apertura', '09:00');
  await chooseTime(page, 'Lunes: cierre', '18:30');
  await page.getByRole('switch', { name: 'Sábado: abierto' }).click();
  await chooseTime(page, 'Sábado: apertura', '10:00');
  await chooseTime(page, 'Sábado: cierre', '14:00');
  // Turning a day off clears its range.
  await page.getByRole('switch', { name: 'Martes: abierto' }).click();
  await chooseTime(page, 'Martes: apertura', '08:00');
  await page.getByRole('switch', { name: 'Martes: abierto' }).click();
  assert.equal(await page.getByRole('combobox', { name: 'Martes: apertura' }).count(), 0);
  await screenshot('branch-form');

  const saved = page.waitForResponse((response) => response.url().includes('/v1/branch/create'));
  await page.getByRole('button', { name: /Guardar/ }).click();
  const body = (await (await saved).request().postDataJSON()) as {
    schedule: { day: number; opening: string; closing: string }[];
  };
  assert.deepEqual(
    body.schedule.map((day) => `${day.day} ${day.opening}-${day.closing}`),
    [
      '0 09:00-18:30',
      '1 00:00-00:00',
      '2 00:00-00:00',
      '3 00:00-00:00',
      '4 00:00-00:00',
      '5 10:00-14:00',
      '6 00:00-00:00',
    ],
  );
  await page.waitForURL('**/dashboard/sucursales');
  await notice(page).getByText(messageFor(201, 0)).waitFor();

  await page.getByRole('searchbox', { name: 'Buscar en Sucursales' }).fill(name);
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name, exact: true }).click();
  const detail = page.getByRole('dialog', { name: 'Sucursales' });
  await detail.getByText('09:00 – 18:30').waitFor();
  await detail.getByText('10:00 – 14:00').waitFor();
  await screenshot('branch-detail');
});

test('Organización: a cabin offers only its branch hours and the days it opens', async ({
  page,
  baseUrl,
  screenshot,
}) => {
  await signIn(page, baseUrl, USERS.admin);
  await page.goto(`${baseUrl}/dashboard/cabinas`);
  await page.getByRole('link', { name: 'Nuevo' }).click();
  await page.locator('#name').fill(`Cabina ${unique()}`);
  await chooseOption(page, 'typeId', 'Cabina facial');
  await chooseOption(page, 'branchId', 'Zona Río');
  // A new cabin starts with the branch's hours (Zona Río opens Monday 09:00–20:00).
  await page.getByText('Sucursal: 09:00 – 20:00').first().waitFor();
  const monday = page.locator('.schedule-editor__row', { hasText: 'Lunes' });
  assert.match(await monday.innerText(), /09:00\s+a\s+20:00/);
  // Only the branch's hours are offered (issue 11 item 7): 21:30 is not, 20:00 is.
  await page.getByRole('combobox', { name: 'Lunes: cierre' }).click();
  await page.keyboard.type('21:30');
  await page
    .locator(
      '.ant-select-dropdown:visible .ant-select-item-empty, .ant-select-dropdown:visible .ant-empty',
    )
    .first()
    .waitFor();
  assert.equal(
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').count(),
    0,
  );
  await page.keyboard.press('Escape');
  // Zona Río is closed on Sundays: the cabin's Sunday cannot be opened.
  assert.equal(await page.getByRole('switch', { name: 'Domingo: abierto' }).isDisabled(), true);
  await screenshot('cabin-form-branch-hours');

  await chooseTime(page, 'Lunes: cierre', '19:00');
  await page.getByRole('button', { name: /Guardar/ }).click();
  await page.waitForURL('**/dashboard/cabinas');
});

test('Organización: a staff member is created through the seven steps, found and edited', async ({
  page,
  baseUrl,
  screenshot,
}) => {
  const number = unique();
  const lastName = `Prueba${number}`;
  await signIn(page, baseUrl, USERS.admin);
  await page.goto(`${baseUrl}/dashboard/personal`);
  await page.getByRole('link', { name: 'Nuevo' }).click();
  await page.waitForURL('**/dashboard/personal/crear');
  const next = page.getByRole('button', { name: 'Siguiente', exact: true });

  // Usuario: nothing moves on until the step is valid.
  await next.click();
  await page.getByText('El campo Nombre es obligatorio').waitFor();
  await page.getByText('Selecciona una imagen').waitFor();
  await page.locator('input[type=file]').setInputFiles({
    name: 'foto.png',
    mimeType: 'image/png',
    buffer: PNG,
  });
  await page.locator('#name').fill('Lucía');
  await page.locator('#lastName').fill(lastName);
  await page.locator('#motherLastName').fill('Serrano');
  await page.locator('#username').fill(`lucia.${number}@clinica.mx`);
  await chooseOption(page, 'roleId', 'Cosmetóloga');
  await next.click();

  // Iniciales
  await page.locator('#kardex_employeeNumber').fill(number);
  await chooseOption(page, 'kardex_branchId', 'Zona Río');
  await chooseOption(page, 'kardex_workShift', 'Matutino');
  await chooseOption(page, 'kardex_jobPositionId', 'Cosmetóloga');
  assert.equal(await page.locator('#staff-department').inputValue(), 'Cosmetología');
  assert.equal(await page.getByLabel('ISR').count(), 0);
  await typeDate(page, 'kardex_birthdate', '15-05-1995');
  await page.locator('#kardex_phones_0_phone').fill('6641112233');
  await page.locator('#kardex_bankInformation_salary').fill('15500');
  await page.locator('#kardex_bankInformation_bankAccount').fill('012180001234567890');
  await typeDate(page, 'kardex_admissionDate', '01-03-2024');
  await page.locator('#kardex_bankInformation_salary').blur();
  assert.equal(await page.locator('#kardex_bankInformation_salary').inputValue(), '15,500.00');
  await screenshot('staff-form-iniciales');
  await next.click();

  // Personales
  await chooseOption(page, 'kardex_personalData_gender', 'Femenino');
  await chooseOption(page, 'kardex_personalData_maritalStatus', 'Soltero');
  await page.locator('#kardex_personalData_birthState').fill('Baja California');
  await page.locator('#kardex_personalData_birthCity').fill('Tijuana');
  await page.locator('#kardex_personalData_nss').fill('12345678901');
  await page.locator('#kardex_personalData_curp').fill('SEPL950515MBCRRC09');
  await page.locator('#kardex_personalData_rfc').fill('bad');
  await next.click();
  await page.getByText('RFC Inválido').waitFor();
  await page.locator('#kardex_personalData_rfc').fill('SEPL950515AB1');
  await page.locator('#kardex_personalData_ocr').fill('1234567890123');
  await chooseOption(page, 'kardex_personalData_educationalDegree', 'Superior');
  await page.locator('#kardex_personalData_profession').fill('Cosmetóloga');
  await page.locator('#kardex_personalData_childrens').fill('0');
  await page.locator('#kardex_personalData_email').fill(`lucia.${number}@correo.mx`);
  await chooseOption(page, 'kardex_personalData_bloodType', 'O+');
  await page.locator('#kardex_personalData_diseases').fill('Ninguna');
  await page.locator('#kardex_personalData_allergies').fill('Ninguna');
  await page.locator('#kardex_personalData_drugAllergies').fill('Ninguna');
  await next.click();

  // Domicilio
  await page.locator('#kardex_address_address').fill('Calle Ocho 123, Col. Centro');
  await page.locator('#kardex_address_city').fill('Tijuana');
  await page.locator('#kardex_address_state').fill('Baja California');
  await page.locator('#kardex_address_addressINE').fill('Calle Ocho 123, Col. Centro');
  await page.locator('#kardex_address_cityINE').fill('Tijuana');
  await page.locator('#kardex_address_stateINE').fill('Baja California');
  await next.click();

  // Contactos
  await page.locator('#kardex_contacts_0_name').fill('Rosa Serrano');
  await page.locator('#kardex_contacts_0_relationships').fill('Madre');
  await page.locator('#kardex_contacts_0_phone').fill('6649998877');
  await next.click();

  // Referencias
  await page.locator('#kardex_jobReferences_0_company').fill('Spa Las Palmas');
  await page.locator('#kardex_jobReferences_0_position').fill('Cosmetóloga');
  await page.locator('#kardex_jobReferences_0_boss').fill('Marta Gil');
  await page.locator('#kardex_jobReferences_0_phone').fill('6645554433');
  await next.click();

  // Contratos, then the save and the photo.
  await typeDate(page, 'kardex_signatures_0_date', '01-03-2024');
  await screenshot('staff-form-contratos');
  const photo = page.waitForResponse(
    (response) => /\/v1\/user\/\d+\/photo$/.test(response.url()) && response.status() === 200,
  );
  await page.getByRole('button', { name: /Crear empleado/ }).click();
  await photo;
  await page.waitForURL('**/dashboard/personal');

  await page.getByRole('searchbox', { name: 'Buscar en Personal' }).fill(lastName);
  await page.keyboard.press('Enter');
  const row = page.locator('tbody tr', { hasText: lastName });
  await row.getByText(number, { exact: true }).waitFor();
  await row.getByText('Contrato 1 - 01-03-2024').waitFor();
  await row.getByText('activo', { exact: true }).waitFor();
  assert.ok(await row.locator('img').count(), 'the photo thumbnail is in the row');
  await row.getByRole('button', { name: `Lucía ${lastName} Serrano`, exact: true }).click();
  const detail = page.getByRole('dialog', { name: 'Expediente del empleado' });
  await detail.getByText('(664)111-2233').first().waitFor();
  await detail.getByRole('tab', { name: 'Contratos' }).click();
  await detail.getByText('01-03-2024').first().waitFor();
  await screenshot('staff-detail');
  await detail.getByRole('button', { name: 'Cerrar' }).last().click();

  // Edit: the status toggle appears only here.
  await row.getByRole('button', { name: `Acciones de Lucía ${lastName} Serrano` }).click();
  await page.getByRole('menuitem', { name: 'Editar' }).click();
  await page.waitForURL(/\/dashboard\/personal\/\d+$/);
  await page.getByRole('navigation', { name: 'Ruta de navegación' }).getByText('Editar').waitFor();
  const status = page.getByRole('switch', { name: 'Estatus' });
  assert.equal(await status.isChecked(), true);
  await status.click();
  for (let step = 0; step < 6; step += 1) await next.click();
  await page.getByRole('button', { name: /Guardar cambios/ }).click();
  await page.waitForURL('**/dashboard/personal');
  await notice(page).getByText(messageFor(200, 0)).waitFor();
});

test('Organización: a branch manager sees only their branch’s cabins and staff', async ({
  page,
  baseUrl,
  screenshot,
}) => {
  await signIn(page, baseUrl, USERS.manager);
  await page.getByRole('link', { name: 'Cabinas' }).first().click();
  await page.getByText(/Mostrando 1–\d+ de \d+ registros/).waitFor();
  assert.equal(await page.getByRole('combobox', { name: 'Sucursal' }).count(), 0);
  const cabinBranches = await page
    .locator('tbody tr.ant-table-row td:nth-child(3)')
    .allInnerTexts();
  assert.ok(cabinBranches.length > 0);
  assert.deepEqual([...new Set(cabinBranches)], ['Zona Río']);
  await screenshot('cabins-branch-manager');

  await page.getByRole('link', { name: 'Personal' }).first().click();
  await page.waitForURL('**/dashboard/personal');
  await page.getByRole('columnheader', { name: 'No. de empleado' }).waitFor();
  await page.getByText(/Mostrando 1–\d+ de \d+ registros/).waitFor();
  const staffBranches = await page
    .locator('tbody tr.ant-table-row td:nth-child(4)')
    .allInnerTexts();
  assert.ok(staffBranches.length > 0);
  assert.deepEqual([...new Set(staffBranches)], ['Zona Río']);
});
