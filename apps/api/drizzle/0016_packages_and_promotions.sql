CREATE TABLE "package" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" varchar(10) NOT NULL,
	"sku" varchar(12) NOT NULL,
	"name" varchar(80) NOT NULL,
	"description" varchar(500) NOT NULL,
	"treatment_type_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"points" integer NOT NULL,
	"cabin_minutes" integer NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"regular_price" numeric(12, 2) NOT NULL,
	"payment_type" text[] NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"valid_by_schedule" boolean DEFAULT false NOT NULL,
	"start_date" date,
	"end_date" date,
	"valid_by_time" boolean DEFAULT false NOT NULL,
	"start_time" varchar(5),
	"end_time" varchar(5),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "package_type_valid" CHECK ("package"."type" IN ('Package', 'Promotion')),
	CONSTRAINT "package_sku_length" CHECK (char_length("package"."sku") BETWEEN 4 AND 12),
	CONSTRAINT "package_points_positive" CHECK ("package"."points" >= 0),
	CONSTRAINT "package_cabin_step" CHECK ("package"."cabin_minutes" > 0 AND "package"."cabin_minutes" % 30 = 0),
	CONSTRAINT "package_schedule_dates" CHECK (NOT "package"."valid_by_schedule" OR ("package"."start_date" IS NOT NULL AND "package"."end_date" IS NOT NULL AND "package"."start_date" <= "package"."end_date")),
	CONSTRAINT "package_time_window" CHECK (NOT "package"."valid_by_time" OR ("package"."start_time" IS NOT NULL AND "package"."end_time" IS NOT NULL AND "package"."start_time" < "package"."end_time")),
	CONSTRAINT "package_payment_type" CHECK (cardinality("package"."payment_type") >= 1)
);
--> statement-breakpoint
CREATE TABLE "package_branch" (
	"package_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	CONSTRAINT "package_branch_package_id_branch_id_pk" PRIMARY KEY("package_id","branch_id")
);
--> statement-breakpoint
CREATE TABLE "package_treatment" (
	"id" serial PRIMARY KEY NOT NULL,
	"package_id" integer NOT NULL,
	"treatment_id" integer NOT NULL,
	"position" integer NOT NULL,
	"sessions" integer,
	"limit" integer NOT NULL,
	"regular_price" numeric(12, 2) NOT NULL,
	"promotion_price" numeric(12, 2) NOT NULL,
	CONSTRAINT "package_treatment_sessions" CHECK ("package_treatment"."sessions" IS NULL OR "package_treatment"."sessions" >= 1),
	CONSTRAINT "package_treatment_limit" CHECK ("package_treatment"."limit" >= 1),
	CONSTRAINT "package_treatment_prices" CHECK ("package_treatment"."regular_price" >= 0 AND "package_treatment"."promotion_price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "package_treatment_area" (
	"line_id" integer NOT NULL,
	"area_id" integer NOT NULL,
	CONSTRAINT "package_treatment_area_line_id_area_id_pk" PRIMARY KEY("line_id","area_id")
);
--> statement-breakpoint
CREATE TABLE "package_photo" (
	"id" serial PRIMARY KEY NOT NULL,
	"package_id" integer NOT NULL,
	"name" varchar(40) NOT NULL,
	"content_type" varchar(20) NOT NULL,
	"content" "bytea" NOT NULL,
	"thumbnail" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "package_photo_packageId_unique" UNIQUE("package_id"),
	CONSTRAINT "package_photo_name_unique" UNIQUE("name")
);
--> statement-breakpoint
ALTER TABLE "package" ADD CONSTRAINT "package_treatment_type_id_treatment_type_id_fk" FOREIGN KEY ("treatment_type_id") REFERENCES "public"."treatment_type"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package" ADD CONSTRAINT "package_category_id_category_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."category"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_branch" ADD CONSTRAINT "package_branch_package_id_package_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."package"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_branch" ADD CONSTRAINT "package_branch_branch_id_branch_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branch"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_treatment" ADD CONSTRAINT "package_treatment_package_id_package_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."package"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_treatment" ADD CONSTRAINT "package_treatment_treatment_id_treatment_id_fk" FOREIGN KEY ("treatment_id") REFERENCES "public"."treatment"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_treatment_area" ADD CONSTRAINT "package_treatment_area_line_id_package_treatment_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."package_treatment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_treatment_area" ADD CONSTRAINT "package_treatment_area_area_id_area_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."area"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_photo" ADD CONSTRAINT "package_photo_package_id_package_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."package"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "package_sku_unique" ON "package" USING btree (lower("sku")) WHERE "package"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "package_type_name_idx" ON "package" USING btree ("type","name");--> statement-breakpoint
CREATE INDEX "package_branch_branch_id_index" ON "package_branch" USING btree ("branch_id");--> statement-breakpoint
CREATE UNIQUE INDEX "package_treatment_unique" ON "package_treatment" USING btree ("package_id","treatment_id");--> statement-breakpoint
CREATE INDEX "package_treatment_treatment_id_index" ON "package_treatment" USING btree ("treatment_id");