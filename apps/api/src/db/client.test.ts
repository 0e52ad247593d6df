import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/harness';

describe.skipIf(!process.env.DATABASE_URL)('closing the PostgreSQL pool', () => {
  it('waits until every connection is gone, so a forced drop right after cuts none', async () => {
    const { database, name, drop } = await openTestDatabase();
    const lost: Error[] = [];
    database.onConnectionLost((error) => lost.push(error));
    // Every connection of the pool at once, so it holds ten idle ones when it closes.
    await Promise.all(
      Array.from({ length: 10 }, () => database.db.execute(sql`SELECT pg_sleep(0.02)`)),
    );
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    try {
      await database.close();
      // What a forced drop does to the connections still open, at once.
      await admin.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1',
        [name],
      );
    } finally {
      await admin.end();
    }
    await drop();
    await sleep(200);
    expect(lost).toEqual([]);
  });
});
