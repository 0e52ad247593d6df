// Fails when the Drizzle schema and the committed migrations disagree: drizzle-kit generates into
// a scratch copy of the migrations folder, and any new file there means a migration is missing.
import { cpSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { execFileSync } from 'node:child_process';

const root = resolve(import.meta.dirname, '..');
// drizzle-kit reads `out` relative to the config, so the scratch copy lives beside it.
const scratch = '.migrations-check';
rmSync(join(root, scratch), { recursive: true, force: true });
cpSync(join(root, 'drizzle'), join(root, scratch), { recursive: true });
const config = join(root, '.drizzle-check.config.ts');
writeFileSync(
  config,
  `import base from './drizzle.config';\nexport default { ...base, out: './${scratch}' };\n`,
);
try {
  const output = execFileSync('npx', ['drizzle-kit', 'generate', '--config', config], {
    cwd: root,
    encoding: 'utf8',
  });
  const before = readdirSync(join(root, 'drizzle')).length;
  const after = readdirSync(join(root, scratch)).length;
  if (after !== before || !/No schema changes/i.test(output)) {
    console.error('The schema changed without a migration: run `npm run db:generate`.\n' + output);
    process.exit(1);
  }
  console.log('db:check: migrations match the schema');
} finally {
  rmSync(config, { force: true });
  rmSync(join(root, scratch), { recursive: true, force: true });
}
