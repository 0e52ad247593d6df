import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { USERS, assert, signIn, test } from './harness';

const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** Runs axe-core on the page; answers the serious and critical violations. */
async function seriousViolations(page: Page): Promise<string[]> {
  // Evaluated rather than added as a <script>: the server's CSP rightly refuses inline scripts.
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (context: Document) => Promise<{ violations: unknown[] }> };
      }
    ).axe;
    const result = await axe.run(document);
    return result.violations;
  });
  return (violations as AxeViolation[])
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes
          .slice(0, 3)
          .map((node) => node.target.join(' '))
          .join(', ')}`,
    );
}

test('axe finds no serious violations on the sign-in screen', async ({ page, baseUrl }) => {
  await page.goto(`${baseUrl}/login`);
  await page.locator('#branchId option').nth(1).waitFor({ state: 'attached' });
  assert.deepEqual(await seriousViolations(page), []);
  // With the field errors showing, too.
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await page.getByText('El campo Sucursal es obligatorio').waitFor();
  assert.deepEqual(await seriousViolations(page), []);
});

test('axe finds no serious violations on the dashboard, the log and the role editor', async ({
  page,
  baseUrl,
}) => {
  await signIn(page, baseUrl, USERS.admin);
  await page.waitForLoadState('networkidle');
  assert.deepEqual(await seriousViolations(page), [], 'inicio');
  await page.goto(`${baseUrl}/dashboard/historial`);
  await page
    .getByText(/registros/)
    .first()
    .waitFor();
  assert.deepEqual(await seriousViolations(page), [], 'historial');
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

test('axe finds no serious violations on any list or form', async ({
  page,
  baseUrl,
  screenshot,
}) => {
  await signIn(page, baseUrl, USERS.admin);
  const found: string[] = [];
  for (const screen of SCREENS) {
    await page.goto(`${baseUrl}/dashboard/${screen}`);
    // Loaded: the page's heading is shown and no request or skeleton is pending.
    await page.locator('main h1').first().waitFor();
    await page.waitForLoadState('networkidle');
    await page.locator('.ant-skeleton, .ant-spin-spinning').first().waitFor({ state: 'detached' });
    for (const violation of await seriousViolations(page)) found.push(`${screen}: ${violation}`);
    if (screen.includes('/')) await screenshot(`form-${screen.replace('/', '-')}`);
  }
  assert.deepEqual(found, []);
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
