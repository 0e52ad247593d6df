/**
 * `npm run bench` (the lists part): every list endpoint of the API on the bench database that
 * `npm run bench:data` filled, under a real HTTP load generator.
 *
 * The API runs in this process (buildApp, as `npm start` does), on a port; autocannon fires from a
 * worker thread. For each list the OpenAPI document names (every GET without path parameters
 * whose answer has `items` and `meta`), its first page and a search that matches rows are each
 * measured at 1 and at 50 concurrent clients for BENCH_SECONDS seconds: the server's time per
 * request (Fastify's own clock, from the request's arrival to the answer sent) at p50/p95/p99,
 * and the requests per second. Next to it, the same SQL the route ran (recorded through Drizzle's
 * logger on one request, then replayed through the same pool, one query after the other, as named
 * prepared statements, the session check's reads included) and two baselines of the same run: /v1/health and a Fastify
 * hello-world on the same Node.
 *
 * Flags (issue 10's targets): the API time at 1 client over 1.5× its SQL; the p99 at 50 clients
 * over 50 ms; the throughput under 25 % of /v1/health's.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import type pg from 'pg';
import { buildApp } from '../src/app';
import { readConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { seedReference } from '../src/seed';
import { COMMISSION_FOCUSED, COMMISSION_GETS } from './commission-lists';
import { CUSTOMER_FOCUSED } from './customer-lists';
import './online-booking-reads';
import { HOME_GETS, REPORT_FOCUSED, measureReports } from './report-reads';
import {
  CASH_FOCUSED,
  CLOSING_FOCUSED,
  PICKER_GETS,
  QUOTE_BODY_SQL,
  SALE_FOCUSED,
} from './sale-lists';
import { benchDatabaseUrl, shown } from './database-url';

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: process.env.BENCH_SECONDS ?? '3' },
    only: { type: 'string' },
    json: { type: 'string' },
  },
});
const SECONDS = Number(args.seconds);
const TARGET = { sqlRatio: 1.5, p99Ms: 50, healthShare: 0.25 };

interface Sample {
  p50: number;
  p95: number;
  p99: number;
}
interface Load {
  connections: number;
  rps: number;
  server: Sample;
  clientP99: number;
  errors: number;
  cpu: Cpu;
}

/**
 * Where the CPU went during a load run, in cores (of the machine's `os.cpus().length`): the
 * PostgreSQL backends of the bench database (from /proc; a backend that exits during the run takes
 * its ticks with it), this Node process (the API's thread and autocannon's worker
 * together), the API's own thread (its event loop's utilisation), and the whole machine (other
 * helpers' work included). Linux only; zeros elsewhere.
 */
interface Cpu {
  postgres: number;
  node: number;
  apiThread: number;
  machine: number;
}

const TICK = 100; // USER_HZ: /proc's clock ticks per second on Linux
/** CPU ticks of the server's backends serving the bench database (not other databases' work). */
function postgresTicks(database: string): number {
  let ticks = 0;
  try {
    for (const pid of readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      try {
        // A backend's title: "postgres: 15/main: user database client state".
        const title = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
        if (!title.includes(` ${database} `)) continue;
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        const close = stat.lastIndexOf(')');
        if (!stat.slice(stat.indexOf('(') + 1, close).startsWith('postgres')) continue;
        const fields = stat.slice(close + 2).split(' ');
        ticks += Number(fields[11]) + Number(fields[12]); // utime, stime
      } catch {
        // the process ended
      }
    }
  } catch {
    // no /proc
  }
  return ticks;
}
function machineBusyTicks(): number {
  try {
    const [, ...values] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
    const [user, nice, system, , , irq, softirq, steal] = values.map(Number);
    return user! + nice! + system! + irq! + softirq! + steal!;
  } catch {
    return 0;
  }
}
function cpuMeter(database: string) {
  const started = performance.now();
  const pg0 = postgresTicks(database);
  const machine0 = machineBusyTicks();
  const node0 = process.cpuUsage();
  const elu0 = performance.eventLoopUtilization();
  return (): Cpu => {
    const seconds = (performance.now() - started) / 1000;
    const node = process.cpuUsage(node0);
    return {
      postgres: Math.max(0, postgresTicks(database) - pg0) / TICK / seconds,
      node: (node.user + node.system) / 1e6 / seconds,
      apiThread: performance.eventLoopUtilization(elu0).utilization,
      machine: (machineBusyTicks() - machine0) / TICK / seconds,
    };
  };
}

function percentiles(samples: number[]): Sample {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) =>
    sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99) };
}

/**
 * Lists staff mostly open filtered: also measured that way, on the busiest value (issue 12's
 * targets: one branch's stock, one lot's movements).
 */
const FOCUSED: { path: string; param: string; sql: string; label?: string; raw?: boolean }[] = [
  {
    path: '/v1/stock',
    param: 'branchId',
    sql: 'SELECT branch_id AS id FROM stock WHERE deleted_at IS NULL GROUP BY 1 ORDER BY count(*) DESC LIMIT 1',
  },
  // The administrator's entries: the run signs in as the administrator, so the log's first page
  // holds sign-ins without a detail and offers no word to search.
  { path: '/v1/log', param: 'search', sql: `SELECT 'admin' AS id` },
  // The agenda's day (issue 16: under 30 ms for a 12-cabin branch): today at the branch whose
  // active cabins are closest to twelve, and at the busiest branch; both parameters in one value.
  {
    path: '/v1/appointment',
    param: 'date',
    raw: true,
    label: '/v1/appointment?date=hoy&branchId=12 cabinas',
    sql: `SELECT (now() AT TIME ZONE 'America/Tijuana')::date::text || '&branchId=' || branch_id AS id FROM cabin WHERE deleted_at IS NULL AND status GROUP BY branch_id ORDER BY abs(count(*) - 12), branch_id LIMIT 1`,
  },
  {
    path: '/v1/appointment',
    param: 'date',
    raw: true,
    label: '/v1/appointment?date=hoy&branchId=la más ocupada',
    sql: `SELECT date::text || '&branchId=' || branch_id AS id FROM appointment WHERE date = (now() AT TIME ZONE 'America/Tijuana')::date GROUP BY date, branch_id ORDER BY count(*) DESC LIMIT 1`,
  },
  {
    path: '/v1/stock/movements',
    param: 'stockId',
    sql: 'SELECT stock_id AS id FROM stock_movement GROUP BY 1 ORDER BY count(*) DESC LIMIT 1',
  },
  ...CUSTOMER_FOCUSED,
  ...SALE_FOCUSED,
  ...CASH_FOCUSED,
  ...COMMISSION_FOCUSED,
  ...CLOSING_FOCUSED,
  ...REPORT_FOCUSED,
  // Loyalty by level: the rare top level (each customer tested against their orders) and the
  // common bottom one.
  { path: '/v1/loyalty-system', param: 'loyaltyScale', sql: `SELECT 'diamond' AS id` },
  { path: '/v1/member', param: 'loyaltyScale', sql: `SELECT 'gold' AS id` },
];

/** Server times of the requests answered while `recording` is set. */
let recording: number[] | undefined;
/** Queries Drizzle sends while `capturing` is set. */
let capturing: { sql: string; params: unknown[] }[] | undefined;

async function main() {
  const loadAtStart = loadavg();
  const { url, why } = benchDatabaseUrl();
  const databaseName = decodeURIComponent(new URL(url).pathname.slice(1));
  const database = await openDatabase({
    databaseUrl: url,
    poolSize: readConfig().databasePoolSize,
    logger: { logQuery: (sql, params) => capturing?.push({ sql, params }) },
  }).catch((error: unknown) => {
    console.error(
      `No se pudo abrir ${shown(url)} (${why}). Genere la cadena primero: npm run bench:data -- --scale 0.1`,
    );
    throw error;
  });
  const pool = (database.db as unknown as { $client: pg.Pool }).$client;
  const [{ comment } = { comment: null }] = (
    await pool.query<{ comment: string | null }>(
      `SELECT shobj_description(oid, 'pg_database') AS comment FROM pg_database WHERE datname = current_database()`,
    )
  ).rows;
  const scale = /scale=([\d.]+)/.exec(comment ?? '')?.[1];
  if (!scale) {
    console.error(`${shown(url)} no fue llenada por npm run bench:data; ejecútelo primero.`);
    process.exit(2);
  }
  await seedReference(database.db);
  console.log(
    `bench: listas en ${shown(url)} (${why}), cadena de escala ${scale}, ${SECONDS} s por medición`,
  );

  const app = await buildApp({
    config: { ...readConfig({}), webDist: '/nonexistent' },
    database,
    logger: false,
  });
  app.addHook('onResponse', async (_request, reply) => {
    recording?.push(reply.elapsedTime);
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

  const hello = Fastify({ logger: false });
  hello.get('/', async () => ({ hello: 'world' }));
  let helloTimes: number[] | undefined;
  hello.addHook('onResponse', async (_request, reply) => {
    helloTimes?.push(reply.elapsedTime);
  });
  await hello.listen({ port: 0, host: '127.0.0.1' });
  const helloUrl = `http://127.0.0.1:${(hello.server.address() as { port: number }).port}/`;

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
  if (signIn.status !== 200) throw new Error(`admin@clinica.mx no pudo entrar: ${signIn.status}`);
  const token = ((await signIn.json()) as { data: { token: string } }).data.token;
  const headers = { authorization: `Bearer ${token}` };
  // A 15-minute token outlives the run at scale 1 (about ten minutes).

  /**
   * An answer, its JSON's size before compression (what the server writes), and the time until
   * its last byte arrived (`ms`: before the client parses it, the client's own work).
   */
  const get = async (path: string) => {
    const started = performance.now();
    const response = await fetch(`${base}${path}`, { headers });
    const text = await response.text();
    const ms = performance.now() - started;
    return {
      status: response.status,
      bytes: Buffer.byteLength(text),
      ms,
      body: JSON.parse(text) as { data: unknown },
    };
  };

  /** autocannon from a worker thread; the server's own times recorded meanwhile. */
  async function load(
    target: string,
    connections: number,
    times: 'api' | 'hello',
    post?: string,
  ): Promise<Load> {
    const samples: number[] = [];
    if (times === 'api') recording = samples;
    else helloTimes = samples;
    const meter = cpuMeter(databaseName);
    const result = await autocannon({
      url: target,
      connections,
      duration: SECONDS,
      headers:
        times === 'api'
          ? { ...headers, ...(post ? { 'content-type': 'application/json' } : {}) }
          : {},
      workers: 1,
      ...(post ? { method: 'POST', body: post } : {}),
    });
    recording = undefined;
    helloTimes = undefined;
    return {
      connections,
      rps: result.requests.average,
      server: percentiles(samples),
      clientP99: result.latency.p99,
      errors: result.non2xx + result.errors + result.timeouts,
      cpu: meter(),
    };
  }

  /**
   * The SQL one request ran (each statement's text and parameters, as Drizzle's logger hands
   * them to node-postgres), then replayed through the same pool one after the other as named
   * prepared statements (parsed once per connection, then bound and executed, as the API's
   * prepared session check and its statements run): time per request's worth.
   */
  async function sqlOf(path: string) {
    capturing = [];
    await get(path);
    const queries = capturing.map((query) => ({
      name: `bench_${createHash('sha1').update(query.sql).digest('hex').slice(0, 16)}`,
      text: query.sql,
      values: query.params,
    }));
    capturing = undefined;
    const replay = async () => {
      const started = performance.now();
      for (const query of queries) await pool.query(query);
      return performance.now() - started;
    };
    for (let i = 0; i < 5; i += 1) await replay();
    const samples: number[] = [];
    const until = performance.now() + Math.min(2000, SECONDS * 500);
    while (samples.length < 20 || (performance.now() < until && samples.length < 2000)) {
      samples.push(await replay());
    }
    return { queries: queries.length, ...percentiles(samples) };
  }

  /** A word of the first rows that the list's free search finds. */
  async function searchFor(
    path: string,
    items: Record<string, unknown>[],
  ): Promise<string | undefined> {
    const words = new Set<string>();
    for (const item of items.slice(0, 5)) {
      for (const [key, value] of Object.entries(item)) {
        if (typeof value !== 'string' || /_at$|At$|date|Date|hex|color/.test(key)) continue;
        if (/^\d{4}-\d{2}-\d{2}/.test(value)) continue;
        for (const word of value.split(/[\s,.()#/@-]+/)) if (word.length >= 4) words.add(word);
      }
    }
    for (const word of [...words].slice(0, 40)) {
      const answer = await get(`${path}?search=${encodeURIComponent(word)}`);
      const data = answer.body.data as { items?: unknown[] } | undefined;
      if (answer.status === 200 && (data?.items?.length ?? 0) > 0) return word;
    }
    return undefined;
  }

  // Discover the lists from the OpenAPI document.
  const docs = (await (await fetch(`${base}/v1/docs/json`)).json()) as {
    paths: Record<string, Record<string, { responses?: Record<string, unknown> }>>;
  };
  const lists = Object.entries(docs.paths)
    .filter(([path, methods]) => {
      if (path.includes('{') || !methods.get) return false;
      const schema = JSON.stringify(methods.get.responses?.['200'] ?? {});
      return /"items"/.test(schema) && /"meta"/.test(schema);
    })
    .map(([path]) => path)
    .filter((path) => !args.only || path.includes(args.only))
    .sort();
  console.log(`${lists.length} listas: ${lists.join(', ')}\n`);

  // Warm up: the JIT, the pool's connections, the server's caches.
  await load(`${base}/v1/health`, 10, 'api');
  await load(helloUrl, 10, 'hello');

  type Row = {
    endpoint: string;
    total: number | null;
    /** The answer's JSON, uncompressed. */
    bytes: number;
    sql: Awaited<ReturnType<typeof sqlOf>>;
    one: Load;
    fifty: Load;
  };
  const rows: Row[] = [];
  const baseline = {
    hello: { one: await load(helloUrl, 1, 'hello'), fifty: await load(helloUrl, 50, 'hello') },
    health: {
      one: await load(`${base}/v1/health`, 1, 'api'),
      fifty: await load(`${base}/v1/health`, 50, 'api'),
    },
  };
  const skipped: string[] = [];
  for (const path of lists) {
    const first = await get(path);
    const data = first.body.data as {
      items?: Record<string, unknown>[];
      meta?: { total?: number };
    };
    const focused = FOCUSED.filter((candidate) => candidate.path === path);
    const variants: [string, string][] = [];
    // A list that needs a filter (a customer's notes) is measured through its focused variants.
    if (first.status !== 200 || !data?.items) {
      skipped.push(`${path} (${first.status})`);
      if (focused.length === 0) continue;
    } else {
      variants.push([path, path]);
      const search = await searchFor(path, data.items);
      if (search)
        variants.push([`${path}?search=${search}`, `${path}?search=${encodeURIComponent(search)}`]);
      else skipped.push(`${path} búsqueda (ninguna palabra de la primera página la encuentra)`);
    }
    for (const focus of focused) {
      const picked = await pool.query<{ id: number | string }>(focus.sql);
      const id = picked.rows[0]?.id;
      if (id !== undefined)
        variants.push([
          focus.label ?? `${path}?${focus.param}=…`,
          `${path}?${focus.param}=${focus.raw ? String(id) : encodeURIComponent(String(id))}`,
        ]);
    }
    for (const [label, target] of variants) {
      const answer = label === path ? first : await get(target);
      if (!answer.body.data)
        throw new Error(`${target}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`);
      const sql = await sqlOf(target);
      const one = await load(`${base}${target}`, 1, 'api');
      const fifty = await load(`${base}${target}`, 50, 'api');
      const total = (answer.body.data as { meta?: { itemCount?: number } }).meta?.itemCount ?? null;
      rows.push({ endpoint: label, total, bytes: answer.bytes, sql, one, fifty });
      process.stdout.write(`  ${label}: ${fifty.rps.toFixed(0)} req/s\n`);
    }
  }

  // The point of sale's quote (issue 25: p95 under 50 ms at one client): a POST, priced in full.
  if (!args.only || '/v1/order/quote'.includes(args.only)) {
    const { rows: cart } = await pool.query<{ body: string }>(QUOTE_BODY_SQL);
    const body = cart[0]?.body;
    const probe = body
      ? await fetch(`${base}/v1/order/quote`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body,
        })
      : undefined;
    if (probe?.status === 200) {
      const bytes = Buffer.byteLength(await probe.text());
      const one = await load(`${base}/v1/order/quote`, 1, 'api', body);
      const fifty = await load(`${base}/v1/order/quote`, 50, 'api', body);
      rows.push({
        endpoint: 'POST /v1/order/quote',
        total: null,
        bytes,
        sql: { p50: NaN, p95: NaN, p99: NaN, queries: 0 },
        one,
        fifty,
      });
      process.stdout.write(`  POST /v1/order/quote: ${fifty.rps.toFixed(0)} req/s\n`);
    } else skipped.push(`POST /v1/order/quote (${probe?.status ?? 'sin carrito'})`);
  }

  // Reads that are not lists (the counter sale's lot picker, a person's commissions), as GETs.
  for (const read of [...PICKER_GETS, ...COMMISSION_GETS, ...HOME_GETS]) {
    if (args.only && !read.label.includes(args.only)) continue;
    const { rows: picked } = await pool.query<{ path: string }>(read.sql);
    const target = picked[0]?.path;
    const answer = target ? await get(target) : undefined;
    if (!target || answer?.status !== 200) {
      skipped.push(`${read.label} (${answer?.status ?? 'sin datos'})`);
      continue;
    }
    const sql = await sqlOf(target);
    const one = await load(`${base}${target}`, 1, 'api');
    const fifty = await load(`${base}${target}`, 50, 'api');
    rows.push({ endpoint: read.label, total: null, bytes: answer.bytes, sql, one, fifty });
    process.stdout.write(`  ${read.label}: ${fifty.rps.toFixed(0)} req/s\n`);
  }

  const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : '—');
  const cpuText = (cpu: Cpu) =>
    [cpu.postgres, cpu.node, cpu.apiThread, cpu.machine].map((value) => value.toFixed(2)).join('/');
  const table = rows.map((row) => {
    const sqlRatio = row.one.server.p50 / row.sql.p50;
    const healthShare = row.fifty.rps / baseline.health.fifty.rps;
    const flags = [
      sqlRatio > TARGET.sqlRatio ? `API ${sqlRatio.toFixed(1)}× SQL` : '',
      row.fifty.server.p99 > TARGET.p99Ms ? `p99 ${ms(row.fifty.server.p99)} ms` : '',
      healthShare < TARGET.healthShare ? `${(healthShare * 100).toFixed(0)} % de health` : '',
      row.one.errors + row.fifty.errors > 0 ? `${row.one.errors + row.fifty.errors} errores` : '',
    ].filter(Boolean);
    return {
      endpoint: row.endpoint,
      filas: row.total,
      KB: Number((row.bytes / 1024).toFixed(1)),
      'SQL p50 (n)': `${ms(row.sql.p50)} (${row.sql.queries})`,
      '1: p50/p95/p99': `${ms(row.one.server.p50)}/${ms(row.one.server.p95)}/${ms(row.one.server.p99)}`,
      '50: req/s': Math.round(row.fifty.rps),
      '50: p50/p95/p99': `${ms(row.fifty.server.p50)}/${ms(row.fifty.server.p95)}/${ms(row.fifty.server.p99)}`,
      '50: p99 cliente': row.fifty.clientP99,
      '×SQL': Number(sqlRatio.toFixed(2)),
      '% health': Math.round(healthShare * 100),
      '% hello': Math.round((row.fifty.rps / baseline.hello.fifty.rps) * 100),
      // Cores busy at 50 clients: PostgreSQL / this process (API + autocannon) / the API's thread
      // (0–1) / the whole machine.
      '50: CPU pg/node/api/máq': cpuText(row.fifty.cpu),
      alerta: flags.length > 0 ? `⚠ ${flags.join('; ')}` : '',
    };
  });
  const line = (name: string, b: { one: Load; fifty: Load }) =>
    `${name}: 1 cliente p50/p95/p99 ${ms(b.one.server.p50)}/${ms(b.one.server.p95)}/${ms(b.one.server.p99)} ms; ` +
    `50 clientes ${Math.round(b.fifty.rps)} req/s, p50/p95/p99 ${ms(b.fifty.server.p50)}/${ms(b.fifty.server.p95)}/${ms(b.fifty.server.p99)} ms (cliente p99 ${b.fifty.clientP99} ms; CPU pg/node/api/máq ${cpuText(b.fifty.cpu)})`;
  console.log(
    `\nReferencias del mismo proceso:\n  ${line('hello-world Fastify', baseline.hello)}\n  ${line('/v1/health', baseline.health)}`,
  );
  console.log(
    `\nMáquina: ${cpus().length} núcleos; carga al empezar ${loadAtStart.map((value) => value.toFixed(2)).join(', ')}, al terminar ${loadavg()
      .map((value) => value.toFixed(2))
      .join(', ')}`,
  );
  console.log(
    `\nListas (escala ${scale}; tiempos del servidor en ms; SQL = las consultas de la solicitud repetidas por el mismo pool):`,
  );
  console.table(table);
  const flagged = table.filter((row) => row.alerta);
  console.log(
    `${flagged.length} de ${table.length} mediciones fuera de meta (API ≤ ${TARGET.sqlRatio}× su SQL, p99 ≤ ${TARGET.p99Ms} ms a 50 clientes, ≥ ${TARGET.healthShare * 100} % de /v1/health)`,
  );
  skipped.push(...(await measureReports((text) => pool.query(text), get, args.only)));
  if (skipped.length > 0) console.log(`Sin medir: ${skipped.join('; ')}`);
  if (args.json) {
    writeFileSync(args.json, JSON.stringify({ scale, seconds: SECONDS, baseline, rows }, null, 2));
  }
  await hello.close();
  await app.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
