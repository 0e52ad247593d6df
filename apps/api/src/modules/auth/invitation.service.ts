import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import {
  INVITATION_CODE_LENGTH,
  INVITATION_HOURS,
  NotFound,
  type acceptInvitationBody,
} from '@clinica/domain';
import { resetCode } from '../../db/schema';
import { audit } from '../../platform/audit';
import { actorOf, type Context } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { hashSecret, resetCodeValue, sha256 } from '../../platform/passwords';
import { issueCode, spendCode } from './reset-codes';
import { lockStaffMember } from '../users/user.service';
import { assertManages } from '../users/staff-rules';
import { accountById, fullName } from './credentials';

/**
 * The invitation of a new employee (issue 11): creating staff sets no password anyone knows, so
 * the employee gets a mail with a single-use link, `/forgot-password/{code}`, valid 72 hours, where
 * they choose their password and PIN. A code of the reset codes' kind (hashed, same alphabet),
 * 24 characters long: nothing to guess, so the link alone is enough. Resending one burns the last.
 */
const PURPOSE = 'invitation' as const;

const hours = (count: number) => count * 60 * 60_000;

/** Makes a new invitation for a staff member the caller manages, mails it, answers where to. */
export async function sendInvitation(app: FastifyInstance, ctx: Context, userId: number) {
  const code = resetCodeValue(INVITATION_CODE_LENGTH);
  const now = ctx.clock.now();
  const expiresAt = new Date(now.getTime() + hours(INVITATION_HOURS));
  const member = await ctx.db.transaction(async (tx) => {
    const record = await lockStaffMember(tx, ctx, userId);
    assertManages(ctx.session, record.roleKey);
    await issueCode(tx, { userId, purpose: PURPOSE, value: code, expiresAt, now });
    await audit(
      tx,
      actorOf(ctx, record.kardex.branchId),
      { module: 'users', action: 'invite', recordId: userId, detail: record.username },
      now,
    );
    return record;
  });
  const link = `${app.config.appUrl}/forgot-password/${code}`;
  await app.mailer.send(
    {
      to: member.username,
      subject: 'Tu acceso a la clínica: crea tu contraseña y tu PIN',
      text: [
        `Hola ${fullName(member)}:`,
        '',
        'Te dieron de alta en el sistema de la clínica. Tu usuario es tu correo:',
        member.username,
        '',
        'Para entrar, crea tu contraseña y tu PIN de 4 dígitos en este enlace:',
        link,
        '',
        `El enlace es válido por ${INVITATION_HOURS} horas y solo se puede usar una vez. Si caduca,`,
        'pide a tu gerente que te envíe otra invitación.',
      ].join('\n'),
    },
    now,
  );
  return { sentTo: member.username, expiresAt: expiresAt.toISOString() };
}

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
