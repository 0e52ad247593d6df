import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { NotFound } from '@clinica/domain';
import type { Executor } from '../../db/client';
import { refreshToken, resetCode, user, type AuditChanges } from '../../db/schema';
import { audit } from '../../platform/audit';
import { notFound } from '../../platform/errors';
import { sha256 } from '../../platform/passwords';
import { clearLockout } from './credentials';

/**
 * The single-use codes of `reset_code`, shared by the password reset (6 characters, 15 minutes)
 * and the invitation of a new employee (24 characters, 72 hours): each kind is a `purpose`, only
 * the newest code of a kind works, and spending one sets the secrets, signs out every session and
 * is audited in one transaction.
 */
export type CodePurpose = 'reset' | 'invitation';

/** Stores a new code of that purpose for the user, burning the pending ones of the same purpose. */
export async function issueCode(
  tx: Executor,
  code: { userId: number; purpose: CodePurpose; value: string; expiresAt: Date; now: Date },
) {
  await tx
    .update(resetCode)
    .set({ usedAt: code.now })
    .where(
      and(
        eq(resetCode.userId, code.userId),
        eq(resetCode.purpose, code.purpose),
        isNull(resetCode.usedAt),
      ),
    );
  await tx.insert(resetCode).values({
    userId: code.userId,
    purpose: code.purpose,
    codeHash: sha256(code.value),
    expiresAt: code.expiresAt,
    createdAt: code.now,
  });
}

const HIDDEN = { before: '••••', after: '••••' };

/**
 * Spends a pending code (404 code 21 if a concurrent use spent it first) and sets the account's
 * new secrets (hashed by the caller), revoking every sign-in, with the audit entry; then lifts a
 * lockout of the username.
 */
export async function spendCode(
  app: FastifyInstance,
  spend: {
    codeId: number;
    account: { id: number; username: string; homeBranchId: number | null };
    secrets: { passwordHash: string; pinHash?: string };
    action: 'reset_password' | 'accept_invitation';
  },
) {
  const { account, secrets } = spend;
  const now = app.clock.now();
  const changes: AuditChanges = { password: HIDDEN, ...(secrets.pinHash ? { pin: HIDDEN } : {}) };
  await app.db.transaction(async (tx) => {
    const used = await tx
      .update(resetCode)
      .set({ usedAt: now })
      .where(and(eq(resetCode.id, spend.codeId), isNull(resetCode.usedAt)))
      .returning({ id: resetCode.id });
    if (used.length === 0) throw notFound(NotFound.resetCode);
    await tx
      .update(user)
      .set({ ...secrets, passwordChangedAt: now, updatedAt: now })
      .where(eq(user.id, account.id));
    await tx
      .update(refreshToken)
      .set({ revokedAt: now })
      .where(and(eq(refreshToken.userId, account.id), isNull(refreshToken.revokedAt)));
    await audit(
      tx,
      { userId: account.id, branchId: account.homeBranchId },
      { module: 'users', action: spend.action, recordId: account.id, changes },
      now,
    );
  });
  await clearLockout(app, account.username);
}
