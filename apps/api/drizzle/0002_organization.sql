CREATE TABLE "cabin" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(60) NOT NULL,
	"type_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"status" boolean DEFAULT true NOT NULL,
	"description" varchar(80),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "cabin_schedule" (
	"id" serial PRIMARY KEY NOT NULL,
	"cabin_id" integer NOT NULL,
	"day" smallint NOT NULL,
	"opening" time NOT NULL,
	"closing" time NOT NULL,
	CONSTRAINT "cabin_schedule_day_range" CHECK ("cabin_schedule"."day" BETWEEN 1 AND 7)
);
--> statement-breakpoint
CREATE TABLE "cabin_type" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(60) NOT NULL,
	"order" integer NOT NULL,
	"color" varchar(6) NOT NULL,
	"treatment_type_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "cabin_type_order_min" CHECK ("cabin_type"."order" >= 1)
);
--> statement-breakpoint
CREATE TABLE "category" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(80) NOT NULL,
	"type" varchar(10) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "category_type_valid" CHECK ("category"."type" IN ('treatment', 'product'))
);
--> statement-breakpoint
ALTER TABLE "cabin" ADD CONSTRAINT "cabin_type_id_cabin_type_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."cabin_type"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cabin" ADD CONSTRAINT "cabin_branch_id_branch_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branch"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cabin_schedule" ADD CONSTRAINT "cabin_schedule_cabin_id_cabin_id_fk" FOREIGN KEY ("cabin_id") REFERENCES "public"."cabin"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cabin_type" ADD CONSTRAINT "cabin_type_treatment_type_id_treatment_type_id_fk" FOREIGN KEY ("treatment_type_id") REFERENCES "public"."treatment_type"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cabin_branch_name_unique" ON "cabin" USING btree ("branch_id",lower("name")) WHERE "cabin"."deleted_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "cabin_schedule_day_unique" ON "cabin_schedule" USING btree ("cabin_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "cabin_type_color_unique" ON "cabin_type" USING btree ("color") WHERE "cabin_type"."deleted_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "category_name_type_unique" ON "category" USING btree (lower("name"),"type") WHERE "category"."deleted_at" IS NULL;