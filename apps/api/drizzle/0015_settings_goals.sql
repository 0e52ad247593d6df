CREATE TABLE "exchange_rate_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"exchange_rate" numeric(10, 4) NOT NULL,
	"effective_from" timestamp with time zone NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exchange_rate_history_positive" CHECK ("exchange_rate_history"."exchange_rate" > 0)
);
--> statement-breakpoint
CREATE TABLE "goal" (
	"id" serial PRIMARY KEY NOT NULL,
	"branch_id" integer NOT NULL,
	"period" date NOT NULL,
	"goal" numeric(12, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "goal_amount_positive" CHECK ("goal"."goal" > 0),
	CONSTRAINT "goal_period_first_day" CHECK (extract(day from "goal"."period") = 1)
);
--> statement-breakpoint
CREATE TABLE "setting" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"exchange_rate" numeric(10, 4) NOT NULL,
	"payment_process_type" varchar(20) NOT NULL,
	"cosmetology_commission_percent" numeric(5, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "setting_single_row" CHECK ("setting"."id" = 1),
	CONSTRAINT "setting_exchange_rate_positive" CHECK ("setting"."exchange_rate" > 0),
	CONSTRAINT "setting_commission_percent_range" CHECK ("setting"."cosmetology_commission_percent" BETWEEN 0 AND 100),
	CONSTRAINT "setting_payment_process_type_valid" CHECK ("setting"."payment_process_type" IN ('manual', 'gateway'))
);
--> statement-breakpoint
ALTER TABLE "exchange_rate_history" ADD CONSTRAINT "exchange_rate_history_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goal" ADD CONSTRAINT "goal_branch_id_branch_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branch"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exchange_rate_history_effective_idx" ON "exchange_rate_history" USING btree ("effective_from" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "goal_branch_period_unique" ON "goal" USING btree ("branch_id","period") WHERE "goal"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "goal_period_idx" ON "goal" USING btree ("period");--> statement-breakpoint
-- The one settings record exists from the start, so GET /setting answers on a fresh installation.
-- Its rate is in force since 1970-01-01: the rate of any instant before the first change.
INSERT INTO "setting" ("id", "exchange_rate", "payment_process_type", "cosmetology_commission_percent") VALUES (1, 17.5000, 'manual', 10.00) ON CONFLICT ("id") DO NOTHING;--> statement-breakpoint
INSERT INTO "exchange_rate_history" ("exchange_rate", "effective_from") SELECT 17.5000, '1970-01-01T00:00:00Z' WHERE NOT EXISTS (SELECT 1 FROM "exchange_rate_history");
