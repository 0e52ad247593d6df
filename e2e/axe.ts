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
