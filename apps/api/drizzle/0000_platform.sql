CREATE TABLE "branch" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"street" varchar(150) NOT NULL,
	"ext_number" varchar(20) NOT NULL,
	"int_number" varchar(20),
	"suburb" varchar(100) NOT NULL,
	"city" varchar(100) NOT NULL,
	"state" varchar(100) NOT NULL,
	"zip_code" varchar(5) NOT NULL,
	"phone" varchar(10) NOT NULL,
	"lat" numeric(10, 7),
	"lng" numeric(10, 7),
	"code" varchar(10) NOT NULL,
	"zone" varchar(64) DEFAULT 'America/Tijuana' NOT NULL,
	"franchise" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"rfc" varchar(13) NOT NULL,
	"business_name" varchar(150) NOT NULL,
	"distribution_center" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "branch_zip_code_length" CHECK (char_length("branch"."zip_code") = 5),
	CONSTRAINT "branch_code_length" CHECK (char_length("branch"."code") = 10)
);
--> statement-breakpoint
CREATE TABLE "branch_schedule" (
	"id" serial PRIMARY KEY NOT NULL,
	"branch_id" integer NOT NULL,
	"day" smallint NOT NULL,
	"opening" time NOT NULL,
	"closing" time NOT NULL,
	CONSTRAINT "branch_schedule_day_range" CHECK ("branch_schedule"."day" BETWEEN 1 AND 7)
);
--> statement-breakpoint
CREATE TABLE "color" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(40) NOT NULL,
	"hex" varchar(6) NOT NULL,
	CONSTRAINT "color_hex_unique" UNIQUE("hex")
);
--> statement-breakpoint
CREATE TABLE "department" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(80) NOT NULL,
	CONSTRAINT "department_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "job_position" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(80) NOT NULL,
	"department_id" integer NOT NULL,
	CONSTRAINT "job_position_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "module" (
	"id" serial PRIMARY KEY NOT NULL,
	"alias" varchar(40) NOT NULL,
	"name" varchar(80) NOT NULL,
	"group" varchar(40) NOT NULL,
	"actions" jsonb NOT NULL,
	CONSTRAINT "module_alias_unique" UNIQUE("alias")
);
--> statement-breakpoint
CREATE TABLE "product_type" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(40) NOT NULL,
	CONSTRAINT "product_type_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "role" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" varchar(40) NOT NULL,
	"role" varchar(60) NOT NULL,
	"privileges" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "role_key_unique" UNIQUE("key"),
	CONSTRAINT "role_role_unique" UNIQUE("role")
);
--> statement-breakpoint
CREATE TABLE "treatment_type" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(40) NOT NULL,
	"appointment_name" varchar(60) NOT NULL,
	CONSTRAINT "treatment_type_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "kardex" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"employee_number" varchar(6) NOT NULL,
	"job_position_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"birthdate" date NOT NULL,
	"admission_date" date NOT NULL,
	"work_shift" varchar(20) NOT NULL,
	"departure_date" date,
	"reentry_date" date,
	"photo" varchar(120),
	"deleted_at" timestamp with time zone,
	CONSTRAINT "kardex_userId_unique" UNIQUE("user_id")
);
--> statement-breakpoint
CREATE TABLE "kardex_address" (
	"id" serial PRIMARY KEY NOT NULL,
	"kardex_id" integer NOT NULL,
	"address" varchar(255) NOT NULL,
	"state" varchar(50) NOT NULL,
	"city" varchar(50) NOT NULL,
	"address_ine" varchar(255) NOT NULL,
	"state_ine" varchar(50) NOT NULL,
	"city_ine" varchar(50) NOT NULL,
	CONSTRAINT "kardex_address_kardexId_unique" UNIQUE("kardex_id")
);
--> statement-breakpoint
CREATE TABLE "kardex_bank_information" (
	"id" serial PRIMARY KEY NOT NULL,
	"kardex_id" integer NOT NULL,
	"salary" numeric(12, 2) NOT NULL,
	"bank_account" varchar(18) NOT NULL,
	"isr" numeric(5, 2),
	CONSTRAINT "kardex_bank_information_kardexId_unique" UNIQUE("kardex_id")
);
--> statement-breakpoint
CREATE TABLE "kardex_contact" (
	"id" serial PRIMARY KEY NOT NULL,
	"kardex_id" integer NOT NULL,
	"name" varchar(100) NOT NULL,
	"relationships" varchar(50) NOT NULL,
	"phone" varchar(10) NOT NULL,
	"main" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kardex_job_reference" (
	"id" serial PRIMARY KEY NOT NULL,
	"kardex_id" integer NOT NULL,
	"company" varchar(80) NOT NULL,
	"position" varchar(80) NOT NULL,
	"boss" varchar(80) NOT NULL,
	"phone" varchar(10) NOT NULL,
	"main" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kardex_personal_data" (
	"id" serial PRIMARY KEY NOT NULL,
	"kardex_id" integer NOT NULL,
	"gender" varchar(20) NOT NULL,
	"marital_status" varchar(20) NOT NULL,
	"nationality" varchar(50) NOT NULL,
	"birth_state" varchar(50) NOT NULL,
	"birth_city" varchar(50) NOT NULL,
	"nss" varchar(11) NOT NULL,
	"curp" varchar(18) NOT NULL,
	"rfc" varchar(13) NOT NULL,
	"ocr" varchar(13) NOT NULL,
	"infonavit" smallint NOT NULL,
	"educational_degree" varchar(30) NOT NULL,
	"profession" varchar(50) NOT NULL,
	"professional_license" varchar(30),
	"provisional_profesional_license" varchar(30),
	"childrens" smallint NOT NULL,
	"email" varchar(100) NOT NULL,
	"blood_type" varchar(3) NOT NULL,
	"diseases" varchar(255) NOT NULL,
	"allergies" varchar(255) NOT NULL,
	"drug_allergies" varchar(255) NOT NULL,
	CONSTRAINT "kardex_personal_data_kardexId_unique" UNIQUE("kardex_id")
);
--> statement-breakpoint
CREATE TABLE "kardex_phone" (
	"id" serial PRIMARY KEY NOT NULL,
	"kardex_id" integer NOT NULL,
	"phone" varchar(10) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kardex_signature" (
	"id" serial PRIMARY KEY NOT NULL,
	"kardex_id" integer NOT NULL,
	"number" smallint NOT NULL,
	"date" date NOT NULL,
	CONSTRAINT "kardex_signature_number_range" CHECK ("kardex_signature"."number" BETWEEN 1 AND 4)
);
--> statement-breakpoint
CREATE TABLE "user" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(50) NOT NULL,
	"last_name" varchar(50) NOT NULL,
	"mother_last_name" varchar(50) NOT NULL,
	"username" varchar(100) NOT NULL,
	"password_hash" varchar(255) NOT NULL,
	"pin_hash" varchar(255),
	"role_id" integer NOT NULL,
	"status" varchar(10) DEFAULT 'activo' NOT NULL,
	"password_changed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "user_status_valid" CHECK ("user"."status" IN ('activo', 'inactivo'))
);
--> statement-breakpoint
CREATE TABLE "app_setting" (
	"key" varchar(60) PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "attendance" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"registered_by_id" integer,
	"checked_in_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"to" varchar(100) NOT NULL,
	"subject" varchar(200) NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "refresh_token" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"family_id" uuid NOT NULL,
	"user_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"secret_hash" varchar(64) NOT NULL,
	"remember" boolean DEFAULT false NOT NULL,
	"pin_failures" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"rotated_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "reset_code" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"code_hash" varchar(64) NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sign_in_failure" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"username" varchar(100) NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sign_in_lock" (
	"username" varchar(100) PRIMARY KEY NOT NULL,
	"locked_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"module" varchar(40) NOT NULL,
	"action" varchar(30) NOT NULL,
	"record_id" integer,
	"user_id" integer,
	"branch_id" integer,
	"changes" jsonb,
	"detail" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "branch_schedule" ADD CONSTRAINT "branch_schedule_branch_id_branch_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branch"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_position" ADD CONSTRAINT "job_position_department_id_department_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."department"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kardex" ADD CONSTRAINT "kardex_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kardex" ADD CONSTRAINT "kardex_job_position_id_job_position_id_fk" FOREIGN KEY ("job_position_id") REFERENCES "public"."job_position"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kardex" ADD CONSTRAINT "kardex_branch_id_branch_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branch"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kardex_address" ADD CONSTRAINT "kardex_address_kardex_id_kardex_id_fk" FOREIGN KEY ("kardex_id") REFERENCES "public"."kardex"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kardex_bank_information" ADD CONSTRAINT "kardex_bank_information_kardex_id_kardex_id_fk" FOREIGN KEY ("kardex_id") REFERENCES "public"."kardex"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kardex_contact" ADD CONSTRAINT "kardex_contact_kardex_id_kardex_id_fk" FOREIGN KEY ("kardex_id") REFERENCES "public"."kardex"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kardex_job_reference" ADD CONSTRAINT "kardex_job_reference_kardex_id_kardex_id_fk" FOREIGN KEY ("kardex_id") REFERENCES "public"."kardex"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kardex_personal_data" ADD CONSTRAINT "kardex_personal_data_kardex_id_kardex_id_fk" FOREIGN KEY ("kardex_id") REFERENCES "public"."kardex"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kardex_phone" ADD CONSTRAINT "kardex_phone_kardex_id_kardex_id_fk" FOREIGN KEY ("kardex_id") REFERENCES "public"."kardex"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kardex_signature" ADD CONSTRAINT "kardex_signature_kardex_id_kardex_id_fk" FOREIGN KEY ("kardex_id") REFERENCES "public"."kardex"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user" ADD CONSTRAINT "user_role_id_role_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."role"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance" ADD CONSTRAINT "attendance_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance" ADD CONSTRAINT "attendance_branch_id_branch_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branch"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance" ADD CONSTRAINT "attendance_registered_by_id_user_id_fk" FOREIGN KEY ("registered_by_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_token" ADD CONSTRAINT "refresh_token_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_token" ADD CONSTRAINT "refresh_token_branch_id_branch_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branch"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reset_code" ADD CONSTRAINT "reset_code_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_branch_id_branch_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branch"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "branch_code_unique" ON "branch" USING btree ("code") WHERE "branch"."deleted_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "branch_schedule_day_unique" ON "branch_schedule" USING btree ("branch_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "kardex_employee_number_unique" ON "kardex" USING btree ("employee_number") WHERE "kardex"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "kardex_branch_idx" ON "kardex" USING btree ("branch_id");--> statement-breakpoint
CREATE UNIQUE INDEX "kardex_signature_number_unique" ON "kardex_signature" USING btree ("kardex_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "user_username_unique" ON "user" USING btree (lower("username")) WHERE "user"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "attendance_branch_idx" ON "attendance" USING btree ("branch_id","checked_in_at");--> statement-breakpoint
CREATE INDEX "refresh_token_family_idx" ON "refresh_token" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "refresh_token_user_idx" ON "refresh_token" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "reset_code_user_idx" ON "reset_code" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sign_in_failure_username_idx" ON "sign_in_failure" USING btree ("username","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "audit_log_module_idx" ON "audit_log" USING btree ("module","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_user_idx" ON "audit_log" USING btree ("user_id");