import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { area, treatment } from './catalogue';
import { bytea, money, timestamps } from './columns';
import { branch, category, treatmentType } from './organization';

/** Packages and promotions (spec 002 §3, CONTRACT §11): one table, told apart by `type`. */

export const offer = pgTable(
  'package',
  {
    id: serial().primaryKey(),
    type: varchar({ length: 10 }).notNull(),
    sku: varchar({ length: 12 }).notNull(),
    name: varchar({ length: 80 }).notNull(),
    description: varchar({ length: 500 }).notNull(),
    treatmentTypeId: integer()
      .notNull()
      .references(() => treatmentType.id),
    categoryId: integer()
      .notNull()
      .references(() => category.id),
    points: integer().notNull(),
    /** The cabin time in minutes, a multiple of 30 (read back as 'HH:mm'). */
    cabinMinutes: integer().notNull(),
    /** Σ promotionPrice and Σ regularPrice of the lines, computed on every save. */
    price: money().notNull(),
    regularPrice: money().notNull(),
    paymentType: text().array().notNull(),
    active: boolean().notNull().default(true),
    validBySchedule: boolean().notNull().default(false),
    startDate: date({ mode: 'string' }),
    endDate: date({ mode: 'string' }),
    validByTime: boolean().notNull().default(false),
    /** Branch-local 'HH:mm'. */
    startTime: varchar({ length: 5 }),
    endTime: varchar({ length: 5 }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('package_sku_unique')
      .on(sql`lower(${t.sku})`)
      .where(sql`${t.deletedAt} IS NULL`),
    check('package_type_valid', sql`${t.type} IN ('Package', 'Promotion')`),
    check('package_sku_length', sql`char_length(${t.sku}) BETWEEN 4 AND 12`),
    check('package_points_positive', sql`${t.points} >= 0`),
    check('package_cabin_step', sql`${t.cabinMinutes} > 0 AND ${t.cabinMinutes} % 30 = 0`),
    check(
      'package_schedule_dates',
      sql`NOT ${t.validBySchedule} OR (${t.startDate} IS NOT NULL AND ${t.endDate} IS NOT NULL AND ${t.startDate} <= ${t.endDate})`,
    ),
    check(
      'package_time_window',
      sql`NOT ${t.validByTime} OR (${t.startTime} IS NOT NULL AND ${t.endTime} IS NOT NULL AND ${t.startTime} < ${t.endTime})`,
    ),
    check('package_payment_type', sql`cardinality(${t.paymentType}) >= 1`),
    index('package_type_name_idx').on(t.type, t.name),
  ],
);

export const offerBranch = pgTable(
  'package_branch',
  {
    packageId: integer()
      .notNull()
      .references(() => offer.id, { onDelete: 'cascade' }),
    branchId: integer()
      .notNull()
      .references(() => branch.id),
  },
  (t) => [primaryKey({ columns: [t.packageId, t.branchId] }), index().on(t.branchId)],
);

/** A treatment of the offer (`treatmentPackage`): its sessions (packages only), limit and prices. */
export const offerLine = pgTable(
  'package_treatment',
  {
    id: serial().primaryKey(),
    packageId: integer()
      .notNull()
      .references(() => offer.id, { onDelete: 'cascade' }),
    treatmentId: integer()
      .notNull()
      .references(() => treatment.id),
    position: integer().notNull(),
    sessions: integer(),
    limit: integer().notNull(),
    regularPrice: money().notNull(),
    promotionPrice: money().notNull(),
  },
  (t) => [
    uniqueIndex('package_treatment_unique').on(t.packageId, t.treatmentId),
    check('package_treatment_sessions', sql`${t.sessions} IS NULL OR ${t.sessions} >= 1`),
    check('package_treatment_limit', sql`${t.limit} >= 1`),
    check('package_treatment_prices', sql`${t.regularPrice} >= 0 AND ${t.promotionPrice} >= 0`),
    index().on(t.treatmentId),
  ],
);

export const offerLineArea = pgTable(
  'package_treatment_area',
  {
    lineId: integer()
      .notNull()
      .references(() => offerLine.id, { onDelete: 'cascade' }),
    areaId: integer()
      .notNull()
      .references(() => area.id),
  },
  (t) => [primaryKey({ columns: [t.lineId, t.areaId] })],
);

/** One photo per offer, in the database beside it (as the catalogue's photos). */
export const offerPhoto = pgTable('package_photo', {
  id: serial().primaryKey(),
  packageId: integer()
    .notNull()
    .unique()
    .references(() => offer.id, { onDelete: 'cascade' }),
  name: varchar({ length: 40 }).notNull().unique(),
  contentType: varchar({ length: 20 }).notNull(),
  content: bytea().notNull(),
  thumbnail: bytea().notNull(),
  createdAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
