import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  REMINDER_ERROR_LENGTH,
  REMINDER_MAX_ATTEMPTS,
  reminderBackoffMinutes,
  localDayAndTime,
  reminderText,
  waitlistOfferText,
  type ReminderChannel,
} from '@clinica/domain';
import { queryRows } from '../../db/client';
import {
  appointment,
  appointmentTreatment,
  branch,
  reminder,
  treatment,
  waitlistOffer,
} from '../../db/schema';
import { appointmentLinkOf, offerLinkOf } from './appointment-link';

/**
 * The sender of the reminder outbox (CONTRACT §15). A run claims the due rows in a short
 * transaction under the advisory lock `hashtext('reminder-sender')` (a run of another process
 * meanwhile does nothing), leasing them (their next attempt pushed two minutes ahead) so no other
 * run takes them; then sends each outside any transaction and marks it. A crash between sending
 * and marking leaves the row pending: its lease runs out and it is sent once more, with the same
 * idempotency key, which the receiver drops.
 */

export interface ReminderRun {
  sent: number;
  failed: number;
  retried: number;
  cancelled: number;
}

const LEASE_MS = 2 * 60_000;
const BATCH = 100;

interface Claimed {
  id: number;
  appointmentId: number;
  kind: string;
  channel: ReminderChannel;
  to: string;
  attempts: number;
  idempotencyKey: string;
}

/** Claims the due rows; cancels those whose appointment is no longer scheduled or has started. */
async function claim(app: FastifyInstance, now: Date, only?: number[]) {
  return app.db.transaction(async (tx) => {
    const [lock] = await queryRows<{ locked: boolean }>(
      tx,
      sql`SELECT pg_try_advisory_xact_lock(hashtext('reminder-sender')) AS locked`,
    );
    if (!lock?.locked) return { claimed: [] as Claimed[], cancelled: 0, locked: false };
    const due = await tx
      .select({
        id: reminder.id,
        appointmentId: reminder.appointmentId,
        kind: reminder.kind,
        channel: reminder.channel,
        to: reminder.to,
        attempts: reminder.attempts,
        idempotencyKey: reminder.idempotencyKey,
        // A reminder while its appointment is scheduled and not started; an offer while its hold
        // lasts (CONTRACT §15).
        live: sql<boolean>`CASE WHEN ${reminder.kind} = 'waitlist-offer'
          THEN ${appointment.status} = 'held' AND ${appointment.holdExpiresAt} > ${now.toISOString()}::timestamptz
          ELSE ${appointment.status} = 'scheduled' AND lower(${appointment.period}) > ${now.toISOString()}::timestamptz END`,
      })
      .from(reminder)
      .innerJoin(appointment, eq(appointment.id, reminder.appointmentId))
      .where(
        and(
          eq(reminder.status, 'pending'),
          lte(reminder.sendAt, now),
          lte(reminder.nextAttemptAt, now),
          only ? inArray(reminder.id, only) : undefined,
        ),
      )
      .orderBy(asc(reminder.nextAttemptAt), asc(reminder.id))
      .limit(BATCH)
      .for('update', { of: reminder, skipLocked: true });
    const gone = due.filter((row) => !row.live).map((row) => row.id);
    const claimed = due.filter((row) => row.live) as unknown as Claimed[];
    if (gone.length > 0)
      await tx.update(reminder).set({ status: 'cancelled' }).where(inArray(reminder.id, gone));
    if (claimed.length > 0)
      await tx
        .update(reminder)
        .set({ nextAttemptAt: new Date(now.getTime() + LEASE_MS) })
        .where(
          inArray(
            reminder.id,
            claimed.map((row) => row.id),
          ),
        );
    return { claimed, cancelled: gone.length, locked: true };
  });
}

/**
 * What a reminder says: its appointment's branch, treatments, day and time, and the link; a
 * waitlist offer says until when the slot is held and links to the offer.
 */
async function messageOf(app: FastifyInstance, appointmentId: number, kind: string) {
  const [row] = await app.db
    .select({
      date: appointment.date,
      startTime: appointment.startTime,
      branchName: branch.name,
      street: branch.street,
      extNumber: branch.extNumber,
      suburb: branch.suburb,
      city: branch.city,
      phone: branch.phone,
      treatments: sql<string>`string_agg(${treatment.name}, ', ' ORDER BY ${treatment.name})`,
    })
    .from(appointment)
    .innerJoin(branch, eq(branch.id, appointment.branchId))
    .leftJoin(appointmentTreatment, eq(appointmentTreatment.appointmentId, appointment.id))
    .leftJoin(treatment, eq(treatment.id, appointmentTreatment.treatmentId))
    .where(eq(appointment.id, appointmentId))
    .groupBy(appointment.id, branch.id);
  const what = {
    branch: row?.branchName ?? '',
    address: row ? `${row.street} ${row.extNumber}, ${row.suburb}, ${row.city}` : '',
    phone: row?.phone ?? null,
    treatment: row?.treatments ?? '',
    date: row?.date ?? '',
    startTime: row?.startTime.slice(0, 5) ?? '',
  };
  if (kind === 'waitlist-offer') {
    const [offer] = await app.db
      .select({ id: waitlistOffer.id, expiresAt: waitlistOffer.expiresAt, zone: branch.zone })
      .from(waitlistOffer)
      .innerJoin(appointment, eq(appointment.id, waitlistOffer.appointmentId))
      .innerJoin(branch, eq(branch.id, appointment.branchId))
      .where(eq(waitlistOffer.appointmentId, appointmentId))
      .orderBy(desc(waitlistOffer.id))
      .limit(1);
    const link = offer ? offerLinkOf(app, offer.id) : '';
    const until = offer ? localDayAndTime(offer.expiresAt, offer.zone).time.slice(0, 5) : '';
    return { link, ...waitlistOfferText({ ...what, expiresAt: until, link }) };
  }
  const link = appointmentLinkOf(app, appointmentId);
  return { link, ...reminderText({ ...what, link }) };
}

/** Sends one row through its channel: the transport that took it, or the error. */
async function deliver(
  app: FastifyInstance,
  row: Claimed,
  message: { subject: string; text: string; link: string },
  now: Date,
): Promise<{ transport: 'smtp' | 'webhook' | 'log'; error?: string }> {
  if (row.channel === 'email')
    return app.mailer.send({ to: row.to, subject: message.subject, text: message.text }, now, {
      messageId: row.idempotencyKey,
    });
  const url = app.config.whatsappUrl;
  if (!url) {
    app.log.info({ whatsapp: { to: row.to, text: message.text } }, 'whatsapp sin WHATSAPP_URL');
    return { transport: 'log' };
  }
  try {
    const answer = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': row.idempotencyKey },
      body: JSON.stringify({
        to: row.to,
        text: message.text,
        link: message.link,
        appointmentId: row.appointmentId,
        idempotencyKey: row.idempotencyKey,
      }),
      signal: AbortSignal.timeout(10_000),
    });
    return answer.ok
      ? { transport: 'webhook' }
      : { transport: 'webhook', error: `HTTP ${answer.status}` };
  } catch (error) {
    return { transport: 'webhook', error: error instanceof Error ? error.message : String(error) };
  }
}

/** Runs the sender once as if at `now` (the poll, the test hook, a resend of `only` rows). */
export async function runReminders(
  app: FastifyInstance,
  now: Date,
  only?: number[],
): Promise<ReminderRun> {
  const run: ReminderRun = { sent: 0, failed: 0, retried: 0, cancelled: 0 };
  const { claimed, cancelled } = await claim(app, now, only);
  run.cancelled = cancelled;
  for (const row of claimed) {
    const message = await messageOf(app, row.appointmentId, row.kind);
    const outcome = await deliver(app, row, message, now);
    const attempts = row.attempts + 1;
    if (!outcome.error) {
      await app.db
        .update(reminder)
        .set({
          status: 'sent',
          attempts,
          sentAt: now,
          transport: outcome.transport,
          link: message.link,
          lastError: null,
        })
        .where(eq(reminder.id, row.id));
      run.sent += 1;
      continue;
    }
    const failed = attempts >= REMINDER_MAX_ATTEMPTS;
    await app.db
      .update(reminder)
      .set({
        status: failed ? 'failed' : 'pending',
        attempts,
        transport: outcome.transport,
        lastError: outcome.error.slice(0, REMINDER_ERROR_LENGTH),
        nextAttemptAt: new Date(now.getTime() + reminderBackoffMinutes(attempts) * 60_000),
      })
      .where(and(eq(reminder.id, row.id), eq(reminder.status, 'pending')));
    if (failed) run.failed += 1;
    else run.retried += 1;
  }
  return run;
}
