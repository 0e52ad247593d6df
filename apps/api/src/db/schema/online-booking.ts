import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  smallint,
  timestamp,
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
