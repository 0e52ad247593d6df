import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app';
import { readConfig, type Config } from '../config';
import { openDatabase, type Database } from '../db/client';
import { seedDemo, seedReference } from '../seed';
import { ManualClock } from '../platform/clock';
import { TEST_START } from './test-clock';
import type { DemoSnapshot } from './demo-snapshot';

/**
 * A real database per test file: PGlite in memory, or — when DATABASE_URL is set — a fresh
 * database on that PostgreSQL server, dropped at the end. Nothing below HTTP is mocked.
 * Given the run's demo snapshot (test/demo-snapshot.ts), the database starts as a copy of it.
 */
export async function openTestDatabase(from?: DemoSnapshot): Promise<{
  database: Database;
  /** The database's name on the server; null for PGlite. */
  name: string | null;
  drop: () => Promise<void>;
}> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const loadDataDir = from?.engine === 'pglite' ? readFileSync(from.file) : undefined;
    return {
      database: await openDatabase({ loadDataDir }),
      name: null,
      drop: async () => undefined,
    };
  }
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(
    from?.engine === 'postgres'
      ? `CREATE DATABASE ${name} TEMPLATE ${from.template}`
      : `CREATE DATABASE ${name}`,
  );
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  return {
    database,
    name,
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  clock: ManualClock;
  close: () => Promise<void>;
  /**
   * Another API process on the same database (its own connection pool, config and clock): what
   * two servers behind one load balancer do, for the races between processes. PostgreSQL only.
   */
  secondProcess: () => Promise<FastifyInstance>;
}

/**
 * The run's seeded demo (test/demo-snapshot.ts, the API project's global setup) for this engine;
 * undefined outside such a run (a bench, another config), where each file seeds its own.
 */
function demoSnapshot(): DemoSnapshot | undefined {
  let snapshot: DemoSnapshot | undefined;
  try {
    snapshot = inject('demoSnapshot');
  } catch {
    return undefined;
  }
  const engine = process.env.DATABASE_URL ? 'postgres' : 'pglite';
  return snapshot?.engine === engine ? snapshot : undefined;
}

/** Builds the app on a fresh database with the reference data and the demo data of CONTRACT §1. */
export async function createTestApp(
  overrides: Partial<Config> = {},
  logger: boolean | { stream: NodeJS.WritableStream } = false,
): Promise<TestApp> {
  const snapshot = demoSnapshot();
  const { database, name, drop } = await openTestDatabase(snapshot);
  if (!snapshot) {
    await seedReference(database.db);
    await seedDemo(database.db, new Date(TEST_START));
  }
  const clock = new ManualClock(new Date(TEST_START));
  // The reminder sender's poll is off: tests drive it (POST /system/jobs/run, runReminders).
  const config = {
    ...readConfig({}),
    webDist: '/nonexistent',
    reminderPollSeconds: 0,
    ...overrides,
  };
  const app = await buildApp({ config, database, clock, logger });
  const others: FastifyInstance[] = [];
  return {
    app,
    clock,
    close: async () => {
      for (const other of others) await other.close();
      await app.close();
      await drop();
    },
    secondProcess: async () => {
      if (!name || !process.env.DATABASE_URL) throw new Error('Solo en PostgreSQL');
      const url = new URL(process.env.DATABASE_URL);
      url.pathname = `/${name}`;
      const other = await buildApp({
        config: { ...config, jwtSecret: config.jwtSecret },
        database: await openDatabase({ databaseUrl: url.toString() }),
        clock,
        logger: false,
      });
      others.push(other);
      return other;
    },
  };
}

export interface Answer<T = unknown> {
  status: number;
  body: {
    statusCode: number;
    code: number;
    message: string;
    data: T;
    details?: { field: string; message: string }[];
  };
  headers: LightMyRequestResponse['headers'];
}

/** One call to the API as a client makes it; the answer's envelope parsed. */
export async function call<T = unknown>(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  options: { token?: string; body?: unknown; query?: Record<string, string> } = {},
): Promise<Answer<T>> {
  const response = await app.inject({
    method,
    url,
    query: options.query,
    payload: options.body as Record<string, unknown> | undefined,
    headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
  });
  return { status: response.statusCode, body: response.json(), headers: response.headers };
}

/** The id of a demo branch by name ('CEDIS', 'Zona Río', 'Playas de Tijuana', 'Mexicali Centro'). */
export async function branchId(app: FastifyInstance, name: string): Promise<number> {
  const answer = await call<{ id: number; name: string }[]>(app, 'GET', '/v1/branch/all');
  const found = answer.body.data.find((branch) => branch.name === name);
  if (!found) throw new Error(`No existe la sucursal ${name}`);
  return found.id;
}

export const DEMO_USERS = {
  superAdmin: { username: 'admin@clinica.mx', password: 'Admin1234', branch: 'Zona Río' },
  logisticsManager: {
    username: 'logistica@clinica.mx',
    password: 'Logistica1234',
    branch: 'CEDIS',
  },
  branchManager: { username: 'gerente@clinica.mx', password: 'Gerente1234', branch: 'Zona Río' },
  operationalManager: {
    username: 'operativo@clinica.mx',
    password: 'Operativo1234',
    branch: 'Zona Río',
  },
  franchisee: {
    username: 'franquicia@clinica.mx',
    password: 'Franquicia1234',
    branch: 'Playas de Tijuana',
  },
  medic: { username: 'medico@clinica.mx', password: 'Medico1234', branch: 'Zona Río' },
  cosmetologist: {
    username: 'cosmetologa@clinica.mx',
    password: 'Cosmetologa1234',
    branch: 'Zona Río',
  },
} as const;
export type DemoRole = keyof typeof DEMO_USERS;

/** Signs a demo user in at their branch; the token pair. */
export async function signInAs(app: FastifyInstance, role: DemoRole, branch?: string) {
  const user = DEMO_USERS[role];
  const answer = await call<{ token: string; refresh_token: string }>(
    app,
    'POST',
    '/v1/auth/sign-in',
    {
      body: {
        branchId: await branchId(app, branch ?? user.branch),
        username: user.username,
        password: user.password,
      },
    },
  );
  if (answer.status !== 200)
    throw new Error(`No pudo iniciar sesión ${role}: ${JSON.stringify(answer.body)}`);
  return answer.body.data;
}

/** The claims of an access token, read without checking it (the server checks). */
export function claimsOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as Record<
    string,
    unknown
  >;
}
