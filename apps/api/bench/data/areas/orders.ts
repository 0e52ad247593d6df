import { pick, withoutIndexes, type Area } from './area';

/**
 * Orders at scale 1. The chain has 2 M; ORDERS says how many this area makes (docs/benchmark.md:
 * fewer when 2 M takes more than about three minutes on two cores).
 */
export const ORDERS = 2_000_000;

const REFUND_REASONS = ['Cambio de opinión', 'Reacción alérgica en la valoración', 'Se mudó de ciudad',
  'Cobro duplicado', 'No se pudo agendar a tiempo'];
const REFUND_METHODS = ['Efectivo', 'Tarjeta de crédito', 'Tarjeta de débito', 'Transferencia electrónica'];

/** Odd multipliers: one independent draw per salt. */
const MULTIPLIERS = [2654435761, 2246822519, 3266489917, 668265263, 374761393];
/** A uniform draw in [0, 1) from an integer expression (a multiplicative hash, one per salt). */
const uniform = (n: string, salt = 0) =>
  `((((${n})::bigint * ${MULTIPLIERS[salt]} + ${salt * 40503}) % 4294967296) / 4294967296.0)::float8`;

/**
 * The sale (CONTRACT §12): ORDERS orders over four years, denser lately (order k of K falls at
 * 4 years × (1 − √(k/K)) ago, so ids and numbers grow with time), each by a customer registered
 * before it, the customers with many visits first: a third of the orders go to the regulars (the
 * tenth of the customers registered by then who came first, the earliest of them most: u^1.3),
 * the rest to any of them. Eight orders in ten are at the
 * customer's registry branch, the rest anywhere by the branches' shares; nine in ten from the
 * point of sale (sold and recorded by a staff member of the branch), the rest from the app or
 * online (the last three days' still pending, a few in error). Lines: one to three (1.4 on
 * average), 15 % packages or promotions, the rest treatments, priced from the catalogue and the
 * offers (the subtotal their sum, the total what the payments cover). Payments of the paid
 * orders: cash, cards or transfers, one in ten split in two, 3 % in dollars at the rate in force
 * (the change recorded). One paid order in a hundred older than a month is refunded. Purchased
 * products: one per treatment unit bought and one per package line (its sessions and limit):
 * given over the months after the sale (finished when older than half a year), refunded with
 * their order. Points: each paid order earns its lines' points, a refund takes them back, in the
 * ledger with its running balance, and the customer's points are its last balance. Coupon uses:
 * one paid order in 23 whose treatment has a coupon valid then uses it (one use per customer and
 * coupon), the discount on that line, its one payment the lower total; `used` counts them.
 */
export const orders: Area = {
  name: 'órdenes',
  rows: `${ORDERS.toLocaleString('en')} órdenes con líneas, pagos, productos adquiridos, puntos y cupones`,
  async fill({ client, size }) {
    const total = size(ORDERS);
    const base = (
      await client.query<{ base: number }>(`SELECT coalesce(max(id), 0)::int AS base FROM orders`)
    ).rows[0]!.base;
    const customers = (
      await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM bench_customer`)
    ).rows[0]!.n;

    // What can be sold, numbered densely: treatments 1..T, then offers T+1..T+P; prices in cents
    // (int arrays: a subscript of a fixed-width array is direct).
    await client.query(`DROP TABLE IF EXISTS bench_sellable, bench_seller, bench_rate`);
    await client.query(
      `CREATE TEMP TABLE bench_sellable AS
       SELECT row_number() OVER (ORDER BY kind, id)::int AS n, kind, id,
              (price * 100)::int AS price_cents, (sale * 100)::int AS sale_cents, points
         FROM (SELECT 1 AS kind, id, price, price AS sale, points FROM treatment
                WHERE deleted_at IS NULL AND active
               UNION ALL
               SELECT 2, id, regular_price, price, points FROM package
                WHERE deleted_at IS NULL AND active) items`,
    );
    await client.query(`ALTER TABLE bench_sellable ADD PRIMARY KEY (n)`);
    const { treatments, offers } = (
      await client.query<{ treatments: number; offers: number }>(
        `SELECT count(*) FILTER (WHERE kind = 1)::int AS treatments,
                count(*) FILTER (WHERE kind = 2)::int AS offers FROM bench_sellable`,
      )
    ).rows[0]!;
    // Staff of each branch who sell (active), and the exchange rates in force from each instant.
    await client.query(
      `CREATE TEMP TABLE bench_seller AS
       SELECT b.id AS branch_id,
              coalesce(array_agg(u.id ORDER BY u.id) FILTER (WHERE u.id IS NOT NULL),
                       ARRAY[(SELECT id FROM "user" WHERE username = 'admin@clinica.mx')]) AS ids
         FROM branch b
         LEFT JOIN kardex k ON k.branch_id = b.id
         LEFT JOIN "user" u ON u.id = k.user_id AND u.status = 'activo' AND u.deleted_at IS NULL
        GROUP BY b.id`,
    );
    await client.query(
      `CREATE TEMP TABLE bench_rate AS
       SELECT array_agg(effective_from ORDER BY effective_from, id) AS froms,
              array_agg((exchange_rate * 10000)::int ORDER BY effective_from, id) AS rates
         FROM exchange_rate_history`,
    );

    // Order k's lines: how many (1.4 on average), then line j's hash, item and quantity.
    const lines = (k: string) => `(1 + (${uniform(k, 1)} < 0.3)::int + (${uniform(k, 1)} < 0.1)::int)`;
    const item = (k: string) => `CROSS JOIN LATERAL generate_series(1, ${lines(k)}) AS j
      CROSS JOIN LATERAL (SELECT (${k}::bigint * 2654435761 + j * 97531) % 4294967296 AS h) hashed
      CROSS JOIN LATERAL (SELECT CASE WHEN ${offers} > 0 AND hashed.h % 100 < 15
                                      THEN ${treatments} + 1 + (hashed.h / 100) % ${Math.max(1, offers)}
                                      ELSE 1 + (hashed.h / 100) % ${treatments} END AS n,
                                 CASE WHEN hashed.h % 100 >= 15 AND hashed.h % 7 = 0 THEN 2 ELSE 1 END AS qty) picked
      JOIN bench_sellable sold ON sold.n = picked.n`;

    // Every id below is drawn from rows that exist: the foreign-key triggers (a lookup per row
    // and key, millions of them) are skipped for this area's transaction where the role may.
    const { rows: role } = await client.query<{ super: boolean }>(
      `SELECT rolsuper AS super FROM pg_roles WHERE rolname = current_user`,
    );
    if (role[0]?.super) await client.query(`SET LOCAL session_replication_role = replica`);
    await withoutIndexes(client, 'orders', async () => {
      const slice = 500_000;
      for (let from = 1; from <= total; from += slice) {
        const to = Math.min(total, from + slice - 1);
        // When: 4 years × (1 − √(k/K)) ago. Who: among the customers registered by then
        // (their k-th share, as the customers' area spreads them), skewed to the oldest.
        await client.query(
          `WITH placed AS (
                  SELECT k, now() - interval '4 years' * (1 - sqrt(k::float8 / $3::int))
                                  - (k % 3600) * interval '1 second' AS at,
                         greatest(1, floor($4::int * power(1 - 0.8 * (1 - sqrt(k::float8 / $3::int)), 2)))::int AS registered
                    FROM generate_series($1::int, $2::int) AS k),
                chosen AS (
                  SELECT p.k, p.at, c.id AS customer_id, c.created_at,
                         CASE WHEN ${uniform('p.k', 2)} < 0.8 THEN c.branch_id
                              ELSE s.ids[width_bucket(${uniform('p.k', 3)}, s.bounds)] END AS branch_id,
                         CASE WHEN p.k % 10 < 9 THEN 'SUCURSAL' WHEN p.k % 30 = 9 THEN 'LINEA' ELSE 'APP' END AS origin
                    FROM placed p CROSS JOIN bench_share s
                    JOIN bench_customer c ON c.n = CASE
                      WHEN ${uniform('p.k', 0)} < 0.35 THEN 1 + floor(ceil(p.registered / 10.0) * power(${uniform('p.k', 4)}, 1.3))::int
                      ELSE 1 + floor(p.registered * ${uniform('p.k', 4)})::int END),
                summed AS (
                  SELECT k, sum(sold.sale_cents * picked.qty) AS cents, sum(sold.points * picked.qty) AS points
                    FROM generate_series($1::int, $2::int) AS k ${item('k')}
                   GROUP BY k)
           INSERT INTO orders (id, origin, branch_id, customer_id, seller_id, user_id, subtotal,
             discount_total, total, points, payment_status, payment_method, payment_gateway,
             pay_reference, exchange_rate, change_amount, paid_at, paid_date, created_at, updated_at)
           SELECT $5::int + o.k, o.origin, o.branch_id, o.customer_id,
                  CASE WHEN o.origin = 'SUCURSAL' THEN seller.id END,
                  CASE WHEN o.origin = 'SUCURSAL' THEN seller.id END,
                  m.cents / 100.0, 0, m.cents / 100.0, m.points, st.status,
                  CASE WHEN st.status = 'paid' THEN pay.method END,
                  CASE WHEN o.origin <> 'SUCURSAL' THEN 'Openpay' END,
                  CASE WHEN o.origin <> 'SUCURSAL' THEN 'OP-' || lpad(o.k::text, 9, '0') END,
                  coalesce(r.rates[width_bucket(t.at, r.froms)], r.rates[1]) / 10000.0,
                  0, paid.at, (paid.at AT TIME ZONE zone.name)::date,
                  t.at, t.at
             FROM chosen o
             JOIN summed m ON m.k = o.k
             JOIN bench_seller bs ON bs.branch_id = o.branch_id
            CROSS JOIN bench_rate r
            CROSS JOIN LATERAL (SELECT greatest(o.at, o.created_at + interval '1 hour') AS at) t
            CROSS JOIN LATERAL (SELECT bs.ids[1 + o.k % array_length(bs.ids, 1)] AS id) seller
            CROSS JOIN LATERAL (SELECT b.zone AS name FROM branch b WHERE b.id = o.branch_id) zone
            CROSS JOIN LATERAL (SELECT CASE WHEN o.origin <> 'SUCURSAL' AND t.at > now() - interval '3 days' THEN 'pending_payment'
                                            WHEN o.origin <> 'SUCURSAL' AND o.k / 10 % 17 = 3 THEN 'error'
                                            ELSE 'paid' END AS status) st
            CROSS JOIN LATERAL (SELECT CASE WHEN st.status = 'paid' THEN t.at + CASE WHEN o.origin = 'SUCURSAL' THEN interval '0' ELSE interval '7 minutes' END END AS at) paid
            CROSS JOIN LATERAL (SELECT CASE WHEN o.k % 10 = 3 THEN 'Mixto'
                                            WHEN o.origin <> 'SUCURSAL' THEN 'Tarjeta de crédito'
                                            ELSE ${pick(['Efectivo', 'Efectivo', 'Efectivo', 'Tarjeta de débito', 'Tarjeta de débito', 'Tarjeta de crédito', 'Tarjeta de crédito', 'Efectivo', 'Transferencia electrónica'], 'o.k / 10')} END AS method) pay
            ORDER BY o.k`,
          [from, to, total, customers, base],
        );
        process.stdout.write(`    órdenes: ${to.toLocaleString('en')} de ${total.toLocaleString('en')}\n`);
      }
    });
    await client.query(`SELECT setval('orders_id_seq', (SELECT max(id) FROM orders))`);

    // The lines, the same draws again (order k is the order with id base + k).
    await withoutIndexes(client, 'order_detail', async () => {
      await client.query(
        `INSERT INTO order_detail (order_id, treatment_id, package_id, quantity, price, sale_price, points)
         SELECT $3::int + k, CASE WHEN sold.kind = 1 THEN sold.id END, CASE WHEN sold.kind = 2 THEN sold.id END,
                picked.qty, sold.price_cents / 100.0, sold.sale_cents / 100.0, sold.points
           FROM generate_series($1::int, $2::int) AS k ${item('k')}`,
        [1, total, base],
      );
    });

    // Refunds: one paid order in a hundred older than a month.
    await client.query(
      `UPDATE orders o SET refunded_at = o.paid_at + (1 + o.id % 20) * interval '1 day',
              refund_date = ((o.paid_at + (1 + o.id % 20) * interval '1 day') AT TIME ZONE (SELECT zone FROM branch WHERE id = o.branch_id))::date,
              refund_amount = o.total,
              refund_reason = ${pick(REFUND_REASONS, 'o.id / 100')}, refund_method = ${pick(REFUND_METHODS, 'o.id / 7')},
              refunded_by_id = coalesce(o.user_id, (SELECT id FROM "user" WHERE username = 'admin@clinica.mx')),
              updated_at = o.paid_at + (1 + o.id % 20) * interval '1 day'
        WHERE o.id > $1::int AND o.id % 100 = 42 AND o.payment_status = 'paid'
          AND o.paid_at < now() - interval '1 month'`,
      [base],
    );

    // Coupon uses: a paid, unrefunded order whose treatment line has a coupon valid at that time.
    // The statistics first: without them the planner joins 2 M orders to their lines in a loop
    // (a run of 24 November took 8 minutes here, one of 29 November over 40).
    await client.query('ANALYZE orders, order_detail, coupon');
    await client.query(
      `WITH candidates AS (
              SELECT DISTINCT ON (o.id) o.id AS order_id, o.customer_id, o.branch_id, o.paid_at,
                     d.id AS detail_id, cp.id AS coupon_id,
                     round(d.sale_price * d.quantity * cp.discount / 100, 2) AS discount
                FROM orders o
                JOIN order_detail d ON d.order_id = o.id
                JOIN coupon cp ON cp.treatment_id = d.treatment_id AND cp.deleted_at IS NULL
                             AND cp.created_at <= o.created_at AND cp.expire_date >= o.created_at::date
               WHERE o.id > $1::int AND o.id % 23 = 0 AND o.payment_status = 'paid' AND o.refunded_at IS NULL
                 AND o.payment_method <> 'Mixto'
               ORDER BY o.id, cp.id),
            once AS (
              SELECT DISTINCT ON (coupon_id, customer_id) * FROM candidates
               ORDER BY coupon_id, customer_id, order_id)
       INSERT INTO coupon_use (coupon_id, customer_id, branch_id, order_id, used_at)
       SELECT coupon_id, customer_id, branch_id, order_id, paid_at FROM once`,
      [base],
    );
    await client.query(
      `UPDATE order_detail d SET discount = round(d.sale_price * d.quantity * cp.discount / 100, 2)
         FROM coupon_use u JOIN coupon cp ON cp.id = u.coupon_id JOIN orders o ON o.id = u.order_id
        WHERE d.order_id = u.order_id AND d.treatment_id = cp.treatment_id AND o.id > $1::int`,
      [base],
    );
    await client.query(
      `UPDATE orders o SET coupon_id = u.coupon_id, discount_total = x.discount, total = o.subtotal - x.discount
         FROM coupon_use u
         CROSS JOIN LATERAL (SELECT sum(discount) AS discount FROM order_detail d WHERE d.order_id = u.order_id) x
        WHERE o.id = u.order_id AND o.id > $1::int`,
      [base],
    );
    await client.query(
      `UPDATE coupon c SET used = n.uses, usage_limit = greatest(c.usage_limit, n.uses)
         FROM (SELECT coupon_id, count(*)::int AS uses FROM coupon_use GROUP BY coupon_id) n
        WHERE c.id = n.coupon_id`,
    );
    await client.query(
      `INSERT INTO coupon_branch (coupon_id, branch_id)
       SELECT DISTINCT coupon_id, branch_id FROM coupon_use ON CONFLICT DO NOTHING`,
    );

    // Payments of the paid orders: one, or two for 'Mixto' (a card and the rest in cash); a cash
    // payment in dollars now and then, rounded up to whole dollars, the change recorded.
    await withoutIndexes(client, 'order_payment', async () => {
      await client.query(
        `INSERT INTO order_payment (order_id, payment_method, currency, amount, amount_mxn, reference)
         SELECT o.id, p.method, p.currency, p.amount, p.amount_mxn, p.reference
           FROM orders o
          CROSS JOIN LATERAL (
                SELECT o.payment_method AS method, 'MXN' AS currency, o.total AS amount, o.total AS amount_mxn,
                       CASE WHEN o.payment_method <> 'Efectivo' THEN 'AUT' || lpad((o.id::bigint * 7919 % 1000000)::text, 6, '0') END AS reference
                 WHERE o.payment_method <> 'Mixto' AND NOT (o.payment_method = 'Efectivo' AND o.id % 33 = 0)
                UNION ALL
                SELECT 'Efectivo', 'DLS', ceil(o.total / o.exchange_rate), round(ceil(o.total / o.exchange_rate) * o.exchange_rate, 2), NULL
                 WHERE o.payment_method = 'Efectivo' AND o.id % 33 = 0
                UNION ALL
                SELECT 'Tarjeta de crédito', 'MXN', round(o.total / 2, 2), round(o.total / 2, 2),
                       'AUT' || lpad((o.id::bigint * 7919 % 1000000)::text, 6, '0')
                 WHERE o.payment_method = 'Mixto'
                UNION ALL
                SELECT 'Efectivo', 'MXN', o.total - round(o.total / 2, 2), o.total - round(o.total / 2, 2), NULL
                 WHERE o.payment_method = 'Mixto') p
          WHERE o.id > $1::int AND o.payment_status = 'paid' AND p.amount > 0
          ORDER BY o.id`,
        [base],
      );
    });
    await client.query(
      `UPDATE orders o SET change_amount = p.amount_mxn - o.total
         FROM order_payment p
        WHERE p.order_id = o.id AND p.currency = 'DLS' AND o.id > $1::int AND p.amount_mxn > o.total`,
      [base],
    );

    // Purchased products: one per treatment unit, one per line of a package or promotion.
    await withoutIndexes(client, 'purchased_product', async () => {
      await client.query(
        `WITH bought AS (
                SELECT o.id AS order_id, d.id AS detail_id, o.customer_id, d.treatment_id, NULL::int AS line_id,
                       1 AS sessions, 1 AS "limit", o.paid_at, o.refunded_at
                  FROM orders o JOIN order_detail d ON d.order_id = o.id
                 CROSS JOIN generate_series(1, d.quantity) AS unit
                 WHERE o.id > $1::int AND o.payment_status = 'paid' AND d.treatment_id IS NOT NULL
                UNION ALL
                SELECT o.id, d.id, o.customer_id, pt.treatment_id, pt.id, coalesce(pt.sessions, 1), pt."limit",
                       o.paid_at, o.refunded_at
                  FROM orders o JOIN order_detail d ON d.order_id = o.id
                  JOIN package_treatment pt ON pt.package_id = d.package_id
                 CROSS JOIN generate_series(1, d.quantity) AS unit
                 WHERE o.id > $1::int AND o.payment_status = 'paid')
         INSERT INTO purchased_product (order_id, order_detail_id, customer_id, treatment_id, package_line_id,
           sessions, current_session, "limit", status, consent_required, consent_signed_at, created_at, updated_at)
         SELECT b.order_id, b.detail_id, b.customer_id, b.treatment_id, b.line_id, b.sessions,
                CASE WHEN b.refunded_at IS NOT NULL THEN 0
                     WHEN b.paid_at < now() - interval '6 months' THEN b.sessions
                     ELSE least(b.sessions, floor(b.sessions * extract(epoch FROM now() - b.paid_at) / (86400 * 180.0))::int) END,
                b."limit",
                CASE WHEN b.refunded_at IS NOT NULL THEN 'refunded'
                     WHEN b.paid_at < now() - interval '6 months' THEN 'finished' ELSE 'onProcess' END,
                b.treatment_id % 5 = 0,
                CASE WHEN b.treatment_id % 5 = 0 AND b.refunded_at IS NULL THEN b.paid_at + interval '1 day' END,
                b.paid_at, coalesce(b.refunded_at, b.paid_at)
           FROM bought b`,
        [base],
      );
    });

    // The points ledger: earned when paid, taken back on a refund; balances run per customer.
    await withoutIndexes(client, 'points_movement', async () => {
      await client.query(
        `INSERT INTO points_movement (customer_id, order_id, kind, delta, balance, user_id, created_at)
         SELECT customer_id, order_id, kind, delta,
                sum(delta) OVER (PARTITION BY customer_id ORDER BY at, order_id, kind ROWS UNBOUNDED PRECEDING),
                user_id, at
           FROM (SELECT customer_id, id AS order_id, 'earn' AS kind, points AS delta, user_id, paid_at AS at
                   FROM orders WHERE id > $1::int AND payment_status = 'paid' AND points > 0
                 UNION ALL
                 SELECT customer_id, id, 'refund', -points, refunded_by_id, refunded_at
                   FROM orders WHERE id > $1::int AND refunded_at IS NOT NULL AND points > 0) moves`,
        [base],
      );
    });
    await client.query(
      `UPDATE customer c SET points = c.points + x.points
         FROM (SELECT customer_id, sum(delta)::int AS points FROM points_movement
                WHERE order_id > $1::int GROUP BY customer_id) x
        WHERE c.id = x.customer_id`,
      [base],
    );
  },
};
