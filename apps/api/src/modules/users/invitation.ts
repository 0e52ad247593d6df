import type { FastifyInstance } from 'fastify';
import { INVITATION_CODE_LENGTH, INVITATION_HOURS } from '@clinica/domain';
import { audit } from '../../platform/audit';
import { actorOf, type Context } from '../../platform/context';
import { resetCodeValue } from '../../platform/passwords';
import { fullName } from '../auth/credentials';
import { INVITATION_PURPOSE } from '../auth/invitation.service';
import { issueCode } from '../auth/reset-codes';
import { lockStaffMember } from './user.service';
import { assertManages } from './staff-rules';

/**
 * Sending a new employee's invitation (issue 11): a staff manager's act, on a staff member they
 * manage. The link it mails is read and accepted by the sign-in side (`auth/invitation.service.ts`).
 */

const hours = (count: number) => count * 60 * 60_000;

/** Makes a new invitation for a staff member the caller manages, mails it, answers where to. */
export async function sendInvitation(app: FastifyInstance, ctx: Context, userId: number) {
  const code = resetCodeValue(INVITATION_CODE_LENGTH);
  const now = ctx.clock.now();
  const expiresAt = new Date(now.getTime() + hours(INVITATION_HOURS));
  const member = await ctx.db.transaction(async (tx) => {
    const record = await lockStaffMember(tx, ctx, userId);
    assertManages(ctx.session, record.roleKey);
    await issueCode(tx, { userId, purpose: INVITATION_PURPOSE, value: code, expiresAt, now });
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
