CREATE TABLE "coupon" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(15) NOT NULL,
	"name" varchar(50) NOT NULL,
	"description" varchar(500) NOT NULL,
	"usage_limit" integer NOT NULL,
	"used" integer DEFAULT 0 NOT NULL,
	"type" varchar(10) NOT NULL,
	"treatment_id" integer,
	"product_id" integer,
	"discount" numeric(5, 2) NOT NULL,
	"expire_date" date NOT NULL,
	"status" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "coupon_code_length" CHECK (char_length("coupon"."code") BETWEEN 5 AND 15),
	CONSTRAINT "coupon_limit_min" CHECK ("coupon"."usage_limit" >= 1),
	CONSTRAINT "coupon_used_within_limit" CHECK ("coupon"."used" >= 0 AND "coupon"."used" <= "coupon"."usage_limit"),
	CONSTRAINT "coupon_discount_range" CHECK ("coupon"."discount" > 0 AND "coupon"."discount" <= 100),
	CONSTRAINT "coupon_item_of_type" CHECK (("coupon"."type" = 'Treatment' AND "coupon"."treatment_id" IS NOT NULL AND "coupon"."product_id" IS NULL)
        OR ("coupon"."type" = 'Product' AND "coupon"."product_id" IS NOT NULL AND "coupon"."treatment_id" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "coupon_branch" (
	"coupon_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	CONSTRAINT "coupon_branch_coupon_id_branch_id_pk" PRIMARY KEY("coupon_id","branch_id")
);
--> statement-breakpoint
CREATE TABLE "coupon_use" (
	"id" serial PRIMARY KEY NOT NULL,
	"coupon_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"order_id" integer,
	"cash_order_id" integer,
	"used_at" timestamp with time zone NOT NULL,
	CONSTRAINT "coupon_use_one_sale" CHECK ("coupon_use"."order_id" IS NULL OR "coupon_use"."cash_order_id" IS NULL)
);
--> statement-breakpoint
ALTER TABLE "coupon" ADD CONSTRAINT "coupon_treatment_id_treatment_id_fk" FOREIGN KEY ("treatment_id") REFERENCES "public"."treatment"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon" ADD CONSTRAINT "coupon_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_branch" ADD CONSTRAINT "coupon_branch_coupon_id_coupon_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupon"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_branch" ADD CONSTRAINT "coupon_branch_branch_id_branch_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branch"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_use" ADD CONSTRAINT "coupon_use_coupon_id_coupon_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupon"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_use" ADD CONSTRAINT "coupon_use_branch_id_branch_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branch"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_code_unique" ON "coupon" USING btree (lower("code")) WHERE "coupon"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "coupon_treatment_id_index" ON "coupon" USING btree ("treatment_id");--> statement-breakpoint
CREATE INDEX "coupon_product_id_index" ON "coupon" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "coupon_branch_branch_id_index" ON "coupon_branch" USING btree ("branch_id");--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_use_once_per_customer" ON "coupon_use" USING btree ("coupon_id","customer_id");--> statement-breakpoint
CREATE INDEX "coupon_use_order_id_index" ON "coupon_use" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "coupon_use_cash_order_id_index" ON "coupon_use" USING btree ("cash_order_id");