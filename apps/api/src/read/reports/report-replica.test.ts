import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { REPLICA_APPLICATION_NAME } from '../../db/client';
import { call, createTestApp, openTestDatabase, signInAs, type TestApp } from '../../test/harness';
import { read } from './activity-report.testing';

/**
 * DATABASE_READ_URL (PostgreSQL only): the reports read on a second pool there, everything else
 * on DATABASE_URL. The "replica" here is a migrated, empty database, so a report read there
 * answers no branch while the main database has the demo's; its connections carry the replica's
 * application_name in pg_stat_activity.
 */

const server = process.env.DATABASE_URL;
let t: TestApp;
let replica: Awaited<ReturnType<typeof openTestDatabase>>;
let replicaUrl: string;

describe.skipIf(!server)('reports on the read replica (DATABASE_READ_URL)', () => {
  beforeAll(async () => {
    replica = await openTestDatabase();
    await replica.database.close();
    const url = new URL(server!);
    url.pathname = `/${replica.name}`;
    replicaUrl = url.toString();
    t = await createTestApp({ databaseReadUrl: replicaUrl });
  }, 240_000);
  afterAll(async () => {
    await t?.close();
    await replica?.drop();
  });

  it('answers every report from the replica, and the rest from the main database', async () => {
    const admin = (await signInAs(t.app, 'superAdmin')).token;
    const branches = await call<unknown[]>(t.app, 'GET', '/v1/branch/all');
    expect(branches.body.data.length).toBeGreaterThan(0);
    for (const [path, query] of [
      ['branch-expenses', { month: '2026-11' }],
      ['general-inventory', {}],
      ['appointments', {}],
      ['general-medical-fees', {}],
    ] as const) {
      const data = await read<unknown>(t.app, admin, path, query);
      expect(data.items, path).toEqual([]);
    }
    const customers = await call<{ meta: { itemCount: number } }>(
      t.app,
      'GET',
      '/v1/report/customers',
      { token: admin },
    );
    expect(customers.body.data.meta.itemCount).toBe(0);
  });

  it('names its connections in pg_stat_activity', async () => {
    const admin = new pg.Client({ connectionString: server });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND application_name = $2',
        [replica.name, REPLICA_APPLICATION_NAME],
      );
      expect(rows[0]!.n).toBeGreaterThan(0);
    } finally {
      await admin.end();
    }
  });
});

describe('without a replica', () => {
  it('reads the reports on the main database (PGlite has no replica)', async () => {
    const app = await createTestApp({
      databaseReadUrl: server ? undefined : 'postgres://nowhere/x',
    });
    try {
      expect(app.app.reportDb).toBe(app.app.db);
    } finally {
      await app.close();
    }
  }, 240_000);
});
