-- GET /customer?search= over the chain's 300,000 customers (issue 15: p95 under 30 ms): the
-- full name and the e-mail are folded once, when a customer is written (lower case, accents off,
-- as f_unaccent folds every search), and searched as stored, each with its trigram index, as the
-- log's entries are (0019_log_folded_search.sql); phones are digits, their own fold, indexed as
-- they are. The expression indexes the API created at start-up from the list (platform/
-- list-indexes.ts) go. One ALTER TABLE, so the table is rewritten once.
DROP INDEX IF EXISTS "customer_name_search_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "customer_mobile_phone_search_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "customer_phone_search_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "customer_email_search_idx";--> statement-breakpoint
ALTER TABLE "customer"
  ADD COLUMN "name_folded" text GENERATED ALWAYS AS (f_unaccent(name || ' ' || last_name || ' ' || coalesce(mother_last_name, ''))) STORED,
  ADD COLUMN "email_folded" text GENERATED ALWAYS AS (f_unaccent(email)) STORED;--> statement-breakpoint
CREATE INDEX "customer_name_folded_idx" ON "customer" USING gin ("name_folded" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customer_email_folded_idx" ON "customer" USING gin ("email_folded" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customer_mobile_phone_trgm_idx" ON "customer" USING gin ("mobile_phone" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customer_phone_trgm_idx" ON "customer" USING gin ("phone" gin_trgm_ops);--> statement-breakpoint
-- The search's plan follows the planner's estimate of the matches: the new columns get their
-- statistics now, not at the next autovacuum.
ANALYZE "customer";
