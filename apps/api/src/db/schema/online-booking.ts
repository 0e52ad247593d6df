import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { appointment } from './agenda';
import { treatment } from './catalogue';
import { branch } from './organization';

/**
 * A public booking request (CONTRACT §15): the slot and the person's data as typed, waiting for
 * the code mailed to them. `id` is the opaque `requestId` (22 random characters); the code is kept
 * only as its hash. The rate limits count these rows (so every API process shares them), by
 * mobile, e-mail and client address over the last hour.
 */
export const bookingRequest = pgTable(
  'booking_request',
  {
    id: varchar({ length: 22 }).primaryKey(),
    branchId: integer()
      .notNull()
      .references(() => branch.id),
    treatmentId: integer()
      .notNull()
      .references(() => treatment.id),
    date: date({ mode: 'string' }).notNull(),
    startTime: varchar({ length: 5 }).notNull(),
    name: varchar({ length: 50 }).notNull(),
    lastName: varchar({ length: 50 }).notNull(),
    motherLastName: varchar({ length: 50 }),
    birthday: date({ mode: 'string' }).notNull(),
    mobilePhone: varchar({ length: 10 }).notNull(),
    /** Case-folded as typed. */
    email: varchar({ length: 100 }).notNull(),
    clientAddress: varchar({ length: 64 }).notNull(),
    codeHash: varchar({ length: 64 }).notNull(),
    attempts: smallint().notNull().default(0),
    /** pending → used (booked) or voided (the 5th wrong code). */
    status: varchar({ length: 10 }).notNull().default('pending'),
    expiresAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
    appointmentId: integer().references(() => appointment.id),
    createdAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    check('booking_request_status_valid', sql`${t.status} IN ('pending', 'used', 'voided')`),
    check('booking_request_attempts_range', sql`${t.attempts} BETWEEN 0 AND 5`),
    index('booking_request_mobile_idx').on(t.mobilePhone, t.createdAt),
    index('booking_request_email_idx').on(t.email, t.createdAt),
    index('booking_request_address_idx').on(t.clientAddress, t.createdAt),
  ],
);

/**
 * The reminder outbox (CONTRACT §15): a row per appointment, kind and channel, planned, moved and
 * cancelled in the transaction that changes the appointment, and sent by the sender inside the API
 * process. `idempotencyKey` (unique among rows not cancelled) names the appointment's start, so a
 * moved appointment gets a new key and a repeat of one send carries the same one.
 */
export const reminder = pgTable(
  'reminder',
  {
    id: serial().primaryKey(),
    appointmentId: integer()
      .notNull()
      .references(() => appointment.id),
    kind: varchar({ length: 20 }).notNull(),
    channel: varchar({ length: 10 }).notNull(),
    to: varchar({ length: 100 }).notNull(),
    sendAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
    status: varchar({ length: 10 }).notNull().default('pending'),
    attempts: smallint().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
    sentAt: timestamp({ withTimezone: true, mode: 'date' }),
    transport: varchar({ length: 10 }),
    lastError: varchar({ length: 500 }),
    idempotencyKey: varchar({ length: 120 }).notNull(),
    /** The link the message carried, once sent. */
    link: varchar({ length: 300 }),
    createdAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    // Unique among live rows: a cancelled row's key may be planned again (moved back).
    uniqueIndex('reminder_idempotency_key_unique')
      .on(t.idempotencyKey)
      .where(sql`${t.status} <> 'cancelled'`),
    index('reminder_appointment_idx').on(t.appointmentId),
    index('reminder_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    check('reminder_kind_valid', sql`${t.kind} IN ('reminder', 'waitlist-offer')`),
    check('reminder_channel_valid', sql`${t.channel} IN ('email', 'whatsapp')`),
    check('reminder_status_valid', sql`${t.status} IN ('pending', 'sent', 'failed', 'cancelled')`),
    check('reminder_transport_valid', sql`${t.transport} IN ('smtp', 'webhook', 'log')`),
  ],
);
