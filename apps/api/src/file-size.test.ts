import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';

/**
 * STYLE: a file over ~300 lines is a sign to split it. Lint warns at 300 (and lint allows no
 * warning), except for the files listed in eslint.config.js with their reason (issue 23).
 */

const root = resolve(import.meta.dirname, '../../..');
const eslint = new ESLint({ cwd: root });
const source = (lines: number) =>
  Array.from({ length: lines }, (_, index) => `export const line${index} = ${index};`).join('\n') +
  '\n';

async function sizeWarnings(path: string, lines: number) {
  const [result] = await eslint.lintText(source(lines), { filePath: join(root, path) });
  return result!.messages.filter((message) => message.ruleId === 'max-lines');
}

describe('source files stay under 300 lines (max-lines)', () => {
  it('warns on a new source file of 301 lines, not on one of 300', async () => {
    expect(await sizeWarnings('apps/api/src/modules/clinic/new.service.ts', 301)).toHaveLength(1);
    expect(await sizeWarnings('apps/web/src/features/clinic/NewPage.tsx', 301)).toHaveLength(1);
    expect(await sizeWarnings('packages/domain/src/new-rules.ts', 301)).toHaveLength(1);
    expect(await sizeWarnings('apps/api/src/modules/clinic/new.service.ts', 300)).toHaveLength(0);
  });

  it('leaves tests out, as a class', async () => {
    expect(await sizeWarnings('apps/api/src/modules/clinic/new.test.ts', 900)).toHaveLength(0);
  });

  it('lists each exception with its reason, and only files still over the limit', async () => {
    const { LONG_FILES } = (await import(join(root, 'eslint.config.js'))) as {
      LONG_FILES: Record<string, string>;
    };
    for (const [path, reason] of Object.entries(LONG_FILES)) {
      expect(reason.length, path).toBeGreaterThan(10);
      expect(existsSync(join(root, path)), path).toBe(true);
      const lines = readFileSync(join(root, path), 'utf8').trimEnd().split('\n').length;
      expect(lines, `${path} is ${lines} lines: take it off the list`).toBeGreaterThan(300);
    }
  });
});
