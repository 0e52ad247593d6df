CREATE TABLE "stock_summary" (
	"branch_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"quantity" bigint NOT NULL,
	"soonest" date,
	"first_id" integer NOT NULL,
	CONSTRAINT "stock_summary_branch_id_product_id_pk" PRIMARY KEY("branch_id","product_id")
);
--> statement-breakpoint
CREATE INDEX "stock_summary_product_idx" ON "stock_summary" USING btree ("product_id");--> statement-breakpoint
-- The pair's row rebuilt from its live lots (none left: no row). Called at commit by the trigger
-- below, and by the backfill; each statement of a volatile function reads a fresh snapshot.
CREATE FUNCTION stock_summary_rebuild(pair_branch integer, pair_product integer) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  units bigint;
  soonest_expiry date;
  first_lot integer;
BEGIN
  SELECT sum(quantity), min(expires_in) FILTER (WHERE quantity > 0), min(id)
    INTO units, soonest_expiry, first_lot
    FROM stock
   WHERE branch_id = pair_branch AND product_id = pair_product AND deleted_at IS NULL;
  IF first_lot IS NULL THEN
    DELETE FROM stock_summary WHERE branch_id = pair_branch AND product_id = pair_product;
  ELSE
    INSERT INTO stock_summary (branch_id, product_id, quantity, soonest, first_id)
    VALUES (pair_branch, pair_product, units, soonest_expiry, first_lot)
    ON CONFLICT (branch_id, product_id) DO UPDATE
      SET quantity = EXCLUDED.quantity, soonest = EXCLUDED.soonest, first_id = EXCLUDED.first_id
      WHERE (stock_summary.quantity, stock_summary.soonest, stock_summary.first_id)
        IS DISTINCT FROM (EXCLUDED.quantity, EXCLUDED.soonest, EXCLUDED.first_id);
  END IF;
END $$;
--> statement-breakpoint
-- At commit of a transaction that changed lots, one transaction at a time chain-wide (an
-- advisory lock taken only here, after every other lock of the transaction, so it cannot be part
-- of a deadlock): the lock is granted once the previous holder has committed, so the rebuild sees
-- every committed lot of the pair. Rebuilding in the statement instead would read a concurrent
-- transaction's lots as they were before it, and the later commit would overwrite the summary
-- with a stale sum.
CREATE FUNCTION stock_summary_refresh() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(727003);
  PERFORM stock_summary_rebuild(NEW.branch_id, NEW.product_id);
  IF TG_OP = 'UPDATE' AND (OLD.branch_id, OLD.product_id) IS DISTINCT FROM (NEW.branch_id, NEW.product_id) THEN
    PERFORM stock_summary_rebuild(OLD.branch_id, OLD.product_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER stock_summary_refresh
  AFTER INSERT OR UPDATE OF quantity, expires_in, deleted_at, branch_id, product_id ON stock
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION stock_summary_refresh();
--> statement-breakpoint
INSERT INTO stock_summary (branch_id, product_id, quantity, soonest, first_id)
SELECT branch_id, product_id, sum(quantity), min(expires_in) FILTER (WHERE quantity > 0), min(id)
  FROM stock
 WHERE deleted_at IS NULL
 GROUP BY branch_id, product_id;
