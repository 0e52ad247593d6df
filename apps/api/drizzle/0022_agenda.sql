CREATE SEQUENCE "public"."appointment_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "agenda_lock" (
	"id" serial PRIMARY KEY NOT NULL,
	"branch_id" integer NOT NULL,
	"cabin_id" integer NOT NULL,
	"type" varchar(12) NOT NULL,
	"reason" varchar(20) NOT NULL,
	"reason_description" varchar(500) NOT NULL,
	"time" text[] NOT NULL,
	"date" date,
	"days" smallint[] NOT NULL,
	"recurrent" boolean DEFAULT false NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "agenda_lock_type_valid" CHECK ("agenda_lock"."type" IN ('hour', 'cabain', 'day', 'hours_range', 'days_range')),
	CONSTRAINT "agenda_lock_date_or_recurrent" CHECK ("agenda_lock"."recurrent" OR "agenda_lock"."date" IS NOT NULL)
);
--> statement-breakpoint
CREATE TABLE "appointment" (
	"id" serial PRIMARY KEY NOT NULL,
	"appointment_number" integer DEFAULT nextval('appointment_number_seq') NOT NULL,
	"branch_id" integer NOT NULL,
	"cabin_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"appointment_type" varchar(12) NOT NULL,
	"appointment_method" varchar(30) NOT NULL,
	"appointment_option" varchar(20) NOT NULL,
	"package_id" integer,
	"promo_id" integer,
	"purchased_product_id" integer,
	"attended_by_id" integer,
	"user_id" integer,
	"date" date NOT NULL,
	"start_time" time NOT NULL,
	"end_time" time NOT NULL,
	"period" "tstzrange" NOT NULL,
	"status" varchar(12) DEFAULT 'scheduled' NOT NULL,
	"confirm_method" varchar(10),
	"observations" varchar(500),
	"payment_methods" text[] DEFAULT '{}'::text[] NOT NULL,
	"payment_reference" varchar(100),
	"changes" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointment_number_unique" UNIQUE("appointment_number"),
	CONSTRAINT "appointment_status_valid" CHECK ("appointment"."status" IN ('scheduled', 'inProcess', 'finished', 'absence', 'cancelled')),
	CONSTRAINT "appointment_type_valid" CHECK ("appointment"."appointment_type" IN ('Médico', 'Cosmetóloga', 'Valoración')),
	CONSTRAINT "appointment_option_valid" CHECK ("appointment"."appointment_option" IN ('promotions', 'packages', 'purchasedProducts', 'newTreatments')),
	CONSTRAINT "appointment_confirm_valid" CHECK ("appointment"."confirm_method" IN ('si', 'no', 'whatsapp', 'buzón')),
	CONSTRAINT "appointment_times_order" CHECK ("appointment"."start_time" < "appointment"."end_time"),
	CONSTRAINT "appointment_changes_min" CHECK ("appointment"."changes" >= 0)
);
--> statement-breakpoint
CREATE TABLE "appointment_cancellation" (
	"id" serial PRIMARY KEY NOT NULL,
	"appointment_id" integer NOT NULL,
	"type" varchar(12) NOT NULL,
	"reason" varchar(12) NOT NULL,
	"comment" varchar(500),
	"customer_cancellation" boolean DEFAULT false NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointment_cancellation_type_valid" CHECK ("appointment_cancellation"."type" IN ('Cancellation', 'Reschedule')),
	CONSTRAINT "appointment_cancellation_reason_valid" CHECK ("appointment_cancellation"."reason" IN ('Traffic', 'Desease', 'Work', 'Unspecified', 'Other'))
);
--> statement-breakpoint
CREATE TABLE "appointment_category" (
	"appointment_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	CONSTRAINT "appointment_category_appointment_id_category_id_pk" PRIMARY KEY("appointment_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "appointment_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"appointment_id" integer NOT NULL,
	"action" varchar(20) NOT NULL,
	"date" date NOT NULL,
	"start_time" time NOT NULL,
	"status" varchar(12) NOT NULL,
	"comments" varchar(500),
	"changes" jsonb NOT NULL,
	"branch_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "appointment_treatment" (
	"appointment_id" integer NOT NULL,
	"treatment_id" integer NOT NULL,
	CONSTRAINT "appointment_treatment_appointment_id_treatment_id_pk" PRIMARY KEY("appointment_id","treatment_id")
);
--> statement-breakpoint
ALTER TABLE "agenda_lock" ADD CONSTRAINT "agenda_lock_branch_id_branch_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branch"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agenda_lock" ADD CONSTRAINT "agenda_lock_cabin_id_cabin_id_fk" FOREIGN KEY ("cabin_id") REFERENCES "public"."cabin"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agenda_lock" ADD CONSTRAINT "agenda_lock_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment" ADD CONSTRAINT "appointment_branch_id_branch_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branch"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment" ADD CONSTRAINT "appointment_cabin_id_cabin_id_fk" FOREIGN KEY ("cabin_id") REFERENCES "public"."cabin"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment" ADD CONSTRAINT "appointment_customer_id_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment" ADD CONSTRAINT "appointment_package_id_package_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."package"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment" ADD CONSTRAINT "appointment_promo_id_package_id_fk" FOREIGN KEY ("promo_id") REFERENCES "public"."package"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment" ADD CONSTRAINT "appointment_purchased_product_id_purchased_product_id_fk" FOREIGN KEY ("purchased_product_id") REFERENCES "public"."purchased_product"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment" ADD CONSTRAINT "appointment_attended_by_id_user_id_fk" FOREIGN KEY ("attended_by_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment" ADD CONSTRAINT "appointment_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_cancellation" ADD CONSTRAINT "appointment_cancellation_appointment_id_appointment_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_cancellation" ADD CONSTRAINT "appointment_cancellation_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_category" ADD CONSTRAINT "appointment_category_appointment_id_appointment_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_category" ADD CONSTRAINT "appointment_category_category_id_category_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."category"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_log" ADD CONSTRAINT "appointment_log_appointment_id_appointment_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_log" ADD CONSTRAINT "appointment_log_branch_id_branch_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branch"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_log" ADD CONSTRAINT "appointment_log_customer_id_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_log" ADD CONSTRAINT "appointment_log_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_treatment" ADD CONSTRAINT "appointment_treatment_appointment_id_appointment_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_treatment" ADD CONSTRAINT "appointment_treatment_treatment_id_treatment_id_fk" FOREIGN KEY ("treatment_id") REFERENCES "public"."treatment"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agenda_lock_cabin_idx" ON "agenda_lock" USING btree ("cabin_id") WHERE "agenda_lock"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "agenda_lock_branch_idx" ON "agenda_lock" USING btree ("branch_id","created_at") WHERE "agenda_lock"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "appointment_branch_date_idx" ON "appointment" USING btree ("branch_id","date","start_time");--> statement-breakpoint
CREATE INDEX "appointment_customer_date_idx" ON "appointment" USING btree ("customer_id","date");--> statement-breakpoint
CREATE INDEX "appointment_attended_date_idx" ON "appointment" USING btree ("attended_by_id","date");--> statement-breakpoint
CREATE INDEX "appointment_purchased_product_idx" ON "appointment" USING btree ("purchased_product_id");--> statement-breakpoint
CREATE INDEX "appointment_cancellation_appointment_id_index" ON "appointment_cancellation" USING btree ("appointment_id");--> statement-breakpoint
CREATE INDEX "appointment_category_category_id_index" ON "appointment_category" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "appointment_log_branch_created_idx" ON "appointment_log" USING btree ("branch_id","created_at");--> statement-breakpoint
CREATE INDEX "appointment_log_appointment_idx" ON "appointment_log" USING btree ("appointment_id");--> statement-breakpoint
CREATE INDEX "appointment_log_customer_idx" ON "appointment_log" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "appointment_treatment_treatment_id_index" ON "appointment_treatment" USING btree ("treatment_id");--> statement-breakpoint
-- Double booking is impossible (CONTRACT §7, §13), whatever order concurrent bookings commit in:
-- two appointments that hold their slot (scheduled, in process or finished; a cancelled or missed
-- one frees it) never overlap in one cabin, nor for one attending staff member. A violation is
-- SQLSTATE 23P01, answered 409 code 5. btree_gist (0001) lets gist compare the integer ids.
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
ALTER TABLE "appointment" ADD CONSTRAINT "appointment_cabin_no_overlap" EXCLUDE USING gist ("cabin_id" WITH =, "period" WITH &&) WHERE ("status" IN ('scheduled', 'inProcess', 'finished'));--> statement-breakpoint
ALTER TABLE "appointment" ADD CONSTRAINT "appointment_staff_no_overlap" EXCLUDE USING gist ("attended_by_id" WITH =, "period" WITH &&) WHERE ("attended_by_id" IS NOT NULL AND "status" IN ('scheduled', 'inProcess', 'finished'));--> statement-breakpoint
ALTER TABLE "appointment" ADD CONSTRAINT "appointment_period_not_empty" CHECK (NOT isempty("period"));
