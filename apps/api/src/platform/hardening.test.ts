import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { readConfig } from '../config';
import { openDatabase } from '../db/client';
import { appSetting, customer, product, user } from '../db/schema';
import { insertSupplyProduct } from '../modules/catalogue/test-support';
import { newCustomer } from '../test/factories';
import { call, claimsOf, createTestApp, signInAs, type TestApp } from '../test/harness';
import { loadSigningKey } from './tokens';

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

describe('the access log names the route, never what its URL carries (CONTRACT §4)', () => {
  it('logs method, route pattern, status, time, request id and user, without a phone, an e-mail or an invitation code', async () => {
    const admin = await signInAs(t.app, 'superAdmin');
    const someone = await newCustomer({ app: t.app, admin: admin.token });
    const [{ mobilePhone } = { mobilePhone: null }] = await t.app.db
      .select({ mobilePhone: customer.mobilePhone })
      .from(customer)
      .where(eq(customer.id, someone));
    const phone = mobilePhone!;
    logLines.length = 0;
    const found = await call(t.app, 'GET', '/v1/customer/single', {
      token: admin.token,
      query: { mobilePhone: phone },
    });
    expect(found.status).toBe(200);
    const search = JSON.stringify({ field: 'username', value: 'medico@clinica.mx' });
    const staff = await call(t.app, 'GET', '/v1/user', {
      token: admin.token,
      query: { search },
    });
    expect(staff.status).toBe(200);
    await call(t.app, 'GET', '/v1/auth/invitation/Q7ZK4M2XWR9P');
    // A path no route matches is logged without its text, which the caller chose.
    await call(t.app, 'GET', `/v1/nada/${phone}`, { token: admin.token });

    const text = logLines.join('\n');
    for (const leak of [phone, 'medico@clinica.mx', 'medico%40clinica.mx', 'Q7ZK4M2XWR9P']) {
      expect(text, leak).not.toContain(leak);
    }
    const completed = logLines
      .map((line) => JSON.parse(line) as { msg: string; res?: { route?: string } })
      .filter((entry) => entry.msg === 'request completed');
    const single = completed.find((entry) => entry.res?.route === '/v1/customer/single');
    expect(single).toMatchObject({
      reqId: expect.any(String),
      responseTime: expect.any(Number),
      res: { method: 'GET', statusCode: 200, userId: claimsOf(admin.token).userId },
    });
    expect(completed.map((entry) => entry.res?.route)).toEqual(
      expect.arrayContaining(['/v1/user', '/v1/auth/invitation/:code', '(sin ruta)']),
    );
  });
});

describe('access tokens', () => {
  /** A token signed with the server's own key, as only a holder of the key could make it. */
  async function forge(
    claims: Record<string, unknown>,
    times: { iat?: number | null; exp?: number | null },
  ) {
    const jwt = new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer('clinica-backoffice')
      .setSubject(String(claims.userId));
    if (times.iat !== null) jwt.setIssuedAt(times.iat);
    if (times.exp !== null && times.exp !== undefined) jwt.setExpirationTime(times.exp);
    return jwt.sign(t.app.signingKey);
  }
  const roles = (token: string) => call(t.app, 'GET', '/v1/role', { token });

  it('requires exp within 15 minutes of iat, iat, and a live sign-in for sid', async () => {
    const pair = await signInAs(t.app, 'superAdmin');
    const { iat, exp, sub, iss, ...claims } = claimsOf(pair.token) as Record<string, unknown> & {
      iat: number;
      exp: number;
    };
    void sub;
    void iss;
    expect((await roles(await forge(claims, { iat, exp }))).status).toBe(200);
    expect((await roles(await forge(claims, { iat, exp: null }))).status, 'sin exp').toBe(401);
    expect((await roles(await forge(claims, { iat: null, exp }))).status, 'sin iat').toBe(401);
    const long = await forge(claims, { iat, exp: iat + 24 * 3600 });
    expect((await roles(long)).status, 'exp lejano').toBe(401);
    const stranger = await forge({ ...claims, sid: randomUUID() }, { iat, exp });
    expect((await roles(stranger)).status, 'sid sin sesión').toBe(401);
    const malformed = await forge({ ...claims, sid: 'no-es-uuid' }, { iat, exp });
    expect((await roles(malformed)).status, 'sid mal formado').toBe(401);
  });
});

describe('the signing key without JWT_SECRET', () => {
  it('lives in a file of mode 0600 in the data folder, not in the database', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'clinica-key-'));
    const database = await openDatabase({ dataDir });
    try {
      // A key an earlier version kept in the database moves to the file, so sessions survive.
      await database.db.insert(appSetting).values({ key: 'jwt_secret', value: 'llave-anterior' });
      const first = await loadSigningKey(database, undefined);
      expect(new TextDecoder().decode(first)).toBe('llave-anterior');
      const file = join(dataDir, 'jwt-secret');
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(readFileSync(file, 'utf8').trim()).toBe('llave-anterior');
      expect(await database.db.select().from(appSetting)).toEqual([]);
      expect(await loadSigningKey(database, undefined)).toEqual(first);

      rmSync(file);
      const fresh = await loadSigningKey(database, undefined);
      expect(fresh.length).toBeGreaterThanOrEqual(32);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(await database.db.select().from(appSetting)).toEqual([]);
    } finally {
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
    // A database on disk is created and migrated first: seconds alone, past 30 s under load.
  }, 120_000);
});

describe('a request body that is not an object', () => {
  it('is a 400 that changes nothing, even where the body may be left out', async () => {
    const admin = await signInAs(t.app, 'superAdmin');
    const pending = { id: await insertSupplyProduct(t.app.db, `INS-DURO-${process.pid % 1000}`) };
    for (const payload of ['null', '[]', '"rechazar"', '42', 'true']) {
      const answer = await t.app.inject({
        method: 'PUT',
        url: `/v1/product/${pending.id}/reject`,
        payload,
        headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
      });
      expect(answer.statusCode, payload).toBe(400);
      expect(answer.json().details, payload).toEqual([
        { field: 'body', message: 'El cuerpo de la solicitud debe ser un objeto JSON' },
      ]);
    }
    const [after] = await t.app.db
      .select({ rejectedAt: product.rejectedAt })
      .from(product)
      .where(eq(product.id, pending.id));
    expect(after?.rejectedAt).toBeNull();
    const without = await call(t.app, 'PUT', `/v1/product/${pending.id}/reject`, {
      token: admin.token,
    });
    expect(without.status).toBe(200);
  });
});

describe('the client address', () => {
  it('ignores X-Forwarded-For unless TRUST_PROXY names the proxy', async () => {
    logLines.length = 0;
    await t.app.inject({
      method: 'GET',
      url: '/v1/health',
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    const text = logLines.join('\n');
    expect(text).toContain('"remoteAddress":"127.0.0.1"');
    expect(text).not.toContain('203.0.113.9');
    expect(readConfig({}).trustProxy).toBe(false);
    expect(readConfig({ TRUST_PROXY: '10.0.0.2, loopback' }).trustProxy).toEqual([
      '10.0.0.2',
      'loopback',
    ]);
  });
});
