import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { auditLog } from '../../db/schema';
import {
  branchId,
  call,
  claimsOf,
  createTestApp,
  signInAs,
  type TestApp,
} from '../../test/harness';

let t: TestApp;
let zonaRio: number;
beforeAll(async () => {
  t = await createTestApp();
  zonaRio = await branchId(t.app, 'Zona Río');
});
afterAll(async () => {
  await t.close();
});

const quickLogin = (refreshToken: string, pin: string) =>
  call(t.app, 'POST', '/v1/auth/quick-login', { body: { pin, refreshToken, branchId: zonaRio } });
const refresh = (refreshToken: string) =>
  call<{ refresh_token: string }>(t.app, 'POST', '/v1/auth/refresh', { body: { refreshToken } });

/** The auth entries written for a user after a given audit id, oldest first. */
async function authEntriesSince(userId: number, afterId: number) {
  return t.app.db
    .select({ action: auditLog.action, branchId: auditLog.branchId, detail: auditLog.detail })
    .from(auditLog)
    .where(and(eq(auditLog.module, 'auth'), eq(auditLog.userId, userId), gt(auditLog.id, afterId)))
    .orderBy(asc(auditLog.id));
}
async function lastAuditId(): Promise<number> {
  const [row] = await t.app.db
    .select({ id: sql<number>`coalesce(max(${auditLog.id}), 0)` })
    .from(auditLog);
  return Number(row?.id ?? 0);
}

describe('the audit log of sign-in events (CONTRACT §4: every failure is in the audit log)', () => {
  it('records each wrong PIN as pin_failed and the fifth as pin_revoked', async () => {
    const pair = await signInAs(t.app, 'cosmetologist');
    const userId = Number(claimsOf(pair.token).userId);
    const since = await lastAuditId();
    for (let i = 0; i < 5; i += 1)
      expect((await quickLogin(pair.refresh_token, '9999')).status).toBe(401);
    const entries = await authEntriesSince(userId, since);
    expect(entries.map((entry) => entry.action)).toEqual([
      'pin_failed',
      'pin_failed',
      'pin_failed',
      'pin_failed',
      'pin_failed',
      'pin_revoked',
    ]);
    expect(entries.every((entry) => entry.branchId === zonaRio)).toBe(true);
  });

  it('records a reused refresh token as refresh_reused, naming its family', async () => {
    const first = await signInAs(t.app, 'branchManager');
    const userId = Number(claimsOf(first.token).userId);
    const since = await lastAuditId();
    expect((await refresh(first.refresh_token)).status).toBe(200);
    expect((await refresh(first.refresh_token)).body.code).toBe(7);
    const entries = await authEntriesSince(userId, since);
    expect(entries).toEqual([
      { action: 'refresh_reused', branchId: zonaRio, detail: claimsOf(first.token).sid },
    ]);
  });
});

describe('POST /v1/auth/quick-login writes its audit entry with the rotation', () => {
  it('records quick_login once for a PIN sign-in', async () => {
    const pair = await signInAs(t.app, 'medic');
    const userId = Number(claimsOf(pair.token).userId);
    const since = await lastAuditId();
    expect((await quickLogin(pair.refresh_token, '1234')).status).toBe(200);
    expect((await authEntriesSince(userId, since)).map((entry) => entry.action)).toEqual([
      'quick_login',
    ]);
  });

  it('rolls the rotation back when the audit entry cannot be written: both or neither', async () => {
    const pair = await signInAs(t.app, 'medic');
    // A database that refuses quick_login entries, to see what survives a failed audit write.
    await t.app.db.execute(sql`
      CREATE FUNCTION test_refuse_quick_login() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.action = 'quick_login' THEN RAISE EXCEPTION 'auditoría no disponible'; END IF;
        RETURN NEW;
      END $$`);
    await t.app.db.execute(sql`
      CREATE TRIGGER test_refuse_quick_login BEFORE INSERT ON audit_log
      FOR EACH ROW EXECUTE FUNCTION test_refuse_quick_login()`);
    try {
      expect((await quickLogin(pair.refresh_token, '1234')).status).toBe(500);
    } finally {
      await t.app.db.execute(sql`DROP TRIGGER test_refuse_quick_login ON audit_log`);
      await t.app.db.execute(sql`DROP FUNCTION test_refuse_quick_login()`);
    }
    // The token was not rotated, so it still renews (a committed rotation would read as a reuse).
    expect((await refresh(pair.refresh_token)).status).toBe(200);
  });
});
