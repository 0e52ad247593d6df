/**
 * `npm run bench:data [-- --scale N]`: fills the benchmark's PostgreSQL database with a chain of
 * clinics (issue 10; docs/benchmark.md).
 *
 * Drops and creates the bench database (apps/api/bench/database-url.ts; never `test` or
 * `postgres`), migrates it as the API does, adds the reference and demo data through the app's own
 * seed functions (so admin@clinica.mx / Admin1234 signs in at Zona Río), then each area of
 * `areas/` by bulk SQL, creates the lists' indexes as the API would at start-up, analyses, and
 * records the scale in the database's comment (`npm run bench` reads it).
 */
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openDatabase } from '../../src/db/client';
import { seedDemo, seedReference } from '../../src/seed';
import { ensureListIndexes } from '../../src/platform/list-indexes';
import { systemClock } from '../../src/platform/clock';
// The modules declare their lists on import, which registers each list's indexes.
import '../../src/modules';
import { seedDemoHistory } from '../../src/seed/demo-history';
import { benchDatabaseUrl, shown } from '../database-url';
import { AREAS, PENDING } from './areas';

const { values: args } = parseArgs({ options: { scale: { type: 'string', default: '1' } } });
const scale = Number(args.scale);
if (!Number.isFinite(scale) || scale <= 0 || scale > 10) {
  console.error(`--scale debe ser un número mayor que 0 y hasta 10 (recibido: ${args.scale})`);
  process.exit(2);
}

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

async function main() {
  const started = performance.now();
  const { url, why } = benchDatabaseUrl();
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  if (!name || ['test', 'postgres', 'template0', 'template1'].includes(name)) {
    console.error(`bench:data no llena la base ${name || '(ninguna)'}: use BENCH_DATABASE_URL`);
    process.exit(2);
  }
  console.log(`bench:data: ${shown(url)} (${why}), escala ${scale}`);

  // Drop and create it from the server's maintenance database.
  const server = new URL(url);
  server.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: server.toString() });
  await admin.connect();
  const ident = `"${name.replaceAll('"', '""')}"`;
  await admin.query(`DROP DATABASE IF EXISTS ${ident} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${ident}`);
  await admin.end();

  const database = await openDatabase({ databaseUrl: url });
  await seedReference(database.db);
  await seedDemo(database.db);
  await seedDemoHistory(database.db, systemClock);
  console.log(`  migración, referencia y demo: ${seconds(started)}`);

  const pool = (database.db as unknown as { $client: pg.Pool }).$client;
  const client = await pool.connect();
  try {
    await client.query(`SET synchronous_commit = off`);
    await client.query(`SET maintenance_work_mem = '256MB'`);
    await client.query(`SET work_mem = '64MB'`);
    await client.query(`SELECT setseed(0.1010)`);
    const size = (atScaleOne: number, min = 1) => Math.max(min, Math.round(atScaleOne * scale));
    // The closed-day triggers (migration 0030) take a lock per branch-day a row is dated into:
    // years of sales in one transaction would fill the lock table. The areas write the past as it
    // was, closings last, so the triggers are off while they fill and on again after.
    await closedDayTriggers(client, 'DISABLE');
    try {
      for (const area of AREAS) {
        const since = performance.now();
        await client.query('BEGIN');
        await area.fill({ client, scale, size });
        await client.query('COMMIT');
        console.log(`  ${area.name} (${area.rows} a escala 1): ${seconds(since)}`);
      }
    } finally {
      await client.query('ROLLBACK').catch(() => undefined);
      await closedDayTriggers(client, 'ENABLE');
    }
    // The lists' own indexes, as the API makes them at start-up.
    let since = performance.now();
    await ensureListIndexes(database.db);
    console.log(`  índices de las listas: ${seconds(since)}`);
    since = performance.now();
    await client.query('VACUUM ANALYZE');
    console.log(`  VACUUM ANALYZE: ${seconds(since)}`);
    const { rows } = await client.query<{ table: string; rows: string }>(
      `SELECT relname AS table, n_live_tup::text AS rows FROM pg_stat_user_tables
        WHERE n_live_tup > 0 AND schemaname = 'public' ORDER BY n_live_tup DESC LIMIT 12`,
    );
    console.log(`  filas: ${rows.map((row) => `${row.table} ${Number(row.rows).toLocaleString('en')}`).join(', ')}`);
    await client.query(
      `COMMENT ON DATABASE ${ident} IS 'bench:data scale=${scale} ${new Date().toISOString()}'`,
    );
  } finally {
    client.release();
    await database.close();
  }
  if (PENDING.length)
    console.log(
      `  sin tabla todavía (tamaño a escala 1): ${PENDING.map((area) => `${area.name} ${area.rows.toLocaleString('en')}`).join(', ')}`,
    );
  console.log(`bench:data listo en ${seconds(started)}`);
}

/** Turns the closed-day triggers of the sales' tables off or on again. */
async function closedDayTriggers(client: pg.PoolClient, action: 'DISABLE' | 'ENABLE') {
  for (const [table, trigger] of [
    ['orders', 'orders_closed_day'],
    ['order_payment', 'order_payment_closed_day'],
    ['cash_order', 'cash_order_closed_day'],
    ['cash_order_payment', 'cash_order_payment_closed_day'],
  ])
    await client.query(`ALTER TABLE ${table} ${action} TRIGGER ${trigger}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
