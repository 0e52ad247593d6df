import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/** axe-core for the browser tests of every screen (a11y.e2e.ts and the screens' own files). */

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
export async function seriousViolations(page: Page): Promise<string[]> {
  // Once nothing is fading or zooming in (a dialog, a field message): mid-animation, axe reads
  // colours at partial opacity. Endless animations (a spinner) do not count.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getTiming().iterations === Infinity,
      ),
  );
  // Evaluated rather than added as a <script>: the server's CSP rightly refuses inline scripts.
  // Once per document: a walk that looks at a screen again (at another size) reuses it.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            context: Document,
            options: { resultTypes: string[] },
          ) => Promise<{ violations: unknown[] }>;
        };
      }
    ).axe;
    // Every rule still runs; only the violations are reported in full (the passes, by far the
    // most nodes, are not collected one by one).
    const result = await axe.run(document, { resultTypes: ['violations'] });
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
