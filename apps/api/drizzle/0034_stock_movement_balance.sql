-- The lot's ledger index carries the balance (INCLUDE, which Drizzle's schema cannot declare: it
-- keeps the name and the key columns), so the general inventory reads a lot's balance at a month's
-- end from the index alone: one backward index-only probe per lot (read/reports/README.md).
DROP INDEX IF EXISTS "stock_movement_stock_idx";--> statement-breakpoint
CREATE INDEX "stock_movement_stock_idx" ON "stock_movement" USING btree ("stock_id","created_at","id") INCLUDE ("balance");
