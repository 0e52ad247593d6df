import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { AUDIT_ACTION_LABELS } from '@clinica/domain';

/** Every source file of the API (tests left out), read as text. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') && !entry.name.includes('.test.') ? [path] : [];
  });
}

describe('every action the log records has its Spanish name (issue 11 item 5)', () => {
  it('finds no action written by a service that the history would show as its key', () => {
    const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
    const actions = new Set<string>();
    for (const file of sources(root)) {
      for (const match of readFileSync(file, 'utf8').matchAll(/\baction: '([a-z_]+)'/g)) {
        actions.add(match[1]!);
      }
    }
    // The scan sees the services (sanity: the usual ones are among them).
    expect([...actions]).toEqual(expect.arrayContaining(['create', 'update', 'delete', 'sign_in']));
    const unnamed = [...actions].filter((action) => !AUDIT_ACTION_LABELS[action]);
    expect(unnamed).toEqual([]);
  });
});
