CREATE SEQUENCE "public"."purchase_order_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "max_min" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"max" integer NOT NULL,
	"min" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "max_min_non_negative" CHECK ("max_min"."max" >= 0 AND "max_min"."min" >= 0),
	CONSTRAINT "max_min_order" CHECK ("max_min"."max" = 0 OR "max_min"."min" <= "max_min"."max")
);
--> statement-breakpoint
CREATE TABLE "purchase_order" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_number" integer DEFAULT nextval('purchase_order_number_seq') NOT NULL,
	"invoice_number" varchar(20) NOT NULL,
	"provider_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"pay_method" varchar(30) NOT NULL,
	"pay_status" varchar(20) DEFAULT 'Pendiente' NOT NULL,
	"arrived_at" date NOT NULL,
	"credit_expiration" date NOT NULL,
	"payed_at" date,
	"tax" numeric(12, 2) NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"comments" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "purchase_order_pay_status" CHECK ("purchase_order"."pay_status" IN ('Pendiente', 'Completado')),
	CONSTRAINT "purchase_order_paid_when_completed" CHECK (("purchase_order"."pay_status" = 'Completado') = ("purchase_order"."payed_at" IS NOT NULL)),
	CONSTRAINT "purchase_order_amounts" CHECK ("purchase_order"."tax" >= 0 AND "purchase_order"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "purchase_order_product" (
	"id" serial PRIMARY KEY NOT NULL,
	"purchase_order_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"stock_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"allotment" varchar(50) NOT NULL,
	"expires_at" date,
	CONSTRAINT "purchase_order_product_quantity" CHECK ("purchase_order_product"."quantity" >= 1),
	CONSTRAINT "purchase_order_product_price" CHECK ("purchase_order_product"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stock_movement" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"stock_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"balance" integer NOT NULL,
	"cause" varchar(30) NOT NULL,
	"document_type" varchar(30),
	"document_id" integer,
	"document_number" text,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_movement_balance_non_negative" CHECK ("stock_movement"."balance" >= 0),
	CONSTRAINT "stock_movement_quantity_non_zero" CHECK ("stock_movement"."quantity" <> 0),
	CONSTRAINT "stock_movement_cause" CHECK ("stock_movement"."cause" IN ('purchase', 'purchase-reversal', 'adjustment', 'adjustment-reversal', 'sale-order', 'sale-order-reversal', 'assortment', 'assortment-reversal', 'transfer', 'transfer-reversal', 'appointment', 'appointment-reversal', 'cash-order', 'cash-order-reversal', 'refund', 'refund-reversal', 'transit-loss', 'transit-loss-reversal'))
);
--> statement-breakpoint
DROP INDEX "stock_lot_unique";--> statement-breakpoint
ALTER TABLE "max_min" ADD CONSTRAINT "max_min_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "max_min" ADD CONSTRAINT "max_min_branch_id_branch_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branch"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order" ADD CONSTRAINT "purchase_order_provider_id_provider_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."provider"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order" ADD CONSTRAINT "purchase_order_branch_id_branch_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branch"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order" ADD CONSTRAINT "purchase_order_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_product" ADD CONSTRAINT "purchase_order_product_purchase_order_id_purchase_order_id_fk" FOREIGN KEY ("purchase_order_id") REFERENCES "public"."purchase_order"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_product" ADD CONSTRAINT "purchase_order_product_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_product" ADD CONSTRAINT "purchase_order_product_stock_id_stock_id_fk" FOREIGN KEY ("stock_id") REFERENCES "public"."stock"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movement" ADD CONSTRAINT "stock_movement_stock_id_stock_id_fk" FOREIGN KEY ("stock_id") REFERENCES "public"."stock"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movement" ADD CONSTRAINT "stock_movement_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movement" ADD CONSTRAINT "stock_movement_branch_id_branch_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branch"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movement" ADD CONSTRAINT "stock_movement_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "max_min_branch_product_unique" ON "max_min" USING btree ("branch_id","product_id") WHERE "max_min"."deleted_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_order_number_unique" ON "purchase_order" USING btree ("order_number");--> statement-breakpoint
CREATE INDEX "purchase_order_created_idx" ON "purchase_order" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "purchase_order_provider_idx" ON "purchase_order" USING btree ("provider_id");--> statement-breakpoint
CREATE INDEX "purchase_order_product_order_idx" ON "purchase_order_product" USING btree ("purchase_order_id");--> statement-breakpoint
CREATE INDEX "purchase_order_product_stock_idx" ON "purchase_order_product" USING btree ("stock_id");--> statement-breakpoint
CREATE INDEX "stock_movement_stock_idx" ON "stock_movement" USING btree ("stock_id","created_at","id");--> statement-breakpoint
CREATE INDEX "stock_movement_branch_idx" ON "stock_movement" USING btree ("branch_id","created_at");--> statement-breakpoint
CREATE INDEX "stock_movement_product_idx" ON "stock_movement" USING btree ("product_id","created_at");--> statement-breakpoint
CREATE INDEX "stock_movement_document_idx" ON "stock_movement" USING btree ("document_type","document_id");--> statement-breakpoint
CREATE INDEX "stock_branch_product_idx" ON "stock" USING btree ("branch_id","product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_lot_unique" ON "stock" USING btree ("branch_id","product_id","allotment",coalesce("expires_in", 'infinity'::date)) WHERE "stock"."deleted_at" IS NULL;--> statement-breakpoint
-- Lots that existed before the ledger get their opening movement, so every lot's quantity equals the sum of its movements from the start.
INSERT INTO "stock_movement" ("stock_id", "product_id", "branch_id", "quantity", "balance", "cause", "document_type", "created_at") SELECT "id", "product_id", "branch_id", "quantity", "quantity", 'adjustment', 'opening', "created_at" FROM "stock" WHERE "quantity" > 0;
