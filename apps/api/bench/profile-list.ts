/**
 * One list's request, end to end, for a CPU profile (issue 24): the API on the bench database (as
 * `bench/lists.ts` runs it), signed in as the administrator, answering `--path` over HTTP from one
 * client, `--requests` times after a warm-up. With `--profile FILE`, the measured requests' CPU
 * profile (the inspector's, warm-up and start-up left out) is written there, to open in Chrome's
 * DevTools and see where a request's Node time goes:
 *
 *   BENCH_DATABASE_URL=… npx tsx apps/api/bench/profile-list.ts --path /v1/category \
 *     --requests 2000 --profile /tmp/category.cpuprofile
 *
 * Prints the server's p50 (Fastify's clock), the statements Drizzle sent per request, and the
 * process's CPU and its main thread's busy time per request (the client's fetch included: compare
 * with /v1/health measured the same way).
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { parseArgs } from 'node:util';
import { buildApp } from '../src/app';
import { readConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { benchDatabaseUrl } from './database-url';

const { values: args } = parseArgs({
  options: {
    path: { type: 'string', default: '/v1/category' },
    requests: { type: 'string', default: '1000' },
    profile: { type: 'string' },
    statements: { type: 'boolean', default: false },
  },
});

let statements = 0;
const database = await openDatabase({
  databaseUrl: benchDatabaseUrl().url,
  logger: {
    logQuery: (text) => {
      statements += 1;
      if (args.statements) console.log(`  ${text.replace(/\s+/g, ' ').slice(0, 110)}`);
    },
  },
});
const app = await buildApp({
  config: { ...readConfig({}), webDist: '/nonexistent' },
  database,
  logger: false,
});
const times: number[] = [];
app.addHook('onResponse', async (_request, reply) => void times.push(reply.elapsedTime));
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
const branches = (await (await fetch(`${base}/v1/branch/all`)).json()) as {
  data: { id: number; name: string }[];
};
const signIn = await fetch(`${base}/v1/auth/sign-in`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({
    branchId: branches.data.find((branch) => branch.name === 'Zona Río')!.id,
    username: 'admin@clinica.mx',
    password: 'Admin1234',
  }),
});
const { token } = ((await signIn.json()) as { data: { token: string } }).data;
const headers = { authorization: `Bearer ${token}` };
const requests = Number(args.requests);
for (let i = 0; i < 200; i += 1) await (await fetch(`${base}${args.path}`, { headers })).text();
times.length = 0;
statements = 0;
const inspector = new Session();
if (args.profile) {
  inspector.connect();
  await inspector.post('Profiler.enable');
  await inspector.post('Profiler.setSamplingInterval', { interval: 100 });
  await inspector.post('Profiler.start');
}
const cpu0 = process.cpuUsage();
const elu0 = performance.eventLoopUtilization();
const started = performance.now();
for (let i = 0; i < requests; i += 1) {
  const response = await fetch(`${base}${args.path}`, { headers });
  if (response.status !== 200) throw new Error(`${args.path}: ${response.status}`);
  await response.text();
}
const cpu = process.cpuUsage(cpu0);
const elu = performance.eventLoopUtilization(elu0);
const wall = performance.now() - started;
if (args.profile) {
  const { profile } = await inspector.post('Profiler.stop');
  writeFileSync(args.profile, JSON.stringify(profile));
}
times.sort((a, b) => a - b);
const at = (p: number) => times[Math.floor(p * times.length)]!.toFixed(2);
console.log(
  `${args.path}: ${requests} solicitudes, servidor p50/p95 ${at(0.5)}/${at(0.95)} ms, ` +
    `${(statements / requests).toFixed(2)} sentencias por solicitud, CPU del proceso ` +
    `${((cpu.user + cpu.system) / requests).toFixed(0)} µs y del hilo ` +
    `${((elu.active * 1000) / requests).toFixed(0)} µs por solicitud (cliente incluido), ` +
    `${((wall * 1000) / requests).toFixed(0)} µs de reloj`,
);
await app.close();
