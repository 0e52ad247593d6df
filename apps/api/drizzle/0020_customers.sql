CREATE SEQUENCE "public"."customer_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "customer" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer DEFAULT nextval('customer_number_seq') NOT NULL,
	"registry_branch_id" integer NOT NULL,
	"name" varchar(50) NOT NULL,
	"last_name" varchar(50) NOT NULL,
	"mother_last_name" varchar(50),
	"gender" varchar(10),
	"birthday" date NOT NULL,
	"phone" varchar(10),
	"mobile_phone" varchar(10),
	"email" varchar(100),
	"marital_status" varchar(12),
	"origin_country" varchar(50),
	"reference" varchar(100),
	"is_tutor" integer DEFAULT 0 NOT NULL,
	"tutor_id" integer,
	"relationship" varchar(50),
	"status" boolean DEFAULT true NOT NULL,
	"black_list" integer DEFAULT 0 NOT NULL,
	"cancellations" integer DEFAULT 0 NOT NULL,
	"missed_appointments" integer DEFAULT 0 NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "customer_number_unique" UNIQUE("customer_id"),
	CONSTRAINT "customer_points_not_negative" CHECK ("customer"."points" >= 0),
	CONSTRAINT "customer_cancellations_not_negative" CHECK ("customer"."cancellations" >= 0),
	CONSTRAINT "customer_missed_not_negative" CHECK ("customer"."missed_appointments" >= 0),
	CONSTRAINT "customer_is_tutor_01" CHECK ("customer"."is_tutor" IN (0, 1)),
	CONSTRAINT "customer_black_list_01" CHECK ("customer"."black_list" IN (0, 1)),
	CONSTRAINT "customer_gender_valid" CHECK ("customer"."gender" IN ('Masculino', 'Femenino', 'Otro')),
	CONSTRAINT "customer_marital_status_valid" CHECK ("customer"."marital_status" IN ('Soltero', 'Casado', 'Viudo', 'Divorciado', 'Otro')),
	CONSTRAINT "customer_not_own_tutor" CHECK ("customer"."tutor_id" <> "customer"."id")
);
--> statement-breakpoint
CREATE TABLE "customer_note" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"note_type" varchar(12) NOT NULL,
	"title" varchar(100) NOT NULL,
	"note" text NOT NULL,
	"user_id" integer NOT NULL,
	"photo_name" varchar(40),
	"photo_type" varchar(20),
	"photo" "bytea",
	"photo_thumbnail" "bytea",
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "customer_note_photo_unique" UNIQUE("photo_name"),
	CONSTRAINT "customer_note_type_valid" CHECK ("customer_note"."note_type" IN ('General', 'Clínica', 'Seguimiento', 'Queja'))
);
--> statement-breakpoint
ALTER TABLE "customer" ADD CONSTRAINT "customer_registry_branch_id_branch_id_fk" FOREIGN KEY ("registry_branch_id") REFERENCES "public"."branch"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer" ADD CONSTRAINT "customer_tutor_id_customer_id_fk" FOREIGN KEY ("tutor_id") REFERENCES "public"."customer"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_note" ADD CONSTRAINT "customer_note_customer_id_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_note" ADD CONSTRAINT "customer_note_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customer_mobile_unique" ON "customer" USING btree ("mobile_phone") WHERE "customer"."deleted_at" IS NULL AND "customer"."mobile_phone" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "customer_email_unique" ON "customer" USING btree ("email") WHERE "customer"."deleted_at" IS NULL AND "customer"."email" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "customer_tutor_idx" ON "customer" USING btree ("tutor_id");--> statement-breakpoint
CREATE INDEX "customer_note_customer_idx" ON "customer_note" USING btree ("customer_id","created_at");