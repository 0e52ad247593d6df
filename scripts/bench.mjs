// `npm run bench`: the API platform benchmarks, then the web bundle size check when present.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const run = (command, args) => execFileSync(command, args, { cwd: root, stdio: 'inherit' });

run('npx', ['tsx', 'apps/api/bench/platform.bench.ts']);
if (existsSync(resolve(root, 'scripts/size-check.mjs'))) run('node', ['scripts/size-check.mjs']);
