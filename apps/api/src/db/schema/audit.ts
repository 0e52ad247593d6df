import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  bigserial,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { product } from './catalogue';
import { branch } from './organization';
import { stock } from './stock';
import { user } from './users';

export type AuditChanges = Record<string, { before: unknown; after: unknown }>;

/**
 * The audit log (CONTRACT §5; spec 001 "history entry"): written in the same transaction as the
 * change it records. `module` is a resource key (or `auth` for sign-in events).
 *
 * The stock flows (transfers, purchase/sale/assortment orders, adjustments) also name what moved:
 * the lot (`stock_id`), the product, the branches units left and reached, and the order's number
 * as printed (`order_number`, e.g. 'OC-000123'; the spec's `order`). All of them are optional:
 * most entries are not about stock.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    module: varchar({ length: 40 }).notNull(),
    action: varchar({ length: 30 }).notNull(),
    recordId: integer(),
    userId: integer().references(() => user.id),
    branchId: integer().references(() => branch.id),
    changes: jsonb().$type<AuditChanges>(),
    detail: text(),
    stockId: integer().references(() => stock.id),
    productId: integer().references(() => product.id),
    originBranchId: integer().references(() => branch.id),
    destinationBranchId: integer().references(() => branch.id),
    orderNumber: text(),
    createdAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    // The searched fields folded once, when the entry is written (lower case, accents off, as
    // f_unaccent folds every search), each with its trigram index: GET /log?search= compares
    // stored text instead of calling the PL/pgSQL fold on every candidate entry it rechecks.
    moduleFolded: text().generatedAlwaysAs(sql`f_unaccent(module)`),
    actionFolded: text().generatedAlwaysAs(sql`f_unaccent(action)`),
    detailFolded: text().generatedAlwaysAs(sql`f_unaccent(detail)`),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_module_idx').on(t.module, t.createdAt),
    index('audit_log_user_idx').on(t.userId),
    // GET /log?productId= : a product's history, newest first.
    index('audit_log_product_idx').on(t.productId, t.createdAt),
    index('audit_log_module_folded_idx').using('gin', t.moduleFolded.op('gin_trgm_ops')),
    index('audit_log_action_folded_idx').using('gin', t.actionFolded.op('gin_trgm_ops')),
    index('audit_log_detail_folded_idx').using('gin', t.detailFolded.op('gin_trgm_ops')),
  ],
);
