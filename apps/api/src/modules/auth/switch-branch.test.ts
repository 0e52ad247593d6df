import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { Unauthorized } from '@clinica/domain';
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
let playas: number;
beforeAll(async () => {
  t = await createTestApp();
  zonaRio = await branchId(t.app, 'Zona Río');
  playas = await branchId(t.app, 'Playas de Tijuana');
});
afterAll(async () => {
  await t.close();
});

type Pair = { token: string; refresh_token: string };
const switchBranch = (token: string, refreshToken: string, to: number) =>
  call<Pair>(t.app, 'POST', '/v1/auth/switch-branch', {
    token,
    body: { refreshToken, branchId: to },
  });

describe('POST /auth/switch-branch: the super administrator changes branch without signing out', () => {
  it('re-issues the pair for the new branch, audited, and the old refresh token is spent', async () => {
    const pair = await signInAs(t.app, 'superAdmin');
    const answer = await switchBranch(pair.token, pair.refresh_token, playas);
    expect(answer.status).toBe(200);
    expect(Number(claimsOf(answer.body.data.token).branchId)).toBe(playas);
    // The new token works, at the new branch.
    const me = await call(t.app, 'GET', '/v1/branch', { token: answer.body.data.token });
    expect(me.status).toBe(200);
    // The pair it replaced cannot be renewed again.
    const reused = await call(t.app, 'POST', '/v1/auth/refresh', {
      body: { refreshToken: pair.refresh_token },
    });
    expect(reused.status).toBe(422);
    const [entry] = await t.app.db
      .select({ action: auditLog.action, branchId: auditLog.branchId })
      .from(auditLog)
      .where(and(eq(auditLog.module, 'auth'), eq(auditLog.action, 'switch_branch')))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry).toEqual({ action: 'switch_branch', branchId: playas });
  });

  it('refuses a role fixed to its branch (401 code 1), and the session stays where it was', async () => {
    const pair = await signInAs(t.app, 'branchManager');
    const answer = await switchBranch(pair.token, pair.refresh_token, playas);
    expect(answer.status).toBe(401);
    expect(answer.body.code).toBe(Unauthorized.wrongBranch);
    expect(Number(claimsOf(pair.token).branchId)).toBe(zonaRio);
    const renewed = await call(t.app, 'POST', '/v1/auth/refresh', {
      body: { refreshToken: pair.refresh_token },
    });
    expect(renewed.status).toBe(200);
  });

  it('refuses a refresh token of another sign-in', async () => {
    const mine = await signInAs(t.app, 'superAdmin');
    const other = await signInAs(t.app, 'superAdmin');
    const answer = await switchBranch(mine.token, other.refresh_token, playas);
    expect(answer.status).toBe(422);
  });

  it('needs a session', async () => {
    const pair = await signInAs(t.app, 'superAdmin');
    const answer = await call(t.app, 'POST', '/v1/auth/switch-branch', {
      body: { refreshToken: pair.refresh_token, branchId: playas },
    });
    expect(answer.status).toBe(401);
  });
});
