import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { bytea, timestamps } from './columns';
import { branch, jobPosition, role } from './organization';

/** A staff member; `username` is the e-mail they sign in with. */
export const user = pgTable(
  'user',
  {
    id: serial().primaryKey(),
    name: varchar({ length: 50 }).notNull(),
    lastName: varchar({ length: 50 }).notNull(),
    motherLastName: varchar({ length: 50 }).notNull(),
    username: varchar({ length: 100 }).notNull(),
    passwordHash: varchar({ length: 255 }).notNull(),
    pinHash: varchar({ length: 255 }),
    roleId: integer()
      .notNull()
      .references(() => role.id),
    status: varchar({ length: 10 }).notNull().default('activo'),
    passwordChangedAt: timestamp({ withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('user_username_unique')
      .on(sql`lower(${t.username})`)
      .where(sql`${t.deletedAt} IS NULL`),
    check('user_status_valid', sql`${t.status} IN ('activo', 'inactivo')`),
  ],
);

/** The employee file (kardex) of spec 000 §3; its parts live in the tables below. */
export const kardex = pgTable(
  'kardex',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .unique()
      .references(() => user.id),
    employeeNumber: varchar({ length: 6 }).notNull(),
    jobPositionId: integer()
      .notNull()
      .references(() => jobPosition.id),
    branchId: integer()
      .notNull()
      .references(() => branch.id),
    birthdate: date().notNull(),
    admissionDate: date().notNull(),
    workShift: varchar({ length: 20 }).notNull(),
    departureDate: date(),
    reentryDate: date(),
    photo: varchar({ length: 120 }),
    deletedAt: timestamp({ withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('kardex_employee_number_unique')
      .on(t.employeeNumber)
      .where(sql`${t.deletedAt} IS NULL`),
    index('kardex_branch_idx').on(t.branchId),
  ],
);

const kardexId = () =>
  integer()
    .notNull()
    .references(() => kardex.id, { onDelete: 'cascade' });

export const kardexAddress = pgTable('kardex_address', {
  id: serial().primaryKey(),
  kardexId: kardexId().unique(),
  address: varchar({ length: 255 }).notNull(),
  state: varchar({ length: 50 }).notNull(),
  city: varchar({ length: 50 }).notNull(),
  addressINE: varchar({ length: 255 }).notNull(),
  stateINE: varchar({ length: 50 }).notNull(),
  cityINE: varchar({ length: 50 }).notNull(),
});

export const kardexBankInformation = pgTable('kardex_bank_information', {
  id: serial().primaryKey(),
  kardexId: kardexId().unique(),
  salary: numeric({ precision: 12, scale: 2 }).notNull(),
  bankAccount: varchar({ length: 18 }).notNull(),
  isr: numeric({ precision: 5, scale: 2 }),
});

export const kardexPersonalData = pgTable('kardex_personal_data', {
  id: serial().primaryKey(),
  kardexId: kardexId().unique(),
  gender: varchar({ length: 20 }).notNull(),
  maritalStatus: varchar({ length: 20 }).notNull(),
  nationality: varchar({ length: 50 }).notNull(),
  birthState: varchar({ length: 50 }).notNull(),
  birthCity: varchar({ length: 50 }).notNull(),
  nss: varchar({ length: 11 }).notNull(),
  curp: varchar({ length: 18 }).notNull(),
  rfc: varchar({ length: 13 }).notNull(),
  ocr: varchar({ length: 13 }).notNull(),
  infonavit: smallint().notNull(),
  educationalDegree: varchar({ length: 30 }).notNull(),
  profession: varchar({ length: 50 }).notNull(),
  professionalLicense: varchar({ length: 30 }),
  provisionalProfesionalLicense: varchar({ length: 30 }),
  childrens: smallint().notNull(),
  email: varchar({ length: 100 }).notNull(),
  bloodType: varchar({ length: 3 }).notNull(),
  diseases: varchar({ length: 255 }).notNull(),
  allergies: varchar({ length: 255 }).notNull(),
  drugAllergies: varchar({ length: 255 }).notNull(),
});

export const kardexContact = pgTable('kardex_contact', {
  id: serial().primaryKey(),
  kardexId: kardexId(),
  name: varchar({ length: 100 }).notNull(),
  relationships: varchar({ length: 50 }).notNull(),
  phone: varchar({ length: 10 }).notNull(),
  main: smallint().notNull(),
});

export const kardexJobReference = pgTable('kardex_job_reference', {
  id: serial().primaryKey(),
  kardexId: kardexId(),
  company: varchar({ length: 80 }).notNull(),
  position: varchar({ length: 80 }).notNull(),
  boss: varchar({ length: 80 }).notNull(),
  phone: varchar({ length: 10 }).notNull(),
  main: smallint().notNull(),
});

export const kardexSignature = pgTable(
  'kardex_signature',
  {
    id: serial().primaryKey(),
    kardexId: kardexId(),
    number: smallint().notNull(),
    date: date().notNull(),
  },
  (t) => [
    uniqueIndex('kardex_signature_number_unique').on(t.kardexId, t.number),
    check('kardex_signature_number_range', sql`${t.number} BETWEEN 1 AND 4`),
  ],
);

export const kardexPhone = pgTable('kardex_phone', {
  id: serial().primaryKey(),
  kardexId: kardexId(),
  phone: varchar({ length: 10 }).notNull(),
});

/** A staff member's photo and its thumbnail; `kardex.photo` holds the name it is served by. */
export const staffPhoto = pgTable('staff_photo', {
  id: serial().primaryKey(),
  name: varchar({ length: 40 }).notNull().unique(),
  kardexId: kardexId().unique(),
  contentType: varchar({ length: 20 }).notNull(),
  content: bytea().notNull(),
  thumbnail: bytea().notNull(),
  createdAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
