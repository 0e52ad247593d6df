CREATE TABLE "waitlist_entry" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"treatment_id" integer NOT NULL,
	"from_date" date NOT NULL,
	"to_date" date NOT NULL,
	"time_from" time,
	"time_to" time,
	"appointment_method" varchar(30) NOT NULL,
	"notes" varchar(500),
	"status" varchar(10) DEFAULT 'waiting' NOT NULL,
	"unanswered" integer DEFAULT 0 NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waitlist_entry_status_valid" CHECK ("waitlist_entry"."status" IN ('waiting', 'offered', 'booked', 'cancelled', 'expired')),
	CONSTRAINT "waitlist_entry_dates_order" CHECK ("waitlist_entry"."from_date" <= "waitlist_entry"."to_date"),
	CONSTRAINT "waitlist_entry_times_order" CHECK ("waitlist_entry"."time_from" < "waitlist_entry"."time_to")
);
--> statement-breakpoint
CREATE TABLE "waitlist_offer" (
	"id" serial PRIMARY KEY NOT NULL,
	"entry_id" integer NOT NULL,
	"appointment_id" integer NOT NULL,
	"cabin_id" integer NOT NULL,
	"date" date NOT NULL,
	"interval_from" time NOT NULL,
	"interval_to" time NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"status" varchar(10) DEFAULT 'open' NOT NULL,
	"answered_at" timestamp with time zone,
	"answered_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waitlist_offer_status_valid" CHECK ("waitlist_offer"."status" IN ('open', 'accepted', 'declined', 'expired', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "appointment" DROP CONSTRAINT "appointment_status_valid";--> statement-breakpoint
ALTER TABLE "appointment" ADD COLUMN "waitlist_entry_id" integer;--> statement-breakpoint
ALTER TABLE "appointment" ADD COLUMN "hold_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "waitlist_entry" ADD CONSTRAINT "waitlist_entry_customer_id_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entry" ADD CONSTRAINT "waitlist_entry_branch_id_branch_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branch"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entry" ADD CONSTRAINT "waitlist_entry_treatment_id_treatment_id_fk" FOREIGN KEY ("treatment_id") REFERENCES "public"."treatment"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entry" ADD CONSTRAINT "waitlist_entry_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_offer" ADD CONSTRAINT "waitlist_offer_entry_id_waitlist_entry_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."waitlist_entry"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_offer" ADD CONSTRAINT "waitlist_offer_appointment_id_appointment_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointment"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_offer" ADD CONSTRAINT "waitlist_offer_cabin_id_cabin_id_fk" FOREIGN KEY ("cabin_id") REFERENCES "public"."cabin"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "waitlist_entry_waiting_idx" ON "waitlist_entry" USING btree ("branch_id","created_at","id") WHERE "waitlist_entry"."status" = 'waiting';--> statement-breakpoint
CREATE INDEX "waitlist_entry_customer_idx" ON "waitlist_entry" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "waitlist_entry_created_idx" ON "waitlist_entry" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "waitlist_offer_entry_idx" ON "waitlist_offer" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "waitlist_offer_appointment_idx" ON "waitlist_offer" USING btree ("appointment_id");--> statement-breakpoint
CREATE INDEX "waitlist_offer_open_idx" ON "waitlist_offer" USING btree ("expires_at") WHERE "waitlist_offer"."status" = 'open';--> statement-breakpoint
ALTER TABLE "appointment" ADD CONSTRAINT "appointment_waitlist_entry_id_waitlist_entry_id_fk" FOREIGN KEY ("waitlist_entry_id") REFERENCES "public"."waitlist_entry"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment" ADD CONSTRAINT "appointment_status_valid" CHECK ("appointment"."status" IN ('scheduled', 'inProcess', 'finished', 'absence', 'cancelled', 'held', 'released'));--> statement-breakpoint
-- A waitlist hold (CONTRACT §15) holds its slot: both EXCLUDE constraints of 0023 now count
-- `held` among the slot-holding statuses (a `released` hold, like a cancelled appointment, frees
-- it), so while an offer is open nobody books that cabin and time (409 code 5).
ALTER TABLE "appointment" DROP CONSTRAINT "appointment_cabin_no_overlap";--> statement-breakpoint
ALTER TABLE "appointment" DROP CONSTRAINT "appointment_staff_no_overlap";--> statement-breakpoint
ALTER TABLE "appointment" ADD CONSTRAINT "appointment_cabin_no_overlap" EXCLUDE USING gist ("cabin_id" WITH =, "period" WITH &&) WHERE ("status" IN ('scheduled', 'inProcess', 'finished', 'held'));--> statement-breakpoint
ALTER TABLE "appointment" ADD CONSTRAINT "appointment_staff_no_overlap" EXCLUDE USING gist ("attended_by_id" WITH =, "period" WITH &&) WHERE ("attended_by_id" IS NOT NULL AND "status" IN ('scheduled', 'inProcess', 'finished', 'held'));--> statement-breakpoint
-- The new privilege resource `waitlist` is granted to every stored role as it holds `agenda`.
UPDATE "role" SET "privileges" = "privileges" || jsonb_build_object('waitlist', (
  SELECT jsonb_agg(action) FROM jsonb_array_elements_text("privileges" -> 'agenda') AS action
  WHERE action IN ('view', 'show', 'create', 'edit', 'delete')))
WHERE jsonb_typeof("privileges" -> 'agenda') = 'array'
  AND EXISTS (SELECT 1 FROM jsonb_array_elements_text("privileges" -> 'agenda') AS action
    WHERE action IN ('view', 'show', 'create', 'edit', 'delete'));
