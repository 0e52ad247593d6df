import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  time,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import type { AuditChanges } from './audit';
import { area, consent, treatment } from './catalogue';
import { timestamps } from './columns';
import { customer } from './customers';
import { purchasedProduct } from './orders';
import { branch, cabin, category } from './organization';
import { offer } from './packages';
import { user } from './users';
import { waitlistEntry } from './waitlist';

/**
 * The agenda (spec 002 §3, CONTRACT §13): appointments with their treatments, categories,
 * cancellations and log, and the locks of cabins' time.
 *
 * Double booking is impossible by construction: `period` is the appointment's instant range, and
 * two EXCLUDE USING gist constraints (migration 0022_agenda.sql, written by hand: drizzle-kit
 * does not generate them) refuse two slot-holding appointments overlapping in one cabin, or for
 * one attending staff member, whatever the order concurrent requests commit in (SQLSTATE 23P01,
 * answered 409 code 5).
 */

/** `tstzrange`, as text ('["2026-11-24 17:00:00+00","2026-11-24 18:00:00+00")'). */
const tstzrange = customType<{ data: string }>({ dataType: () => 'tstzrange' });

export const appointmentNumberSeq = pgSequence('appointment_number_seq', { startWith: 1 });

export const appointment = pgTable(
  'appointment',
  {
    id: serial().primaryKey(),
    appointmentNumber: integer()
      .notNull()
      .default(sql`nextval('appointment_number_seq')`)
      .unique('appointment_number_unique'),
    branchId: integer()
      .notNull()
      .references(() => branch.id),
    cabinId: integer()
      .notNull()
      .references(() => cabin.id),
    customerId: integer()
      .notNull()
      .references(() => customer.id),
    appointmentType: varchar({ length: 12 }).notNull(),
    appointmentMethod: varchar({ length: 30 }).notNull(),
    appointmentOption: varchar({ length: 20 }).notNull(),
    packageId: integer().references(() => offer.id),
    promoId: integer().references(() => offer.id),
    purchasedProductId: integer().references(() => purchasedProduct.id),
    attendedById: integer().references(() => user.id),
    /** Who booked it. */
    userId: integer().references(() => user.id),
    /** Branch-local day and times (CONTRACT §8). */
    date: date({ mode: 'string' }).notNull(),
    startTime: time().notNull(),
    endTime: time().notNull(),
    /** [start, end) as instants, from the day and times in the branch's zone. */
    period: tstzrange().notNull(),
    status: varchar({ length: 12 }).notNull().default('scheduled'),
    confirmMethod: varchar({ length: 10 }),
    /** Who confirmed last: 'staff' (PATCH …/confirm) or 'customer' (the link, CONTRACT §15). */
    confirmedBy: varchar({ length: 10 }),
    confirmedAt: timestamp({ withTimezone: true, mode: 'date' }),
    observations: varchar({ length: 500 }),
    paymentMethods: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    paymentReference: varchar({ length: 100 }),
    /** Moves of this appointment, toward the reschedule limit (409 code 16). */
    changes: integer().notNull().default(0),
    /** The consent signed at the finish (spec 002 §7), when the treatment asked for one. */
    consentId: integer().references(() => consent.id),
    consentSignedAt: timestamp({ withTimezone: true, mode: 'date' }),
    finishedAt: timestamp({ withTimezone: true, mode: 'date' }),
    /** The session series it was booked in (CONTRACT §15), null for a single booking. */
    seriesId: uuid(),
    /** A waitlist hold (status `held`, CONTRACT §15): its entry, and until when it holds. */
    waitlistEntryId: integer().references((): AnyPgColumn => waitlistEntry.id),
    holdExpiresAt: timestamp({ withTimezone: true, mode: 'date' }),
    createdAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'appointment_status_valid',
      sql`${t.status} IN ('scheduled', 'inProcess', 'finished', 'absence', 'cancelled', 'held', 'released')`,
    ),
    check(
      'appointment_type_valid',
      sql`${t.appointmentType} IN ('Médico', 'Cosmetóloga', 'Valoración')`,
    ),
    check(
      'appointment_option_valid',
      sql`${t.appointmentOption} IN ('promotions', 'packages', 'purchasedProducts', 'newTreatments')`,
    ),
    check(
      'appointment_confirm_valid',
      sql`${t.confirmMethod} IN ('si', 'no', 'whatsapp', 'buzón')`,
    ),
    check('appointment_times_order', sql`${t.startTime} < ${t.endTime}`),
    check('appointment_changes_min', sql`${t.changes} >= 0`),
    // The grid's day and the table's filters (the list's sort index on (date, id) is made by
    // platform/list-indexes.ts from its declaration).
    index('appointment_branch_date_idx').on(t.branchId, t.date, t.startTime),
    index('appointment_customer_date_idx').on(t.customerId, t.date),
    index('appointment_attended_date_idx').on(t.attendedById, t.date),
    index('appointment_purchased_product_idx').on(t.purchasedProductId),
    index('appointment_series_idx').on(t.seriesId),
  ],
);

export const appointmentTreatment = pgTable(
  'appointment_treatment',
  {
    appointmentId: integer()
      .notNull()
      .references(() => appointment.id, { onDelete: 'cascade' }),
    treatmentId: integer()
      .notNull()
      .references(() => treatment.id),
  },
  (t) => [primaryKey({ columns: [t.appointmentId, t.treatmentId] }), index().on(t.treatmentId)],
);

export const appointmentCategory = pgTable(
  'appointment_category',
  {
    appointmentId: integer()
      .notNull()
      .references(() => appointment.id, { onDelete: 'cascade' }),
    categoryId: integer()
      .notNull()
      .references(() => category.id),
  },
  (t) => [primaryKey({ columns: [t.appointmentId, t.categoryId] }), index().on(t.categoryId)],
);

/**
 * A session given at an appointment's finish (CONTRACT §13): `number` is the purchased product's
 * session it was (1 = the first), so a purchased product's sessions read in order across its
 * appointments.
 */
export const appointmentSession = pgTable(
  'appointment_session',
  {
    id: serial().primaryKey(),
    appointmentId: integer()
      .notNull()
      .references(() => appointment.id, { onDelete: 'cascade' }),
    purchasedProductId: integer()
      .notNull()
      .references(() => purchasedProduct.id),
    number: integer().notNull(),
    createdAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('appointment_session_appointment_idx').on(t.appointmentId),
    uniqueIndex('appointment_session_number_unique').on(t.purchasedProductId, t.number),
    check('appointment_session_number_min', sql`${t.number} >= 1`),
  ],
);

/** The areas worked on in a session: the key makes an area once per session by construction. */
export const appointmentSessionArea = pgTable(
  'appointment_session_area',
  {
    sessionId: integer()
      .notNull()
      .references(() => appointmentSession.id, { onDelete: 'cascade' }),
    areaId: integer()
      .notNull()
      .references(() => area.id),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.areaId] })],
);

/** A cancellation (or reschedule) of an appointment (spec 002 §3, §4). */
export const appointmentCancellation = pgTable(
  'appointment_cancellation',
  {
    id: serial().primaryKey(),
    appointmentId: integer()
      .notNull()
      .references(() => appointment.id, { onDelete: 'cascade' }),
    type: varchar({ length: 12 }).notNull(),
    reason: varchar({ length: 12 }).notNull(),
    comment: varchar({ length: 500 }),
    customerCancellation: boolean().notNull().default(false),
    userId: integer().references(() => user.id),
    createdAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    check('appointment_cancellation_type_valid', sql`${t.type} IN ('Cancellation', 'Reschedule')`),
    check(
      'appointment_cancellation_reason_valid',
      sql`${t.reason} IN ('Traffic', 'Desease', 'Work', 'Unspecified', 'Other')`,
    ),
    index().on(t.appointmentId),
  ],
);

/**
 * The bitácora (spec 002 §3 "Appointment audit entry"): every change of an appointment with its
 * fields before and after, and the appointment as it stood (day, start, status, branch,
 * customer) so the log reads without joining its present state.
 */
export const appointmentLog = pgTable(
  'appointment_log',
  {
    id: serial().primaryKey(),
    appointmentId: integer()
      .notNull()
      .references(() => appointment.id, { onDelete: 'cascade' }),
    action: varchar({ length: 20 }).notNull(),
    date: date({ mode: 'string' }).notNull(),
    startTime: time().notNull(),
    status: varchar({ length: 12 }).notNull(),
    comments: varchar({ length: 500 }),
    changes: jsonb().$type<AuditChanges>().notNull(),
    branchId: integer()
      .notNull()
      .references(() => branch.id),
    customerId: integer()
      .notNull()
      .references(() => customer.id),
    userId: integer().references(() => user.id),
    createdAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('appointment_log_branch_created_idx').on(t.branchId, t.createdAt),
    index('appointment_log_appointment_idx').on(t.appointmentId),
    index('appointment_log_customer_idx').on(t.customerId),
  ],
);

/**
 * A lock of a cabin's time (spec 002 §3, §5): `agenda_lock`, not the reserved word. What it
 * covers is `lockWindowsOn` of packages/domain/src/agenda.ts.
 */
export const agendaLock = pgTable(
  'agenda_lock',
  {
    id: serial().primaryKey(),
    branchId: integer()
      .notNull()
      .references(() => branch.id),
    cabinId: integer()
      .notNull()
      .references(() => cabin.id),
    type: varchar({ length: 12 }).notNull(),
    reason: varchar({ length: 20 }).notNull(),
    reasonDescription: varchar({ length: 500 }).notNull(),
    /** 'HH:mm' values. */
    time: text().array().notNull(),
    date: date({ mode: 'string' }),
    /** 0 = Domingo … 6 = Sábado. */
    days: smallint().array().notNull(),
    recurrent: boolean().notNull().default(false),
    userId: integer().references(() => user.id),
    ...timestamps,
  },
  (t) => [
    check(
      'agenda_lock_type_valid',
      sql`${t.type} IN ('hour', 'cabain', 'day', 'hours_range', 'days_range')`,
    ),
    check('agenda_lock_date_or_recurrent', sql`${t.recurrent} OR ${t.date} IS NOT NULL`),
    index('agenda_lock_cabin_idx')
      .on(t.cabinId)
      .where(sql`${t.deletedAt} IS NULL`),
    index('agenda_lock_branch_idx')
      .on(t.branchId, t.createdAt)
      .where(sql`${t.deletedAt} IS NULL`),
  ],
);
