import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { branch } from './organization';
import { user } from './users';

const instant = () => timestamp({ withTimezone: true, mode: 'date' });

/**
 * Refresh tokens, stored hashed. Each use rotates the token (rotatedAt set, a new row in the same
 * family); presenting a rotated token again revokes the whole family (CONTRACT §4).
 */
export const refreshToken = pgTable(
  'refresh_token',
  {
    id: uuid().primaryKey().defaultRandom(),
    familyId: uuid().notNull(),
    userId: integer()
      .notNull()
      .references(() => user.id),
    branchId: integer()
      .notNull()
      .references(() => branch.id),
    secretHash: varchar({ length: 64 }).notNull(),
    remember: boolean().notNull().default(false),
    pinFailures: integer().notNull().default(0),
    expiresAt: instant().notNull(),
    createdAt: instant().notNull().defaultNow(),
    rotatedAt: instant(),
    revokedAt: instant(),
  },
  (t) => [
    index('refresh_token_family_idx').on(t.familyId),
    index('refresh_token_user_idx').on(t.userId),
  ],
);

/** Failed password sign-ins, counted per username in a sliding window (lockout, CONTRACT §4). */
export const signInFailure = pgTable(
  'sign_in_failure',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    username: varchar({ length: 100 }).notNull(),
    createdAt: instant().notNull(),
  },
  (t) => [index('sign_in_failure_username_idx').on(t.username, t.createdAt)],
);

export const signInLock = pgTable('sign_in_lock', {
  username: varchar({ length: 100 }).primaryKey(),
  lockedUntil: instant().notNull(),
});

/** Password reset codes, stored hashed; single use, 15 minutes. */
export const resetCode = pgTable(
  'reset_code',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => user.id),
    codeHash: varchar({ length: 64 }).notNull(),
    /** 'reset' (6 characters, 15 minutes) or 'invitation' (24 characters, 72 hours, sets the PIN too). */
    purpose: varchar({ length: 10 }).notNull().default('reset'),
    attempts: integer().notNull().default(0),
    expiresAt: instant().notNull(),
    usedAt: instant(),
    createdAt: instant().notNull(),
  },
  (t) => [index('reset_code_user_idx').on(t.userId)],
);

/** Every e-mail the system sends, kept; without SMTP_URL this is where a reset code is read. */
export const mailOutbox = pgTable('mail_outbox', {
  id: serial().primaryKey(),
  to: varchar({ length: 100 }).notNull(),
  subject: varchar({ length: 200 }).notNull(),
  text: text().notNull(),
  createdAt: instant().notNull(),
  sentAt: instant(),
  error: text(),
});

/** A staff member's arrival at a branch ('Registrar Entrada'). */
export const attendance = pgTable(
  'attendance',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => user.id),
    branchId: integer()
      .notNull()
      .references(() => branch.id),
    registeredById: integer().references(() => user.id),
    checkedInAt: instant().notNull(),
  },
  (t) => [index('attendance_branch_idx').on(t.branchId, t.checkedInAt)],
);

/** Values kept with the data, such as the generated token signing key. */
export const appSetting = pgTable('app_setting', {
  key: varchar({ length: 60 }).primaryKey(),
  value: text().notNull(),
  createdAt: instant()
    .notNull()
    .default(sql`now()`),
});
