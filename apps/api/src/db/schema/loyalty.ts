import { sql } from 'drizzle-orm';
import {
  check,
  integer,
  pgTable,
  serial,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { money } from './columns';

/** The loyalty levels and the paid purchases over 365 days each starts at (CONTRACT §10). */
export const loyaltyLevel = pgTable(
  'loyalty_level',
  {
    id: serial().primaryKey(),
    scale: varchar({ length: 10 }).notNull(),
    /** MXN of paid purchases, net of refunds, over the last 365 days. */
    minimum: money().notNull(),
    position: integer().notNull(),
    updatedAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('loyalty_level_scale_unique').on(t.scale),
    uniqueIndex('loyalty_level_position_unique').on(t.position),
    check(
      'loyalty_level_scale_valid',
      sql`${t.scale} IN ('bronze', 'silver', 'gold', 'platinum', 'diamond')`,
    ),
    check('loyalty_level_minimum', sql`${t.minimum} >= 0`),
  ],
);
