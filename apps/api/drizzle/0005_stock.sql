CREATE TABLE "stock" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"allotment" varchar(50) NOT NULL,
	"expires_in" date,
	"quantity" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "stock_quantity_non_negative" CHECK ("stock"."quantity" >= 0),
	CONSTRAINT "stock_allotment_stripped" CHECK ("stock"."allotment" !~ '[[:space:]]')
);
--> statement-breakpoint
ALTER TABLE "stock" ADD CONSTRAINT "stock_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock" ADD CONSTRAINT "stock_branch_id_branch_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branch"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stock_lot_unique" ON "stock" USING btree ("branch_id","product_id","allotment") WHERE "stock"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "stock_product_id_index" ON "stock" USING btree ("product_id");