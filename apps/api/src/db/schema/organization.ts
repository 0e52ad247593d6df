import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  smallint,
  time,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import type { Action } from '@clinica/domain';
import { timestamps } from './columns';

export const branch = pgTable(
  'branch',
  {
    id: serial().primaryKey(),
    name: varchar({ length: 100 }).notNull(),
    street: varchar({ length: 150 }).notNull(),
    extNumber: varchar({ length: 20 }).notNull(),
    intNumber: varchar({ length: 20 }),
    suburb: varchar({ length: 100 }).notNull(),
    city: varchar({ length: 100 }).notNull(),
    state: varchar({ length: 100 }).notNull(),
    zipCode: varchar({ length: 5 }).notNull(),
    phone: varchar({ length: 10 }).notNull(),
    lat: numeric({ precision: 10, scale: 7 }),
    lng: numeric({ precision: 10, scale: 7 }),
    code: varchar({ length: 10 }).notNull(),
    zone: varchar({ length: 64 }).notNull().default('America/Tijuana'),
    franchise: boolean().notNull().default(false),
    active: boolean().notNull().default(true),
    rfc: varchar({ length: 13 }).notNull(),
    businessName: varchar({ length: 150 }).notNull(),
    distributionCenter: boolean().notNull().default(false),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('branch_code_unique')
      .on(t.code)
      .where(sql`${t.deletedAt} IS NULL`),
    check('branch_zip_code_length', sql`char_length(${t.zipCode}) = 5`),
    check('branch_code_length', sql`char_length(${t.code}) = 10`),
    // The four zones of the specification, as IANA names (CONTRACT §8).
    check(
      'branch_zone_iana',
      sql`${t.zone} IN ('America/Cancun', 'America/Mexico_City', 'America/Mazatlan', 'America/Tijuana')`,
    ),
  ],
);

/**
 * One row per day; a day off is 00:00–00:00 (spec 000 §4). Day 0 is Monday, 6 Sunday (spec 002 §3,
 * CONTRACT §8).
 */
export const branchSchedule = pgTable(
  'branch_schedule',
  {
    id: serial().primaryKey(),
    branchId: integer()
      .notNull()
      .references(() => branch.id, { onDelete: 'cascade' }),
    day: smallint().notNull(),
    opening: time().notNull(),
    closing: time().notNull(),
  },
  (t) => [
    uniqueIndex('branch_schedule_day_unique').on(t.branchId, t.day),
    check('branch_schedule_day_range', sql`${t.day} BETWEEN 0 AND 6`),
  ],
);

export const department = pgTable('department', {
  id: serial().primaryKey(),
  name: varchar({ length: 80 }).notNull().unique(),
});

export const jobPosition = pgTable('job_position', {
  id: serial().primaryKey(),
  name: varchar({ length: 80 }).notNull().unique(),
  departmentId: integer()
    .notNull()
    .references(() => department.id),
});

export const color = pgTable('color', {
  id: serial().primaryKey(),
  name: varchar({ length: 40 }).notNull(),
  hex: varchar({ length: 6 }).notNull().unique(),
});

export const treatmentType = pgTable('treatment_type', {
  id: serial().primaryKey(),
  name: varchar({ length: 40 }).notNull().unique(),
  appointmentName: varchar({ length: 60 }).notNull(),
});

export const productType = pgTable('product_type', {
  id: serial().primaryKey(),
  name: varchar({ length: 40 }).notNull().unique(),
});

/** A role and its privilege map (resource key → action keys), editable by the super admin. */
export const role = pgTable('role', {
  id: serial().primaryKey(),
  key: varchar({ length: 40 }).notNull().unique(),
  role: varchar({ length: 60 }).notNull().unique(),
  privileges: jsonb().$type<Record<string, string[]>>().notNull(),
  updatedAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** The resource keys privileges are granted on (GET /module). `alias` is the key. */
export const module = pgTable('module', {
  id: serial().primaryKey(),
  alias: varchar({ length: 40 }).notNull().unique(),
  name: varchar({ length: 80 }).notNull(),
  group: varchar({ length: 40 }).notNull(),
  actions: jsonb().$type<Action[]>().notNull(),
});

/** Cabin types: each with its own colour on the agenda (unique among live types). */
export const cabinType = pgTable(
  'cabin_type',
  {
    id: serial().primaryKey(),
    name: varchar({ length: 60 }).notNull(),
    order: integer().notNull(),
    color: varchar({ length: 6 }).notNull(),
    treatmentTypeId: integer()
      .notNull()
      .references(() => treatmentType.id),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('cabin_type_color_unique')
      .on(t.color)
      .where(sql`${t.deletedAt} IS NULL`),
    check('cabin_type_order_min', sql`${t.order} >= 1`),
  ],
);

/** Cabins (treatment rooms) of a branch. */
export const cabin = pgTable(
  'cabin',
  {
    id: serial().primaryKey(),
    name: varchar({ length: 60 }).notNull(),
    typeId: integer()
      .notNull()
      .references(() => cabinType.id),
    branchId: integer()
      .notNull()
      .references(() => branch.id),
    status: boolean().notNull().default(true),
    description: varchar({ length: 80 }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('cabin_branch_name_unique')
      .on(t.branchId, sql`lower(${t.name})`)
      .where(sql`${t.deletedAt} IS NULL`),
  ],
);

/**
 * A cabin's weekly hours, days 0 (Monday) to 6 (Sunday); each enabled day lies within its branch's
 * hours for that day.
 */
export const cabinSchedule = pgTable(
  'cabin_schedule',
  {
    id: serial().primaryKey(),
    cabinId: integer()
      .notNull()
      .references(() => cabin.id, { onDelete: 'cascade' }),
    day: smallint().notNull(),
    opening: time().notNull(),
    closing: time().notNull(),
  },
  (t) => [
    uniqueIndex('cabin_schedule_day_unique').on(t.cabinId, t.day),
    check('cabin_schedule_day_range', sql`${t.day} BETWEEN 0 AND 6`),
  ],
);

/** Categories of treatments or products. */
export const category = pgTable(
  'category',
  {
    id: serial().primaryKey(),
    name: varchar({ length: 80 }).notNull(),
    type: varchar({ length: 10 }).notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('category_name_type_unique')
      .on(sql`lower(${t.name})`, t.type)
      .where(sql`${t.deletedAt} IS NULL`),
    check('category_type_valid', sql`${t.type} IN ('treatment', 'product')`),
  ],
);
