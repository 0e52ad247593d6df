import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { eq, sql } from 'drizzle-orm';
import { branch, kardex, refreshToken, role, user } from '../../db/schema';
import { queryRows } from '../../db/client';
import { SESSION_CACHE_MS } from '../../platform/session';
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
let mexicali: number;
let roleIds: Record<string, number>;
beforeAll(async () => {
  t = await createTestApp();
  zonaRio = await branchId(t.app, 'Zona Río');
  mexicali = await branchId(t.app, 'Mexicali Centro');
  const { token } = await signInAs(t.app, 'superAdmin');
  const roles = await call<{ id: number; key: string }[]>(t.app, 'GET', '/v1/role', { token });
  roleIds = Object.fromEntries(roles.body.data.map((role) => [role.key, role.id]));
});
afterAll(async () => {
  await t.close();
});

const refresh = (refreshToken: string) =>
  call<{ token: string; refresh_token: string }>(t.app, 'POST', '/v1/auth/refresh', {
    body: { refreshToken },
  });
const roleList = (token: string) => call(t.app, 'GET', '/v1/role', { token });

/** Moves a user's employee file to another branch behind the API's back (a stale token's view). */
const moveFile = (userId: number, to: number) =>
  t.app.db.update(kardex).set({ branchId: to }).where(eq(kardex.userId, userId));

describe('the session is checked against the user’s branch on every call', () => {
  it('refuses (401) an access token once the user no longer works at its branch', async () => {
    const pair = await signInAs(t.app, 'medic');
    const userId = Number(claimsOf(pair.token).userId);
    expect((await roleList(pair.token)).status).toBe(200);
    await moveFile(userId, mexicali);
    try {
      const answer = await roleList(pair.token);
      expect(answer.status).toBe(401);
      expect(answer.body.code).toBe(0);
    } finally {
      await moveFile(userId, zonaRio);
    }
  });

  it('keeps the super administrator’s session at any branch (all-branch role)', async () => {
    const pair = await signInAs(t.app, 'superAdmin', 'Mexicali Centro');
    expect((await roleList(pair.token)).status).toBe(200);
  });

  it('refuses (401) a token of a branch deactivated or deleted since the sign-in', async () => {
    const medic = await signInAs(t.app, 'medic');
    const admin = await signInAs(t.app, 'superAdmin', 'Zona Río');
    for (const change of [{ active: false }, { deletedAt: t.clock.now() }]) {
      await t.app.db.update(branch).set(change).where(eq(branch.id, zonaRio));
      try {
        expect((await roleList(medic.token)).status, JSON.stringify(change)).toBe(401);
        expect((await roleList(admin.token)).status, JSON.stringify(change)).toBe(401);
      } finally {
        await t.app.db
          .update(branch)
          .set({ active: true, deletedAt: null })
          .where(eq(branch.id, zonaRio));
      }
    }
    expect((await roleList(medic.token)).status).toBe(200);
  });
});

describe('POST /v1/auth/refresh re-checks the branch', () => {
  it('revokes the family (422 code 7) when the user can no longer work at the token’s branch', async () => {
    const pair = await signInAs(t.app, 'cosmetologist');
    const userId = Number(claimsOf(pair.token).userId);
    await moveFile(userId, mexicali);
    try {
      const answer = await refresh(pair.refresh_token);
      expect(answer.status).toBe(422);
      expect(answer.body).toEqual({
        statusCode: 422,
        code: 7,
        message: 'El token de actualización fue revocado',
      });
    } finally {
      await moveFile(userId, zonaRio);
    }
    // Revoked, not merely refused: moving back does not revive the sign-in.
    expect((await refresh(pair.refresh_token)).body.code).toBe(7);
  });
});

describe('PUT /v1/user/{id}/update ends the sessions of a moved or recast user', () => {
  const updateStaff = async (userId: number, body: Record<string, unknown>) => {
    const { token } = await signInAs(t.app, 'superAdmin');
    const answer = await call(t.app, 'PUT', `/v1/user/${userId}/update`, { token, body });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  };

  it('revokes the refresh tokens when the role changes, even at the same branch', async () => {
    const pair = await signInAs(t.app, 'cosmetologist');
    const userId = Number(claimsOf(pair.token).userId);
    await updateStaff(userId, { roleId: roleIds.medic });
    try {
      expect((await refresh(pair.refresh_token)).body.code).toBe(7);
    } finally {
      await updateStaff(userId, { roleId: roleIds.cosmetologist });
    }
  });

  it('revokes the refresh tokens when the branch changes', async () => {
    const pair = await signInAs(t.app, 'medic');
    const userId = Number(claimsOf(pair.token).userId);
    await updateStaff(userId, { kardex: { branchId: mexicali } });
    try {
      expect((await refresh(pair.refresh_token)).body.code).toBe(7);
      expect((await roleList(pair.token)).status).toBe(401);
    } finally {
      await updateStaff(userId, { kardex: { branchId: zonaRio } });
    }
  });

  it('keeps the sessions when neither changes', async () => {
    const pair = await signInAs(t.app, 'medic');
    await updateStaff(Number(claimsOf(pair.token).userId), { name: 'Jorge' });
    expect((await refresh(pair.refresh_token)).status).toBe(200);
  });
});

describe('the session check reads the database at most once a second, as safely', () => {
  /** Two calls in a row, so a cached check (if any) is warm when the revocation comes. */
  const warm = async (token: string) => {
    expect((await roleList(token)).status).toBe(200);
    expect((await roleList(token)).status).toBe(200);
  };

  it('refuses a signed-out session on the next request despite the cache', async () => {
    const pair = await signInAs(t.app, 'superAdmin');
    await warm(pair.token);
    const out = await call(t.app, 'POST', '/v1/auth/sign-out', {
      token: pair.token,
      body: { refreshToken: pair.refresh_token },
    });
    expect(out.status, JSON.stringify(out.body)).toBe(200);
    const answer = await roleList(pair.token);
    expect(answer.status).toBe(401);
    expect(answer.body.code).toBe(0);
  });

  it('refuses on the next request a sign-in revoked, a user deactivated or a role map emptied behind the API’s back', async () => {
    const revoke = async (_userId: number, familyId: string) => {
      await t.app.db
        .update(refreshToken)
        .set({ revokedAt: t.clock.now() })
        .where(eq(refreshToken.familyId, familyId));
      return () => undefined;
    };
    const deactivate = async (userId: number) => {
      await t.app.db.update(user).set({ status: 'inactivo' }).where(eq(user.id, userId));
      return () => t.app.db.update(user).set({ status: 'activo' }).where(eq(user.id, userId));
    };
    const emptyRole = async (userId: number) => {
      const [row] = await t.app.db
        .select({ roleId: user.roleId, privileges: role.privileges })
        .from(user)
        .innerJoin(role, eq(role.id, user.roleId))
        .where(eq(user.id, userId));
      await t.app.db.update(role).set({ privileges: {} }).where(eq(role.id, row!.roleId));
      return () =>
        t.app.db.update(role).set({ privileges: row!.privileges }).where(eq(role.id, row!.roleId));
    };
    for (const [name, change, refused] of [
      ['revocada', revoke, 401],
      ['usuario inactivo', deactivate, 401],
      ['rol sin privilegios', emptyRole, 403],
    ] as const) {
      const pair = await signInAs(t.app, 'branchManager');
      const claims = claimsOf(pair.token);
      // A route the role's map opens (the role list is open to any session).
      const customers = () => call(t.app, 'GET', '/v1/customer', { token: pair.token });
      expect((await customers()).status, name).toBe(200);
      expect((await customers()).status, name).toBe(200);
      const undo = await change(Number(claims.userId), String(claims.sid));
      try {
        expect((await customers()).status, name).toBe(refused);
      } finally {
        await undo();
      }
    }
  });

  it('passes the sign-in’s absolute expiry at once, whatever the cache holds', async () => {
    const pair = await signInAs(t.app, 'medic');
    await warm(pair.token);
    const familyId = String(claimsOf(pair.token).sid);
    // The family's expiry moved to the past while the access token is still valid.
    await t.app.db.execute(
      sql`UPDATE ${refreshToken} SET expires_at = ${t.clock.now().toISOString()}::timestamptz WHERE family_id = ${familyId}`,
    );
    expect((await roleList(pair.token)).status).toBe(401);
  });

  it.runIf(process.env.DATABASE_URL)(
    'refuses within a second a sign-in revoked by another process on the same server',
    async () => {
      const pair = await signInAs(t.app, 'cosmetologist');
      const familyId = String(claimsOf(pair.token).sid);
      const [{ name }] = await queryRows<{ name: string }>(
        t.app.db,
        sql`SELECT current_database() AS name`,
      ).then((rows) => rows as [{ name: string }]);
      const url = new URL(process.env.DATABASE_URL!);
      url.pathname = `/${name}`;
      const other = new pg.Client({ connectionString: url.toString() });
      await other.connect();
      try {
        await warm(pair.token);
        const warmedAt = performance.now();
        // Another API process signs the family out: this process's write watch does not see it.
        await other.query('UPDATE refresh_token SET revoked_at = now() WHERE family_id = $1', [
          familyId,
        ]);
        const revokedAt = performance.now();
        const first = await roleList(pair.token);
        // Still served from the check read less than a second ago: no round trip for it.
        if (performance.now() - warmedAt < SESSION_CACHE_MS * 0.8) expect(first.status).toBe(200);
        let status = first.status;
        while (status !== 401 && performance.now() - revokedAt < SESSION_CACHE_MS * 3) {
          await new Promise((next) => setTimeout(next, 50));
          status = (await roleList(pair.token)).status;
        }
        expect(status).toBe(401);
        expect(performance.now() - warmedAt).toBeLessThan(SESSION_CACHE_MS + 500);
      } finally {
        await other.end();
      }
    },
  );
});
