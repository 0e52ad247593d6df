CREATE TABLE "booking_request" (
	"id" varchar(22) PRIMARY KEY NOT NULL,
	"branch_id" integer NOT NULL,
	"treatment_id" integer NOT NULL,
	"date" date NOT NULL,
	"start_time" varchar(5) NOT NULL,
	"name" varchar(50) NOT NULL,
	"last_name" varchar(50) NOT NULL,
	"mother_last_name" varchar(50),
	"birthday" date NOT NULL,
	"mobile_phone" varchar(10) NOT NULL,
	"email" varchar(100) NOT NULL,
	"client_address" varchar(64) NOT NULL,
	"code_hash" varchar(64) NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"status" varchar(10) DEFAULT 'pending' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"appointment_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_request_status_valid" CHECK ("booking_request"."status" IN ('pending', 'used', 'voided')),
	CONSTRAINT "booking_request_attempts_range" CHECK ("booking_request"."attempts" BETWEEN 0 AND 5)
);
--> statement-breakpoint
CREATE TABLE "reminder" (
	"id" serial PRIMARY KEY NOT NULL,
	"appointment_id" integer NOT NULL,
	"kind" varchar(20) NOT NULL,
	"channel" varchar(10) NOT NULL,
	"to" varchar(100) NOT NULL,
	"send_at" timestamp with time zone NOT NULL,
	"status" varchar(10) DEFAULT 'pending' NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"transport" varchar(10),
	"last_error" varchar(500),
	"idempotency_key" varchar(120) NOT NULL,
	"link" varchar(300),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reminder_kind_valid" CHECK ("reminder"."kind" IN ('reminder', 'waitlist-offer')),
	CONSTRAINT "reminder_channel_valid" CHECK ("reminder"."channel" IN ('email', 'whatsapp')),
	CONSTRAINT "reminder_status_valid" CHECK ("reminder"."status" IN ('pending', 'sent', 'failed', 'cancelled')),
	CONSTRAINT "reminder_transport_valid" CHECK ("reminder"."transport" IN ('smtp', 'webhook', 'log'))
);
--> statement-breakpoint
ALTER TABLE "treatment" ADD COLUMN "online_booking" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "appointment" ADD COLUMN "confirmed_by" varchar(10);--> statement-breakpoint
ALTER TABLE "appointment" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "booking_request" ADD CONSTRAINT "booking_request_branch_id_branch_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branch"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_request" ADD CONSTRAINT "booking_request_treatment_id_treatment_id_fk" FOREIGN KEY ("treatment_id") REFERENCES "public"."treatment"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_request" ADD CONSTRAINT "booking_request_appointment_id_appointment_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointment"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder" ADD CONSTRAINT "reminder_appointment_id_appointment_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointment"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_request_mobile_idx" ON "booking_request" USING btree ("mobile_phone","created_at");--> statement-breakpoint
CREATE INDEX "booking_request_email_idx" ON "booking_request" USING btree ("email","created_at");--> statement-breakpoint
CREATE INDEX "booking_request_address_idx" ON "booking_request" USING btree ("client_address","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "reminder_idempotency_key_unique" ON "reminder" USING btree ("idempotency_key") WHERE "reminder"."status" <> 'cancelled';--> statement-breakpoint
CREATE INDEX "reminder_appointment_idx" ON "reminder" USING btree ("appointment_id");--> statement-breakpoint
CREATE INDEX "reminder_due_idx" ON "reminder" USING btree ("next_attempt_at") WHERE "reminder"."status" = 'pending';