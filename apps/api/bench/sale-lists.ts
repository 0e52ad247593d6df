/**
 * The sales lists as the screens open them (issue 25: the first page by channel and branch, the
 * search by folio and by customer over 2 M orders, p95 under 30 ms at one client on PostgreSQL),
 * added to `FOCUSED` in lists.ts; and the body of the point of sale's quote (p95 under 50 ms),
 * measured as a POST by lists.ts.
 */
export const SALE_FOCUSED: {
  path: string;
  param: string;
  sql: string;
  label: string;
  raw?: boolean;
}[] = [
  {
    path: '/v1/order',
    param: 'saleType',
    raw: true,
    label: '/v1/order?saleType=POS&branchId=la más grande',
    sql: `SELECT 'POS&branchId=' || branch_id AS id FROM orders GROUP BY branch_id ORDER BY count(*) DESC LIMIT 1`,
  },
  {
    path: '/v1/order',
    param: 'saleType',
    raw: true,
    label: '/v1/order?saleType=online&branchId=la más grande',
    sql: `SELECT 'online&branchId=' || branch_id AS id FROM orders GROUP BY branch_id ORDER BY count(*) DESC LIMIT 1`,
  },
  {
    // A mid branch's online sales: thousands of matches, under the old count cap of 10,000.
    path: '/v1/order',
    param: 'saleType',
    raw: true,
    label: '/v1/order?saleType=online&branchId=unos 5,000 en línea',
    sql: `SELECT 'online&branchId=' || branch_id AS id FROM orders WHERE origin = 'LINEA' GROUP BY branch_id ORDER BY abs(count(*) - 5000) LIMIT 1`,
  },
  {
    path: '/v1/order',
    param: 'search',
    label: '/v1/order?search=POS-folio',
    sql: `SELECT 'POS-' || lpad(order_number::text, 6, '0') AS id FROM orders ORDER BY id DESC LIMIT 1 OFFSET 5000`,
  },
  {
    path: '/v1/order',
    param: 'search',
    label: '/v1/order?search=nombre apellido del cliente',
    sql: `SELECT split_part(c.name, ' ', 1) || ' ' || c.last_name AS id FROM orders o JOIN customer c ON c.id = o.customer_id
           ORDER BY o.id DESC LIMIT 1 OFFSET 20000`,
  },
];

/**
 * A point-of-sale cart for POST /order/quote: a live customer of the busiest clinic, two active
 * treatments, paid half cash and half card (the quote prices, converts and checks it all).
 */
export const QUOTE_BODY_SQL = `
  WITH site AS (SELECT branch_id AS id FROM orders GROUP BY branch_id ORDER BY count(*) DESC LIMIT 1),
       buyer AS (SELECT id FROM customer WHERE deleted_at IS NULL AND status AND black_list = 0 ORDER BY id LIMIT 1 OFFSET 1000),
       items AS (SELECT id, price FROM treatment WHERE deleted_at IS NULL AND active AND price > 0 ORDER BY id LIMIT 2)
  SELECT json_build_object(
           'origin', 'SUCURSAL', 'branchId', (SELECT id FROM site), 'customerId', (SELECT id FROM buyer),
           'orderDetails', (SELECT json_agg(json_build_object('treatmentId', id, 'quantity', 1)) FROM items),
           'payments', json_build_array(
             json_build_object('paymentMethod', 'Efectivo', 'amount', 100, 'currency', 'MXN'),
             json_build_object('paymentMethod', 'Tarjeta de crédito', 'amount', 50, 'currency', 'MXN'))
         )::text AS body`;

/**
 * The counter sales (issue 26: the first page and the searches p95 under 30 ms at one client),
 * added to `FOCUSED` in lists.ts.
 */
export const CASH_FOCUSED: typeof SALE_FOCUSED = [
  {
    path: '/v1/cash-order',
    param: 'branchId',
    label: '/v1/cash-order?branchId=la más grande',
    sql: `SELECT branch_id AS id FROM cash_order GROUP BY branch_id ORDER BY count(*) DESC LIMIT 1`,
  },
  {
    path: '/v1/cash-order',
    param: 'search',
    label: '/v1/cash-order?search=VP-folio',
    sql: `SELECT 'VP-' || lpad(order_number::text, 6, '0') AS id FROM cash_order ORDER BY id DESC LIMIT 1 OFFSET 5000`,
  },
  {
    path: '/v1/cash-order',
    param: 'search',
    label: '/v1/cash-order?search=nombre apellido del cliente',
    sql: `SELECT split_part(c.name, ' ', 1) || ' ' || c.last_name AS id FROM cash_order o JOIN customer c ON c.id = o.customer_id
           ORDER BY o.id DESC LIMIT 1 OFFSET 2000`,
  },
];

/**
 * Reads that are not lists, measured as GETs by lists.ts: the new counter sale's lot picker at the
 * branch with the most lots for sale (issue 26: p95 under 20 ms). Each SQL answers the path.
 */
export const PICKER_GETS: { label: string; sql: string }[] = [
  {
    label: 'GET /v1/cash-order/lots?branchId=la de más lotes',
    sql: `SELECT '/v1/cash-order/lots?branchId=' || s.branch_id AS path
            FROM stock s JOIN product p ON p.id = s.product_id
            JOIN product_type pt ON pt.id = p.product_type_id
           WHERE pt.name IN ('Cosmetólogo/Venta', 'Médico/Venta') AND s.quantity > 0
           GROUP BY s.branch_id ORDER BY count(*) DESC LIMIT 1`,
  },
];

/**
 * The daily cash closings (issue 27): the lists of one branch, added to `FOCUSED` in lists.ts.
 */
export const CLOSING_FOCUSED: typeof SALE_FOCUSED = [
  {
    path: '/v1/daily-cash-closing',
    param: 'branchId',
    label: '/v1/daily-cash-closing?branchId=la de más cortes',
    sql: `SELECT branch_id AS id FROM daily_cash_closing GROUP BY branch_id ORDER BY count(*) DESC LIMIT 1`,
  },
  {
    path: '/v1/daily-cash-closing-cash',
    param: 'branchId',
    label: '/v1/daily-cash-closing-cash?branchId=la de más cortes',
    sql: `SELECT branch_id AS id FROM daily_cash_closing GROUP BY branch_id ORDER BY count(*) DESC LIMIT 1`,
  },
];

/** The preview of the busiest branch-day (issue 27: under 50 ms), with its first page of payments. */
PICKER_GETS.push({
  label: 'GET /v1/daily-cash-closing/preview?branchId&date=el día más ocupado',
  sql: `SELECT '/v1/daily-cash-closing/preview?branchId=' || branch_id || '&date=' || paid_date AS path
          FROM orders WHERE paid_date IS NOT NULL
         GROUP BY branch_id, paid_date ORDER BY count(*) DESC LIMIT 1`,
});
