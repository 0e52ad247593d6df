import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { branch, kardex } from '../../db/schema';
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
