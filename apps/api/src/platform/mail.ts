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

export interface Mailer {
  send(mail: Mail, at: Date): Promise<void>;
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
    async send(mail, at) {
      const [row] = await db
        .insert(mailOutbox)
        .values({ ...mail, createdAt: at })
        .returning({ id: mailOutbox.id });
      if (!row) return;
      if (!transport) {
        options.log.info(
          { outboxId: row.id, mail: { to: mail.to, subject: mail.subject, text: mail.text } },
          'correo sin SMTP_URL: guardado en la bandeja de salida',
        );
        return;
      }
      try {
        await transport.sendMail({ from: options.from, ...mail });
        await db.update(mailOutbox).set({ sentAt: new Date() }).where(eq(mailOutbox.id, row.id));
      } catch (error) {
        options.log.error({ outboxId: row.id, err: error }, 'no se pudo enviar el correo');
        await db
          .update(mailOutbox)
          .set({ error: error instanceof Error ? error.message : String(error) })
          .where(eq(mailOutbox.id, row.id));
      }
    },
  };
}
