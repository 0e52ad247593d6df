import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  Conflict,
  NotFound,
  reminderChannels,
  reminderKey,
  type ReminderChannel,
  type ReminderRecord,
} from '@clinica/domain';
import { appointment, customer, reminder } from '../../db/schema';
import type { Context } from '../../platform/context';
import { conflict, notFound } from '../../platform/errors';
import { fixedBranch } from '../../platform/write';
import { runReminders } from './reminder-sender';

/** Staff's side of the outbox (CONTRACT §15): an appointment's reminders, and a resend. */

type Row = typeof reminder.$inferSelect;
const iso = (value: Date | null) => (value ? value.toISOString() : null);

function present(row: Row): ReminderRecord {
  return {
    id: row.id,
    appointmentId: row.appointmentId,
    kind: row.kind as ReminderRecord['kind'],
    channel: row.channel as ReminderRecord['channel'],
    to: row.to,
    sendAt: row.sendAt.toISOString(),
    status: row.status as ReminderRecord['status'],
    attempts: row.attempts,
    nextAttemptAt: row.nextAttemptAt.toISOString(),
    sentAt: iso(row.sentAt),
    transport: row.transport as ReminderRecord['transport'],
    lastError: row.lastError,
    idempotencyKey: row.idempotencyKey,
    link: row.link,
    created_at: row.createdAt.toISOString(),
  };
}

/** The appointment the caller reaches (a role fixed to its branch: its own), or 404 code 12. */
async function reached(ctx: Context, id: number) {
  const fixed = fixedBranch(ctx.session);
  const [row] = await ctx.db
    .select({
      id: appointment.id,
      status: appointment.status,
      started: sql<boolean>`lower(${appointment.period}) <= ${ctx.clock.now().toISOString()}::timestamptz`,
      start: sql<string>`lower(${appointment.period})`,
      email: customer.email,
      mobilePhone: customer.mobilePhone,
    })
    .from(appointment)
    .innerJoin(customer, eq(customer.id, appointment.customerId))
    .where(
      and(eq(appointment.id, id), fixed === null ? undefined : eq(appointment.branchId, fixed)),
    );
  if (!row) throw notFound(NotFound.appointment);
  return row;
}

const rowsOf = (ctx: Pick<Context, 'db'>, appointmentId: number, ids?: number[]) =>
  ctx.db
    .select()
    .from(reminder)
    .where(
      and(eq(reminder.appointmentId, appointmentId), ids ? inArray(reminder.id, ids) : undefined),
    )
    .orderBy(asc(reminder.sendAt), asc(reminder.id));

/** GET /appointment/{id}/reminders. */
export async function appointmentReminders(ctx: Context, id: number) {
  await reached(ctx, id);
  return { items: (await rowsOf(ctx, id)).map(present) };
}

/**
 * POST /appointment/{id}/reminders/resend: a new row per channel (or the one named), due now,
 * sent within the request through the sender's own code; a scheduled appointment not yet
 * started (409 code 39). Its key carries the resend's instant, so it never collides.
 */
export async function resendReminders(
  app: FastifyInstance,
  ctx: Context,
  id: number,
  channel: ReminderChannel | undefined,
) {
  const found = await reached(ctx, id);
  if (found.status !== 'scheduled' || found.started)
    throw conflict(Conflict.appointmentStatusLocked);
  const now = ctx.clock.now();
  const channels = reminderChannels(found).filter(
    (entry) => channel === undefined || entry.channel === channel,
  );
  if (channels.length === 0) return { items: [] };
  const start = new Date(found.start);
  const created = await ctx.db
    .insert(reminder)
    .values(
      channels.map((entry) => ({
        appointmentId: id,
        kind: 'reminder',
        channel: entry.channel,
        to: entry.to,
        sendAt: now,
        nextAttemptAt: now,
        idempotencyKey: `${reminderKey('reminder', id, entry.channel, start)}:resend:${now.toISOString()}`,
        createdAt: now,
      })),
    )
    .returning({ id: reminder.id });
  const ids = created.map((row) => row.id);
  await runReminders(app, now, ids);
  return { items: (await rowsOf(ctx, id, ids)).map(present) };
}
