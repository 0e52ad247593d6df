import type { Response } from 'playwright-core';
import { USERS, assert, signIn, test } from './harness';
import { requestsOf, screenSettled } from './helpers';

/**
 * Issue 11 item 2: a screen never calls what the session cannot use. Each of the seven roles visits
 * every screen its sidebar shows; no call answers 4xx and no error notification appears. (Named
 * to run before auth.e2e.ts, which changes the operations manager's password.)
 */
for (const [role, user] of Object.entries(USERS)) {
  test(`${role}: every screen of the sidebar loads without a refused call or an error`, async ({
    page,
    baseUrl,
  }) => {
    const refused: string[] = [];
    const problems: string[] = [];
    const onResponse = (response: Response) => {
      const url = new URL(response.url());
      if (url.pathname.startsWith('/v1/') && response.status() >= 400)
        refused.push(`${response.status()} ${response.request().method()} ${url.pathname}`);
    };
    page.on('response', onResponse);
    const requests = requestsOf(page);
    await signIn(page, baseUrl, user);
    const menu = page.getByRole('navigation', { name: 'Menú principal' });
    // The menu's code arrives after the shell's first paint.
    await menu.locator('.ant-menu').waitFor();
    const paths = await menu
      .locator('a[href^="/dashboard"]')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
    assert.ok(paths.length > 0, 'the sidebar shows no screen');
    for (const path of [...new Set(paths)]) {
      // From the sidebar, as staff go (no reload of the whole app per screen): the address
      // changes once the screen's code has arrived, and its calls start as it shows.
      await menu.locator(`a[href="${path}"]`).first().click();
      await page.waitForURL((url) => url.pathname === path);
      await page.locator('#contenido').waitFor();
      // Every call the screen makes has answered, also those of what it shows after its first paint.
      await screenSettled(page, requests);
      const errors = await page.getByRole('alert').getByTestId('notice').allInnerTexts();
      problems.push(...errors.map((text) => `${path}: «${text}»`));
      problems.push(...refused.splice(0).map((call) => `${path}: ${call}`));
    }
    // A call answered after the last screen was looked at still counts.
    await requests.settled();
    problems.push(...refused.splice(0).map((call) => `después: ${call}`));
    assert.deepEqual(problems, [], `${role}: refused calls or error notifications`);
  });
}
