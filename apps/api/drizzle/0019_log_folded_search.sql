-- GET /log?search= rechecked every candidate entry with the PL/pgSQL fold (f_unaccent) of its
-- module, action and detail: 2,400 entries of one user, three calls each. The folds are stored
-- instead, computed once when an entry is written, each with its trigram index; the expression
-- indexes they replace go (audit_log_detail_search_idx of 0007_log_search.sql, and the ones the
-- API created at start-up for module and action, platform/list-indexes.ts). One ALTER TABLE, so
-- the log is rewritten once.
DROP INDEX IF EXISTS "audit_log_detail_search_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "audit_log_module_search_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "audit_log_action_search_idx";--> statement-breakpoint
ALTER TABLE "audit_log"
  ADD COLUMN "module_folded" text GENERATED ALWAYS AS (f_unaccent(module)) STORED,
  ADD COLUMN "action_folded" text GENERATED ALWAYS AS (f_unaccent(action)) STORED,
  ADD COLUMN "detail_folded" text GENERATED ALWAYS AS (f_unaccent(detail)) STORED;--> statement-breakpoint
CREATE INDEX "audit_log_module_folded_idx" ON "audit_log" USING gin ("module_folded" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "audit_log_action_folded_idx" ON "audit_log" USING gin ("action_folded" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "audit_log_detail_folded_idx" ON "audit_log" USING gin ("detail_folded" gin_trgm_ops);
--> statement-breakpoint
-- The log's count and plan follow the planner's estimate of the matches (platform/list.ts,
-- countCap): the new columns get their statistics now, not at the next autovacuum.
ANALYZE "audit_log";
