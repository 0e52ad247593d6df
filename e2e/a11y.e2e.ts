import type { Page } from 'playwright-core';
import { seriousViolations } from './axe';
import { USERS, assert, signIn, test } from './harness';
import { requestsOf, resizeTo, screenSettled, type Requests } from './helpers';

test('axe finds no serious violations on the sign-in screen', async ({ page, baseUrl }) => {
  await page.goto(`${baseUrl}/login`);
  await page.locator('#branchId option').nth(1).waitFor({ state: 'attached' });
  assert.deepEqual(await seriousViolations(page), []);
  // With the field errors showing, too.
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await page.getByText('El campo Sucursal es obligatorio').waitFor();
  assert.deepEqual(await seriousViolations(page), []);
  // And the password-reset screen, empty and with its message.
  await page.goto(`${baseUrl}/forgot-password`);
  await page.locator('main h1').waitFor();
  assert.deepEqual(await seriousViolations(page), [], 'forgot-password');
  await page.locator('main form button[type="submit"]').first().click();
  await page.locator('.field__error').first().waitFor();
  assert.deepEqual(await seriousViolations(page), [], 'forgot-password con errores');
});

test('axe finds no serious violations on the dashboard, the log and the role editor', async ({
  page,
  baseUrl,
}) => {
  await signIn(page, baseUrl, USERS.admin);
  await page.waitForLoadState('networkidle');
  assert.deepEqual(await seriousViolations(page), [], 'inicio');
  // A change to look at in the log: an appliance renamed.
  await page.goto(`${baseUrl}/dashboard/aparatos/1`);
  const name = page.locator('#name');
  await name.waitFor();
  await name.fill(`${await name.inputValue()} (revisado)`);
  await page.getByRole('button', { name: 'Guardar' }).click();
  await page.waitForURL('**/dashboard/aparatos');
  await page.goto(`${baseUrl}/dashboard/historial`);
  await page
    .getByText(/registros/)
    .first()
    .waitFor();
  assert.deepEqual(await seriousViolations(page), [], 'historial');
  // Its dialogs: an entry's detail, and the before/after of a change.
  await page.locator('main .ant-table-row').first().getByRole('button').first().click();
  await page.getByRole('dialog').waitFor();
  assert.deepEqual(await seriousViolations(page), [], 'historial: detalle');
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'hidden' });
  await page
    .getByRole('button', { name: /^Ver cambios del registro/ })
    .first()
    .click();
  await page.getByRole('dialog', { name: 'Cambios' }).waitFor();
  assert.deepEqual(await seriousViolations(page), [], 'historial: cambios');
  await page.keyboard.press('Escape');
  await page.goto(`${baseUrl}/dashboard/roles/2`);
  await page.getByRole('button', { name: 'Guardar privilegios' }).waitFor();
  assert.deepEqual(await seriousViolations(page), [], 'roles');
});

/** Every list of the sidebar, each create form, and an edit form: the screens staff use daily. */
const SCREENS = [
  'personal',
  'personal/crear',
  'asistencia',
  'sucursales',
  'sucursales/crear',
  'cabinas',
  'cabinas/crear',
  'tipos-cabina',
  'tipos-cabina/crear',
  'categorias',
  'categorias/crear',
  'productos',
  'productos/crear',
  'tipos-producto',
  'tratamientos',
  'tratamientos/crear',
  'proveedores',
  'proveedores/crear',
  'aparatos',
  'aparatos/crear',
  'aparatos-sucursal',
  'aparatos-sucursal/vincular',
  'roles',
  // Edit forms, filled from the demo data.
  'personal/2',
  'sucursales/1',
  'productos/1',
  'tratamientos/1',
  'proveedores/1',
];

/** Waits until the screen on display has loaded: its heading, then everything it waits for. */
async function loaded(page: Page, requests: Requests): Promise<void> {
  await page.locator('main h1').first().waitFor();
  await screenSettled(page, requests);
}

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

test('axe finds no serious violations on any list or form, at 1440×900 and on a phone (390×844)', async ({
  page,
  baseUrl,
  screenshot,
}) => {
  const requests = requestsOf(page);
  await signIn(page, baseUrl, USERS.admin);
  const found: string[] = [];
  for (const screen of SCREENS) {
    await page.goto(`${baseUrl}/dashboard/${screen}`);
    await loaded(page, requests);
    for (const violation of await seriousViolations(page)) found.push(`${screen}: ${violation}`);
    const shot = `form-${screen.replace('/', '-')}`;
    if (screen.includes('/')) await screenshot(shot);
    // The same screen on a phone: antd follows the resize as it would a load at that size.
    await resizeTo(page, PHONE);
    for (const violation of await seriousViolations(page)) {
      found.push(`${screen} (teléfono): ${violation}`);
    }
    await resizeTo(page, DESKTOP);
    if (screen.endsWith('/crear')) {
      // And with every required field's message showing: submitted (or a wizard's first step
      // passed) empty.
      const submit = page.locator('main form button[type="submit"]');
      await (
        (await submit.count()) > 0
          ? submit.first()
          : page.getByRole('button', { name: 'Siguiente' })
      ).click();
      await page.locator('.ant-form-item-explain-error').first().waitFor();
      for (const violation of await seriousViolations(page)) {
        found.push(`${screen} (errores): ${violation}`);
      }
      await screenshot(`${shot}-errores`);
    }
  }
  assert.deepEqual(found, [], found.join('\n'));
});

test('axe finds no serious violations on a phone (390×844): sign-in, start, log, role editor, and the menu', async ({
  page,
  baseUrl,
  screenshot,
}) => {
  // The lists and forms are looked at on a phone by the test above.
  const requests = requestsOf(page);
  await page.setViewportSize(PHONE);
  await page.goto(`${baseUrl}/login`);
  await page.locator('#branchId option').nth(1).waitFor({ state: 'attached' });
  const found: string[] = [];
  for (const violation of await seriousViolations(page)) found.push(`login: ${violation}`);
  await signIn(page, baseUrl, USERS.admin);
  for (const screen of ['inicio', 'historial', 'roles/2']) {
    await page.goto(`${baseUrl}/dashboard/${screen}`);
    await loaded(page, requests);
    for (const violation of await seriousViolations(page)) found.push(`${screen}: ${violation}`);
  }
  // The menu, a drawer over the page at this size.
  await page.getByRole('button', { name: 'Mostrar menú' }).click();
  await page.getByRole('navigation', { name: 'Menú principal' }).locator('.ant-menu').waitFor();
  for (const violation of await seriousViolations(page)) found.push(`menú: ${violation}`);
  await screenshot('phone-menu');
  assert.deepEqual(found, [], found.join('\n'));
});

test('sign-in and the user menu work from the keyboard alone', async ({ page, baseUrl }) => {
  await page.goto(`${baseUrl}/login`);
  await page.locator('#branchId option').nth(1).waitFor({ state: 'attached' });
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'branchId');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.type(USERS.admin.username);
  await page.keyboard.press('Tab');
  await page.keyboard.type(USERS.admin.password);
  await page.keyboard.press('Enter');
  await page.waitForURL('**/dashboard/inicio');
  // The user menu opens with Enter on its button and its items are reachable with the arrows.
  await page.locator('.shell__user').focus();
  await page.keyboard.press('Enter');
  await page.getByRole('menuitem', { name: 'Cambiar Contraseña' }).waitFor();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await page.getByRole('dialog').first().waitFor();
});

test('axe finds no serious violations on any step of a staff member’s file', async ({
  page,
  baseUrl,
}) => {
  await signIn(page, baseUrl, USERS.admin);
  await page.goto(`${baseUrl}/dashboard/personal/2`);
  await page.locator('main h1').first().waitFor();
  // The heading shows while the record loads; the steps come with the loaded form.
  await page.locator('main .ant-steps-item').first().waitFor();
  await page.waitForLoadState('networkidle');
  const found: string[] = [];
  const steps = await page.locator('main .ant-steps-item').count();
  assert.ok(steps >= 7, `pasos: ${steps}`);
  for (let step = 1; step <= steps; step += 1) {
    const title = await page
      .locator('main .ant-steps-item-active .ant-steps-item-title')
      .innerText();
    for (const violation of await seriousViolations(page)) found.push(`${title}: ${violation}`);
    if (step < steps) {
      await page.getByRole('button', { name: 'Siguiente' }).click();
      await page
        .locator('main .ant-steps-item')
        .nth(step)
        .and(page.locator('.ant-steps-item-active'))
        .waitFor();
    }
  }
  assert.deepEqual(found, []);
});

/** Presses Tab until `matches` holds for the focused element; fails after 60. */
async function tabTo(
  page: Page,
  describe: string,
  matches: (element: { id: string; text: string; label: string; tag: string }) => boolean,
): Promise<void> {
  const seen: string[] = [];
  for (let presses = 0; presses < 60; presses += 1) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      return {
        id: element?.id ?? '',
        text: element?.innerText?.trim() ?? '',
        label: element?.getAttribute('aria-label') ?? '',
        tag: element?.tagName ?? '',
      };
    });
    if (matches(focused)) return;
    seen.push(`${focused.tag}#${focused.id} ${focused.label || focused.text.slice(0, 30)}`);
  }
  assert.fail(`El foco nunca llegó a ${describe}; pasó por: ${seen.slice(0, 12).join(' | ')}`);
}

/** Waits until the focus is on the screen's heading, reading `text`. */
async function focusedHeading(page: Page, text: string): Promise<void> {
  await page.waitForFunction(
    (expected) =>
      document.activeElement?.tagName === 'H1' &&
      (document.activeElement as HTMLElement).innerText.trim() === expected,
    text,
  );
}

/** In an open menu, presses ArrowDown until the focused item reads `text`. */
async function arrowTo(page: Page, text: string): Promise<void> {
  await page.getByRole('menuitem', { name: text }).waitFor();
  const seen: string[] = [];
  for (let presses = 0; presses < 10; presses += 1) {
    // The item, or the link inside it that the menu focuses.
    const focused = await page.evaluate(() => {
      const item = document.activeElement?.closest<HTMLElement>('[role="menuitem"]');
      return item ? item.innerText.trim() : document.activeElement?.outerHTML.slice(0, 200);
    });
    if (focused === text) return;
    seen.push(String(focused));
    await page.keyboard.press('ArrowDown');
    // The menu moves the focus on the next frame.
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
  }
  assert.fail(`El menú nunca llegó a ${text}; pasó por: ${seen.slice(0, 4).join(' | ')}`);
}

test('a category is created, found, edited and deleted from the keyboard alone', async ({
  page,
  baseUrl,
}) => {
  await signIn(page, baseUrl, USERS.admin);
  await page.goto(`${baseUrl}/dashboard/categorias`);
  await page
    .getByText(/registros/)
    .first()
    .waitFor();
  const name = `Teclado ${Date.now() % 100000}`;

  // Create: the list's "Nuevo", the name, the type with the arrows, Enter to save.
  await tabTo(page, 'Nuevo', (element) => element.text === 'Nuevo');
  await page.keyboard.press('Enter');
  await page.waitForURL('**/dashboard/categorias/crear');
  // The new screen names the tab and takes the focus at its heading, as a page load would.
  await focusedHeading(page, 'Nueva categoría');
  assert.equal(await page.title(), 'Nueva categoría · Clínica Estética');
  await tabTo(page, 'Nombre', (element) => element.id === 'name');
  await page.keyboard.type(name);
  await page.keyboard.press('Tab');
  await page.keyboard.press('Space');
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Enter');
  await page.waitForURL('**/dashboard/categorias');
  await focusedHeading(page, 'Categorías');

  // Find it with the search box and Enter.
  await tabTo(page, 'Buscar', (element) => element.label === 'Buscar en Categorías');
  await page.keyboard.type(name);
  await page.keyboard.press('Enter');
  await page.getByRole('cell', { name, exact: true }).waitFor();

  // Its row menu: open with Enter, move with the arrows, choose with Enter.
  await tabTo(page, 'sus acciones', (element) => element.label === `Acciones de ${name}`);
  await page.keyboard.press('Enter');
  await arrowTo(page, 'Editar');
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/dashboard\/categorias\/\d+$/);
  await page.locator('#name').waitFor();
  await tabTo(page, 'Nombre', (element) => element.id === 'name');
  await page.keyboard.press('End');
  await page.keyboard.type(' editada');
  await page.keyboard.press('Enter');
  await page.waitForURL('**/dashboard/categorias');
  await focusedHeading(page, 'Categorías');

  // Delete it, confirming from the keyboard.
  await tabTo(page, 'Buscar', (element) => element.label === 'Buscar en Categorías');
  await page.keyboard.press('Control+A');
  await page.keyboard.type(`${name} editada`);
  await page.keyboard.press('Enter');
  await page.getByRole('cell', { name: `${name} editada`, exact: true }).waitFor();
  await tabTo(page, 'sus acciones', (element) =>
    element.label.startsWith(`Acciones de ${name} editada`),
  );
  await page.keyboard.press('Enter');
  await arrowTo(page, 'Eliminar');
  await page.keyboard.press('Enter');
  await page.getByRole('dialog').waitFor();
  await tabTo(page, 'Eliminar del diálogo', (element) => element.text === 'Eliminar');
  await page.keyboard.press('Enter');
  await page.getByRole('cell', { name: `${name} editada`, exact: true }).waitFor({
    state: 'detached',
  });
});

test('axe finds no serious violations on the invitation page and a medic’s start page', async ({
  page,
  baseUrl,
}) => {
  const found: string[] = [];
  // A valid invitation's answer, as the API gives it for a 24-character code.
  await page.route('**/v1/auth/invitation/*', (route) =>
    route.fulfill({
      contentType: 'application/json',
      body: JSON.stringify({
        statusCode: 200,
        code: 0,
        message: 'Operación exitosa',
        data: { fullname: 'Valeria Gómez Torres', username: 'valeria@clinica.mx' },
      }),
    }),
  );
  for (const size of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(size);
    await page.goto(`${baseUrl}/forgot-password/ABCDEFGHJKLMNPQRSTUVWXYZ`);
    await page.getByText('Valeria Gómez Torres').waitFor();
    // With the field errors showing, too.
    await page.getByRole('button', { name: 'Crear contraseña y PIN' }).click();
    await page.getByText('El campo PIN es obligatorio').first().waitFor();
    for (const violation of await seriousViolations(page))
      found.push(`invitación ${size.width}: ${violation}`);
  }
  await page.unroute('**/v1/auth/invitation/*');
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, baseUrl, USERS.medic);
  for (const size of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(size);
    await page.getByText(/Tus tratamientos/).waitFor();
    await page.waitForLoadState('networkidle');
    for (const violation of await seriousViolations(page))
      found.push(`inicio del médico ${size.width}: ${violation}`);
  }
  assert.deepEqual(found, []);
});
