import type { Request } from 'playwright-core';
import { messageFor } from '@clinica/domain';
import {
  USERS,
  apiOk,
  assert,
  fillSignIn,
  notice,
  sidebarItems,
  signIn,
  signOut,
  test,
  userMenu,
} from './harness';

test('a deep link while signed out goes to /', async ({ page, baseUrl }) => {
  await page.goto(`${baseUrl}/dashboard/historial`);
  await page.waitForURL((url) => url.pathname === '/');
  await page.getByRole('heading', { name: 'Iniciar sesión' }).waitFor();
});

test('an unknown route goes to /dashboard, which without a session goes to /', async ({
  page,
  baseUrl,
}) => {
  await page.goto(`${baseUrl}/no/existe`);
  await page.waitForURL((url) => url.pathname === '/');
});

test('the sign-in screen loads none of the dashboard code', async ({ page, baseUrl }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await page.goto(`${baseUrl}/login`);
  await page.getByRole('button', { name: 'Ingresar' }).waitFor();
  await page.waitForLoadState('networkidle');
  assert.ok(scripts.length > 0, 'scripts were requested');
  const dashboard = scripts.filter((url) =>
    /DashboardLayout|HistoryPage|RoleEditorPage|RolesPage|HomePage|table-|antd/.test(url),
  );
  assert.deepEqual(dashboard, []);
});

test('a wrong password shows the catalogue message and stays on the sign-in screen', async ({
  page,
  baseUrl,
  screenshot,
}) => {
  await page.goto(`${baseUrl}/`);
  await fillSignIn(page, { ...USERS.medic, password: 'Equivocada1' });
  await notice(page).getByText(messageFor(401, 2)).waitFor();
  assert.equal(new URL(page.url()).pathname, '/');
  await screenshot('sign-in-wrong-password');
});

test('the admin and the medic see different sidebars', async ({ page, baseUrl, screenshot }) => {
  await signIn(page, baseUrl, USERS.admin);
  const admin = await sidebarItems(page);
  for (const item of ['Inicio', 'Historial', 'Roles y privilegios', 'Registrar Entrada']) {
    assert.ok(admin.includes(item), `admin sidebar has ${item}: ${admin.join(', ')}`);
  }
  assert.equal(await page.getByTestId('branch-name').innerText(), 'ZONA RÍO');
  await page.locator('.shell__user').getByText('Super Administrador').waitFor();
  await page.waitForLoadState('networkidle');
  await screenshot('dashboard-admin');
  await signOut(page);

  await signIn(page, baseUrl, USERS.medic);
  const medic = await sidebarItems(page);
  assert.ok(medic.includes('Inicio') && medic.includes('Registrar Entrada'), medic.join(', '));
  assert.ok(!medic.includes('Historial'), `medic sidebar: ${medic.join(', ')}`);
  assert.ok(!medic.includes('Roles y privilegios'), `medic sidebar: ${medic.join(', ')}`);
  await page.locator('.shell__user').getByText('Médico').waitFor();
  await page.goto(`${baseUrl}/dashboard/roles`);
  await page.getByText('Sin acceso').waitFor();
});

test('a signed-in user visiting a public screen goes to their start path', async ({
  page,
  baseUrl,
}) => {
  await signIn(page, baseUrl, USERS.admin);
  await page.goto(`${baseUrl}/login`);
  await page.waitForURL('**/dashboard/inicio');
  await page.goto(`${baseUrl}/quick-login`);
  await page.waitForURL('**/dashboard/inicio');
});

test('change the password, then sign in with it', async ({ page, baseUrl }) => {
  const user = USERS.operations;
  await signIn(page, baseUrl, user);
  await userMenu(page, 'Cambiar Contraseña');
  const dialog = page.getByRole('dialog', { name: 'Cambiar Contraseña' });
  await dialog.getByLabel('Contraseña actual').fill(user.password);
  await dialog.getByLabel('Nueva contraseña').fill('Nueva5678');
  await dialog.getByLabel('Confirmar contraseña').fill('Nueva5679');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await dialog.getByText('Las contraseñas no coinciden!').waitFor();
  await dialog.getByLabel('Confirmar contraseña').fill('Nueva5678');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await notice(page).getByText(messageFor(200, 2)).waitFor();
  await dialog.waitFor({ state: 'hidden' });
  await signOut(page);

  await fillSignIn(page, user);
  await notice(page).getByText(messageFor(401, 2)).waitFor();
  await page.getByLabel('Contraseña', { exact: true }).fill('Nueva5678');
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await page.waitForURL('**/dashboard/inicio');
  // The demo password back: later tests on this API sign in as this user.
  await apiOk(page, 'PUT', '/auth/change-password', {
    currentPassword: 'Nueva5678',
    password: user.password,
    passwordConfirm: user.password,
  });
});

test('idle timeout leads to /quick-login and the PIN brings the user back', async ({
  page,
  context,
  baseUrl,
  screenshot,
}) => {
  await context.addInitScript(() => localStorage.setItem('clinica.idleTimeoutMs', '6000'));
  await signIn(page, baseUrl, USERS.admin);
  await page.getByRole('link', { name: 'Historial' }).first().click();
  await page.waitForURL('**/dashboard/historial');
  await page.getByRole('dialog', { name: '¿Sigues ahí?' }).waitFor({ timeout: 10_000 });
  // The timeout clears the session without a request (spec 002 §9): no sign-out, which would
  // revoke the refresh token the PIN needs, and no other API call either.
  const calls: string[] = [];
  const recordCall = (request: Request) => {
    const url = new URL(request.url());
    const isCall = ['fetch', 'xhr'].includes(request.resourceType());
    if (isCall && url.pathname.startsWith('/v1/'))
      calls.push(`${request.method()} ${url.pathname}`);
  };
  page.on('request', recordCall);
  await page.waitForURL('**/quick-login', { timeout: 10_000 });
  const stored = await page.evaluate(() => localStorage.getItem('clinica.auth'));
  assert.equal(stored, null, 'the session state is cleared');
  await page.getByText('Alejandra Ruiz Campos').waitFor();
  await page.waitForLoadState('networkidle');
  page.off('request', recordCall);
  assert.deepEqual(calls, [], 'the idle timeout makes no request');
  await screenshot('quick-login');

  await page.getByLabel('PIN').fill('9999');
  await page.getByRole('button', { name: 'Continuar' }).click();
  // Said on the field, with the tries left (issue 11 item 7).
  await page.getByText('PIN incorrecto. Te quedan 4 intentos.').waitFor();
  assert.equal(new URL(page.url()).pathname, '/quick-login', 'a wrong PIN stays on the PIN screen');

  await page.getByLabel('PIN').fill('1234');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.waitForURL('**/dashboard/historial');
});

test('"Seguir conectado" keeps an idle session open', async ({ page, context, baseUrl }) => {
  await context.addInitScript(() => localStorage.setItem('clinica.idleTimeoutMs', '8000'));
  await signIn(page, baseUrl, USERS.admin);
  const dialog = page.getByRole('dialog', { name: '¿Sigues ahí?' });
  await dialog.waitFor({ timeout: 12_000 });
  await dialog.getByRole('button', { name: 'Seguir conectado' }).click();
  await dialog.waitFor({ state: 'hidden' });
  await page.waitForTimeout(2500);
  assert.match(new URL(page.url()).pathname, /^\/dashboard/);
});

test('change the PIN, then come back from idle with the new one', async ({ page, baseUrl }) => {
  const user = USERS.manager;
  await signIn(page, baseUrl, user);
  await userMenu(page, 'Cambiar Pin');
  const dialog = page.getByRole('dialog', { name: 'Cambiar Pin' });
  await dialog.getByLabel('Contraseña actual').fill(user.password);
  await dialog.getByLabel('Nuevo PIN').fill('4321');
  await dialog.getByLabel('Confirmar PIN').fill('4312');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await dialog.getByText('Los pines no coinciden!').waitFor();
  await dialog.getByLabel('Confirmar PIN').fill('4321');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await notice(page).getByText(messageFor(200, 3)).waitFor();

  await page.evaluate(() => localStorage.setItem('clinica.idleTimeoutMs', '3000'));
  await page.reload();
  await page.waitForURL('**/quick-login', { timeout: 10_000 });
  await page.getByLabel('PIN').fill('4321');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.waitForURL('**/dashboard/inicio');
});

test('a 401 from the API signs the user out', async ({ page, baseUrl }) => {
  await signIn(page, baseUrl, USERS.admin);
  // A token the server no longer accepts (its signature broken), still unexpired for the browser.
  await page.evaluate(() => {
    const auth = JSON.parse(localStorage.getItem('clinica.auth') ?? '{}') as { token: string };
    const [header, payload] = auth.token.split('.');
    localStorage.setItem(
      'clinica.auth',
      JSON.stringify({ ...auth, token: `${header}.${payload}.firma-invalida` }),
    );
  });
  await page.goto(`${baseUrl}/dashboard/historial`);
  await page.waitForURL((url) => url.pathname === '/');
  assert.equal(await page.evaluate(() => localStorage.getItem('clinica.auth')), null);
});

test('forgot password sends a code and asks for it with the new password', async ({
  page,
  baseUrl,
}) => {
  await page.goto(`${baseUrl}/login`);
  await page.getByRole('link', { name: '¿Olvidaste tu contraseña?' }).click();
  await page.waitForURL('**/forgot-password');
  await page.getByLabel('Correo electrónico').fill('no-es-correo');
  await page.getByRole('button', { name: 'Enviar código' }).click();
  await page
    .getByText('El campo Correo electrónico debe ser un correo electrónico válido')
    .waitFor();
  await page.getByLabel('Correo electrónico').fill('medico@clinica.mx');
  await page.getByRole('button', { name: 'Enviar código' }).click();
  await notice(page).getByText(messageFor(201, 1)).waitFor();
  await page.getByRole('heading', { name: 'Nueva contraseña' }).waitFor();
  await page.goto(`${baseUrl}/forgot-password/ABC123`);
  assert.equal(await page.getByLabel('Código').inputValue(), 'ABC123');
});
