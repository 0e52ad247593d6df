import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgSequence,
  pgTable,
  serial,
  text,
  uniqueIndex,
  varchar,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { bytea, timestamps } from './columns';
import { branch } from './organization';
import { user } from './users';

/** The customer number printed on tickets (CONTRACT §10), apart from the row id. */
export const customerNumberSeq = pgSequence('customer_number_seq', { startWith: 1 });

/**
 * A customer of the chain (spec 002 §3, CONTRACT §10): every branch sees them; registryBranch is
 * where they were registered. Mobile and e-mail are unique among live customers.
 */
export const customer = pgTable(
  'customer',
  {
    id: serial().primaryKey(),
    customerId: integer()
      .notNull()
      .default(sql`nextval('customer_number_seq')`)
      .unique('customer_number_unique'),
    registryBranchId: integer()
      .notNull()
      .references(() => branch.id),
    name: varchar({ length: 50 }).notNull(),
    lastName: varchar({ length: 50 }).notNull(),
    motherLastName: varchar({ length: 50 }),
    gender: varchar({ length: 10 }),
    birthday: date({ mode: 'string' }).notNull(),
    phone: varchar({ length: 10 }),
    mobilePhone: varchar({ length: 10 }),
    email: varchar({ length: 100 }),
    maritalStatus: varchar({ length: 12 }),
    originCountry: varchar({ length: 50 }),
    reference: varchar({ length: 100 }),
    isTutor: integer().notNull().default(0),
    tutorId: integer().references((): AnyPgColumn => customer.id),
    relationship: varchar({ length: 50 }),
    status: boolean().notNull().default(true),
    blackList: integer().notNull().default(0),
    cancellations: integer().notNull().default(0),
    missedAppointments: integer().notNull().default(0),
    points: integer().notNull().default(0),
    ...timestamps,
    // The searched text folded once, when the row is written (lower case, accents off, as
    // f_unaccent folds every search), each with its trigram index: GET /customer?search= over
    // 300,000 customers compares stored text instead of calling the PL/pgSQL fold on every
    // candidate (the log's pattern). The full name as the list searches it ("ana lopez").
    // Phones are digits (the schema strips the mask), their own fold: indexed as they are.
    nameFolded: text().generatedAlwaysAs(
      sql`f_unaccent(name || ' ' || last_name || ' ' || coalesce(mother_last_name, ''))`,
    ),
    emailFolded: text().generatedAlwaysAs(sql`f_unaccent(email)`),
  },
  (t) => [
    check('customer_points_not_negative', sql`${t.points} >= 0`),
    check('customer_cancellations_not_negative', sql`${t.cancellations} >= 0`),
    check('customer_missed_not_negative', sql`${t.missedAppointments} >= 0`),
    check('customer_is_tutor_01', sql`${t.isTutor} IN (0, 1)`),
    check('customer_black_list_01', sql`${t.blackList} IN (0, 1)`),
    check('customer_gender_valid', sql`${t.gender} IN ('Masculino', 'Femenino', 'Otro')`),
    check(
      'customer_marital_status_valid',
      sql`${t.maritalStatus} IN ('Soltero', 'Casado', 'Viudo', 'Divorciado', 'Otro')`,
    ),
    check('customer_not_own_tutor', sql`${t.tutorId} <> ${t.id}`),
    uniqueIndex('customer_mobile_unique')
      .on(t.mobilePhone)
      .where(sql`${t.deletedAt} IS NULL AND ${t.mobilePhone} IS NOT NULL`),
    uniqueIndex('customer_email_unique')
      .on(t.email)
      .where(sql`${t.deletedAt} IS NULL AND ${t.email} IS NOT NULL`),
    index('customer_tutor_idx').on(t.tutorId),
    index('customer_name_folded_idx').using('gin', t.nameFolded.op('gin_trgm_ops')),
    index('customer_email_folded_idx').using('gin', t.emailFolded.op('gin_trgm_ops')),
    index('customer_mobile_phone_trgm_idx').using('gin', t.mobilePhone.op('gin_trgm_ops')),
    index('customer_phone_trgm_idx').using('gin', t.phone.op('gin_trgm_ops')),
    // The loyalty lists sort by points (spec 002 §2): a page walks this index, highest first, and
    // tests its filters (status, level range, bought this year) row by row until the page is full,
    // instead of testing and sorting every customer (30,000: 60–500 ms; walked: 0.1–20 ms). The id
    // breaks ties as the lists do.
    index('customer_points_idx').on(t.points, t.id),
  ],
);

/** A note on a customer (CONTRACT §10): General, Clínica, Seguimiento or Queja, with one photo. */
export const customerNote = pgTable(
  'customer_note',
  {
    id: serial().primaryKey(),
    customerId: integer()
      .notNull()
      .references(() => customer.id),
    noteType: varchar({ length: 12 }).notNull(),
    title: varchar({ length: 100 }).notNull(),
    note: text().notNull(),
    userId: integer()
      .notNull()
      .references(() => user.id),
    photoName: varchar({ length: 40 }).unique('customer_note_photo_unique'),
    photoType: varchar({ length: 20 }),
    photo: bytea(),
    photoThumbnail: bytea(),
    ...timestamps,
  },
  (t) => [
    check(
      'customer_note_type_valid',
      sql`${t.noteType} IN ('General', 'Clínica', 'Seguimiento', 'Queja')`,
    ),
    index('customer_note_customer_idx').on(t.customerId, t.createdAt),
  ],
);
