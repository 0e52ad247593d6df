ALTER TABLE "daily_cash_closing" ADD COLUMN "record_json" text;
--> statement-breakpoint
-- The closing's record as the closings report writes it (CONTRACT §14: the record of §12), from
-- "date" to "created_at", kept as one JSON text beside the columns it is made of: the report of a
-- year of the chain (18,000 closings) joins these texts instead of writing every figure again.
-- The id, folio, branch and user are written by the report itself (a branch or a user may be
-- renamed). Amounts as float8, whose shortest text is the stored 2-decimal amount (1234.5, as
-- JavaScript writes it). Written on insert (and on update, though a closing is frozen: 0030), so
-- it never disagrees with its row; read/reports/money-closings.test.ts checks it against the
-- closings module's own records.
CREATE FUNCTION daily_cash_closing_record_json() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.record_json := (SELECT row_to_json(r)::text FROM (SELECT
      NEW.date AS "date",
      NEW.cash_total::float8 AS "cashTotal",
      NEW.cash_total_dollars::float8 AS "cashTotalDollars",
      NEW.cash_total_dollars_mxn::float8 AS "cashTotalDollarsMxn",
      NEW.credit_card_total::float8 AS "creditCardTotal",
      NEW.debit_card_total::float8 AS "debitCardTotal",
      NEW.transfer_total::float8 AS "transferTotal",
      NEW.deposit_total::float8 AS "depositTotal",
      NEW.points_total::float8 AS "pointsTotal",
      NEW.sales_total::float8 AS "salesTotal",
      NEW.refund_cash::float8 AS "refundCash",
      NEW.refund_credit_card::float8 AS "refundCreditCard",
      NEW.refund_debit_card::float8 AS "refundDebitCard",
      NEW.refund_transfer::float8 AS "refundTransfer",
      NEW.refund_deposit::float8 AS "refundDeposit",
      NEW.refund_points::float8 AS "refundPoints",
      NEW.refund_total::float8 AS "refundTotal",
      NEW.total::float8 AS "total",
      NEW.orders_count AS "ordersCount",
      NEW.cash_orders_count AS "cashOrdersCount",
      NEW.refunds_count AS "refundsCount",
      NEW.exchange_rate::float8 AS "exchangeRate",
      NEW.products AS "products",
      NEW.counted_cash::float8 AS "countedCash",
      NEW.counted_cash_dollars::float8 AS "countedCashDollars",
      NEW.difference::float8 AS "difference",
      NEW.difference_dollars::float8 AS "differenceDollars",
      NEW.comments AS "comments",
      to_char(NEW.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "created_at"
  ) r);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER daily_cash_closing_record_json BEFORE INSERT OR UPDATE ON daily_cash_closing
  FOR EACH ROW EXECUTE FUNCTION daily_cash_closing_record_json();
--> statement-breakpoint
-- The closings already made get theirs: the freeze lifted for this one update only.
ALTER TABLE daily_cash_closing DISABLE TRIGGER daily_cash_closing_frozen;
--> statement-breakpoint
UPDATE daily_cash_closing SET record_json = NULL;
--> statement-breakpoint
ALTER TABLE daily_cash_closing ENABLE TRIGGER daily_cash_closing_frozen;
