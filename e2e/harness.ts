import { strict as assert } from 'node:assert';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Locator, Page } from 'playwright-core';

/**
 * A thin harness for the browser tests (scripts/e2e.mjs runs them): each test gets a fresh
 * browser context (empty storage) on the app started as `npm start` starts it.
 */

export interface E2E {
  page: Page;
  context: BrowserContext;
  baseUrl: string;
  /** Saves a screenshot under the run's screenshot folder. */
  screenshot: (name: string) => Promise<void>;
  /**
   * The mail the API sent to an address so far, oldest first: without SMTP_URL it keeps each
   * message in its outbox and logs it (CONTRACT §4), and scripts/e2e.mjs reads that log.
   */
  mailsTo: (address: string) => Mail[];
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface E2ETest {
  name: string;
  run: (e2e: E2E) => Promise<void>;
  /** Its own limit, for a test that walks every screen (scripts/e2e.mjs: 180 s otherwise). */
  timeoutMs?: number;
}

export const registered: E2ETest[] = [];

export function test(
  name: string,
  run: E2ETest['run'],
  options: { timeoutMs?: number } = {},
): void {
  registered.push({ name, run, ...options });
}

export { assert };

export interface DemoUser {
  username: string;
  password: string;
  branch: string;
  fullname?: string;
}

/** Demo staff of CONTRACT §1 (PIN 1234 for all). */
export const USERS = {
  admin: { username: 'admin@clinica.mx', password: 'Admin1234', branch: 'Zona Río' },
  medic: { username: 'medico@clinica.mx', password: 'Medico1234', branch: 'Zona Río' },
  cosmetologist: {
    username: 'cosmetologa@clinica.mx',
    password: 'Cosmetologa1234',
    branch: 'Zona Río',
  },
  manager: { username: 'gerente@clinica.mx', password: 'Gerente1234', branch: 'Zona Río' },
  operations: { username: 'operativo@clinica.mx', password: 'Operativo1234', branch: 'Zona Río' },
  logistics: { username: 'logistica@clinica.mx', password: 'Logistica1234', branch: 'CEDIS' },
  franchisee: {
    username: 'franquicia@clinica.mx',
    password: 'Franquicia1234',
    branch: 'Playas de Tijuana',
  },
} satisfies Record<string, DemoUser>;

export async function fillSignIn(page: Page, user: DemoUser): Promise<void> {
  await page.locator('#branchId option', { hasText: user.branch }).waitFor({ state: 'attached' });
  await page.getByLabel('Sucursal').selectOption({ label: user.branch });
  await page.getByLabel('Usuario (correo electrónico)').fill(user.username);
  await page.getByLabel('Contraseña', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
}

export async function signIn(page: Page, baseUrl: string, user: DemoUser): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await fillSignIn(page, user);
  await page.waitForURL('**/dashboard/inicio');
  // The header, at every size (below 992 px the menu is a closed drawer).
  await page.getByTestId('branch-name').waitFor();
}

/** Opens the header's user menu and picks an item. */
export async function userMenu(page: Page, item: string): Promise<void> {
  const entry = page.getByRole('menuitem', { name: item });
  // The menu zooms in from the header; a click during that animation can land beside the item,
  // so the pick is repeated until the menu closes (which it does once an item is chosen).
  for (let attempt = 1; ; attempt += 1) {
    if (!(await entry.isVisible())) await page.locator('.shell__user').click();
    await entry.click();
    try {
      await entry.waitFor({ state: 'hidden', timeout: 2_000 });
      return;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

export async function signOut(page: Page): Promise<void> {
  await userMenu(page, 'Cerrar Sesión');
  await page.waitForURL((url) => url.pathname === '/');
}

/** The one notification on screen. */
export function notice(page: Page) {
  return page.getByTestId('notice');
}

export async function sidebarItems(page: Page): Promise<string[]> {
  const menu = page.getByRole('navigation', { name: 'Menú principal' });
  // The menu's code arrives after the shell's first paint.
  await menu.locator('.ant-menu').waitFor();
  const texts = await menu.locator('.ant-menu-title-content').allInnerTexts();
  return texts.map((text) => text.trim()).filter(Boolean);
}

export function screenshotDir(): string {
  const dir = process.env.E2E_SCREENSHOTS ?? join(process.cwd(), 'test-results', 'screenshots');
  mkdirSync(dir, { recursive: true });
  return dir;
}

/**
 * Chooses an option of an antd select, the way every browser test must (CI's slower machine
 * showed the shortcuts flake): open the select, find its own dropdown (the listbox named after the
 * input's id, never "whichever dropdown is visible"), bring the option into the rendered window
 * of the virtual list (typing where the select searches, arrow keys where it does not), then
 * select it with a click event, which an option still animating into place cannot miss. The
 * option is a title (exact, else the first whose text contains it) or an index (default 0).
 * Answers the chosen option's title.
 */
export async function chooseOption(
  page: Page,
  field: string | Locator,
  option: string | number = 0,
): Promise<string> {
  const input = typeof field === 'string' ? page.locator(`[id="${field}"]`) : field;
  await input.click();
  const id = await input.getAttribute('id');
  assert.ok(id, 'the select input has an id');
  const dropdown = page
    .locator('.ant-select-dropdown')
    .filter({ has: page.locator(`[id="${id}_list"]`) });
  await dropdown.waitFor();
  const options = dropdown.locator('.ant-select-item-option');
  let target: Locator;
  if (typeof option === 'number') {
    target = options.nth(option);
    await target.waitFor();
  } else {
    if (await input.isEditable()) await input.pressSequentially(option);
    target = dropdown
      .locator(`.ant-select-item-option[title="${option}"]`)
      .or(options.filter({ hasText: option }))
      .first();
    for (let step = 0; step < 60 && !(await target.count()); step += 1) {
      await page.keyboard.press('ArrowDown');
    }
    await target.waitFor({ state: 'attached' });
  }
  const title = (await target.getAttribute('title')) ?? (await target.innerText());
  await target.dispatchEvent('click');
  // A multiple select stays open: Escape closes it so the next click lands on the page.
  const multiple = input.locator('xpath=ancestor::*[contains(@class, "ant-select-multiple")]');
  if (await multiple.count()) await page.keyboard.press('Escape');
  await dropdown.waitFor({ state: 'hidden' });
  return title;
}

/** An answer of the API: its status and its `data` (the whole body when it is an error). */
export interface ApiAnswer<T> {
  status: number;
  data: T;
}

/**
 * A call of the API with the page's signed-in session, as the screens make it: a test's set-up
 * and its checks of what the screens did. `path` is under `/v1`.
 */
export async function api<T>(
  page: Page,
  method: string,
  path: string,
  body?: unknown,
): Promise<ApiAnswer<T>> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const auth = JSON.parse(localStorage.getItem('clinica.auth') ?? '{}') as { token?: string };
      const response = await fetch(`/v1${path}`, {
        method,
        headers: {
          authorization: `Bearer ${auth.token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const json = (await response.json()) as { data?: unknown };
      return { status: response.status, data: response.ok ? json.data : json };
    },
    { method, path, body },
  ) as Promise<ApiAnswer<T>>;
}

/** `api`, requiring a 2xx answer: its data. */
export async function apiOk<T>(
  page: Page,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const answer = await api<T>(page, method, path, body);
  assert.ok(
    answer.status < 300,
    `${method} ${path} answered ${answer.status}: ${JSON.stringify(answer.data)}`,
  );
  return answer.data;
}
