import { z } from 'zod';
import { labelled } from '../fields';
import {
  REMINDER_CHANNELS,
  REMINDER_KINDS,
  REMINDER_STATUSES,
  REMINDER_TRANSPORTS,
} from '../reminders';

/** The reminder outbox as staff read it, resend, and as tests drive it (CONTRACT §15). */

export const reminderRecord = z.object({
  id: z.number().int(),
  appointmentId: z.number().int(),
  kind: z.enum(REMINDER_KINDS),
  channel: z.enum(REMINDER_CHANNELS),
  to: z.string(),
  sendAt: z.string(),
  status: z.enum(REMINDER_STATUSES),
  attempts: z.number().int(),
  nextAttemptAt: z.string(),
  sentAt: z.string().nullable(),
  transport: z.enum(REMINDER_TRANSPORTS).nullable(),
  lastError: z.string().nullable(),
  idempotencyKey: z.string(),
  link: z.string().nullable(),
  created_at: z.string(),
});
export type ReminderRecord = z.infer<typeof reminderRecord>;

export const reminderItems = z.object({ items: z.array(reminderRecord) });

/** POST /appointment/{id}/reminders/resend: one channel, or every channel the customer has. */
export const reminderResendBody = z
  .strictObject({
    channel: labelled(
      z.enum(REMINDER_CHANNELS, { error: 'El campo Canal debe ser email o whatsapp' }),
      'Canal',
    ).optional(),
  })
  .default({});

/** POST /system/jobs/run (TEST_HOOKS only): run the jobs once as if it were `now`. */
export const jobsRunBody = z
  .strictObject({
    now: z.iso
      .datetime({ offset: true, error: 'El campo now debe ser un instante ISO' })
      .optional(),
  })
  .default({});

export const jobsRunAnswer = z.object({
  reminders: z.object({
    sent: z.number().int(),
    failed: z.number().int(),
    retried: z.number().int(),
    cancelled: z.number().int(),
  }),
  holds: z.object({ expired: z.number().int(), offered: z.number().int() }),
});
