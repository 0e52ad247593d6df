import { pick, type Area } from './area';

const PAY_METHODS = ['Transferencia', 'Transferencia', 'Cheque', 'Efectivo', 'Tarjeta de crédito'];
const ASSORTMENT_TYPES = ['Ordinario general', 'Ordinario general', 'Ordinario de venta', 'Extraordinario general'];

/**
 * The documents behind the ledger's units (issue 28: the expense reports at chain scale), made
 * from the stock movements' area so each order names the lots and units that moved:
 *
 * - a **purchase order** for each distribution-centre lot's opening movement (one line: the lot's
 *   units at the product's cost, IVA 16 %, arrived the day the lot opened; paid 30 days later
 *   unless recent);
 * - an **assortment order**, `Terminada`, per clinic and week for the clinic lots that opened
 *   that week (a line per lot: ordered = sent = received units, sent from a CEDIS lot of the
 *   product when there is one, finished the day the lot opened);
 * - a **transfer**, `Terminada`, per clinic and day of its lots' `transfer` outs (a line per lot:
 *   its units of that day), to another clinic, accepted on the day's last out.
 *
 * Each opening or out movement is linked to its document (`document_id`, `document_number` as the
 * API writes them), so a lot is traced from the purchase to the clinic. About 14,000 purchase
 * orders, 10,000 assortment orders and 70,000 transfers at scale 1.
 */
export const stockOrders: Area = {
  name: 'órdenes de existencias',
  rows: 'órdenes de compra, de surtido y traspasos de los movimientos (≈ 14,000 / 10,000 / 70,000 a escala 1)',
  async fill({ client }) {
    await client.query(`DROP TABLE IF EXISTS bench_branch_clerk, bench_cedis_lot, bench_po, bench_ao, bench_tr`);
    await client.query(
      `CREATE TEMP TABLE bench_branch_clerk AS
       SELECT b.id AS branch_id,
              coalesce((SELECT min(kx.user_id) FROM kardex kx WHERE kx.branch_id = b.id),
                       (SELECT id FROM "user" WHERE username = 'admin@clinica.mx')) AS user_id
         FROM branch b`,
    );
    await client.query(`ALTER TABLE bench_branch_clerk ADD PRIMARY KEY (branch_id)`);
    // The distribution centre's first lot of each product: what an assortment line is sent from.
    await client.query(
      `CREATE TEMP TABLE bench_cedis_lot AS
       SELECT DISTINCT ON (s.product_id) s.product_id, s.id AS stock_id
         FROM stock s JOIN branch b ON b.id = s.branch_id AND b.distribution_center
        ORDER BY s.product_id, s.id`,
    );
    await client.query(`ALTER TABLE bench_cedis_lot ADD PRIMARY KEY (product_id)`);
    await purchaseOrders(client);
    await assortmentOrders(client);
    await transfers(client);
    await client.query(`ANALYZE purchase_order, purchase_order_product, assortment_order,
                               assortment_order_product, transfer, transfer_product`);
  },
};

type Client = Parameters<Area['fill']>[0]['client'];

async function purchaseOrders(client: Client) {
  await client.query(
    `CREATE TEMP TABLE bench_po AS
     SELECT m.id AS movement_id, s.id AS stock_id, s.product_id, s.branch_id, m.quantity,
            s.allotment, s.expires_in, m.created_at, p.cost,
            coalesce((SELECT min(pp.provider_id) FROM product_provider pp WHERE pp.product_id = s.product_id),
                     (SELECT min(id) FROM provider)) AS provider_id,
            nextval('purchase_order_id_seq')::int AS po_id,
            nextval('purchase_order_number_seq')::int AS po_number
       FROM stock_movement m
       JOIN stock s ON s.id = m.stock_id
       JOIN product p ON p.id = s.product_id
      WHERE m.document_type = 'purchaseOrder' AND m.document_id IS NULL AND m.quantity > 0`,
  );
  await client.query(
    `INSERT INTO purchase_order (id, order_number, invoice_number, provider_id, branch_id, pay_method,
                                 pay_status, arrived_at, credit_expiration, payed_at, tax, amount,
                                 created_by, created_at, updated_at)
     SELECT po_id, po_number, 'F-' || lpad(po_number::text, 7, '0'), provider_id, branch_id,
            ${pick(PAY_METHODS, 'po_id')},
            CASE WHEN created_at < now() - interval '45 days' THEN 'Completado' ELSE 'Pendiente' END,
            created_at::date, created_at::date + 30,
            CASE WHEN created_at < now() - interval '45 days' THEN created_at::date + 30 END,
            round(quantity * cost * 0.16, 2), round(quantity * cost * 1.16, 2),
            c.user_id, created_at, created_at
       FROM bench_po JOIN bench_branch_clerk c USING (branch_id)`,
  );
  await client.query(
    `INSERT INTO purchase_order_product (purchase_order_id, product_id, stock_id, quantity, price,
                                         allotment, expires_at)
     SELECT po_id, product_id, stock_id, quantity, cost, allotment, expires_in FROM bench_po`,
  );
  await client.query(
    `UPDATE stock_movement m
        SET document_id = po.po_id, document_number = 'OC-' || lpad(po.po_number::text, 6, '0')
       FROM bench_po po WHERE m.id = po.movement_id`,
  );
}

async function assortmentOrders(client: Client) {
  await client.query(
    `CREATE TEMP TABLE bench_ao AS
     WITH opened AS (
       SELECT m.id AS movement_id, s.id AS stock_id, s.product_id, s.branch_id, m.quantity, m.created_at,
              date_trunc('week', m.created_at) AS week
         FROM stock_movement m JOIN stock s ON s.id = m.stock_id
        WHERE m.document_type = 'assortmentOrder' AND m.document_id IS NULL AND m.quantity > 0),
     orders AS (
       SELECT branch_id, week, max(created_at) AS finished_at,
              nextval('assortment_order_id_seq')::int AS ao_id,
              nextval('assortment_order_number_seq')::int AS ao_number
         FROM opened GROUP BY branch_id, week)
     SELECT o.ao_id, o.ao_number, o.finished_at, x.*, cl.stock_id AS cedis_stock_id
       FROM opened x JOIN orders o USING (branch_id, week)
       LEFT JOIN bench_cedis_lot cl ON cl.product_id = x.product_id`,
  );
  await client.query(
    `INSERT INTO assortment_order (id, order_number, order_type, status, branch_id, origin_branch_id,
                                   created_by, approved_by, received_by, approved_at, sent_at,
                                   finished_at, created_at, updated_at)
     SELECT DISTINCT ON (ao_id) ao_id, ao_number, ${pick(ASSORTMENT_TYPES, 'ao_id')}, 'Terminada',
            branch_id, (SELECT min(id) FROM branch WHERE distribution_center), c.user_id, c.user_id,
            c.user_id, finished_at - interval '1 day', finished_at - interval '20 hours', finished_at,
            finished_at - interval '2 days', finished_at
       FROM bench_ao JOIN bench_branch_clerk c USING (branch_id)
      ORDER BY ao_id`,
  );
  // A CEDIS lot serves a line of an order at most once: a second line of the same product in the
  // same order names no lot.
  await client.query(
    `INSERT INTO assortment_order_product (assortment_order_id, product_id, stock_id, received_stock_id,
                                           ordered_quantity, stocked_quantity, received_quantity)
     SELECT ao_id, product_id,
            CASE WHEN row_number() OVER (PARTITION BY ao_id, cedis_stock_id ORDER BY stock_id) = 1
                 THEN cedis_stock_id END,
            stock_id, quantity, quantity, quantity
       FROM bench_ao`,
  );
  await client.query(
    `UPDATE stock_movement m
        SET document_id = ao.ao_id, document_number = 'OR-' || lpad(ao.ao_number::text, 6, '0')
       FROM bench_ao ao WHERE m.id = ao.movement_id`,
  );
}

async function transfers(client: Client) {
  await client.query(
    `CREATE TEMP TABLE bench_tr AS
     WITH clinics AS (
       SELECT array_agg(id ORDER BY id) AS ids FROM branch WHERE NOT distribution_center AND deleted_at IS NULL),
     outs AS (
       SELECT m.id AS movement_id, m.stock_id, m.product_id, m.branch_id, m.created_at,
              date_trunc('day', m.created_at) AS day
         FROM stock_movement m
        WHERE m.cause = 'transfer' AND m.document_id IS NULL AND m.quantity < 0),
     days AS (
       SELECT branch_id, day, min(created_at) AS created_at, max(created_at) AS accepted_at,
              nextval('transfer_id_seq')::int AS tr_id, nextval('transfer_number_seq')::int AS tr_number
         FROM outs GROUP BY branch_id, day),
     orders AS (
       SELECT o.*, (SELECT d FROM unnest(c.ids) AS d WHERE d <> o.branch_id
                     ORDER BY (d * 7919 + o.tr_id) % 997 LIMIT 1) AS destiny_branch_id
         FROM days o CROSS JOIN clinics c)
     SELECT o.tr_id, o.tr_number, o.created_at AS opened_at, o.accepted_at, o.destiny_branch_id, x.*
       FROM outs x JOIN orders o USING (branch_id, day)`,
  );
  await client.query(
    `INSERT INTO transfer (id, transfer_number, status, origin_branch_id, destiny_branch_id, created_by,
                           approved_by, accepted_by, approved_at, accepted_at, created_at, updated_at)
     SELECT DISTINCT ON (t.tr_id) t.tr_id, t.tr_number, 'Terminada', t.branch_id,
            t.destiny_branch_id, c.user_id, c.user_id, d.user_id, t.opened_at, t.accepted_at,
            t.opened_at - interval '1 hour', t.accepted_at
       FROM bench_tr t
       JOIN bench_branch_clerk c ON c.branch_id = t.branch_id
       JOIN bench_branch_clerk d ON d.branch_id = t.destiny_branch_id
      WHERE t.destiny_branch_id IS NOT NULL
      ORDER BY t.tr_id`,
  );
  await client.query(
    `INSERT INTO transfer_product (transfer_id, stock_id, product_id, stocked_quantity, received_quantity)
     SELECT tr_id, stock_id, product_id, count(*), count(*)
       FROM bench_tr WHERE destiny_branch_id IS NOT NULL
      GROUP BY tr_id, stock_id, product_id`,
  );
  await client.query(
    `UPDATE stock_movement m
        SET document_type = 'transfer', document_id = tr.tr_id,
            document_number = 'TR-' || lpad(tr.tr_number::text, 6, '0')
       FROM bench_tr tr WHERE m.id = tr.movement_id AND tr.destiny_branch_id IS NOT NULL`,
  );
}
