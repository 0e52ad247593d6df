CREATE SEQUENCE "public"."cash_order_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "cash_order" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_number" integer DEFAULT nextval('cash_order_number_seq') NOT NULL,
	"branch_id" integer NOT NULL,
	"customer_id" integer,
	"seller_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"coupon_id" integer,
	"subtotal" numeric(12, 2) NOT NULL,
	"discount_total" numeric(12, 2) DEFAULT 0 NOT NULL,
	"taxes" numeric(12, 2) NOT NULL,
	"total" numeric(12, 2) NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"payment_status" varchar(20) DEFAULT 'paid' NOT NULL,
	"payment_method" varchar(30),
	"pay_reference" varchar(100),
	"exchange_rate" numeric(10, 4) NOT NULL,
	"change_amount" numeric(12, 2) DEFAULT 0 NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	"paid_date" date NOT NULL,
	"refunded_at" timestamp with time zone,
	"refund_date" date,
	"refund_reason" varchar(200),
	"refund_method" varchar(30),
	"refunded_by_id" integer,
	"refund_amount" numeric(12, 2),
	"ticket_prints" integer DEFAULT 0 NOT NULL,
	"refund_ticket_prints" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cash_order_number_unique" UNIQUE("order_number"),
	CONSTRAINT "cash_order_paid" CHECK ("cash_order"."payment_status" = 'paid'),
	CONSTRAINT "cash_order_amounts" CHECK ("cash_order"."subtotal" >= 0 AND "cash_order"."discount_total" >= 0 AND "cash_order"."taxes" >= 0 AND "cash_order"."total" >= 0 AND "cash_order"."change_amount" >= 0 AND "cash_order"."points" >= 0),
	CONSTRAINT "cash_order_refund_date" CHECK (("cash_order"."refunded_at" IS NULL) = ("cash_order"."refund_date" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "cash_order_detail" (
	"id" serial PRIMARY KEY NOT NULL,
	"cash_order_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"stock_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"sale_price" numeric(12, 2) NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"discount" numeric(12, 2) DEFAULT 0 NOT NULL,
	"tax" smallint NOT NULL,
	"taxes" numeric(12, 2) NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "cash_order_detail_quantity" CHECK ("cash_order_detail"."quantity" >= 1),
	CONSTRAINT "cash_order_detail_amounts" CHECK ("cash_order_detail"."sale_price" >= 0 AND "cash_order_detail"."price" >= 0 AND "cash_order_detail"."discount" >= 0 AND "cash_order_detail"."taxes" >= 0 AND "cash_order_detail"."points" >= 0)
);
--> statement-breakpoint
CREATE TABLE "cash_order_payment" (
	"id" serial PRIMARY KEY NOT NULL,
	"cash_order_id" integer NOT NULL,
	"payment_method" varchar(30) NOT NULL,
	"currency" varchar(3) NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"amount_mxn" numeric(12, 2) NOT NULL,
	"reference" varchar(100),
	CONSTRAINT "cash_order_payment_currency" CHECK ("cash_order_payment"."currency" IN ('MXN', 'DLS')),
	CONSTRAINT "cash_order_payment_amounts" CHECK ("cash_order_payment"."amount" > 0 AND "cash_order_payment"."amount_mxn" > 0)
);
--> statement-breakpoint
CREATE TABLE "cosmetology_commission" (
	"id" serial PRIMARY KEY NOT NULL,
	"cash_order_id" integer NOT NULL,
	"cash_order_detail_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"kind" varchar(10) NOT NULL,
	"sale_price" numeric(12, 2) NOT NULL,
	"percent" numeric(5, 2) NOT NULL,
	"commission" numeric(12, 2) NOT NULL,
	"date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cosmetology_commission_kind" CHECK ("cosmetology_commission"."kind" IN ('sale', 'refund')),
	CONSTRAINT "cosmetology_commission_sign" CHECK (("cosmetology_commission"."kind" = 'sale' AND "cosmetology_commission"."sale_price" >= 0 AND "cosmetology_commission"."commission" >= 0) OR ("cosmetology_commission"."kind" = 'refund' AND "cosmetology_commission"."sale_price" <= 0 AND "cosmetology_commission"."commission" <= 0))
);
--> statement-breakpoint
ALTER TABLE "points_movement" ADD COLUMN "cash_order_id" integer;--> statement-breakpoint
ALTER TABLE "cash_order" ADD CONSTRAINT "cash_order_branch_id_branch_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branch"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_order" ADD CONSTRAINT "cash_order_customer_id_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_order" ADD CONSTRAINT "cash_order_seller_id_user_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_order" ADD CONSTRAINT "cash_order_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_order" ADD CONSTRAINT "cash_order_coupon_id_coupon_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupon"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_order" ADD CONSTRAINT "cash_order_refunded_by_id_user_id_fk" FOREIGN KEY ("refunded_by_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_order_detail" ADD CONSTRAINT "cash_order_detail_cash_order_id_cash_order_id_fk" FOREIGN KEY ("cash_order_id") REFERENCES "public"."cash_order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_order_detail" ADD CONSTRAINT "cash_order_detail_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_order_detail" ADD CONSTRAINT "cash_order_detail_stock_id_stock_id_fk" FOREIGN KEY ("stock_id") REFERENCES "public"."stock"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_order_payment" ADD CONSTRAINT "cash_order_payment_cash_order_id_cash_order_id_fk" FOREIGN KEY ("cash_order_id") REFERENCES "public"."cash_order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cosmetology_commission" ADD CONSTRAINT "cosmetology_commission_cash_order_id_cash_order_id_fk" FOREIGN KEY ("cash_order_id") REFERENCES "public"."cash_order"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cosmetology_commission" ADD CONSTRAINT "cosmetology_commission_cash_order_detail_id_cash_order_detail_id_fk" FOREIGN KEY ("cash_order_detail_id") REFERENCES "public"."cash_order_detail"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cosmetology_commission" ADD CONSTRAINT "cosmetology_commission_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cosmetology_commission" ADD CONSTRAINT "cosmetology_commission_branch_id_branch_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branch"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cosmetology_commission" ADD CONSTRAINT "cosmetology_commission_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cash_order_created_idx" ON "cash_order" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "cash_order_branch_created_idx" ON "cash_order" USING btree ("branch_id","created_at","id");--> statement-breakpoint
CREATE INDEX "cash_order_branch_paid_date_idx" ON "cash_order" USING btree ("branch_id","paid_date");--> statement-breakpoint
CREATE INDEX "cash_order_branch_refund_date_idx" ON "cash_order" USING btree ("branch_id","refund_date") WHERE "cash_order"."refund_date" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "cash_order_customer_created_idx" ON "cash_order" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "cash_order_seller_idx" ON "cash_order" USING btree ("seller_id");--> statement-breakpoint
CREATE INDEX "cash_order_coupon_idx" ON "cash_order" USING btree ("coupon_id");--> statement-breakpoint
CREATE INDEX "cash_order_detail_cash_order_id_index" ON "cash_order_detail" USING btree ("cash_order_id");--> statement-breakpoint
CREATE INDEX "cash_order_detail_stock_id_index" ON "cash_order_detail" USING btree ("stock_id");--> statement-breakpoint
CREATE INDEX "cash_order_detail_product_id_index" ON "cash_order_detail" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "cash_order_payment_order_method_idx" ON "cash_order_payment" USING btree ("cash_order_id","payment_method");--> statement-breakpoint
CREATE INDEX "cosmetology_commission_order_idx" ON "cosmetology_commission" USING btree ("cash_order_id");--> statement-breakpoint
CREATE INDEX "cosmetology_commission_user_date_idx" ON "cosmetology_commission" USING btree ("user_id","date");--> statement-breakpoint
CREATE INDEX "cosmetology_commission_branch_date_idx" ON "cosmetology_commission" USING btree ("branch_id","date");--> statement-breakpoint
ALTER TABLE "coupon_use" ADD CONSTRAINT "coupon_use_cash_order_id_cash_order_id_fk" FOREIGN KEY ("cash_order_id") REFERENCES "public"."cash_order"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_movement" ADD CONSTRAINT "points_movement_cash_order_id_cash_order_id_fk" FOREIGN KEY ("cash_order_id") REFERENCES "public"."cash_order"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "points_movement_cash_order_id_index" ON "points_movement" USING btree ("cash_order_id");--> statement-breakpoint
ALTER TABLE "points_movement" ADD CONSTRAINT "points_movement_one_sale" CHECK ("points_movement"."order_id" IS NULL OR "points_movement"."cash_order_id" IS NULL);