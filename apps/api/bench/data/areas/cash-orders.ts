import { withoutIndexes, type Area } from './area';

/** Counter sales at scale 1 (issue 26): about one for every seven sales of treatments. */
export const CASH_ORDERS = 300_000;

/** A uniform draw in [0, 1) from an integer expression (a multiplicative hash, one per salt). */
const uniform = (n: string, salt: number) =>
  `((((${n})::bigint * ${[2654435761, 2246822519, 3266489917, 668265263][salt]} + ${salt * 40503}) % 4294967296) / 4294967296.0)::float8`;

/**
 * The counter sale (CONTRACT §12 "Cash orders"): CASH_ORDERS cash orders over two years, denser
 * lately (sale k of K at 2 years × (1 − √(k/K)) ago, so ids and numbers grow with time), each of
 * one line: one or two units of a lot of a product sold to customers (`Cosmetólogo/Venta`,
 * `Médico/Venta`) at a clinic, so a branch sells in proportion to its lots. Six sales in ten name
 * a customer of that branch's registry; the seller is an active staff member of the branch. Prices
 * before IVA from the product's sale price, IVA at its tax; paid in one payment (cash, card or
 * transfer). One in forty older than a week is refunded on a later day. Each `Cosmetólogo/Venta`
 * line has its seller's commission row at 10 %, and a refunded one its reverse. The lots' units
 * are not moved: the lists read the sales, not the ledger (the ledger's size is the stock
 * movements' area).
 */
export const cashOrders: Area = {
  name: 'ventas de productos',
  rows: `${CASH_ORDERS.toLocaleString('en')} ventas de productos con su línea, pago y comisión`,
  async fill({ client, size }) {
    const total = size(CASH_ORDERS);
    await client.query(`DROP TABLE IF EXISTS bench_lot, bench_branch_customer, bench_branch_seller`);
    // The lots a clinic can sell, numbered densely.
    await client.query(
      `CREATE TEMP TABLE bench_lot AS
       SELECT row_number() OVER (ORDER BY s.id)::int AS n, s.id AS stock_id, s.branch_id,
              p.id AS product_id, coalesce(p.sale_price, p.cost * 2, 100) AS price, p.tax,
              pt.name = 'Cosmetólogo/Venta' AS cosmetic
         FROM stock s
         JOIN product p ON p.id = s.product_id AND p.deleted_at IS NULL
         JOIN product_type pt ON pt.id = p.product_type_id
         JOIN branch b ON b.id = s.branch_id AND NOT b.distribution_center
        WHERE pt.name IN ('Cosmetólogo/Venta', 'Médico/Venta')`,
    );
    await client.query(`ALTER TABLE bench_lot ADD PRIMARY KEY (n)`);
    const lots = (
      await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM bench_lot`)
    ).rows[0]!.n;
    if (lots === 0) return;
    // Each branch's customers, numbered, for a draw among them.
    await client.query(
      `CREATE TEMP TABLE bench_branch_customer AS
       SELECT registry_branch_id AS branch_id, array_agg(id ORDER BY id) AS ids
         FROM customer WHERE deleted_at IS NULL GROUP BY registry_branch_id`,
    );
    await client.query(`ALTER TABLE bench_branch_customer ADD PRIMARY KEY (branch_id)`);
    // Each branch's active staff, who sell and record.
    await client.query(
      `CREATE TEMP TABLE bench_branch_seller AS
       SELECT kx.branch_id, array_agg(u.id ORDER BY u.id) AS ids
         FROM kardex kx
         JOIN "user" u ON u.id = kx.user_id AND u.status = 'activo' AND u.deleted_at IS NULL
        GROUP BY kx.branch_id`,
    );
    await client.query(`ALTER TABLE bench_branch_seller ADD PRIMARY KEY (branch_id)`);
    const admin = `(SELECT id FROM "user" WHERE username = 'admin@clinica.mx')`;
    // The demo's own counter sales come first: the chain's are numbered after them.
    const base = (
      await client.query<{ n: number }>(
        `SELECT coalesce(max(order_number), 0)::int AS n FROM cash_order`,
      )
    ).rows[0]!.n;

    await withoutIndexes(client, 'cash_order', async () => {
      await client.query(
        `INSERT INTO cash_order (order_number, branch_id, customer_id, seller_id, user_id, subtotal,
                taxes, total, points, payment_status, payment_method, exchange_rate, paid_at,
                paid_date, refunded_at, refund_date, refund_reason, refund_method, refunded_by_id,
                refund_amount, created_at, updated_at)
         SELECT $3::int + k, l.branch_id,
                CASE WHEN ${uniform('k', 1)} < 0.6 AND bc.ids IS NOT NULL
                     THEN bc.ids[1 + (k * 7919) % cardinality(bc.ids)] END,
                coalesce(s.ids[1 + k % cardinality(s.ids)], ${admin}),
                coalesce(s.ids[1 + (k / 7) % cardinality(s.ids)], ${admin}),
                line.price, line.taxes, line.price + line.taxes, 0, 'paid',
                (ARRAY['Efectivo', 'Tarjeta de crédito', 'Tarjeta de débito', 'Transferencia electrónica'])[1 + k % 4],
                18.5, t.at, (t.at AT TIME ZONE b.zone)::date,
                r.at, (r.at AT TIME ZONE b.zone)::date,
                CASE WHEN r.at IS NOT NULL THEN 'Producto en mal estado' END,
                CASE WHEN r.at IS NOT NULL THEN 'Efectivo' END,
                CASE WHEN r.at IS NOT NULL THEN ${admin} END,
                CASE WHEN r.at IS NOT NULL THEN line.price + line.taxes END,
                t.at, coalesce(r.at, t.at)
           FROM generate_series(1::bigint, $1::bigint) AS k
           JOIN bench_lot l ON l.n = 1 + (k::bigint * 2654435761 % 4294967296) % $2::int
           JOIN branch b ON b.id = l.branch_id
           LEFT JOIN bench_branch_customer bc ON bc.branch_id = l.branch_id
           LEFT JOIN bench_branch_seller s ON s.branch_id = l.branch_id
           CROSS JOIN LATERAL (SELECT now() - interval '2 years' * (1 - sqrt(k::float8 / $1::int))
                                      - (k % 3600) * interval '1 second' AS at) t
           CROSS JOIN LATERAL (SELECT round(l.price * (1 + k % 2), 2) AS price,
                                      round(round(l.price * (1 + k % 2), 2) * l.tax / 100, 2) AS taxes) line
           CROSS JOIN LATERAL (SELECT CASE WHEN k % 40 = 0 AND t.at < now() - interval '7 days'
                                           THEN t.at + interval '2 days' END AS at) r`,
        [total, lots, base],
      );
    });
    await client.query(`SELECT setval('cash_order_number_seq', $1::int)`, [base + total]);
    await client.query(
      `INSERT INTO cash_order_detail (cash_order_id, product_id, stock_id, quantity, sale_price,
              price, discount, tax, taxes)
       SELECT o.id, l.product_id, l.stock_id, 1 + (o.order_number - $2::int) % 2, l.price,
              o.subtotal, 0, l.tax, o.taxes
         FROM cash_order o
         JOIN bench_lot l
           ON l.n = 1 + ((o.order_number - $2::int)::bigint * 2654435761 % 4294967296) % $1::int
        WHERE o.order_number > $2::int`,
      [lots, base],
    );
    await client.query(
      `INSERT INTO cash_order_payment (cash_order_id, payment_method, currency, amount, amount_mxn)
       SELECT id, payment_method, 'MXN', total, total FROM cash_order
        WHERE total > 0 AND order_number > $1::int`,
      [base],
    );
    await client.query(
      `INSERT INTO cosmetology_commission (cash_order_id, cash_order_detail_id, user_id, branch_id,
              product_id, kind, sale_price, percent, commission, date, created_at)
       SELECT o.id, d.id, o.seller_id, o.branch_id, d.product_id, kind.kind,
              kind.sign * d.price, 10, kind.sign * round(d.price * 0.10, 2),
              CASE kind.kind WHEN 'sale' THEN o.paid_date ELSE o.refund_date END,
              CASE kind.kind WHEN 'sale' THEN o.paid_at ELSE o.refunded_at END
         FROM cash_order o
         JOIN cash_order_detail d ON d.cash_order_id = o.id
         JOIN bench_lot l ON l.stock_id = d.stock_id AND l.cosmetic
         CROSS JOIN LATERAL (VALUES ('sale', 1), ('refund', -1)) AS kind(kind, sign)
        WHERE o.order_number > $1::int AND (kind.kind = 'sale' OR o.refunded_at IS NOT NULL)`,
      [base],
    );
    await client.query(`DROP TABLE bench_lot, bench_branch_customer, bench_branch_seller`);
  },
};
