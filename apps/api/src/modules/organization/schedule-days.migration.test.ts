import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';

/**
 * The migration to days 0 (Monday) to 6 (Sunday) (CONTRACT §8) on a database that holds weeks
 * stored the old way, 1 (Monday) to 7 (Sunday): the same engine the tests run on (PGlite, or the
 * PostgreSQL server of DATABASE_URL).
 */
const migrations = resolve(import.meta.dirname, '../../../drizzle');
const BEFORE = '0007_log_search';

/** A copy of the migrations folder that stops at `BEFORE`. */
function foldersUpTo(tag: string): string {
  const folder = mkdtempSync(join(tmpdir(), 'migrations-'));
  cpSync(migrations, folder, { recursive: true });
  const journalPath = join(folder, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as {
    entries: { tag: string }[];
  };
  const last = journal.entries.findIndex((entry) => entry.tag === tag);
  journal.entries = journal.entries.slice(0, last + 1);
  writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

interface Engine {
  query: (text: string) => Promise<{ rows: Record<string, unknown>[] }>;
  /** Several statements at once. */
  exec: (text: string) => Promise<unknown>;
  migrate: (folder: string) => Promise<void>;
  close: () => Promise<void>;
}

async function openEngine(): Promise<Engine> {
  const server = process.env.DATABASE_URL;
  if (!server) {
    const client = await PGlite.create({ extensions: { btree_gist, pg_trgm } });
    const db = drizzlePglite(client);
    return {
      query: (text) => client.query(text),
      exec: (text) => client.exec(text),
      migrate: (folder) => migratePglite(db, { migrationsFolder: folder }),
      close: () => client.close(),
    };
  }
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  const db = drizzlePg(client);
  return {
    query: (text) => client.query(text),
    exec: (text) => client.query(text),
    migrate: (folder) => migratePg(db, { migrationsFolder: folder }),
    close: async () => {
      await client.end();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

let engine: Engine;
let older: string;
beforeAll(async () => {
  engine = await openEngine();
  older = foldersUpTo(BEFORE);
  await engine.migrate(older);
  await engine.exec(`
    INSERT INTO treatment_type (name, appointment_name) VALUES ('Médico', 'Cita médica');
    INSERT INTO branch (name, street, ext_number, suburb, city, state, zip_code, phone, code, rfc, business_name)
      VALUES ('Zona Río', 'Paseo', '1', 'Centro', 'Tijuana', 'BC', '22010', '6640000000', 'TIJZRIO001', 'CBE180101AB1', 'Bellezza');
    INSERT INTO cabin_type (name, "order", color, treatment_type_id) VALUES ('Consultorio', 1, 'F48FB1', 1);
    INSERT INTO cabin (name, type_id, branch_id) VALUES ('Consultorio 1', 1, 1);
    INSERT INTO branch_schedule (branch_id, day, opening, closing)
      SELECT 1, d, '09:00', CASE WHEN d = 7 THEN '00:00' ELSE '20:00' END::time FROM generate_series(1, 7) d;
    INSERT INTO cabin_schedule (cabin_id, day, opening, closing)
      SELECT 1, d, CASE WHEN d = 1 THEN '10:00' ELSE '09:00' END::time, '19:00' FROM generate_series(1, 7) d;
  `);
  await engine.migrate(migrations);
});
afterAll(async () => {
  await engine?.close();
  if (older) rmSync(older, { recursive: true, force: true });
});

describe('schedule days follow the specification: 0 (Monday) to 6 (Sunday) (CONTRACT §8)', () => {
  it("shifts a stored branch week down by one day, Sunday's day off included", async () => {
    const { rows } = await engine.query(
      `SELECT day, closing::text AS closing FROM branch_schedule ORDER BY day`,
    );
    expect(rows.map((row) => Number(row.day))).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(rows.at(-1)!.closing).toBe('00:00:00');
  });

  it("shifts a stored cabin week, Monday's own hours now on day 0", async () => {
    const { rows } = await engine.query(
      `SELECT day, opening::text AS opening FROM cabin_schedule ORDER BY day`,
    );
    expect(rows.map((row) => Number(row.day))).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(rows[0]!.opening).toBe('10:00:00');
  });

  it('refuses day 7 and a zone that is not an IANA name of the four', async () => {
    await expect(
      engine.query(
        `INSERT INTO branch_schedule (branch_id, day, opening, closing) VALUES (1, 7, '00:00', '00:00')`,
      ),
    ).rejects.toThrow(/branch_schedule_day_range/);
    await expect(engine.query(`UPDATE branch SET zone = 'Noroeste'`)).rejects.toThrow(
      /branch_zone_iana/,
    );
  });
});
