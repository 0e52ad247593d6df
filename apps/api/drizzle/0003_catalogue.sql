CREATE TABLE "appliance" (
	"id" serial PRIMARY KEY NOT NULL,
	"treatment_type_id" integer NOT NULL,
	"name" varchar(80) NOT NULL,
	"brand" varchar(60) NOT NULL,
	"model" varchar(60) NOT NULL,
	"description" varchar(500),
	"status" varchar(20) DEFAULT 'Funcionando' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "appliance_status_valid" CHECK ("appliance"."status" IN ('Funcionando', 'Averiado', 'Con fallas', 'En reparación'))
);
--> statement-breakpoint
CREATE TABLE "area" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(60) NOT NULL,
	"place" varchar(60) NOT NULL,
	"treatment_type_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "branch_appliance" (
	"id" serial PRIMARY KEY NOT NULL,
	"appliance_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"sku" varchar(30) NOT NULL,
	"status_description" varchar(20) DEFAULT 'Funcionando' NOT NULL,
	"last_maintenance" date,
	"comments" varchar(500),
	"status" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "branch_appliance_status_valid" CHECK ("branch_appliance"."status_description" IN ('Funcionando', 'Averiado', 'Con fallas', 'En reparación'))
);
--> statement-breakpoint
CREATE TABLE "catalog_photo" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(40) NOT NULL,
	"product_id" integer,
	"treatment_id" integer,
	"content_type" varchar(20) NOT NULL,
	"content" "bytea" NOT NULL,
	"thumbnail" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalog_photo_name_unique" UNIQUE("name"),
	CONSTRAINT "catalog_photo_one_owner" CHECK (("catalog_photo"."product_id" IS NULL) <> ("catalog_photo"."treatment_id" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "consent" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(80) NOT NULL,
	"description" varchar(200) NOT NULL,
	"text" text NOT NULL,
	CONSTRAINT "consent_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "product" (
	"id" serial PRIMARY KEY NOT NULL,
	"sku" varchar(12) NOT NULL,
	"name" varchar(100) NOT NULL,
	"brand" varchar(60) NOT NULL,
	"bar_code" varchar(50) NOT NULL,
	"description" varchar(500) NOT NULL,
	"content_type" varchar(20) NOT NULL,
	"content" numeric(10, 2) NOT NULL,
	"measure_unit" varchar(5) NOT NULL,
	"cost" numeric(12, 2) NOT NULL,
	"tax" smallint NOT NULL,
	"product_type_id" integer NOT NULL,
	"status" boolean DEFAULT true NOT NULL,
	"approved_at" timestamp with time zone,
	"rejected_at" timestamp with time zone,
	"reviewed_by_id" integer,
	"indirect_expenses" numeric(12, 2),
	"franchise_tax" numeric(7, 2),
	"additional_cost_franchise" numeric(7, 2),
	"franchise_price" numeric(12, 2),
	"profit_porcentage" numeric(7, 2),
	"sale_price" numeric(12, 2),
	"points" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "product_sku_length" CHECK (char_length("product"."sku") BETWEEN 4 AND 12),
	CONSTRAINT "product_tax_valid" CHECK ("product"."tax" IN (0, 8, 16)),
	CONSTRAINT "product_cost_min" CHECK ("product"."cost" >= 0),
	CONSTRAINT "product_one_review" CHECK ("product"."approved_at" IS NULL OR "product"."rejected_at" IS NULL)
);
--> statement-breakpoint
CREATE TABLE "product_category" (
	"product_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	CONSTRAINT "product_category_product_id_category_id_pk" PRIMARY KEY("product_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "product_provider" (
	"product_id" integer NOT NULL,
	"provider_id" integer NOT NULL,
	CONSTRAINT "product_provider_product_id_provider_id_pk" PRIMARY KEY("product_id","provider_id")
);
--> statement-breakpoint
CREATE TABLE "provider" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(50) NOT NULL,
	"tradename" varchar(50) NOT NULL,
	"rfc" varchar(13) NOT NULL,
	"regime" varchar(6) NOT NULL,
	"address" varchar(50),
	"city" varchar(50),
	"state" varchar(50),
	"country" varchar(50),
	"zip_code" varchar(5),
	"email" varchar(100),
	"phone" varchar(10) NOT NULL,
	"contact_name" varchar(50) NOT NULL,
	"mobile_phone" varchar(10) NOT NULL,
	"pay_conditions" integer NOT NULL,
	"delivery_time" varchar(50),
	"bank" varchar(50),
	"clabe_account" varchar(18),
	"bank_account" varchar(20),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "provider_regime_valid" CHECK ("provider"."regime" IN ('Moral', 'Fisica')),
	CONSTRAINT "provider_pay_conditions_min" CHECK ("provider"."pay_conditions" >= 0)
);
--> statement-breakpoint
CREATE TABLE "treatment" (
	"id" serial PRIMARY KEY NOT NULL,
	"sku" varchar(10) NOT NULL,
	"name" varchar(80) NOT NULL,
	"description" varchar(500) NOT NULL,
	"treatment_type_id" integer NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"medical_fee" numeric(12, 2),
	"points" integer NOT NULL,
	"duration_minutes" integer NOT NULL,
	"assessment" boolean DEFAULT false NOT NULL,
	"consent" boolean DEFAULT false NOT NULL,
	"consent_id" integer,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "treatment_sku_length" CHECK (char_length("treatment"."sku") BETWEEN 4 AND 10),
	CONSTRAINT "treatment_duration_step" CHECK ("treatment"."duration_minutes" > 0 AND "treatment"."duration_minutes" % 30 = 0),
	CONSTRAINT "treatment_consent_chosen" CHECK (NOT "treatment"."consent" OR "treatment"."consent_id" IS NOT NULL),
	CONSTRAINT "treatment_price_min" CHECK ("treatment"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "treatment_appliance" (
	"treatment_id" integer NOT NULL,
	"appliance_id" integer NOT NULL,
	CONSTRAINT "treatment_appliance_treatment_id_appliance_id_pk" PRIMARY KEY("treatment_id","appliance_id")
);
--> statement-breakpoint
CREATE TABLE "treatment_area" (
	"treatment_id" integer NOT NULL,
	"area_id" integer NOT NULL,
	CONSTRAINT "treatment_area_treatment_id_area_id_pk" PRIMARY KEY("treatment_id","area_id")
);
--> statement-breakpoint
CREATE TABLE "treatment_category" (
	"treatment_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	CONSTRAINT "treatment_category_treatment_id_category_id_pk" PRIMARY KEY("treatment_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "treatment_product" (
	"treatment_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "treatment_product_treatment_id_product_id_pk" PRIMARY KEY("treatment_id","product_id"),
	CONSTRAINT "treatment_product_quantity_min" CHECK ("treatment_product"."quantity" >= 1)
);
--> statement-breakpoint
ALTER TABLE "appliance" ADD CONSTRAINT "appliance_treatment_type_id_treatment_type_id_fk" FOREIGN KEY ("treatment_type_id") REFERENCES "public"."treatment_type"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "area" ADD CONSTRAINT "area_treatment_type_id_treatment_type_id_fk" FOREIGN KEY ("treatment_type_id") REFERENCES "public"."treatment_type"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "branch_appliance" ADD CONSTRAINT "branch_appliance_appliance_id_appliance_id_fk" FOREIGN KEY ("appliance_id") REFERENCES "public"."appliance"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "branch_appliance" ADD CONSTRAINT "branch_appliance_branch_id_branch_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branch"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_photo" ADD CONSTRAINT "catalog_photo_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_photo" ADD CONSTRAINT "catalog_photo_treatment_id_treatment_id_fk" FOREIGN KEY ("treatment_id") REFERENCES "public"."treatment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product" ADD CONSTRAINT "product_product_type_id_product_type_id_fk" FOREIGN KEY ("product_type_id") REFERENCES "public"."product_type"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product" ADD CONSTRAINT "product_reviewed_by_id_user_id_fk" FOREIGN KEY ("reviewed_by_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_category" ADD CONSTRAINT "product_category_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_category" ADD CONSTRAINT "product_category_category_id_category_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."category"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_provider" ADD CONSTRAINT "product_provider_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_provider" ADD CONSTRAINT "product_provider_provider_id_provider_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."provider"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treatment" ADD CONSTRAINT "treatment_treatment_type_id_treatment_type_id_fk" FOREIGN KEY ("treatment_type_id") REFERENCES "public"."treatment_type"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treatment" ADD CONSTRAINT "treatment_consent_id_consent_id_fk" FOREIGN KEY ("consent_id") REFERENCES "public"."consent"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treatment_appliance" ADD CONSTRAINT "treatment_appliance_treatment_id_treatment_id_fk" FOREIGN KEY ("treatment_id") REFERENCES "public"."treatment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treatment_appliance" ADD CONSTRAINT "treatment_appliance_appliance_id_appliance_id_fk" FOREIGN KEY ("appliance_id") REFERENCES "public"."appliance"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treatment_area" ADD CONSTRAINT "treatment_area_treatment_id_treatment_id_fk" FOREIGN KEY ("treatment_id") REFERENCES "public"."treatment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treatment_area" ADD CONSTRAINT "treatment_area_area_id_area_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."area"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treatment_category" ADD CONSTRAINT "treatment_category_treatment_id_treatment_id_fk" FOREIGN KEY ("treatment_id") REFERENCES "public"."treatment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treatment_category" ADD CONSTRAINT "treatment_category_category_id_category_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."category"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treatment_product" ADD CONSTRAINT "treatment_product_treatment_id_treatment_id_fk" FOREIGN KEY ("treatment_id") REFERENCES "public"."treatment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treatment_product" ADD CONSTRAINT "treatment_product_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "area_type_place_name_unique" ON "area" USING btree ("treatment_type_id","place","name");--> statement-breakpoint
CREATE UNIQUE INDEX "branch_appliance_sku_unique" ON "branch_appliance" USING btree (lower("sku")) WHERE "branch_appliance"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "branch_appliance_branch_id_index" ON "branch_appliance" USING btree ("branch_id");--> statement-breakpoint
CREATE INDEX "catalog_photo_product_id_index" ON "catalog_photo" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "catalog_photo_treatment_unique" ON "catalog_photo" USING btree ("treatment_id") WHERE "catalog_photo"."treatment_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "product_sku_unique" ON "product" USING btree (lower("sku")) WHERE "product"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "product_provider_provider_id_index" ON "product_provider" USING btree ("provider_id");--> statement-breakpoint
CREATE UNIQUE INDEX "treatment_sku_unique" ON "treatment" USING btree (lower("sku")) WHERE "treatment"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "treatment_category_category_id_index" ON "treatment_category" USING btree ("category_id");