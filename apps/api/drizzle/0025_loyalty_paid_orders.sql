-- Loyalty: a customer's paid orders by the instant paid, with the total and the refund carried
-- along, so the level (Σ total, not refunded, paid in 365 days), membership and the last visit are
-- read from the index alone (INCLUDE is written here: the schema builder has no INCLUDE).
CREATE INDEX "orders_customer_paid_idx" ON "orders" USING btree ("customer_id","paid_at") INCLUDE ("total","refunded_at") WHERE "orders"."payment_status" = 'paid';
