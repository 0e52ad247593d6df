ALTER TABLE "audit_log" ADD COLUMN "stock_id" integer;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "product_id" integer;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "origin_branch_id" integer;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "destination_branch_id" integer;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "order_number" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_stock_id_stock_id_fk" FOREIGN KEY ("stock_id") REFERENCES "public"."stock"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_origin_branch_id_branch_id_fk" FOREIGN KEY ("origin_branch_id") REFERENCES "public"."branch"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_destination_branch_id_branch_id_fk" FOREIGN KEY ("destination_branch_id") REFERENCES "public"."branch"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_product_idx" ON "audit_log" USING btree ("product_id","created_at");