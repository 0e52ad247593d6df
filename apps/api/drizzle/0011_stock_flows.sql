CREATE SEQUENCE "public"."assortment_order_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE SEQUENCE "public"."sale_order_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE SEQUENCE "public"."transfer_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "assortment_order" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_number" integer DEFAULT nextval('assortment_order_number_seq') NOT NULL,
	"order_type" varchar(30) NOT NULL,
	"status" varchar(20) DEFAULT 'En proceso' NOT NULL,
	"branch_id" integer NOT NULL,
	"origin_branch_id" integer,
	"comments" text,
	"reject_reason" text,
	"has_difference" boolean DEFAULT false NOT NULL,
	"created_by" integer,
	"approved_by" integer,
	"received_by" integer,
	"rejected_by" integer,
	"approved_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"rejected_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "assortment_order_status" CHECK ("assortment_order"."status" IN ('En proceso', 'En transito', 'Terminada', 'Rechazada', 'Eliminada'))
);
--> statement-breakpoint
CREATE TABLE "assortment_order_product" (
	"id" serial PRIMARY KEY NOT NULL,
	"assortment_order_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"stock_id" integer,
	"received_stock_id" integer,
	"ordered_quantity" integer NOT NULL,
	"stocked_quantity" integer,
	"received_quantity" integer,
	CONSTRAINT "assortment_order_product_ordered" CHECK ("assortment_order_product"."ordered_quantity" >= 1),
	CONSTRAINT "assortment_order_product_received" CHECK ("assortment_order_product"."received_quantity" IS NULL OR ("assortment_order_product"."received_quantity" >= 0 AND "assortment_order_product"."received_quantity" <= "assortment_order_product"."stocked_quantity"))
);
--> statement-breakpoint
CREATE TABLE "sale_order" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_number" integer DEFAULT nextval('sale_order_number_seq') NOT NULL,
	"name" varchar(100) NOT NULL,
	"rfc" varchar(13),
	"phone" varchar(20) NOT NULL,
	"note" varchar(30) NOT NULL,
	"comments" text,
	"branch_id" integer NOT NULL,
	"total_amount" numeric(12, 2) NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sale_order_product" (
	"id" serial PRIMARY KEY NOT NULL,
	"sale_order_id" integer NOT NULL,
	"stock_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	CONSTRAINT "sale_order_product_quantity" CHECK ("sale_order_product"."quantity" >= 1),
	CONSTRAINT "sale_order_product_price" CHECK ("sale_order_product"."price" >= 1)
);
--> statement-breakpoint
CREATE TABLE "transfer" (
	"id" serial PRIMARY KEY NOT NULL,
	"transfer_number" integer DEFAULT nextval('transfer_number_seq') NOT NULL,
	"status" varchar(20) DEFAULT 'En proceso' NOT NULL,
	"origin_branch_id" integer NOT NULL,
	"destiny_branch_id" integer NOT NULL,
	"comments" text,
	"reject_reason" text,
	"has_difference" boolean DEFAULT false NOT NULL,
	"created_by" integer,
	"approved_by" integer,
	"accepted_by" integer,
	"rejected_by" integer,
	"approved_at" timestamp with time zone,
	"accepted_at" timestamp with time zone,
	"rejected_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "transfer_status" CHECK ("transfer"."status" IN ('En proceso', 'En transito', 'Terminada', 'Rechazada', 'Eliminada')),
	CONSTRAINT "transfer_branches_differ" CHECK ("transfer"."origin_branch_id" <> "transfer"."destiny_branch_id")
);
--> statement-breakpoint
CREATE TABLE "transfer_product" (
	"id" serial PRIMARY KEY NOT NULL,
	"transfer_id" integer NOT NULL,
	"stock_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"received_stock_id" integer,
	"stocked_quantity" integer NOT NULL,
	"received_quantity" integer,
	CONSTRAINT "transfer_product_stocked" CHECK ("transfer_product"."stocked_quantity" >= 1),
	CONSTRAINT "transfer_product_received" CHECK ("transfer_product"."received_quantity" IS NULL OR ("transfer_product"."received_quantity" >= 0 AND "transfer_product"."received_quantity" <= "transfer_product"."stocked_quantity"))
);
--> statement-breakpoint
ALTER TABLE "assortment_order" ADD CONSTRAINT "assortment_order_branch_id_branch_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branch"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assortment_order" ADD CONSTRAINT "assortment_order_origin_branch_id_branch_id_fk" FOREIGN KEY ("origin_branch_id") REFERENCES "public"."branch"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assortment_order" ADD CONSTRAINT "assortment_order_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assortment_order" ADD CONSTRAINT "assortment_order_approved_by_user_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assortment_order" ADD CONSTRAINT "assortment_order_received_by_user_id_fk" FOREIGN KEY ("received_by") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assortment_order" ADD CONSTRAINT "assortment_order_rejected_by_user_id_fk" FOREIGN KEY ("rejected_by") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assortment_order_product" ADD CONSTRAINT "assortment_order_product_assortment_order_id_assortment_order_id_fk" FOREIGN KEY ("assortment_order_id") REFERENCES "public"."assortment_order"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assortment_order_product" ADD CONSTRAINT "assortment_order_product_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assortment_order_product" ADD CONSTRAINT "assortment_order_product_stock_id_stock_id_fk" FOREIGN KEY ("stock_id") REFERENCES "public"."stock"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assortment_order_product" ADD CONSTRAINT "assortment_order_product_received_stock_id_stock_id_fk" FOREIGN KEY ("received_stock_id") REFERENCES "public"."stock"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_order" ADD CONSTRAINT "sale_order_branch_id_branch_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branch"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_order" ADD CONSTRAINT "sale_order_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_order_product" ADD CONSTRAINT "sale_order_product_sale_order_id_sale_order_id_fk" FOREIGN KEY ("sale_order_id") REFERENCES "public"."sale_order"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_order_product" ADD CONSTRAINT "sale_order_product_stock_id_stock_id_fk" FOREIGN KEY ("stock_id") REFERENCES "public"."stock"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_order_product" ADD CONSTRAINT "sale_order_product_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer" ADD CONSTRAINT "transfer_origin_branch_id_branch_id_fk" FOREIGN KEY ("origin_branch_id") REFERENCES "public"."branch"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer" ADD CONSTRAINT "transfer_destiny_branch_id_branch_id_fk" FOREIGN KEY ("destiny_branch_id") REFERENCES "public"."branch"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer" ADD CONSTRAINT "transfer_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer" ADD CONSTRAINT "transfer_approved_by_user_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer" ADD CONSTRAINT "transfer_accepted_by_user_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer" ADD CONSTRAINT "transfer_rejected_by_user_id_fk" FOREIGN KEY ("rejected_by") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_product" ADD CONSTRAINT "transfer_product_transfer_id_transfer_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."transfer"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_product" ADD CONSTRAINT "transfer_product_stock_id_stock_id_fk" FOREIGN KEY ("stock_id") REFERENCES "public"."stock"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_product" ADD CONSTRAINT "transfer_product_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_product" ADD CONSTRAINT "transfer_product_received_stock_id_stock_id_fk" FOREIGN KEY ("received_stock_id") REFERENCES "public"."stock"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "assortment_order_number_unique" ON "assortment_order" USING btree ("order_number");--> statement-breakpoint
CREATE INDEX "assortment_order_branch_idx" ON "assortment_order" USING btree ("branch_id","created_at");--> statement-breakpoint
CREATE INDEX "assortment_order_created_idx" ON "assortment_order" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "assortment_order_product_order_idx" ON "assortment_order_product" USING btree ("assortment_order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sale_order_number_unique" ON "sale_order" USING btree ("order_number");--> statement-breakpoint
CREATE INDEX "sale_order_branch_idx" ON "sale_order" USING btree ("branch_id","created_at");--> statement-breakpoint
CREATE INDEX "sale_order_created_idx" ON "sale_order" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "sale_order_product_order_idx" ON "sale_order_product" USING btree ("sale_order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "transfer_number_unique" ON "transfer" USING btree ("transfer_number");--> statement-breakpoint
CREATE INDEX "transfer_origin_idx" ON "transfer" USING btree ("origin_branch_id","created_at");--> statement-breakpoint
CREATE INDEX "transfer_destiny_idx" ON "transfer" USING btree ("destiny_branch_id","created_at");--> statement-breakpoint
CREATE INDEX "transfer_created_idx" ON "transfer" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "transfer_product_transfer_idx" ON "transfer_product" USING btree ("transfer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "transfer_product_lot_once" ON "transfer_product" USING btree ("transfer_id","stock_id");