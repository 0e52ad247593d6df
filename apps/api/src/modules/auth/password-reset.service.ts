import { and, count, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { NotFound, RESET_CODE_MINUTES, type changePasswordCodeBody } from '@clinica/domain';
import { resetCode } from '../../db/schema';
import { audit } from '../../platform/audit';
import { minutes } from '../../platform/clock';
import { notFound } from '../../platform/errors';
import { hashSecret, resetCodeValue, sameHash, sha256 } from '../../platform/passwords';
import { accountByUsername, fullName } from './credentials';
import { issueCode, spendCode } from './reset-codes';

/** Wrong guesses after which a code is burnt: 5 tries at 32^6 leave nothing to brute force. */
const MAX_CODE_ATTEMPTS = 5;
/** Codes a user may be sent per 15 minutes, so the endpoint cannot be used to flood a mailbox. */
const MAX_CODES_PER_WINDOW = 3;

/**
 * Sends a 6-character code to the user's e-mail, valid 15 minutes, single use. Answers the same
 * whether or not the address exists (CONTRACT §4) — in time too: for a known address the code,
 * its audit entry and the mail (an SMTP round trip) take far longer than the lookup alone, so
 * the whole of it runs after the answer, on `app.background`, and the request does no work that
 * depends on the address. Padding the unknown path instead could not match an SMTP server's
 * delay. The task is not lost: failures are logged and shutdown waits for it.
 */
export function requestPasswordReset(app: FastifyInstance, email: string): void {
  app.background.run('password_reset', () => sendResetCode(app, email));
}

async function sendResetCode(app: FastifyInstance, email: string) {
  const account = await accountByUsername(app, email);
  if (!account?.active) return;
  const now = app.clock.now();
  const code = resetCodeValue();
  const issued = await app.db.transaction(async (tx) => {
    // Requests for one account count one after another, so a burst cannot all see fewer codes
    // than the limit before any has inserted. An advisory lock, not the user's row: spending a
    // code locks its row and then the user's, and this takes them the other way round.
    await tx.execute(
      sql`SELECT pg_advisory_xact_lock(hashtextextended(${`password-reset:${account.id}`}, 0))`,
    );
    const since = new Date(now.getTime() - minutes(RESET_CODE_MINUTES));
    const [recent] = await tx
      .select({ codes: count() })
      .from(resetCode)
      .where(
        and(
          eq(resetCode.userId, account.id),
          eq(resetCode.purpose, 'reset'),
          gt(resetCode.createdAt, since),
        ),
      );
    if ((recent?.codes ?? 0) >= MAX_CODES_PER_WINDOW) return false;
    // Only the newest code works (a pending invitation stays valid).
    await issueCode(tx, {
      userId: account.id,
      purpose: 'reset',
      value: code,
      expiresAt: new Date(now.getTime() + minutes(RESET_CODE_MINUTES)),
      now,
    });
    await audit(
      tx,
      { userId: account.id, branchId: account.homeBranchId },
      { module: 'auth', action: 'reset_requested' },
      now,
    );
    return true;
  });
  if (!issued) return;
  await app.mailer.send(
    {
      to: account.username,
      subject: 'Código para restablecer tu contraseña',
      text: [
        `Hola ${fullName(account)}:`,
        '',
        `Tu código para restablecer la contraseña es: ${code}`,
        `Es válido por ${RESET_CODE_MINUTES} minutos y solo se puede usar una vez.`,
        '',
        'Si no lo solicitaste, ignora este correo; tu contraseña no cambiará.',
      ].join('\n'),
    },
    now,
  );
}

/** Sets a new password with a valid code (404 code 21 otherwise) and signs out every session. */
export async function changePasswordWithCode(
  app: FastifyInstance,
  body: z.output<typeof changePasswordCodeBody>,
) {
  const account = await accountByUsername(app, body.email);
  const now = app.clock.now();
  const [pending] = account
    ? await app.db
        .select()
        .from(resetCode)
        .where(
          and(
            eq(resetCode.userId, account.id),
            eq(resetCode.purpose, 'reset'),
            isNull(resetCode.usedAt),
            gt(resetCode.expiresAt, now),
          ),
        )
        .orderBy(desc(resetCode.createdAt))
        .limit(1)
    : [];
  if (!account || !pending) throw notFound(NotFound.resetCode);
  // The guess is counted before it is compared, so a burst of guesses gets five comparisons.
  const [claimed] = await app.db
    .update(resetCode)
    .set({ attempts: sql`${resetCode.attempts} + 1` })
    .where(
      and(
        eq(resetCode.id, pending.id),
        isNull(resetCode.usedAt),
        lt(resetCode.attempts, MAX_CODE_ATTEMPTS),
      ),
    )
    .returning({ attempts: resetCode.attempts });
  if (!claimed) throw notFound(NotFound.resetCode);
  if (!sameHash(pending.codeHash, sha256(body.code))) {
    if (claimed.attempts >= MAX_CODE_ATTEMPTS) {
      await app.db
        .update(resetCode)
        .set({ usedAt: now })
        .where(and(eq(resetCode.id, pending.id), isNull(resetCode.usedAt)));
    }
    throw notFound(NotFound.resetCode);
  }
  const passwordHash = await hashSecret(body.password);
  await spendCode(app, {
    codeId: pending.id,
    account,
    secrets: { passwordHash },
    action: 'reset_password',
  });
}
