// Lints the API's OpenAPI document with Spectral's OAS ruleset (.spectral.yaml), failing on any
// warning: the app is built without listening, its /v1/docs/json written to a temporary file.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const scratch = mkdtempSync(join(tmpdir(), 'openapi-lint-'));
const document = join(scratch, 'openapi.json');
const run = (command, args) => execFileSync(command, args, { cwd: root, stdio: 'inherit' });
try {
  run('npx', ['tsx', 'apps/api/scripts/openapi-document.ts', document]);
  run('npx', [
    'spectral',
    'lint',
    document,
    '--ruleset',
    join(root, '.spectral.yaml'),
    '--fail-severity',
    'warn',
  ]);
} catch {
  process.exitCode = 1;
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
