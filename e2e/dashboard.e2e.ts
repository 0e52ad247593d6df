import { messageFor } from '@clinica/domain';
import { USERS, assert, notice, sidebarItems, signIn, signOut, test } from './harness';

test('Registrar Entrada records a staff member’s arrival, listed in Asistencia', async ({
  page,
  baseUrl,
  screenshot,
}) => {
  await signIn(page, baseUrl, USERS.admin);
  await page.getByRole('menuitem', { name: 'Registrar Entrada' }).click();
  const dialog = page.getByRole('dialog', { name: 'Registrar Entrada' });
  await dialog.getByLabel('Usuario (correo electrónico)').fill(USERS.medic.username);
  await dialog.getByLabel('Contraseña').fill(USERS.medic.password);
  await dialog.getByRole('button', { name: 'Registrar' }).click();
  // The notice names who checked in, and when.
  await notice(page)
    .getByText(
      /^Entrada de Jorge Martínez registrada a las \d{2}:\d{2} del \d{2}-\d{2}-\d{4} en Zona Río\.$/,
    )
    .waitFor();
  await dialog.waitFor({ state: 'hidden' });

  // The manager reads the arrival back in the attendance list, newest first.
  await page.getByRole('link', { name: 'Asistencia' }).first().click();
  await page.waitForURL('**/dashboard/asistencia');
  const firstRow = page.locator('.ant-table-tbody tr.ant-table-row').first();
  await firstRow.getByRole('cell', { name: 'Jorge Martínez' }).waitFor();
  await firstRow.getByRole('cell', { name: USERS.medic.username }).waitFor();
  await screenshot('attendance');
});

test('the point-of-sale link opens in a new tab with the token', async ({ page, baseUrl }) => {
  await signIn(page, baseUrl, USERS.admin);
  const link = page.getByRole('link', { name: /Punto de venta/ });
  const href = (await link.getAttribute('href')) ?? '';
  const token = await page.evaluate(
    () => (JSON.parse(localStorage.getItem('clinica.auth') ?? '{}') as { token: string }).token,
  );
  assert.equal(new URL(href).origin, 'https://pos.example.test');
  assert.equal(new URL(href).searchParams.get('token'), token);
  assert.equal(await link.getAttribute('target'), '_blank');
});

test('the role editor grants a privilege, the audit log shows it, the sidebar follows', async ({
  page,
  baseUrl,
  screenshot,
}) => {
  await signIn(page, baseUrl, USERS.admin);
  await page.getByRole('link', { name: 'Roles y privilegios' }).first().click();
  await page.getByRole('link', { name: 'Editar privilegios de Cosmetóloga' }).click();
  await page.getByRole('heading', { name: /Cosmetóloga/ }).waitFor();
  const viewHistory = page.getByLabel('Ver en Historial y bitácora');
  assert.equal(await viewHistory.isChecked(), false);
  await page.waitForLoadState('networkidle');
  await screenshot('role-editor');
  await viewHistory.check();
  await page.getByRole('button', { name: 'Guardar privilegios' }).click();
  await page.waitForURL('**/dashboard/roles');
  await notice(page).getByText(messageFor(200, 0)).waitFor();

  await page.getByRole('link', { name: 'Historial' }).first().click();
  const row = page.locator('tr', { hasText: 'Roles y privilegios' }).first();
  await row.getByRole('button', { name: /Ver cambios/ }).click();
  const changes = page.getByRole('dialog', { name: 'Cambios' });
  await changes.getByRole('row', { name: /Historial y bitácora.*Ver/ }).waitFor();
  await screenshot('history-changes');
  await changes.getByRole('button', { name: 'Cerrar' }).first().click();
  await screenshot('history');
  await signOut(page);

  await signIn(page, baseUrl, USERS.cosmetologist);
  assert.ok((await sidebarItems(page)).includes('Historial'));
});

test('the audit log pages, filters and opens a record’s detail', async ({ page, baseUrl }) => {
  await signIn(page, baseUrl, USERS.admin);
  await page.goto(`${baseUrl}/dashboard/historial`);
  // The total grows with what earlier tests did, past a thousand ("1,234").
  await page.getByText(/Mostrando 1–[\d,]+ de [\d,]+ registros/).waitFor();
  await page.getByRole('combobox', { name: 'Acción' }).click();
  await page.keyboard.type('Inicio de sesión');
  await page.locator('.ant-select-item-option[title="Inicio de sesión"]').click();
  // The filtered page replaces the unfiltered one when its answer arrives: wait for that.
  const cells = page.locator('tbody tr.ant-table-row td:nth-child(3)');
  await page
    .waitForFunction(
      () => {
        const texts = [...document.querySelectorAll('tbody tr.ant-table-row td:nth-child(3)')].map(
          (cell) => cell.textContent ?? '',
        );
        return texts.length > 0 && texts.every((text) => text.includes('Inicio de sesión'));
      },
      undefined,
      { timeout: 10_000 },
    )
    .catch(() => undefined);
  const actions = await cells.allInnerTexts();
  assert.ok(actions.length > 0);
  assert.ok(
    actions.every((text) => text.includes('Inicio de sesión')),
    actions.join(' | '),
  );
  await page.locator('tbody tr.ant-table-row').first().getByRole('button').first().click();
  await page.getByRole('dialog').getByText('Acceso al sistema').first().waitFor();
});
