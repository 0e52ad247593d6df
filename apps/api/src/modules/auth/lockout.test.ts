import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, count, eq, inArray } from 'drizzle-orm';
import { auditLog, refreshToken } from '../../db/schema';
import * as passwords from '../../platform/passwords';
import { branchId, call, createTestApp, signInAs, type TestApp } from '../../test/harness';

/**
 * The lockout of CONTRACT §4 under a burst: the attempt is counted before the hash is checked, so
 * thirty requests at once get at most five verifications. Only a server runs requests in parallel
 * (PGlite is one connection), so these run on PostgreSQL.
 */
describe.skipIf(!process.env.DATABASE_URL)('the lockout holds against concurrent attempts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const BURST = 30;
  const statuses = (answers: { status: number }[]) => answers.map((answer) => answer.status);
  const audited = async (action: string, detail?: string) => {
    const [row] = await t.app.db
      .select({ total: count() })
      .from(auditLog)
      .where(and(eq(auditLog.action, action), detail ? eq(auditLog.detail, detail) : undefined));
    return row?.total ?? 0;
  };

  it('answers 30 wrong passwords sent at once with at most five 401 and 429 for the rest', async () => {
    const playas = await branchId(t.app, 'Playas de Tijuana');
    const verify = vi.spyOn(passwords, 'verifySecret');
    const attempt = (password: string) =>
      call(t.app, 'POST', '/v1/auth/sign-in', {
        body: { branchId: playas, username: 'franquicia@clinica.mx', password },
      });
    // The right password rides at the end of the burst: after five failures it is locked out too.
    const answers = await Promise.all([
      ...Array.from({ length: BURST }, () => attempt('Mala12345')),
      attempt('Franquicia1234'),
    ]);
    const codes = statuses(answers);
    expect(codes.filter((status) => status !== 429).length).toBeLessThanOrEqual(5);
    expect(codes.filter((status) => status === 401).length).toBeGreaterThanOrEqual(4);
    expect(codes.filter((status) => status === 429).length).toBeGreaterThanOrEqual(BURST - 4);
    expect(verify.mock.calls.length).toBeLessThanOrEqual(5);
    expect(await audited('sign_in_failed', 'franquicia@clinica.mx')).toBeLessThanOrEqual(5);
    expect((await attempt('Franquicia1234')).status).toBe(429);
  });

  it('counts a burst of wrong check-ins and current passwords the same way', async () => {
    const manager = await signInAs(t.app, 'branchManager');
    const checkIns = await Promise.all(
      Array.from({ length: BURST }, () =>
        call(t.app, 'POST', '/v1/user/checkin', {
          token: manager.token,
          body: { username: 'cosmetologa@clinica.mx', password: 'Mala12345' },
        }),
      ),
    );
    expect(statuses(checkIns).filter((status) => status === 409).length).toBeLessThanOrEqual(5);
    expect(statuses(checkIns).filter((status) => status === 429).length).toBeGreaterThanOrEqual(
      BURST - 5,
    );

    const medic = await signInAs(t.app, 'medic');
    const changes = await Promise.all(
      Array.from({ length: BURST }, () =>
        call(t.app, 'PUT', '/v1/auth/change-password', {
          token: medic.token,
          body: {
            currentPassword: 'Mala12345',
            password: 'Nueva12345',
            passwordConfirm: 'Nueva12345',
          },
        }),
      ),
    );
    expect(statuses(changes).filter((status) => status === 404).length).toBeLessThanOrEqual(5);
    expect(statuses(changes).filter((status) => status === 429).length).toBeGreaterThanOrEqual(
      BURST - 5,
    );
  });

  it('revokes the refresh token after five of 30 wrong PINs sent at once', async () => {
    const pair = await signInAs(t.app, 'operationalManager');
    const zonaRio = await branchId(t.app, 'Zona Río');
    const verify = vi.spyOn(passwords, 'verifySecret');
    const answers = await Promise.all(
      Array.from({ length: BURST }, () =>
        call(t.app, 'POST', '/v1/auth/quick-login', {
          body: { pin: '9999', refreshToken: pair.refresh_token, branchId: zonaRio },
        }),
      ),
    );
    expect(statuses(answers).filter((status) => status === 401).length).toBeLessThanOrEqual(5);
    expect(verify.mock.calls.length).toBeLessThanOrEqual(5);
    const [id] = pair.refresh_token.split('.');
    const [row] = await t.app.db
      .select({ revokedAt: refreshToken.revokedAt })
      .from(refreshToken)
      .where(inArray(refreshToken.id, [id!]));
    expect(row?.revokedAt).not.toBeNull();
    const after = await call(t.app, 'POST', '/v1/auth/quick-login', {
      body: { pin: '1234', refreshToken: pair.refresh_token, branchId: zonaRio },
    });
    expect(after.status).toBe(422);
    expect(after.body.code).toBe(7);
  });

  it('compares at most five of 30 reset-code guesses sent at once, then burns the code', async () => {
    const email = 'logistica@clinica.mx';
    expect((await call(t.app, 'POST', '/v1/auth/reset-password', { body: { email } })).status).toBe(
      201,
    );
    await t.app.background.settled();
    const same = vi.spyOn(passwords, 'sameHash');
    const guesses = await Promise.all(
      Array.from({ length: BURST }, () =>
        call(t.app, 'PUT', '/v1/auth/change-password-code', {
          body: { email, code: 'ZZZZZZ', password: 'Nueva12345', passwordConfirm: 'Nueva12345' },
        }),
      ),
    );
    expect(statuses(guesses).every((status) => status === 404)).toBe(true);
    expect(same.mock.calls.length).toBeLessThanOrEqual(5);
  });
});
