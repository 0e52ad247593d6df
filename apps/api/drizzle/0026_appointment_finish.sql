CREATE TABLE "appointment_session" (
	"id" serial PRIMARY KEY NOT NULL,
	"appointment_id" integer NOT NULL,
	"purchased_product_id" integer NOT NULL,
	"number" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointment_session_number_min" CHECK ("appointment_session"."number" >= 1)
);
--> statement-breakpoint
CREATE TABLE "appointment_session_area" (
	"session_id" integer NOT NULL,
	"area_id" integer NOT NULL,
	CONSTRAINT "appointment_session_area_session_id_area_id_pk" PRIMARY KEY("session_id","area_id")
);
--> statement-breakpoint
CREATE TABLE "medic_commission" (
	"id" serial PRIMARY KEY NOT NULL,
	"appointment_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"treatment_id" integer NOT NULL,
	"sessions" integer NOT NULL,
	"fee" numeric(12, 2) NOT NULL,
	"isr_percent" numeric(5, 2) NOT NULL,
	"isr" numeric(12, 2) NOT NULL,
	"net" numeric(12, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "medic_commission_appointment_unique" UNIQUE("appointment_id"),
	CONSTRAINT "medic_commission_sessions_min" CHECK ("medic_commission"."sessions" >= 1),
	CONSTRAINT "medic_commission_amounts" CHECK ("medic_commission"."fee" >= 0 AND "medic_commission"."isr" >= 0)
);
--> statement-breakpoint
ALTER TABLE "appointment" ADD COLUMN "consent_id" integer;--> statement-breakpoint
ALTER TABLE "appointment" ADD COLUMN "consent_signed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointment" ADD COLUMN "finished_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointment_session" ADD CONSTRAINT "appointment_session_appointment_id_appointment_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_session" ADD CONSTRAINT "appointment_session_purchased_product_id_purchased_product_id_fk" FOREIGN KEY ("purchased_product_id") REFERENCES "public"."purchased_product"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_session_area" ADD CONSTRAINT "appointment_session_area_session_id_appointment_session_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."appointment_session"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_session_area" ADD CONSTRAINT "appointment_session_area_area_id_area_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."area"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medic_commission" ADD CONSTRAINT "medic_commission_appointment_id_appointment_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointment"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medic_commission" ADD CONSTRAINT "medic_commission_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medic_commission" ADD CONSTRAINT "medic_commission_branch_id_branch_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branch"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medic_commission" ADD CONSTRAINT "medic_commission_treatment_id_treatment_id_fk" FOREIGN KEY ("treatment_id") REFERENCES "public"."treatment"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointment_session_appointment_idx" ON "appointment_session" USING btree ("appointment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "appointment_session_number_unique" ON "appointment_session" USING btree ("purchased_product_id","number");--> statement-breakpoint
CREATE INDEX "medic_commission_branch_created_idx" ON "medic_commission" USING btree ("branch_id","created_at");--> statement-breakpoint
CREATE INDEX "medic_commission_user_created_idx" ON "medic_commission" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "appointment" ADD CONSTRAINT "appointment_consent_id_consent_id_fk" FOREIGN KEY ("consent_id") REFERENCES "public"."consent"("id") ON DELETE no action ON UPDATE no action;