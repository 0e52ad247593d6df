-- The goals' net sales of a branch's month (modules/settings-goals/goal-sales.ts) read from the
-- index alone: paid, unrefunded orders with their total carried along (INCLUDE is written here:
-- the schema builder has no INCLUDE).
CREATE INDEX "orders_branch_sales_idx" ON "orders" USING btree ("branch_id","paid_at") INCLUDE ("total") WHERE "orders"."payment_status" = 'paid' AND "orders"."refunded_at" IS NULL;
