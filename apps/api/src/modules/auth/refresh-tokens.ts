import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  REFRESH_TOKEN_HOURS,
  REFRESH_TOKEN_REMEMBER_DAYS,
  ROLES,
  Unprocessable,
  type TokenPair,
} from '@clinica/domain';
import type { Executor } from '../../db/client';
import { refreshToken } from '../../db/schema';
import { audit } from '../../platform/audit';
import { days, hours } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import { randomSecret, sameHash, sha256 } from '../../platform/passwords';
import { signAccessToken } from '../../platform/tokens';
import { fullName, type Account } from './credentials';

/** A refresh token is `{row id}.{secret}`; only the secret's SHA-256 is stored. */
const TOKEN_SHAPE =
  /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([A-Za-z0-9_-]{43})$/;

export type StoredToken = typeof refreshToken.$inferSelect;

interface IssueOptions {
  branch: { id: number; name: string; zone: string };
  remember: boolean;
  quickLogin: boolean;
  /** Rotation keeps the family and its absolute expiry; a sign-in starts a new family. */
  family?: { id: string; expiresAt: Date };
}

/** Issues an access token and a refresh token for a signed-in account. */
export async function issueTokens(
  app: FastifyInstance,
  executor: Executor,
  account: Account,
  options: IssueOptions,
): Promise<TokenPair> {
  const now = app.clock.now();
  const id = randomUUID();
  const secret = randomSecret(32);
  const familyId = options.family?.id ?? randomUUID();
  const expiresAt =
    options.family?.expiresAt ??
    new Date(
      now.getTime() +
        (options.remember ? days(REFRESH_TOKEN_REMEMBER_DAYS) : hours(REFRESH_TOKEN_HOURS)),
    );
  await executor.insert(refreshToken).values({
    id,
    familyId,
    userId: account.id,
    branchId: options.branch.id,
    secretHash: sha256(secret),
    remember: options.remember,
    expiresAt,
    createdAt: now,
  });
  const token = await signAccessToken(
    app.signingKey,
    {
      userId: account.id,
      username: account.username,
      fullname: fullName(account),
      privileges: account.privileges,
      branchId: options.branch.id,
      branch: options.branch.name,
      role: account.roleName,
      path: ROLES[account.roleKey]?.path ?? 'inicio',
      quick_login: options.quickLogin,
      photo: account.photo,
      zone: options.branch.zone,
      sid: familyId,
    },
    now,
  );
  return { token, refresh_token: `${id}.${secret}` };
}

export async function revokeFamily(executor: Executor, familyId: string, at: Date): Promise<void> {
  await executor
    .update(refreshToken)
    .set({ revokedAt: at })
    .where(and(eq(refreshToken.familyId, familyId), isNull(refreshToken.revokedAt)));
}

/**
 * The stored row of a presented refresh token, checked in the order of CONTRACT §4: malformed
 * (422 code 4), unknown (6), revoked (7), already rotated — a reuse, which revokes the family (7) —
 * and expired (5).
 */
export async function usableToken(app: FastifyInstance, presented: string): Promise<StoredToken> {
  const match = TOKEN_SHAPE.exec(presented);
  if (!match) throw new AppError(422, Unprocessable.refreshMalformed);
  const [, id, secret] = match as unknown as [string, string, string];
  const [row] = await app.db.select().from(refreshToken).where(eq(refreshToken.id, id));
  if (!row || !sameHash(row.secretHash, sha256(secret)))
    throw new AppError(422, Unprocessable.refreshNotFound);
  if (row.revokedAt) throw new AppError(422, Unprocessable.refreshRevoked);
  const now = app.clock.now();
  if (row.rotatedAt) {
    await revokeReusedFamily(app, row, now);
    throw new AppError(422, Unprocessable.refreshRevoked);
  }
  if (row.expiresAt <= now) throw new AppError(422, Unprocessable.refreshExpired);
  return row;
}

async function revokeReusedFamily(app: FastifyInstance, row: StoredToken, now: Date) {
  await app.db.transaction(async (tx) => {
    await revokeFamily(tx, row.familyId, now);
    await audit(
      tx,
      { userId: row.userId, branchId: row.branchId },
      { module: 'auth', action: 'refresh_reused', detail: row.familyId },
      now,
    );
  });
}

/**
 * Marks a token used and issues its successor in the same family, atomically: of two requests
 * racing with one token, one wins and the other is treated as a reuse. `alsoWrite` runs in the
 * same transaction (the caller's audit entry), so the entry exists exactly when the rotation does.
 */
export async function rotate(
  app: FastifyInstance,
  row: StoredToken,
  account: Account,
  branch: { id: number; name: string; zone: string },
  quickLogin: boolean,
  alsoWrite?: (tx: Executor) => Promise<unknown>,
): Promise<TokenPair> {
  const now = app.clock.now();
  const pair = await app.db.transaction(async (tx) => {
    const used = await tx
      .update(refreshToken)
      .set({ rotatedAt: now })
      .where(
        and(
          eq(refreshToken.id, row.id),
          isNull(refreshToken.rotatedAt),
          isNull(refreshToken.revokedAt),
        ),
      )
      .returning({ id: refreshToken.id });
    if (used.length === 0) return null;
    const issued = await issueTokens(app, tx, account, {
      branch,
      remember: row.remember,
      quickLogin,
      family: { id: row.familyId, expiresAt: row.expiresAt },
    });
    await alsoWrite?.(tx);
    return issued;
  });
  if (!pair) {
    await revokeReusedFamily(app, row, now);
    throw new AppError(422, Unprocessable.refreshRevoked);
  }
  return pair;
}
