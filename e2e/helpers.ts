import { join } from 'node:path';
import type { Page, Request } from 'playwright-core';
import { apiOk, assert, screenshotDir } from './harness';

/**
 * The helpers several browser-test files share (issue 23: written once, imported): unique names,
 * the keyboard's path to a field, a select's dropdown, a new customer through the API, a demo
 * branch's id, the page's sideways scroll, screenshots at several sizes, and a list's row menu.
 */

/** Letters only (names take letters): the time's digits as letters keep a run's names unique. */
export const uniqueTag = () =>
  [...String(Date.now()).slice(-6)].map((digit) => 'abcdefghij'[Number(digit)]).join('');

/** Presses Tab until the element with that id has the focus (the keyboard's own path to it). */
export async function tabToId(page: Page, id: string, limit = 40): Promise<void> {
  for (let step = 0; step < limit; step += 1) {
    if (await page.evaluate((target) => document.activeElement?.id === target, id)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached #${id}`);
}

/** The open dropdown of the select with that id. */
export const dropdownOf = (page: Page, id: string) =>
  page.locator('.ant-select-dropdown').filter({ has: page.locator(`[id="${id}_list"]`) });

/** The id of a demo branch by name ('CEDIS', 'Zona Río', 'Playas de Tijuana', …). */
export async function branchIdOf(page: Page, name: string): Promise<number> {
  const branches = await apiOk<{ id: number; name: string }[]>(page, 'GET', '/branch/all');
  const found = branches.find((branch) => branch.name === name);
  assert.ok(found, `the demo has ${name}`);
  return found.id;
}

export interface NewCustomer {
  name: string;
  lastName: string;
  registryBranchId: number;
  birthday?: string;
  /** Ten digits; by default `prefix` (three digits, 663 unless said) and the time's last seven. */
  mobilePhone?: string;
  prefix?: string;
  email?: string;
  motherLastName?: string;
}

/** A new customer through POST /customer/create, as the signed-in user; answers the record. */
export async function newCustomer<T = { id: number; name: string; customerId: number }>(
  page: Page,
  { prefix = '663', ...fields }: NewCustomer,
): Promise<T> {
  return apiOk<T>(page, 'POST', '/customer/create', {
    birthday: '1990-05-05',
    mobilePhone: `${prefix}${String(Date.now()).slice(-7)}`.slice(0, 10),
    ...fields,
  });
}

/** No horizontal scroll of the page itself (a wide table scrolls inside its own box). */
export async function assertNoPageScroll(page: Page, where: string): Promise<void> {
  const [scroll, client] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ]);
  assert.ok(scroll <= client, `${where}: the page scrolls sideways (${scroll} > ${client})`);
}

export interface Size {
  name: string;
  width: number;
  height: number;
}
export const DESKTOP: Size = { name: 'escritorio', width: 1440, height: 900 };
export const TABLET: Size = { name: 'tableta', width: 768, height: 1024 };
export const PHONE: Size = { name: 'telefono', width: 390, height: 844 };

/**
 * Screenshots of the whole page at each size into the run's folder, the page checked for sideways
 * scroll at each; with `firstView`, also the screen as first seen. Back to the desktop after.
 */
export async function shootSizes(
  page: Page,
  name: string,
  sizes: Size[],
  { firstView = false } = {},
): Promise<void> {
  for (const size of sizes) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.waitForTimeout(300);
    await assertNoPageScroll(page, `${name} ${size.width}`);
    if (firstView)
      await page.screenshot({ path: join(screenshotDir(), `${name}-${size.name}.png`) });
    await page.screenshot({
      path: join(screenshotDir(), `${name}-${size.name}${firstView ? '-completa' : ''}.png`),
      fullPage: true,
    });
  }
  await page.setViewportSize({ width: DESKTOP.width, height: DESKTOP.height });
  await page.waitForTimeout(300);
}

/** Searches a list for a folio and waits for its cell. */
export async function findFolio(page: Page, list: string, folio: string): Promise<void> {
  await page.getByLabel(`Buscar en ${list}`).fill(folio);
  await page.keyboard.press('Enter');
  await page.getByRole('cell', { name: folio, exact: true }).waitFor();
}

/** Opens a list row's actions menu (the row named by its folio); answers the menu. */
export async function openRowMenu(page: Page, folio: string) {
  await page.getByRole('button', { name: new RegExp(`^Acciones de ${folio} `) }).click();
  const menu = page.locator('.row-actions:visible');
  await menu.waitFor();
  return menu;
}

/** Chooses an item of a list row's actions menu. */
export async function rowMenu(page: Page, folio: string, item: string): Promise<void> {
  const menu = await openRowMenu(page, folio);
  await menu.getByRole('menuitem', { name: item }).click();
}

/**
 * The page's requests in flight, followed from the test's side. `settled()` waits until none has
 * been pending for `quietMs`, counted from the call too, so that a call the screen is about to
 * make is still waited for. The walks over every screen wait on this rather than on Playwright's
 * 'networkidle', whose fixed 500 ms of silence per screen added up to minutes in CI.
 */
export interface Requests {
  settled: (quietMs?: number) => Promise<void>;
}

export function requestsOf(page: Page): Requests {
  const pending = new Set<Request>();
  let changed = 0;
  page.on('request', (request) => {
    pending.add(request);
    changed = Date.now();
  });
  const done = (request: Request) => {
    if (pending.delete(request)) changed = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return {
    async settled(quietMs = 200) {
      const since = Date.now();
      while (pending.size > 0 || Date.now() - Math.max(changed, since) < quietMs) {
        if (Date.now() - since > 15_000) {
          const urls = [...pending].map((request) => request.url());
          throw new Error(`requests still pending after 15 s: ${urls.slice(0, 3).join(', ')}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
  };
}

/** What a screen shows while its code or its data is on the way. */
const PENDING =
  '.ant-skeleton, .ant-spin-spinning, [aria-busy="true"], .home__pending, .agenda-page__pending';

/**
 * Waits until the screen on display is complete: its requests answered and nothing left pending
 * on it (a placeholder that goes away can make requests of its own, for the code or the data of
 * what replaces it, so both are waited for again until neither is left).
 */
export async function screenSettled(page: Page, requests: Requests): Promise<void> {
  const pending = page.locator(PENDING);
  await requests.settled();
  while ((await pending.count()) > 0) {
    await pending.first().waitFor({ state: 'detached' });
    await requests.settled();
  }
}

/**
 * Resizes the viewport and waits until the screen has followed: antd hears the change through
 * matchMedia and ResizeObserver and renders on the next frames, and its finite transitions (the
 * side menu turning into a drawer) end. What a walk checks at several sizes on one load.
 */
export async function resizeTo(page: Page, size: { width: number; height: number }): Promise<void> {
  const frames = () =>
    page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
  await page.setViewportSize({ width: size.width, height: size.height });
  await frames();
  // A spinner's or a skeleton's endless animation is no transition to wait for.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getComputedTiming().endTime === Infinity,
      ),
  );
  await frames();
}
