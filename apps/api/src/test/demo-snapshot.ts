import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';
import { seedDemo, seedReference } from '../seed';
import { TEST_START } from './test-clock';

/**
 * The API project's global setup: the reference and demo data are seeded ONCE per run, and each
 * test file's database starts as a copy of that snapshot (see createTestApp in harness.ts)
 * instead of seeding its own: on a 2-core machine the seed was ~10 s of every file's ~14 s.
 *
 * - PGlite: the seeded database's data directory, dumped to a tarball in a temporary folder;
 *   each file opens its in-memory database from it (`loadDataDir`).
 * - PostgreSQL (DATABASE_URL): a database seeded once, named per run; each file's database is
 *   `CREATE DATABASE … TEMPLATE` it, a file copy on the server.
 *
 * The demo is seeded as of TEST_START (test-clock.ts), the instant the tests' ManualClock starts
 * at, never the real clock: the tests' fixed dates keep their place among the demo's.
 */
export type DemoSnapshot =
  { engine: 'pglite'; file: string } | { engine: 'postgres'; template: string };

declare module 'vitest' {
  export interface ProvidedContext {
    demoSnapshot: DemoSnapshot;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const started = performance.now();
  const serverUrl = process.env.DATABASE_URL;
  let teardown: () => Promise<void>;
  if (serverUrl) {
    const template = `test_demo_${randomBytes(6).toString('hex')}`;
    await adminQuery(serverUrl, `CREATE DATABASE ${template}`);
    const url = new URL(serverUrl);
    url.pathname = `/${template}`;
    try {
      const database = await openDatabase({ databaseUrl: url.toString() });
      await seedReference(database.db);
      await seedDemo(database.db, new Date(TEST_START));
      // No connection may stay open on a template while databases are copied from it.
      await database.close();
    } catch (error) {
      await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
      throw error;
    }
    project.provide('demoSnapshot', { engine: 'postgres', template });
    teardown = () => adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
  } else {
    const folder = mkdtempSync(join(tmpdir(), 'clinica-demo-snapshot-'));
    const database = await openDatabase({});
    try {
      await seedReference(database.db);
      await seedDemo(database.db, new Date(TEST_START));
      const file = join(folder, 'demo.tar');
      writeFileSync(file, await database.dumpDataDir!());
      project.provide('demoSnapshot', { engine: 'pglite', file });
    } catch (error) {
      rmSync(folder, { recursive: true, force: true });
      throw error;
    } finally {
      await database.close();
    }
    teardown = async () => rmSync(folder, { recursive: true, force: true });
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  process.stdout.write(`api: demo snapshot seeded once for the run in ${seconds} s\n`);
  return teardown;
}

async function adminQuery(serverUrl: string, text: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}
