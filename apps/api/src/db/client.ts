import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql, type Logger, type SQL } from 'drizzle-orm';
import pg from 'pg';
import { openPgliteThread } from './pglite-thread';
import * as schema from './schema';
import { WriteWatch } from './write-watch';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Anything a query can run on: the database or an open transaction. */
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  engine: 'pglite' | 'postgres';
  /** The folder an embedded database lives in; undefined in memory or on a server. */
  dataDir?: string;
  close(): Promise<void>;
  /**
   * PGlite only: the whole database as a tarball that `openDatabase({ loadDataDir })` opens again
   * (the tests seed the demo once per run and start each file from it).
   */
  dumpDataDir?(): Promise<Uint8Array>;
  /**
   * Where to report a pooled connection the server dropped while idle (a restart, a network cut).
   * The pool replaces it on the next query; unreported, such an error would end the process.
   */
  onConnectionLost(report: (error: Error) => void): void;
  /**
   * Whether the database answers (health). On a server a `SELECT 1`; embedded, the thread's state
   * while it works, so health does not wait behind a slow query (db/pglite-thread.ts).
   */
  ping(): Promise<boolean>;
  /** Counts this process's writes to the tables a session check reads (db/write-watch.ts). */
  writes: Pick<WriteWatch, 'generation'>;
}

const migrationsFolder = resolve(import.meta.dirname, '../../drizzle');

/**
 * A connection that prepares each SELECT it runs, named by a hash of its text: the next run of the
 * same query on that connection skips parsing, and once PostgreSQL settles on a generic plan,
 * planning too (the log's seven-table join planned in 10 ms for 0.3 ms of execution). SELECTs
 * only, with parameters or without (a list's first page with its page size written in, see
 * `literal` in platform/list.ts): the rest (BEGIN, SET, DDL, EXPLAIN) run as they are.
 */
class PreparingClient extends pg.Client {
  override query(...args: unknown[]): never {
    const [config] = args as [{ text?: unknown; values?: unknown[]; name?: string }];
    if (
      config &&
      typeof config === 'object' &&
      typeof config.text === 'string' &&
      config.name === undefined &&
      /^\s*select\b/i.test(config.text)
    ) {
      config.name = `q${createHash('sha1').update(config.text).digest('hex').slice(0, 20)}`;
    }
    return (super.query as (...a: unknown[]) => never)(...args);
  }
}

/**
 * Opens the database: a PostgreSQL server when `databaseUrl` is given, else PGlite in `dataDir`
 * (or in memory when dataDir is undefined), on a worker thread. Migrations run before it is
 * handed out.
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir?: string;
  /** Sees every query Drizzle sends (the benchmark records what a route ran, to time it raw). */
  logger?: Logger;
  /**
   * Connections the PostgreSQL pool keeps (default 10). Requests beyond it wait their turn: at 50
   * concurrent requests the wait, not the queries, is most of a list's time. More connections
   * than the server has cores to run them gain little; see docs/benchmark.md.
   */
  poolSize?: number;
  /** PGlite only: start from a tarball of `dumpDataDir` instead of an empty database. */
  loadDataDir?: Uint8Array;
}): Promise<Database> {
  const writes = new WriteWatch(options.logger);
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      Client: PreparingClient,
    });
    let report = (error: Error) => console.error('conexión a la base de datos perdida', error);
    pool.on('error', (error) => report(error));
    const db = drizzlePg(pool, {
      schema,
      casing: 'snake_case',
      logger: writes,
    }) as unknown as Db;
    // Several API processes may start at once against one server: migrate under a lock.
    const client = await pool.connect();
    try {
      await client.query('SELECT pg_advisory_lock(727001)');
      await migratePg(drizzlePg(client, { casing: 'snake_case' }), { migrationsFolder });
    } finally {
      await client.query('SELECT pg_advisory_unlock(727001)').catch(() => undefined);
      client.release();
    }
    return {
      db,
      engine: 'postgres',
      close: () => endPool(pool),
      onConnectionLost: (next) => {
        report = next;
      },
      ping: () => pingDatabase(db),
      writes,
    };
  }
  let dataDir: string | undefined;
  if (options.dataDir) {
    dataDir = join(options.dataDir, 'pglite');
    mkdirSync(dataDir, { recursive: true });
  }
  // On its own thread, which also loads the extensions and runs the migrations: a slow query
  // must not stall the HTTP server's thread (static files, health, other requests' parsing).
  const client = await openPgliteThread({
    dataDir,
    migrationsFolder,
    loadDataDir: options.loadDataDir,
  });
  // Drizzle's pglite driver uses only query, exec and transaction, which the thread client has.
  const db = drizzlePglite(client as unknown as PGlite, {
    schema,
    casing: 'snake_case',
    logger: writes,
  });
  return {
    db: db as unknown as Db,
    engine: 'pglite',
    dataDir: options.dataDir,
    close: () => client.close(),
    dumpDataDir: () => client.dumpDataDir(),
    // In-process: there is no connection to lose.
    onConnectionLost: () => undefined,
    ping: () => client.ping(),
    writes,
  };
}

/** The name a replica's connections carry, to tell them apart in `pg_stat_activity`. */
export const REPLICA_APPLICATION_NAME = 'clinica-reportes';

/**
 * A pool on a read replica of the server's database (DATABASE_READ_URL), for the queries that may
 * read a moment behind the primary (the reports). Nothing is migrated there: a standby refuses
 * writes, and the primary's migrations reach it by replication. Its connections are named
 * `REPLICA_APPLICATION_NAME` unless the URL names them.
 */
export function openReadReplica(options: { databaseUrl: string; poolSize?: number }): {
  db: Db;
  close(): Promise<void>;
  onConnectionLost(report: (error: Error) => void): void;
} {
  const named = new URL(options.databaseUrl).searchParams.has('application_name');
  const pool = new pg.Pool({
    connectionString: options.databaseUrl,
    max: options.poolSize ?? 10,
    Client: PreparingClient,
    ...(named ? {} : { application_name: REPLICA_APPLICATION_NAME }),
  });
  let report = (error: Error) => console.error('conexión a la réplica perdida', error);
  pool.on('error', (error) => report(error));
  const db = drizzlePg(pool, { schema, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    close: () => endPool(pool),
    onConnectionLost: (next) => {
      report = next;
    },
  };
}

/**
 * Ends the pool and waits until every connection has really closed: `pool.end()` resolves once
 * the connections are asked to end, not when they have, and a server that drops one still open
 * (a `DROP DATABASE … WITH (FORCE)` right after, a restart) would raise an error nobody handles.
 */
async function endPool(pool: pg.Pool): Promise<void> {
  let open = pool.totalCount;
  const closed = new Promise<void>((resolve) => {
    if (open === 0) resolve();
    pool.on('remove', () => {
      open -= 1;
      if (open === 0) resolve();
    });
  });
  await pool.end();
  // A connection that failed while opening is never reported as removed: do not wait forever.
  await Promise.race([closed, sleep(5_000, undefined, { ref: false })]);
}

export async function pingDatabase(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`SELECT 1`);
    return true;
  } catch {
    return false;
  }
}

/** The rows of a raw SQL query, as either driver returns them. */
export async function queryRows<T>(executor: Executor, query: SQL): Promise<T[]> {
  const result = (await executor.execute(query)) as unknown;
  return (Array.isArray(result) ? result : ((result as { rows?: T[] }).rows ?? [])) as T[];
}
