ALTER TABLE "orders" ADD COLUMN "paid_date" date;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_date" date;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_amount" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "appointment_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "ticket_prints" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_ticket_prints" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The day money counts on, for the orders already paid or refunded: the branch-local day of the instant.
UPDATE "orders" AS o SET "paid_date" = (o."paid_at" AT TIME ZONE b."zone")::date FROM "branch" AS b WHERE b."id" = o."branch_id" AND o."paid_at" IS NOT NULL;--> statement-breakpoint
UPDATE "orders" AS o SET "refund_date" = (o."refunded_at" AT TIME ZONE b."zone")::date FROM "branch" AS b WHERE b."id" = o."branch_id" AND o."refunded_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_origin_created_idx" ON "orders" USING btree ("origin","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_origin_branch_created_idx" ON "orders" USING btree ("origin","branch_id","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_branch_paid_date_idx" ON "orders" USING btree ("branch_id","paid_date");--> statement-breakpoint
CREATE INDEX "orders_branch_refund_date_idx" ON "orders" USING btree ("branch_id","refund_date") WHERE "orders"."refund_date" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "order_payment_order_method_idx" ON "order_payment" USING btree ("order_id","payment_method");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_paid_date" CHECK (("orders"."paid_at" IS NULL) = ("orders"."paid_date" IS NULL));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_refund_date" CHECK (("orders"."refunded_at" IS NULL) = ("orders"."refund_date" IS NULL));