import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { bytea, money, percent, timestamps } from './columns';
import { branch, category, productType, treatmentType } from './organization';
import { user } from './users';

export const provider = pgTable(
  'provider',
  {
    id: serial().primaryKey(),
    name: varchar({ length: 50 }).notNull(),
    tradename: varchar({ length: 50 }).notNull(),
    rfc: varchar({ length: 13 }).notNull(),
    regime: varchar({ length: 6 }).notNull(),
    address: varchar({ length: 50 }),
    city: varchar({ length: 50 }),
    state: varchar({ length: 50 }),
    country: varchar({ length: 50 }),
    zipCode: varchar({ length: 5 }),
    email: varchar({ length: 100 }),
    phone: varchar({ length: 10 }).notNull(),
    contactName: varchar({ length: 50 }).notNull(),
    mobilePhone: varchar({ length: 10 }).notNull(),
    payConditions: integer().notNull(),
    deliveryTime: varchar({ length: 50 }),
    bank: varchar({ length: 50 }),
    clabeAccount: varchar({ length: 18 }),
    bankAccount: varchar({ length: 20 }),
    ...timestamps,
  },
  (t) => [
    check('provider_regime_valid', sql`${t.regime} IN ('Moral', 'Fisica')`),
    check('provider_pay_conditions_min', sql`${t.payConditions} >= 0`),
  ],
);

/** A product of the catalogue; approval is pending until approved_at or rejected_at is set. */
export const product = pgTable(
  'product',
  {
    id: serial().primaryKey(),
    sku: varchar({ length: 12 }).notNull(),
    name: varchar({ length: 100 }).notNull(),
    brand: varchar({ length: 60 }).notNull(),
    barCode: varchar({ length: 50 }).notNull(),
    description: varchar({ length: 500 }).notNull(),
    contentType: varchar({ length: 20 }).notNull(),
    content: numeric({ precision: 10, scale: 2, mode: 'number' }).notNull(),
    measureUnit: varchar({ length: 5 }).notNull(),
    cost: money().notNull(),
    tax: smallint().notNull(),
    productTypeId: integer()
      .notNull()
      .references(() => productType.id),
    status: boolean().notNull().default(true),
    approvedAt: timestamp({ withTimezone: true, mode: 'date' }),
    rejectedAt: timestamp({ withTimezone: true, mode: 'date' }),
    reviewedById: integer().references(() => user.id),
    indirectExpenses: money(),
    franchiseTax: percent(),
    additionalCostFranchise: percent(),
    franchisePrice: money(),
    profitPorcentage: percent(),
    salePrice: money(),
    points: integer(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('product_sku_unique')
      .on(sql`lower(${t.sku})`)
      .where(sql`${t.deletedAt} IS NULL`),
    check('product_sku_length', sql`char_length(${t.sku}) BETWEEN 4 AND 12`),
    check('product_tax_valid', sql`${t.tax} IN (0, 8, 16)`),
    check('product_cost_min', sql`${t.cost} >= 0`),
    check('product_one_review', sql`${t.approvedAt} IS NULL OR ${t.rejectedAt} IS NULL`),
  ],
);

export const productProvider = pgTable(
  'product_provider',
  {
    productId: integer()
      .notNull()
      .references(() => product.id, { onDelete: 'cascade' }),
    providerId: integer()
      .notNull()
      .references(() => provider.id),
  },
  (t) => [primaryKey({ columns: [t.productId, t.providerId] }), index().on(t.providerId)],
);

export const productCategory = pgTable(
  'product_category',
  {
    productId: integer()
      .notNull()
      .references(() => product.id, { onDelete: 'cascade' }),
    categoryId: integer()
      .notNull()
      .references(() => category.id),
  },
  (t) => [primaryKey({ columns: [t.productId, t.categoryId] })],
);

/** Body and face areas a treatment works on, per treatment type (reference data). */
export const area = pgTable(
  'area',
  {
    id: serial().primaryKey(),
    name: varchar({ length: 60 }).notNull(),
    place: varchar({ length: 60 }).notNull(),
    treatmentTypeId: integer()
      .notNull()
      .references(() => treatmentType.id),
  },
  (t) => [uniqueIndex('area_type_place_name_unique').on(t.treatmentTypeId, t.place, t.name)],
);

/** Consent documents a customer signs before a treatment (reference data). */
export const consent = pgTable('consent', {
  id: serial().primaryKey(),
  name: varchar({ length: 80 }).notNull().unique(),
  description: varchar({ length: 200 }).notNull(),
  text: text().notNull(),
});

export const appliance = pgTable(
  'appliance',
  {
    id: serial().primaryKey(),
    treatmentTypeId: integer()
      .notNull()
      .references(() => treatmentType.id),
    name: varchar({ length: 80 }).notNull(),
    brand: varchar({ length: 60 }).notNull(),
    model: varchar({ length: 60 }).notNull(),
    description: varchar({ length: 500 }),
    status: varchar({ length: 20 }).notNull().default('Funcionando'),
    active: boolean().notNull().default(true),
    ...timestamps,
  },
  (t) => [
    check(
      'appliance_status_valid',
      sql`${t.status} IN ('Funcionando', 'Averiado', 'Con fallas', 'En reparación')`,
    ),
  ],
);

/** An appliance installed at a branch; the sku is its device number, unique among live links. */
export const branchAppliance = pgTable(
  'branch_appliance',
  {
    id: serial().primaryKey(),
    applianceId: integer()
      .notNull()
      .references(() => appliance.id),
    branchId: integer()
      .notNull()
      .references(() => branch.id),
    sku: varchar({ length: 30 }).notNull(),
    statusDescription: varchar({ length: 20 }).notNull().default('Funcionando'),
    lastMaintenance: date({ mode: 'string' }),
    comments: varchar({ length: 500 }),
    status: boolean().notNull().default(true),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('branch_appliance_sku_unique')
      .on(sql`lower(${t.sku})`)
      .where(sql`${t.deletedAt} IS NULL`),
    check(
      'branch_appliance_status_valid',
      sql`${t.statusDescription} IN ('Funcionando', 'Averiado', 'Con fallas', 'En reparación')`,
    ),
    index().on(t.branchId),
  ],
);

export const treatment = pgTable(
  'treatment',
  {
    id: serial().primaryKey(),
    sku: varchar({ length: 10 }).notNull(),
    name: varchar({ length: 80 }).notNull(),
    description: varchar({ length: 500 }).notNull(),
    treatmentTypeId: integer()
      .notNull()
      .references(() => treatmentType.id),
    price: money().notNull(),
    medicalFee: money(),
    points: integer().notNull(),
    /** The duration in minutes, a multiple of 30 (read back as 'HH:mm'). */
    durationMinutes: integer().notNull(),
    assessment: boolean().notNull().default(false),
    consent: boolean().notNull().default(false),
    consentId: integer().references(() => consent.id),
    /** Offered on the public booking page (CONTRACT §15). */
    onlineBooking: boolean().notNull().default(false),
    active: boolean().notNull().default(true),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('treatment_sku_unique')
      .on(sql`lower(${t.sku})`)
      .where(sql`${t.deletedAt} IS NULL`),
    check('treatment_sku_length', sql`char_length(${t.sku}) BETWEEN 4 AND 10`),
    check(
      'treatment_duration_step',
      sql`${t.durationMinutes} > 0 AND ${t.durationMinutes} % 30 = 0`,
    ),
    check('treatment_consent_chosen', sql`NOT ${t.consent} OR ${t.consentId} IS NOT NULL`),
    check('treatment_price_min', sql`${t.price} >= 0`),
  ],
);

export const treatmentCategory = pgTable(
  'treatment_category',
  {
    treatmentId: integer()
      .notNull()
      .references(() => treatment.id, { onDelete: 'cascade' }),
    categoryId: integer()
      .notNull()
      .references(() => category.id),
  },
  (t) => [primaryKey({ columns: [t.treatmentId, t.categoryId] }), index().on(t.categoryId)],
);

export const treatmentArea = pgTable(
  'treatment_area',
  {
    treatmentId: integer()
      .notNull()
      .references(() => treatment.id, { onDelete: 'cascade' }),
    areaId: integer()
      .notNull()
      .references(() => area.id),
  },
  (t) => [primaryKey({ columns: [t.treatmentId, t.areaId] })],
);

export const treatmentAppliance = pgTable(
  'treatment_appliance',
  {
    treatmentId: integer()
      .notNull()
      .references(() => treatment.id, { onDelete: 'cascade' }),
    applianceId: integer()
      .notNull()
      .references(() => appliance.id),
  },
  (t) => [primaryKey({ columns: [t.treatmentId, t.applianceId] })],
);

/** The products a treatment consumes per session, with their quantity. */
export const treatmentProduct = pgTable(
  'treatment_product',
  {
    treatmentId: integer()
      .notNull()
      .references(() => treatment.id, { onDelete: 'cascade' }),
    productId: integer()
      .notNull()
      .references(() => product.id),
    quantity: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.treatmentId, t.productId] }),
    check('treatment_product_quantity_min', sql`${t.quantity} >= 1`),
  ],
);

/**
 * A product's or a treatment's photo: the checked original and a small webp thumbnail. The random
 * name (128 bits) is what the public photo routes answer to.
 */
export const catalogPhoto = pgTable(
  'catalog_photo',
  {
    id: serial().primaryKey(),
    name: varchar({ length: 40 }).notNull().unique(),
    productId: integer().references(() => product.id, { onDelete: 'cascade' }),
    treatmentId: integer().references(() => treatment.id, { onDelete: 'cascade' }),
    contentType: varchar({ length: 20 }).notNull(),
    content: bytea().notNull(),
    thumbnail: bytea().notNull(),
    createdAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    check('catalog_photo_one_owner', sql`(${t.productId} IS NULL) <> (${t.treatmentId} IS NULL)`),
    index().on(t.productId),
    uniqueIndex('catalog_photo_treatment_unique')
      .on(t.treatmentId)
      .where(sql`${t.treatmentId} IS NOT NULL`),
  ],
);
