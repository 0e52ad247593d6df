import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { NotFound, type acceptInvitationBody } from '@clinica/domain';
import { resetCode } from '../../db/schema';
import { notFound } from '../../platform/errors';
import { hashSecret, sha256 } from '../../platform/passwords';
import { spendCode } from './reset-codes';
import { accountById, fullName } from './credentials';

/**
 * The invitation of a new employee (issue 11): creating staff sets no password anyone knows, so
 * the employee gets a mail with a single-use link, `/forgot-password/{code}`, valid 72 hours, where
 * they choose their password and PIN. A code of the reset codes' kind (hashed, same alphabet),
 * 24 characters long: nothing to guess, so the link alone is enough. Resending one burns the last.
 * Sending one is a staff manager's act and lives with the staff (`users/invitation.ts`); here the
 * link is read and accepted.
 */
export const INVITATION_PURPOSE = 'invitation' as const;
const PURPOSE = INVITATION_PURPOSE;

/** The pending invitation of a code, or 404 code 21 (unknown, expired or used). */
async function pendingInvitation(app: FastifyInstance, code: string) {
  const [pending] = await app.db
    .select({ id: resetCode.id, userId: resetCode.userId })
    .from(resetCode)
    .where(
      and(
        eq(resetCode.codeHash, sha256(code)),
        eq(resetCode.purpose, PURPOSE),
        isNull(resetCode.usedAt),
        gt(resetCode.expiresAt, app.clock.now()),
      ),
    )
    .limit(1);
  const account = pending ? await accountById(app, pending.userId) : undefined;
  if (!pending || !account?.active) throw notFound(NotFound.resetCode);
  return { pending, account };
}

/** `GET /auth/invitation/{code}`: whom the invitation is for, so the page greets them. */
export async function readInvitation(app: FastifyInstance, code: string) {
  const { account } = await pendingInvitation(app, code);
  return { fullname: fullName(account), username: account.username };
}

/** `PUT /auth/invitation/{code}`: sets the password and the PIN; the link then stops working. */
export async function acceptInvitation(
  app: FastifyInstance,
  code: string,
  body: z.output<typeof acceptInvitationBody>,
) {
  const { pending, account } = await pendingInvitation(app, code);
  const [passwordHash, pinHash] = await Promise.all([
    hashSecret(body.password),
    hashSecret(body.pin),
  ]);
  await spendCode(app, {
    codeId: pending.id,
    account,
    secrets: { passwordHash, pinHash },
    action: 'accept_invitation',
  });
}
