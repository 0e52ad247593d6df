#!/usr/bin/env node
// `npm run check`: the type checks, lint, format, migrations and OpenAPI checks, two at a time
// (the machines have two cores and each check is one process on one of them), longest first.
// Each check's output is held until it ends and printed whole, with its duration; the run fails
// when any check fails, after all have run.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';

const checks = [
  ['types: api', 'tsc', '--noEmit', '-p', 'apps/api'],
  ['lint', 'eslint', '.', '--max-warnings', '0'],
  ['types: web', 'tsc', '--noEmit', '-p', 'apps/web'],
  ['OpenAPI lint', 'node', 'scripts/openapi-lint.mjs'],
  ['types: e2e', 'tsc', '--noEmit', '-p', 'e2e'],
  ['types: domain', 'tsc', '--noEmit', '-p', 'packages/domain'],
  ['format', 'prettier', '--check', '.', '--log-level', 'warn'],
  ['migrations', 'npm', 'run', 'db:check', '-w', 'apps/api', '--silent'],
];

const lanes = Math.max(1, Math.min(2, availableParallelism()));
const results = [];

function run([label, command, ...args]) {
  const started = Date.now();
  const bin = command === 'node' || command === 'npm' ? command : 'npx';
  const argv = bin === 'npx' ? ['--no-install', command, ...args] : args;
  return new Promise((resolve) => {
    const child = spawn(bin, argv, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const ok = code === 0;
      console.log(`${ok ? '✓' : '✖'} ${label} (${seconds} s)`);
      if (output.trim()) console.log(output.trimEnd());
      results.push({ label, ok });
      resolve();
    });
  });
}

const queue = [...checks];
await Promise.all(
  Array.from({ length: lanes }, async () => {
    for (let next = queue.shift(); next; next = queue.shift()) await run(next);
  }),
);
const failed = results.filter((result) => !result.ok).map((result) => result.label);
if (failed.length > 0) {
  console.error(`check: failed: ${failed.join(', ')}`);
  process.exit(1);
}
console.log(`check: all ${results.length} passed`);
