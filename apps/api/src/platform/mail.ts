import nodemailer from 'nodemailer';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { mailOutbox } from '../db/schema';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** How a message left: through SMTP, or kept in the outbox and logged; `error` when SMTP refused. */
export interface MailOutcome {
  transport: 'smtp' | 'log';
  error?: string;
}

export interface Mailer {
  /** `messageId` (a reminder's idempotency key) lets a receiver drop a repeat. */
  send(mail: Mail, at: Date, options?: { messageId?: string }): Promise<MailOutcome>;
}

/**
 * Every message is kept in the outbox table. With SMTP_URL it is also sent, and the row records
 * when or why not; without it the message is written to the server log (CONTRACT §4), so a reset
 * can be completed on a machine with no mail server. Request logs never carry it.
 */
export function createMailer(
  db: Db,
  options: { smtpUrl?: string; from: string; log: FastifyBaseLogger },
): Mailer {
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  return {
    async send(mail, at, sendOptions = {}) {
      const [row] = await db
        .insert(mailOutbox)
        .values({ ...mail, createdAt: at })
        .returning({ id: mailOutbox.id });
      if (!transport) {
        options.log.info(
          { outboxId: row?.id, mail: { to: mail.to, subject: mail.subject, text: mail.text } },
          'correo sin SMTP_URL: guardado en la bandeja de salida',
        );
        return { transport: 'log' };
      }
      try {
        await transport.sendMail({
          from: options.from,
          ...mail,
          ...(sendOptions.messageId ? { messageId: `<${sendOptions.messageId}@clinica>` } : {}),
        });
        if (row)
          await db.update(mailOutbox).set({ sentAt: new Date() }).where(eq(mailOutbox.id, row.id));
        return { transport: 'smtp' };
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        options.log.error({ outboxId: row?.id, err: error }, 'no se pudo enviar el correo');
        if (row)
          await db.update(mailOutbox).set({ error: message }).where(eq(mailOutbox.id, row.id));
        return { transport: 'smtp', error: message };
      }
    },
  };
}
