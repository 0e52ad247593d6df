import { sql } from 'drizzle-orm';
import { check, index, integer, numeric, pgTable, serial, timestamp } from 'drizzle-orm/pg-core';
import { appointment } from './agenda';
import { treatment } from './catalogue';
import { branch } from './organization';
import { user } from './users';

const money = () => numeric({ precision: 12, scale: 2, mode: 'number' });

/**
 * The medical commission of a finished appointment (CONTRACT §12): the treatment's medical fee
 * for the sessions given, the ISR at the medic's percent of the employee file when it was
 * written, and the net to pay. One per appointment (the unique key stands behind a finish run
 * twice at once); `userId` is the medic it is paid to, reassignable later.
 */
export const medicCommission = pgTable(
  'medic_commission',
  {
    id: serial().primaryKey(),
    appointmentId: integer()
      .notNull()
      .unique('medic_commission_appointment_unique')
      .references(() => appointment.id),
    userId: integer()
      .notNull()
      .references(() => user.id),
    branchId: integer()
      .notNull()
      .references(() => branch.id),
    treatmentId: integer()
      .notNull()
      .references(() => treatment.id),
    sessions: integer().notNull(),
    fee: money().notNull(),
    isrPercent: numeric({ precision: 5, scale: 2, mode: 'number' }).notNull(),
    isr: money().notNull(),
    net: money().notNull(),
    createdAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('medic_commission_branch_created_idx').on(t.branchId, t.createdAt),
    index('medic_commission_user_created_idx').on(t.userId, t.createdAt),
    check('medic_commission_sessions_min', sql`${t.sessions} >= 1`),
    check('medic_commission_amounts', sql`${t.fee} >= 0 AND ${t.isr} >= 0`),
  ],
);
