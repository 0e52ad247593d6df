import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  time,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { appointment } from './agenda';
import { treatment } from './catalogue';
import { customer } from './customers';
import { branch, cabin } from './organization';
import { user } from './users';

/**
 * The waitlist (CONTRACT §15). An entry waits for a treatment at a branch between two days; when
 * a slot of a cabin serving its treatment's type frees up, the oldest fitting entry is offered it:
 * a `waitlist_offer` row naming the freed interval and the hold (an `appointment` row with status
 * `held`, slot-holding under the agenda's EXCLUDE constraints) kept for WAITLIST_HOLD_MINUTES.
 */
export const waitlistEntry = pgTable(
  'waitlist_entry',
  {
    id: serial().primaryKey(),
    customerId: integer()
      .notNull()
      .references(() => customer.id),
    branchId: integer()
      .notNull()
      .references(() => branch.id),
    treatmentId: integer()
      .notNull()
      .references(() => treatment.id),
    fromDate: date({ mode: 'string' }).notNull(),
    toDate: date({ mode: 'string' }).notNull(),
    timeFrom: time(),
    timeTo: time(),
    appointmentMethod: varchar({ length: 30 }).notNull(),
    notes: varchar({ length: 500 }),
    /** waiting → offered → booked; offered → waiting; → cancelled; waiting → expired. */
    status: varchar({ length: 10 }).notNull().default('waiting'),
    /** Offers that went unanswered (expired); the third makes the entry `expired`. */
    unanswered: integer().notNull().default(0),
    /** Who put the customer on the list. */
    userId: integer().references(() => user.id),
    createdAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'waitlist_entry_status_valid',
      sql`${t.status} IN ('waiting', 'offered', 'booked', 'cancelled', 'expired')`,
    ),
    check('waitlist_entry_dates_order', sql`${t.fromDate} <= ${t.toDate}`),
    check('waitlist_entry_times_order', sql`${t.timeFrom} < ${t.timeTo}`),
    // The offer's question: the oldest waiting entry of a branch.
    index('waitlist_entry_waiting_idx')
      .on(t.branchId, t.createdAt, t.id)
      .where(sql`${t.status} = 'waiting'`),
    index('waitlist_entry_customer_idx').on(t.customerId),
    index('waitlist_entry_created_idx').on(t.createdAt, t.id),
  ],
);

/**
 * An offer of a freed interval to an entry: the interval (so an entry is never offered the same
 * one twice), the hold appointment, and until when it holds. `open` while the hold lasts, then
 * `accepted`, `declined`, `expired` or `cancelled` (the entry was cancelled).
 */
export const waitlistOffer = pgTable(
  'waitlist_offer',
  {
    id: serial().primaryKey(),
    entryId: integer()
      .notNull()
      .references(() => waitlistEntry.id),
    appointmentId: integer()
      .notNull()
      .references(() => appointment.id),
    cabinId: integer()
      .notNull()
      .references(() => cabin.id),
    /** The freed interval the offer came from (branch-local day and times). */
    date: date({ mode: 'string' }).notNull(),
    intervalFrom: time().notNull(),
    intervalTo: time().notNull(),
    expiresAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
    status: varchar({ length: 10 }).notNull().default('open'),
    answeredAt: timestamp({ withTimezone: true, mode: 'date' }),
    /** Who answered: 'customer' (the link), 'staff', or 'sweeper' (expired). */
    answeredBy: text(),
    createdAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'waitlist_offer_status_valid',
      sql`${t.status} IN ('open', 'accepted', 'declined', 'expired', 'cancelled')`,
    ),
    index('waitlist_offer_entry_idx').on(t.entryId),
    index('waitlist_offer_appointment_idx').on(t.appointmentId),
    index('waitlist_offer_open_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'open'`),
  ],
);
