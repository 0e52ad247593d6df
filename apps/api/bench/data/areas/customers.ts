import { FIRST_NAMES, SURNAMES, pick, withoutIndexes, type Area } from './area';

/**
 * Customers up to 300,000 (issue 15), registered at the clinics by branch share over five years:
 * names and surnames with accents, a unique mobile each, an e-mail for seven in ten, a few
 * blacklisted, some with cancellations and points.
 */
export const customers: Area = {
  name: 'clientes',
  rows: '300,000 clientes con celular, correo, puntos y cancelaciones',
  async fill({ client, size }) {
    const { rows } = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM customer`);
    const missing = Math.max(0, size(300_000) - rows[0]!.n);
    await withoutIndexes(client, 'customer', async () => {
      await client.query(
        `WITH branches AS (SELECT array_agg(id ORDER BY rank) AS ids FROM bench_branch)
         INSERT INTO customer (registry_branch_id, name, last_name, mother_last_name, gender, birthday,
                               mobile_phone, email, black_list, cancellations, points, created_at, updated_at)
         SELECT branches.ids[1 + floor(power(((g::bigint * 7919) % 10007) / 10007.0, 1.6) * array_length(branches.ids, 1))::int],
                ${pick(FIRST_NAMES, 'g * 7')}, ${pick(SURNAMES, 'g * 11')}, ${pick(SURNAMES, 'g * 13 + 5')},
                CASE WHEN g % 4 = 0 THEN 'Masculino' ELSE 'Femenino' END,
                date '1950-01-01' + (g * 97 % 20000),
                '9' || lpad(g::text, 9, '0'),
                CASE WHEN g % 10 < 7 THEN 'cadena' || g || '@clientes.mx' END,
                CASE WHEN g % 150 = 0 THEN 1 ELSE 0 END,
                CASE WHEN g % 9 = 0 THEN g % 4 ELSE 0 END,
                (g * 31) % 900,
                now() - (g % 1800) * interval '1 day', now() - (g % 1800) * interval '1 day'
           FROM generate_series(1, $1::int) AS g, branches`,
        [missing],
      );
    });
  },
};

/**
 * Sales to customers up to 2,000,000 (`orders`, issue 15) over the last two years, so about half
 * fall in the loyalty window: three customers in five have bought, a few of them often (a skewed
 * draw, spread over old and new customers alike), nine in ten orders paid, one paid order in thirty refunded. Only what the lists read
 * (status, total, dates, customer, branch) is filled: no lines or payments.
 */
export const customerOrders: Area = {
  name: 'órdenes de clientes',
  rows: '2,000,000 órdenes de venta a clientes en dos años',
  async fill({ client, size }) {
    const { rows } = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM orders`);
    const missing = Math.max(0, size(2_000_000) - rows[0]!.n);
    await client.query(`DROP TABLE IF EXISTS bench_customer`);
    await client.query(
      `CREATE TEMP TABLE bench_customer AS
       SELECT row_number() OVER (ORDER BY id) AS k, id, registry_branch_id FROM customer WHERE deleted_at IS NULL`,
    );
    await client.query(`CREATE UNIQUE INDEX ON bench_customer (k)`);
    await withoutIndexes(client, 'orders', async () => {
      await client.query(
        `WITH n AS (SELECT count(*) AS total FROM bench_customer)
         INSERT INTO orders (origin, branch_id, customer_id, subtotal, total, payment_status,
                             payment_method, exchange_rate, paid_at, refunded_at, created_at, updated_at)
         SELECT CASE WHEN o.g % 10 = 0 THEN 'APP' ELSE 'SUCURSAL' END, c.registry_branch_id, c.id,
                o.amount, o.amount, o.status,
                CASE WHEN o.status = 'paid' THEN 'Efectivo' END, 17.5,
                CASE WHEN o.status = 'paid' THEN o.at END,
                CASE WHEN o.status = 'paid' AND o.g % 30 = 0 THEN o.at + interval '3 days' END,
                o.at, o.at
           FROM n CROSS JOIN LATERAL (
                  SELECT g,
                         1 + (floor(power(((g::bigint * 2654435761) % 1000003) / 1000003.0, 1.8) * n.total * 0.6)::bigint * 7919) % n.total AS k,
                         (300 + (g::bigint * 7919) % 24700)::numeric(12, 2) AS amount,
                         CASE WHEN g % 10 = 9 THEN 'pending_payment' ELSE 'paid' END AS status,
                         now() - ((g::bigint * 104729) % (730 * 24 * 60)) * interval '1 minute' AS at
                    FROM generate_series(1, $1::int) AS g) o
           JOIN bench_customer c ON c.k = o.k`,
        [missing],
      );
    });
  },
};
