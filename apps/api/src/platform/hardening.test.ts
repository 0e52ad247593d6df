import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { user } from '../db/schema';
import { call, createTestApp, signInAs, type TestApp } from '../test/harness';

/** Defects an outside probe found: what the log, the tokens and the transport accept. */

let t: TestApp;
const logLines: string[] = [];
beforeAll(async () => {
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) =>
    logLines.push(...chunk.toString('utf8').split('\n').filter(Boolean)),
  );
  t = await createTestApp({}, { stream });
});
afterAll(async () => {
  await t.close();
});

describe('the log never carries query parameters, bodies or hashes', () => {
  it('logs the SQLSTATE, constraint and route of a failed user update, not its values', async () => {
    const admin = await signInAs(t.app, 'superAdmin');
    const [medic] = await t.app.db
      .select({ id: user.id, passwordHash: user.passwordHash })
      .from(user)
      .where(eq(user.username, 'medico@clinica.mx'));
    // A real database error on the update that carries the new password's hash.
    await t.app.db.execute(sql`
      CREATE FUNCTION test_refuse_update() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'rechazado por la prueba' USING ERRCODE = '22023'; END $$`);
    await t.app.db.execute(sql`
      CREATE TRIGGER test_refuse_update BEFORE UPDATE ON "user"
      FOR EACH ROW EXECUTE FUNCTION test_refuse_update()`);
    logLines.length = 0;
    try {
      const answer = await call(t.app, 'PUT', `/v1/user/${medic!.id}/update`, {
        token: admin.token,
        body: { name: 'Zacarías', password: 'Secreta9876', pin: '4321' },
      });
      expect(answer.status).toBe(500);
      expect(JSON.stringify(answer.body)).not.toContain('rechazado');
    } finally {
      await t.app.db.execute(sql`DROP TRIGGER test_refuse_update ON "user"`);
      await t.app.db.execute(sql`DROP FUNCTION test_refuse_update()`);
    }
    const text = logLines.join('\n');
    expect(text).toContain('22023');
    expect(text).toContain('/v1/user/:id/update');
    for (const leak of ['$argon2', 'Zacarías', 'Secreta9876', '4321', 'params', 'medico@']) {
      expect(text, leak).not.toContain(leak);
    }
    expect(text).not.toContain(medic!.passwordHash);
  });
});
