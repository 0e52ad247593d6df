import { and, eq, isNull, lt, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import {
  NotFound,
  PIN_FAILURES_BEFORE_REVOKE,
  msg,
  Unauthorized,
  Unprocessable,
  type changePasswordBody,
  type quickLoginBody,
  type resetPinBody,
  type signInBody,
  type switchBranchBody,
} from '@clinica/domain';
import { refreshToken, user } from '../../db/schema';
import { audit } from '../../platform/audit';
import { AppError, notFound } from '../../platform/errors';
import { hashSecret, verifySecret } from '../../platform/passwords';
import type { Session } from '../../platform/session';
import {
  accountById,
  accountByUsername,
  activeBranch,
  assertNotLocked,
  checkPassword,
  worksAt,
} from './credentials';
import { issueTokens, revokeFamily, rotate, usableToken, type StoredToken } from './refresh-tokens';

/**
 * Password sign-in (CONTRACT §4). The password is checked before the branch, and every path
 * spends one password hash, so a wrong branch (401 code 1) and a wrong user or password (code 2)
 * cannot be told apart by timing, nor an unknown user from a known one.
 */
export async function signIn(app: FastifyInstance, body: z.output<typeof signInBody>) {
  const username = body.username;
  const branch = await activeBranch(app, body.branchId);
  await assertNotLocked(app, username, branch?.id ?? null);
  const account = await accountByUsername(app, username);
  const passwordOk = await checkPassword(app, account, username, body.password, {
    branchId: branch?.id ?? null,
    action: 'sign_in_failed',
  });
  if (!passwordOk || !account) throw new AppError(401, Unauthorized.wrongCredentials);
  const now = app.clock.now();
  if (!branch || !worksAt(account, branch.id) || (body.code && body.code !== branch.code)) {
    await audit(
      app.db,
      { userId: account.id, branchId: branch?.id ?? null },
      { module: 'auth', action: 'wrong_branch', detail: username },
      now,
    );
    throw new AppError(401, Unauthorized.wrongBranch);
  }
  return app.db.transaction(async (tx) => {
    const pair = await issueTokens(app, tx, account, {
      branch,
      remember: body.remember,
      quickLogin: false,
    });
    await audit(
      tx,
      { userId: account.id, branchId: branch.id },
      { module: 'auth', action: 'sign_in' },
      now,
    );
    return pair;
  });
}

/** A new pair for a valid refresh token; the presented one can never be used again. */
export async function refresh(app: FastifyInstance, presented: string) {
  const row = await usableToken(app, presented);
  const account = await accountById(app, row.userId);
  const branch = await activeBranch(app, row.branchId);
  // A user moved to another branch, or given a role fixed to another branch, may not keep
  // renewing a sign-in at the old one: the family ends as if revoked.
  if (!account?.active || !branch || !worksAt(account, branch.id)) {
    await revokeFamily(app.db, row.familyId, app.clock.now());
    throw new AppError(422, 7);
  }
  return rotate(app, row, account, branch, false);
}

/**
 * Takes one of a refresh token's five PIN attempts before the PIN is checked, so a burst of
 * guesses on one token gets five checks; none left answers as the revoked token it is becoming.
 */
async function claimPinAttempt(app: FastifyInstance, row: StoredToken): Promise<number> {
  const [claimed] = await app.db
    .update(refreshToken)
    .set({ pinFailures: sql`${refreshToken.pinFailures} + 1` })
    .where(
      and(
        eq(refreshToken.id, row.id),
        lt(refreshToken.pinFailures, PIN_FAILURES_BEFORE_REVOKE),
        isNull(refreshToken.revokedAt),
        isNull(refreshToken.rotatedAt),
      ),
    )
    .returning({ pinFailures: refreshToken.pinFailures });
  if (!claimed) throw new AppError(422, Unprocessable.refreshRevoked);
  return claimed.pinFailures;
}

/**
 * PIN sign-in for the owner of a refresh token (after the idle timeout). Five wrong PINs revoke
 * the token, so a full sign-in is needed.
 */
export async function quickLogin(app: FastifyInstance, body: z.output<typeof quickLoginBody>) {
  const row = await usableToken(app, body.refreshToken);
  const failures = await claimPinAttempt(app, row);
  const account = await accountById(app, row.userId);
  const pinOk = await verifySecret(account?.pinHash, body.pin);
  const now = app.clock.now();
  if (!pinOk || !account?.active) {
    await app.db.transaction(async (tx) => {
      const actor = { userId: row.userId, branchId: row.branchId };
      await audit(tx, actor, { module: 'auth', action: 'pin_failed' }, now);
      if (failures >= PIN_FAILURES_BEFORE_REVOKE) {
        await revokeFamily(tx, row.familyId, now);
        await audit(tx, actor, { module: 'auth', action: 'pin_revoked' }, now);
      }
    });
    throw new AppError(401, Unauthorized.wrongCredentials, [
      {
        field: 'pin',
        message: msg.pinTriesLeft(Math.max(0, PIN_FAILURES_BEFORE_REVOKE - failures)),
      },
    ]);
  }
  const branch = await activeBranch(app, body.branchId);
  if (!branch || !worksAt(account, branch.id)) {
    // The PIN was right: the attempt is given back.
    await app.db
      .update(refreshToken)
      .set({ pinFailures: sql`${refreshToken.pinFailures} - 1` })
      .where(eq(refreshToken.id, row.id));
    throw new AppError(401, Unauthorized.wrongBranch);
  }
  const payload = await rotate(app, row, account, branch, true, (tx) =>
    audit(
      tx,
      { userId: account.id, branchId: branch.id },
      { module: 'auth', action: 'quick_login' },
      now,
    ),
  );
  return { userId: account.id, payload };
}

/**
 * Moves the session to another branch (the header's branch picker): only a role that signs in
 * anywhere, with the refresh token of this very sign-in, which is rotated into a pair for the new
 * branch. A branch-fixed role answers as a sign-in at the wrong branch would (401 code 1).
 */
export async function switchBranch(
  app: FastifyInstance,
  session: Session,
  body: z.output<typeof switchBranchBody>,
) {
  const row = await usableToken(app, body.refreshToken);
  if (row.userId !== session.userId || row.familyId !== session.familyId) {
    throw new AppError(422, Unprocessable.refreshNotFound);
  }
  const account = await accountById(app, session.userId);
  const branch = await activeBranch(app, body.branchId);
  const now = app.clock.now();
  if (!account?.active || !branch || session.branchFixed || !worksAt(account, branch.id)) {
    await audit(
      app.db,
      { userId: session.userId, branchId: session.branchId },
      { module: 'auth', action: 'wrong_branch', detail: `cambio a la sucursal ${body.branchId}` },
      now,
    );
    throw new AppError(401, Unauthorized.wrongBranch);
  }
  return rotate(app, row, account, branch, false, (tx) =>
    audit(
      tx,
      { userId: account.id, branchId: branch.id },
      {
        module: 'auth',
        action: 'switch_branch',
        detail: `de la sucursal ${session.branchId} a la ${branch.id}`,
      },
      now,
    ),
  );
}

/** Revokes the sign-in the refresh token belongs to (and with it its access tokens). */
export async function signOut(app: FastifyInstance, presented: string) {
  const row = await usableToken(app, presented).catch((error: unknown) => {
    // Signing out with a token that is already unusable has nothing left to revoke.
    if (error instanceof AppError && error.status === 422 && error.code !== 4) return null;
    throw error;
  });
  if (!row) return;
  const now = app.clock.now();
  await app.db.transaction(async (tx) => {
    await revokeFamily(tx, row.familyId, now);
    await audit(
      tx,
      { userId: row.userId, branchId: row.branchId },
      { module: 'auth', action: 'sign_out' },
      now,
    );
  });
}

/** The current password must match (404 code 3 otherwise); it counts toward the lockout. */
async function confirmCurrentPassword(
  app: FastifyInstance,
  session: Session,
  currentPassword: string,
) {
  await assertNotLocked(app, session.username, session.branchId);
  const account = await accountById(app, session.userId);
  const ok = await checkPassword(app, account, session.username, currentPassword, {
    branchId: session.branchId,
    action: 'password_mismatch',
  });
  if (!ok) throw notFound(NotFound.passwordMismatch);
}

/** Changes the password and signs out every other session of the user. */
export async function changePassword(
  app: FastifyInstance,
  session: Session,
  body: z.output<typeof changePasswordBody>,
) {
  await confirmCurrentPassword(app, session, body.currentPassword);
  const passwordHash = await hashSecret(body.password);
  const now = app.clock.now();
  await app.db.transaction(async (tx) => {
    await tx
      .update(user)
      .set({ passwordHash, passwordChangedAt: now, updatedAt: now })
      .where(eq(user.id, session.userId));
    await tx
      .update(refreshToken)
      .set({ revokedAt: now })
      .where(
        and(
          eq(refreshToken.userId, session.userId),
          ne(refreshToken.familyId, session.familyId),
          sql`${refreshToken.revokedAt} IS NULL`,
        ),
      );
    await audit(
      tx,
      { userId: session.userId, branchId: session.branchId },
      {
        module: 'users',
        action: 'change_password',
        recordId: session.userId,
        changes: { password: { before: '••••', after: '••••' } },
      },
      now,
    );
  });
}

export async function resetPin(
  app: FastifyInstance,
  session: Session,
  body: z.output<typeof resetPinBody>,
) {
  await confirmCurrentPassword(app, session, body.currentPassword);
  const pinHash = await hashSecret(body.newPin);
  const now = app.clock.now();
  await app.db.transaction(async (tx) => {
    await tx.update(user).set({ pinHash, updatedAt: now }).where(eq(user.id, session.userId));
    await audit(
      tx,
      { userId: session.userId, branchId: session.branchId },
      {
        module: 'users',
        action: 'change_pin',
        recordId: session.userId,
        changes: { pin: { before: '••••', after: '••••' } },
      },
      now,
    );
  });
}
