// `npm run bench`: the chain-scale benchmark (issue 10), in three parts, one table each.
//
// 1. Lists (apps/api/bench/lists.ts): every list endpoint on the bench database that
//    `npm run bench:data` filled (BENCH_DATABASE_URL, else DATABASE_URL's server with the
//    database `bench`, else postgres://postgres@127.0.0.1:5432/bench).
// 2. Web (scripts/bench-web.mjs): the JavaScript of the sign-in page and the dashboard, on the
//    wire, and Lighthouse's performance score of both.
// 3. Platform (apps/api/bench/platform.bench.ts): sign-in timing by outcome (a wrong branch, a
//    wrong password and an unknown user must not be told apart) and the guard's cost.
//
//   npm run bench                      all three
//   npm run bench -- lists web         only those parts
//   BENCH_SECONDS=5 npm run bench      longer load runs (default 3 s each)
//   BENCH_JSON=out.json npm run bench  also write the lists' measurements as JSON
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const run = (command, args) => execFileSync(command, args, { cwd: root, stdio: 'inherit' });
const tsx = resolve(root, 'node_modules/.bin/tsx');
const parts = process.argv.slice(2);
const wanted = (part) => parts.length === 0 || parts.includes(part);

const json = process.env.BENCH_JSON ? ['--json', resolve(process.env.BENCH_JSON)] : [];
if (wanted('lists')) run(tsx, ['apps/api/bench/lists.ts', ...json]);
if (wanted('web')) run('node', ['scripts/bench-web.mjs']);
if (wanted('platform')) run(tsx, ['apps/api/bench/platform.bench.ts']);
