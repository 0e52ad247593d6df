CREATE SEQUENCE "public"."order_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "loyalty_level" (
	"id" serial PRIMARY KEY NOT NULL,
	"scale" varchar(10) NOT NULL,
	"minimum" numeric(12, 2) NOT NULL,
	"position" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loyalty_level_scale_valid" CHECK ("loyalty_level"."scale" IN ('bronze', 'silver', 'gold', 'platinum', 'diamond')),
	CONSTRAINT "loyalty_level_minimum" CHECK ("loyalty_level"."minimum" >= 0)
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_number" integer DEFAULT nextval('order_number_seq') NOT NULL,
	"origin" varchar(8) NOT NULL,
	"branch_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"seller_id" integer,
	"user_id" integer,
	"coupon_id" integer,
	"subtotal" numeric(12, 2) NOT NULL,
	"discount_total" numeric(12, 2) DEFAULT 0 NOT NULL,
	"total" numeric(12, 2) NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"payment_status" varchar(20) NOT NULL,
	"payment_method" varchar(30),
	"payment_gateway" varchar(40),
	"pay_reference" varchar(100),
	"exchange_rate" numeric(10, 4) NOT NULL,
	"change_amount" numeric(12, 2) DEFAULT 0 NOT NULL,
	"paid_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"refund_reason" varchar(200),
	"refund_method" varchar(30),
	"refunded_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_number_unique" UNIQUE("order_number"),
	CONSTRAINT "orders_origin_valid" CHECK ("orders"."origin" IN ('SUCURSAL', 'APP', 'LINEA')),
	CONSTRAINT "orders_payment_status_valid" CHECK ("orders"."payment_status" IN ('paid', 'pending_payment', 'pending_confirmation', 'error')),
	CONSTRAINT "orders_amounts" CHECK ("orders"."subtotal" >= 0 AND "orders"."discount_total" >= 0 AND "orders"."total" >= 0 AND "orders"."change_amount" >= 0),
	CONSTRAINT "orders_points_not_negative" CHECK ("orders"."points" >= 0),
	CONSTRAINT "orders_paid_at" CHECK ("orders"."payment_status" <> 'paid' OR "orders"."paid_at" IS NOT NULL),
	CONSTRAINT "orders_refund_only_paid" CHECK ("orders"."refunded_at" IS NULL OR "orders"."payment_status" = 'paid')
);
--> statement-breakpoint
CREATE TABLE "order_detail" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"treatment_id" integer,
	"package_id" integer,
	"quantity" integer NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"sale_price" numeric(12, 2) NOT NULL,
	"discount" numeric(12, 2) DEFAULT 0 NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "order_detail_one_item" CHECK (("order_detail"."treatment_id" IS NULL) <> ("order_detail"."package_id" IS NULL)),
	CONSTRAINT "order_detail_quantity" CHECK ("order_detail"."quantity" >= 1),
	CONSTRAINT "order_detail_amounts" CHECK ("order_detail"."price" >= 0 AND "order_detail"."sale_price" >= 0 AND "order_detail"."discount" >= 0 AND "order_detail"."points" >= 0)
);
--> statement-breakpoint
CREATE TABLE "order_payment" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"payment_method" varchar(30) NOT NULL,
	"currency" varchar(3) NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"amount_mxn" numeric(12, 2) NOT NULL,
	"reference" varchar(100),
	CONSTRAINT "order_payment_currency" CHECK ("order_payment"."currency" IN ('MXN', 'DLS')),
	CONSTRAINT "order_payment_amounts" CHECK ("order_payment"."amount" > 0 AND "order_payment"."amount_mxn" > 0)
);
--> statement-breakpoint
CREATE TABLE "points_movement" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"order_id" integer,
	"kind" varchar(10) NOT NULL,
	"delta" integer NOT NULL,
	"balance" integer NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "points_movement_kind" CHECK ("points_movement"."kind" IN ('earn', 'spend', 'refund', 'adjust')),
	CONSTRAINT "points_movement_delta" CHECK ("points_movement"."delta" <> 0),
	CONSTRAINT "points_movement_balance" CHECK ("points_movement"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "purchased_product" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"order_detail_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"treatment_id" integer NOT NULL,
	"package_line_id" integer,
	"sessions" integer NOT NULL,
	"current_session" integer DEFAULT 0 NOT NULL,
	"limit" integer DEFAULT 1 NOT NULL,
	"status" varchar(12) DEFAULT 'onProcess' NOT NULL,
	"consent_required" boolean DEFAULT false NOT NULL,
	"consent_signed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "purchased_product_status" CHECK ("purchased_product"."status" IN ('onProcess', 'finished', 'refunded')),
	CONSTRAINT "purchased_product_sessions" CHECK ("purchased_product"."sessions" >= 1 AND "purchased_product"."current_session" >= 0 AND "purchased_product"."current_session" <= "purchased_product"."sessions"),
	CONSTRAINT "purchased_product_limit" CHECK ("purchased_product"."limit" >= 1)
);
--> statement-breakpoint
CREATE TABLE "purchased_product_area" (
	"purchased_product_id" integer NOT NULL,
	"area_id" integer NOT NULL,
	CONSTRAINT "purchased_product_area_purchased_product_id_area_id_pk" PRIMARY KEY("purchased_product_id","area_id")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_branch_id_branch_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branch"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_customer_id_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_seller_id_user_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_coupon_id_coupon_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupon"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_refunded_by_id_user_id_fk" FOREIGN KEY ("refunded_by_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_detail" ADD CONSTRAINT "order_detail_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_detail" ADD CONSTRAINT "order_detail_treatment_id_treatment_id_fk" FOREIGN KEY ("treatment_id") REFERENCES "public"."treatment"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_detail" ADD CONSTRAINT "order_detail_package_id_package_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."package"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_payment" ADD CONSTRAINT "order_payment_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_movement" ADD CONSTRAINT "points_movement_customer_id_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_movement" ADD CONSTRAINT "points_movement_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_movement" ADD CONSTRAINT "points_movement_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchased_product" ADD CONSTRAINT "purchased_product_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchased_product" ADD CONSTRAINT "purchased_product_order_detail_id_order_detail_id_fk" FOREIGN KEY ("order_detail_id") REFERENCES "public"."order_detail"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchased_product" ADD CONSTRAINT "purchased_product_customer_id_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchased_product" ADD CONSTRAINT "purchased_product_treatment_id_treatment_id_fk" FOREIGN KEY ("treatment_id") REFERENCES "public"."treatment"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchased_product" ADD CONSTRAINT "purchased_product_package_line_id_package_treatment_id_fk" FOREIGN KEY ("package_line_id") REFERENCES "public"."package_treatment"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchased_product_area" ADD CONSTRAINT "purchased_product_area_purchased_product_id_purchased_product_id_fk" FOREIGN KEY ("purchased_product_id") REFERENCES "public"."purchased_product"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchased_product_area" ADD CONSTRAINT "purchased_product_area_area_id_area_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."area"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "loyalty_level_scale_unique" ON "loyalty_level" USING btree ("scale");--> statement-breakpoint
CREATE UNIQUE INDEX "loyalty_level_position_unique" ON "loyalty_level" USING btree ("position");--> statement-breakpoint
CREATE INDEX "orders_customer_created_idx" ON "orders" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_branch_created_idx" ON "orders" USING btree ("branch_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "orders_coupon_idx" ON "orders" USING btree ("coupon_id");--> statement-breakpoint
CREATE INDEX "order_detail_order_id_index" ON "order_detail" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_detail_treatment_id_index" ON "order_detail" USING btree ("treatment_id");--> statement-breakpoint
CREATE INDEX "order_detail_package_id_index" ON "order_detail" USING btree ("package_id");--> statement-breakpoint
CREATE INDEX "order_payment_order_id_index" ON "order_payment" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "points_movement_customer_idx" ON "points_movement" USING btree ("customer_id","id");--> statement-breakpoint
CREATE INDEX "points_movement_order_id_index" ON "points_movement" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "purchased_product_customer_idx" ON "purchased_product" USING btree ("customer_id","status");--> statement-breakpoint
CREATE INDEX "purchased_product_order_id_index" ON "purchased_product" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "purchased_product_treatment_id_index" ON "purchased_product" USING btree ("treatment_id");--> statement-breakpoint
-- The five levels always exist (CONTRACT §10); their thresholds are edited, never created or deleted.
INSERT INTO "loyalty_level" ("scale", "minimum", "position") VALUES
  ('bronze', 0, 1), ('silver', 5000, 2), ('gold', 15000, 3), ('platinum', 40000, 4), ('diamond', 80000, 5);
