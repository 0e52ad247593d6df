CREATE SEQUENCE "public"."daily_cash_closing_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "daily_cash_closing" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" integer DEFAULT nextval('daily_cash_closing_number_seq') NOT NULL,
	"branch_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"date" date NOT NULL,
	"cash_total" numeric(12, 2) NOT NULL,
	"cash_total_dollars" numeric(12, 2) NOT NULL,
	"cash_total_dollars_mxn" numeric(12, 2) NOT NULL,
	"credit_card_total" numeric(12, 2) NOT NULL,
	"debit_card_total" numeric(12, 2) NOT NULL,
	"transfer_total" numeric(12, 2) NOT NULL,
	"deposit_total" numeric(12, 2) NOT NULL,
	"points_total" numeric(12, 2) NOT NULL,
	"sales_total" numeric(12, 2) NOT NULL,
	"refund_cash" numeric(12, 2) NOT NULL,
	"refund_credit_card" numeric(12, 2) NOT NULL,
	"refund_debit_card" numeric(12, 2) NOT NULL,
	"refund_transfer" numeric(12, 2) NOT NULL,
	"refund_deposit" numeric(12, 2) NOT NULL,
	"refund_points" numeric(12, 2) NOT NULL,
	"refund_total" numeric(12, 2) NOT NULL,
	"total" numeric(12, 2) NOT NULL,
	"orders_count" integer NOT NULL,
	"cash_orders_count" integer NOT NULL,
	"refunds_count" integer NOT NULL,
	"exchange_rate" numeric(10, 4) NOT NULL,
	"products" jsonb NOT NULL,
	"counted_cash" numeric(12, 2),
	"counted_cash_dollars" numeric(12, 2),
	"difference" numeric(12, 2),
	"difference_dollars" numeric(12, 2),
	"comments" varchar(500),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "daily_cash_closing_number_unique" UNIQUE("number"),
	CONSTRAINT "daily_cash_closing_counts" CHECK ("daily_cash_closing"."orders_count" >= 0 AND "daily_cash_closing"."cash_orders_count" >= 0 AND "daily_cash_closing"."refunds_count" >= 0),
	CONSTRAINT "daily_cash_closing_difference" CHECK (("daily_cash_closing"."counted_cash" IS NULL) = ("daily_cash_closing"."difference" IS NULL) AND ("daily_cash_closing"."counted_cash_dollars" IS NULL) = ("daily_cash_closing"."difference_dollars" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "daily_cash_closing" ADD CONSTRAINT "daily_cash_closing_branch_id_branch_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branch"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_cash_closing" ADD CONSTRAINT "daily_cash_closing_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "daily_cash_closing_branch_date_unique" ON "daily_cash_closing" USING btree ("branch_id","date");--> statement-breakpoint
CREATE INDEX "daily_cash_closing_date_idx" ON "daily_cash_closing" USING btree ("date","id");--> statement-breakpoint
-- A closed branch-day is frozen (CONTRACT §12): nothing is dated into it once its closing exists.
-- Every write that would change a closed day's figures goes through cash_day_refuse_closed, which
-- first takes the branch-day's advisory lock in shared mode, the lock the closing takes exclusive
-- while it computes and records the figures (apps/api/src/modules/cash-closings): a write racing
-- the close either commits before the close reads the day (and is counted) or waits for it and
-- is refused. SQLSTATE CC045 is answered as 409 code 45 by the API's error handler.
CREATE FUNCTION cash_day_refuse_closed(closing_branch integer, closing_day date) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF closing_branch IS NULL OR closing_day IS NULL THEN
    RETURN;
  END IF;
  PERFORM pg_advisory_xact_lock_shared(closing_branch, closing_day - DATE '2000-01-01');
  IF EXISTS (SELECT 1 FROM daily_cash_closing c
              WHERE c.branch_id = closing_branch AND c.date = closing_day) THEN
    RAISE EXCEPTION 'El día % de la sucursal % ya tiene corte de caja', closing_day, closing_branch
      USING ERRCODE = 'CC045';
  END IF;
END $$;
--> statement-breakpoint
-- An order or cash order: what counts on its paid day (the day, the total, the change, the branch)
-- and on its refund day (the day, the amount, the method) may not move into or out of a closed day.
CREATE FUNCTION sale_refuse_closed_day() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM cash_day_refuse_closed(NEW.branch_id, NEW.paid_date);
    PERFORM cash_day_refuse_closed(NEW.branch_id, NEW.refund_date);
    RETURN NEW;
  END IF;
  IF NEW.paid_date IS DISTINCT FROM OLD.paid_date OR NEW.branch_id IS DISTINCT FROM OLD.branch_id
     OR NEW.total IS DISTINCT FROM OLD.total OR NEW.change_amount IS DISTINCT FROM OLD.change_amount THEN
    PERFORM cash_day_refuse_closed(OLD.branch_id, OLD.paid_date);
    PERFORM cash_day_refuse_closed(NEW.branch_id, NEW.paid_date);
  END IF;
  IF NEW.refund_date IS DISTINCT FROM OLD.refund_date OR NEW.branch_id IS DISTINCT FROM OLD.branch_id
     OR NEW.refund_amount IS DISTINCT FROM OLD.refund_amount
     OR NEW.refund_method IS DISTINCT FROM OLD.refund_method THEN
    PERFORM cash_day_refuse_closed(OLD.branch_id, OLD.refund_date);
    PERFORM cash_day_refuse_closed(NEW.branch_id, NEW.refund_date);
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_closed_day BEFORE INSERT OR UPDATE ON "orders"
  FOR EACH ROW EXECUTE FUNCTION sale_refuse_closed_day();
--> statement-breakpoint
CREATE TRIGGER cash_order_closed_day BEFORE INSERT OR UPDATE ON "cash_order"
  FOR EACH ROW EXECUTE FUNCTION sale_refuse_closed_day();
--> statement-breakpoint
-- A payment counts on its sale's paid day: none is added to, changed in or taken from a closed day.
CREATE FUNCTION order_payment_refuse_closed_day() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  sale record;
BEGIN
  IF TG_OP <> 'DELETE' THEN
    SELECT o.branch_id, o.paid_date INTO sale FROM "orders" o WHERE o.id = NEW.order_id;
    PERFORM cash_day_refuse_closed(sale.branch_id, sale.paid_date);
  END IF;
  IF TG_OP <> 'INSERT' THEN
    SELECT o.branch_id, o.paid_date INTO sale FROM "orders" o WHERE o.id = OLD.order_id;
    PERFORM cash_day_refuse_closed(sale.branch_id, sale.paid_date);
    IF TG_OP = 'DELETE' THEN
      RETURN OLD;
    END IF;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE FUNCTION cash_order_payment_refuse_closed_day() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  sale record;
BEGIN
  IF TG_OP <> 'DELETE' THEN
    SELECT o.branch_id, o.paid_date INTO sale FROM "cash_order" o WHERE o.id = NEW.cash_order_id;
    PERFORM cash_day_refuse_closed(sale.branch_id, sale.paid_date);
  END IF;
  IF TG_OP <> 'INSERT' THEN
    SELECT o.branch_id, o.paid_date INTO sale FROM "cash_order" o WHERE o.id = OLD.cash_order_id;
    PERFORM cash_day_refuse_closed(sale.branch_id, sale.paid_date);
    IF TG_OP = 'DELETE' THEN
      RETURN OLD;
    END IF;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER order_payment_closed_day BEFORE INSERT OR UPDATE OR DELETE ON "order_payment"
  FOR EACH ROW EXECUTE FUNCTION order_payment_refuse_closed_day();
--> statement-breakpoint
CREATE TRIGGER cash_order_payment_closed_day BEFORE INSERT OR UPDATE OR DELETE ON "cash_order_payment"
  FOR EACH ROW EXECUTE FUNCTION cash_order_payment_refuse_closed_day();
--> statement-breakpoint
-- A closing is never edited nor cancelled.
CREATE FUNCTION daily_cash_closing_frozen() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'Un corte de caja no se modifica ni se elimina' USING ERRCODE = 'CC045';
END $$;
--> statement-breakpoint
CREATE TRIGGER daily_cash_closing_frozen BEFORE UPDATE OR DELETE ON "daily_cash_closing"
  FOR EACH ROW EXECUTE FUNCTION daily_cash_closing_frozen();
