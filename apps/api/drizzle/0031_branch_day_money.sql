CREATE TABLE "branch_day_money" (
	"branch_id" integer NOT NULL,
	"day" date NOT NULL,
	"mxn_tx" bigint DEFAULT 0 NOT NULL,
	"dls_tx" bigint DEFAULT 0 NOT NULL,
	"dls_to_mx_tx" bigint DEFAULT 0 NOT NULL,
	"tdc" bigint DEFAULT 0 NOT NULL,
	"tdd" bigint DEFAULT 0 NOT NULL,
	"other_tx" bigint DEFAULT 0 NOT NULL,
	"online" bigint DEFAULT 0 NOT NULL,
	"app" bigint DEFAULT 0 NOT NULL,
	"mxn_product" bigint DEFAULT 0 NOT NULL,
	"dls_product" bigint DEFAULT 0 NOT NULL,
	"dls_to_mxn_product" bigint DEFAULT 0 NOT NULL,
	"card_product" bigint DEFAULT 0 NOT NULL,
	"other_product" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "branch_day_money_pk" PRIMARY KEY("branch_id","day")
);
--> statement-breakpoint
ALTER TABLE "branch_day_money" ADD CONSTRAINT "branch_day_money_branch_id_branch_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branch"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Backfill: the money of every branch-day so far (DAY_MONEY_BACKFILL of modules/orders/day-money-recompute.ts).
INSERT INTO branch_day_money (branch_id, day, mxn_tx, dls_tx, dls_to_mx_tx, tdc, tdd, other_tx, online, app, mxn_product, dls_product, dls_to_mxn_product, card_product, other_product)
WITH money_event AS (
  SELECT o.branch_id, o.paid_date AS day, o.origin AS channel, p.payment_method AS method,
         p.currency, p.amount, p.amount_mxn
    FROM orders o JOIN order_payment p ON p.order_id = o.id WHERE o.paid_date IS NOT NULL
  UNION ALL
  SELECT o.branch_id, o.paid_date, 'cash-order', p.payment_method, p.currency, p.amount, p.amount_mxn
    FROM cash_order o JOIN cash_order_payment p ON p.cash_order_id = o.id WHERE o.paid_date IS NOT NULL
  UNION ALL
  SELECT branch_id, paid_date, origin, 'Efectivo', 'MXN', -change_amount, -change_amount
    FROM orders WHERE paid_date IS NOT NULL AND change_amount <> 0
  UNION ALL
  SELECT branch_id, paid_date, 'cash-order', 'Efectivo', 'MXN', -change_amount, -change_amount
    FROM cash_order WHERE paid_date IS NOT NULL AND change_amount <> 0
  UNION ALL
  SELECT branch_id, refund_date, origin, refund_method, 'MXN', -refund_amount, -refund_amount
    FROM orders WHERE refund_date IS NOT NULL
  UNION ALL
  SELECT branch_id, refund_date, 'cash-order', refund_method, 'MXN', -refund_amount, -refund_amount
    FROM cash_order WHERE refund_date IS NOT NULL
  UNION ALL
  SELECT o.branch_id, o.refund_date, o.origin, 'Puntos', 'MXN', -p.amount_mxn, -p.amount_mxn
    FROM orders o JOIN order_payment p ON p.order_id = o.id
   WHERE o.refund_date IS NOT NULL AND p.payment_method = 'Puntos'
  UNION ALL
  SELECT o.branch_id, o.refund_date, 'cash-order', 'Puntos', 'MXN', -p.amount_mxn, -p.amount_mxn
    FROM cash_order o JOIN cash_order_payment p ON p.cash_order_id = o.id
   WHERE o.refund_date IS NOT NULL AND p.payment_method = 'Puntos'
)
SELECT branch_id, day,
       (sum(CASE WHEN channel = 'SUCURSAL' AND method = 'Efectivo' AND currency = 'MXN' THEN amount_mxn ELSE 0 END) * 100)::bigint AS mxn_tx,
       (sum(CASE WHEN channel = 'SUCURSAL' AND method = 'Efectivo' AND currency = 'DLS' THEN amount ELSE 0 END) * 100)::bigint AS dls_tx,
       (sum(CASE WHEN channel = 'SUCURSAL' AND method = 'Efectivo' AND currency = 'DLS' THEN amount_mxn ELSE 0 END) * 100)::bigint AS dls_to_mx_tx,
       (sum(CASE WHEN channel = 'SUCURSAL' AND method = 'Tarjeta de crédito' THEN amount_mxn ELSE 0 END) * 100)::bigint AS tdc,
       (sum(CASE WHEN channel = 'SUCURSAL' AND method = 'Tarjeta de débito' THEN amount_mxn ELSE 0 END) * 100)::bigint AS tdd,
       (sum(CASE WHEN channel = 'SUCURSAL' AND method IN ('Transferencia electrónica', 'Depósito bancario', 'Puntos') THEN amount_mxn ELSE 0 END) * 100)::bigint AS other_tx,
       (sum(CASE WHEN channel = 'LINEA' THEN amount_mxn ELSE 0 END) * 100)::bigint AS online,
       (sum(CASE WHEN channel = 'APP' THEN amount_mxn ELSE 0 END) * 100)::bigint AS app,
       (sum(CASE WHEN channel = 'cash-order' AND method = 'Efectivo' AND currency = 'MXN' THEN amount_mxn ELSE 0 END) * 100)::bigint AS mxn_product,
       (sum(CASE WHEN channel = 'cash-order' AND method = 'Efectivo' AND currency = 'DLS' THEN amount ELSE 0 END) * 100)::bigint AS dls_product,
       (sum(CASE WHEN channel = 'cash-order' AND method = 'Efectivo' AND currency = 'DLS' THEN amount_mxn ELSE 0 END) * 100)::bigint AS dls_to_mxn_product,
       (sum(CASE WHEN channel = 'cash-order' AND method IN ('Tarjeta de crédito', 'Tarjeta de débito') THEN amount_mxn ELSE 0 END) * 100)::bigint AS card_product,
       (sum(CASE WHEN channel = 'cash-order' AND method IN ('Transferencia electrónica', 'Depósito bancario', 'Puntos') THEN amount_mxn ELSE 0 END) * 100)::bigint AS other_product
  FROM money_event
 GROUP BY branch_id, day;
