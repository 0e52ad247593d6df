/**
 * The money of every branch-day recomputed from the source rows (CONTRACT §14), in SQL alone and
 * independent of the writer's TypeScript: each payment of a paid order or cash order on its
 * `paid_date`, its change out of the MXN cash, each refund out of its method on its `refund_date`
 * and the points it paid back out of `Puntos`, summed into the read model's columns in cents.
 * Migration 0031 backfills `branch_day_money` with exactly `DAY_MONEY_BACKFILL` (a test holds the
 * file to it), the benchmark's generator runs it after its bulk rows, and the tests compare the
 * read model the writer kept with `DAY_MONEY_RECOMPUTE`.
 */

const cents = (condition: string, value = 'amount_mxn') =>
  `(sum(CASE WHEN ${condition} THEN ${value} ELSE 0 END) * 100)::bigint`;
const pos = "channel = 'SUCURSAL'";
const product = "channel = 'cash-order'";
const cash = "method = 'Efectivo' AND currency = 'MXN'";
const dollars = "method = 'Efectivo' AND currency = 'DLS'";
const other = "method IN ('Transferencia electrónica', 'Depósito bancario', 'Puntos')";
const cards = "method IN ('Tarjeta de crédito', 'Tarjeta de débito')";

export const DAY_MONEY_RECOMPUTE = `WITH money_event AS (
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
       ${cents(`${pos} AND ${cash}`)} AS mxn_tx,
       ${cents(`${pos} AND ${dollars}`, 'amount')} AS dls_tx,
       ${cents(`${pos} AND ${dollars}`)} AS dls_to_mx_tx,
       ${cents(`${pos} AND method = 'Tarjeta de crédito'`)} AS tdc,
       ${cents(`${pos} AND method = 'Tarjeta de débito'`)} AS tdd,
       ${cents(`${pos} AND ${other}`)} AS other_tx,
       ${cents("channel = 'LINEA'")} AS online,
       ${cents("channel = 'APP'")} AS app,
       ${cents(`${product} AND ${cash}`)} AS mxn_product,
       ${cents(`${product} AND ${dollars}`, 'amount')} AS dls_product,
       ${cents(`${product} AND ${dollars}`)} AS dls_to_mxn_product,
       ${cents(`${product} AND ${cards}`)} AS card_product,
       ${cents(`${product} AND ${other}`)} AS other_product
  FROM money_event
 GROUP BY branch_id, day`;

/** The read model's columns in the order `DAY_MONEY_RECOMPUTE` answers them. */
export const DAY_MONEY_SQL_COLUMNS = [
  'branch_id',
  'day',
  'mxn_tx',
  'dls_tx',
  'dls_to_mx_tx',
  'tdc',
  'tdd',
  'other_tx',
  'online',
  'app',
  'mxn_product',
  'dls_product',
  'dls_to_mxn_product',
  'card_product',
  'other_product',
] as const;

/** Fills an empty `branch_day_money` from the source rows (migration 0031, the bench data). */
export const DAY_MONEY_BACKFILL = `INSERT INTO branch_day_money (${DAY_MONEY_SQL_COLUMNS.join(', ')})
${DAY_MONEY_RECOMPUTE}`;
