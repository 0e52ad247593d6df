import { pick, texts, type Area } from './area';

const PACKAGE_WORDS = ['Paquete', 'Plan', 'Programa', 'Membresía', 'Ciclo'];
const PROMOTION_WORDS = ['Promo', 'Oferta', '2x1 en', 'Martes de', 'Descuento en', 'Semana de'];
const THEMES = ['facial radiante', 'piel de porcelana', 'adiós vello', 'reafirmante', 'verano',
  'novias', 'antiedad', 'detox', 'rejuvenecimiento', 'cuerpo perfecto', 'labios', 'mirada fresca'];
const PAYMENTS = [
  ['Efectivo', 'Tarjeta de crédito', 'Tarjeta de débito'],
  ['Efectivo', 'Tarjeta de crédito', 'Tarjeta de débito', 'Transferencia electrónica', 'Depósito bancario'],
  ['Efectivo', 'Tarjeta de débito'],
  ['Efectivo', 'Tarjeta de crédito', 'Tarjeta de débito', 'Puntos'],
];
const COUPON_WORDS = ['Bienvenida', 'Cumpleaños', 'Regreso', 'Amigas', 'Buen Fin', 'Verano',
  'San Valentín', 'Día de las Madres', 'Aniversario', 'Lealtad'];

/**
 * The offers at chain size: 300 packages (three to ten sessions a line) and 200 promotions (by
 * dates, by hours, or both; a third over, a few not started), two to four treatment lines each
 * (prices the sums of the lines, as a save computes them), sold at every clinic or at a few by
 * share; 500 coupons (seven in ten on a treatment, the rest on a product; a fifth expired, usage
 * limits from 20 to 5,000; `used` is counted by the orders' area from its uses), valid at a few
 * clinics or all; the exchange rate week by week over four years, before the demo's changes; and
 * every clinic's monthly sales goal for three years back and the coming months.
 */
export const offers: Area = {
  name: 'ofertas',
  rows: '300 paquetes, 200 promociones, 500 cupones, 200 tipos de cambio, 2,000 metas',
  async fill({ client, size }) {
    const packages = size(300, 2);
    const promotions = size(200, 2);
    await client.query(`DROP TABLE IF EXISTS bench_offer`);
    await client.query(
      `CREATE TEMP TABLE bench_offer AS
       SELECT g, CASE WHEN g <= $1::int THEN 'Package' ELSE 'Promotion' END AS type
         FROM generate_series(1, $1::int + $2::int) AS g`,
      [packages, promotions],
    );
    const payments = `CASE o.g % ${PAYMENTS.length} ${PAYMENTS.map((list, index) => `WHEN ${index} THEN ${texts(list)}`).join(' ')} END`;
    // Lines first (in a temporary table) so each offer's prices are their sums.
    await client.query(`DROP TABLE IF EXISTS bench_offer_line`);
    await client.query(
      `CREATE TEMP TABLE bench_offer_line AS
       WITH treatments AS (SELECT array_agg(id ORDER BY id) AS ids FROM treatment
                            WHERE deleted_at IS NULL AND active)
       SELECT o.g, l AS position, t.id AS treatment_id, t.price,
              CASE WHEN o.type = 'Package' THEN 3 + (o.g * 7 + l) % 8 END AS sessions,
              CASE WHEN o.type = 'Package' THEN 1 ELSE 1 + (o.g + l) % 2 END AS "limit"
         FROM bench_offer o CROSS JOIN treatments
        CROSS JOIN LATERAL generate_series(1, 2 + o.g % 3) AS l
         JOIN treatment t ON t.id = treatments.ids[1 + (o.g * 37 + l * 101) % array_length(treatments.ids, 1)]`,
    );
    // Two lines may name one treatment: keep the first.
    await client.query(
      `DELETE FROM bench_offer_line a USING bench_offer_line b
        WHERE a.g = b.g AND a.treatment_id = b.treatment_id AND a.position > b.position`,
    );
    await client.query(
      `WITH types AS (SELECT array_agg(id ORDER BY id) AS ids FROM treatment_type),
            categories AS (SELECT array_agg(id ORDER BY id) AS ids FROM category
                            WHERE type = 'treatment' AND deleted_at IS NULL),
            sums AS (SELECT g, sum(price * coalesce(sessions, 1)) AS regular,
                            sum(round(price * coalesce(sessions, 1) * (0.6 + (g % 5) * 0.05), 2)) AS promo
                       FROM bench_offer_line GROUP BY g)
       INSERT INTO package (type, sku, name, description, treatment_type_id, category_id, points,
         cabin_minutes, price, regular_price, payment_type, active, valid_by_schedule, start_date,
         end_date, valid_by_time, start_time, end_time, created_at, updated_at)
       SELECT o.type, CASE WHEN o.type = 'Package' THEN 'BPQ' ELSE 'BPR' END || lpad(o.g::text, 5, '0'),
              CASE WHEN o.type = 'Package' THEN ${pick(PACKAGE_WORDS, 'o.g')} ELSE ${pick(PROMOTION_WORDS, 'o.g')} END
                || ' ' || ${pick(THEMES, 'o.g / 5')} || ' ' || o.g,
              'Incluye ' || (SELECT count(*) FROM bench_offer_line l WHERE l.g = o.g) || ' tratamientos; '
                || CASE WHEN o.type = 'Package' THEN 'sesiones mensuales, válido en las sucursales participantes.'
                        ELSE 'precio especial por tiempo limitado.' END,
              types.ids[1 + o.g % array_length(types.ids, 1)], categories.ids[1 + o.g % array_length(categories.ids, 1)],
              (o.g * 13) % 300, 30 * (1 + o.g % 4), s.promo, s.regular,
              ${payments},
              o.g % 17 <> 0,
              o.type = 'Promotion' AND o.g % 3 <> 0,
              CASE WHEN o.type = 'Promotion' AND o.g % 3 <> 0 THEN current_date - (o.g * 11 % 900) END,
              CASE WHEN o.type = 'Promotion' AND o.g % 3 <> 0 THEN current_date - (o.g * 11 % 900) + 30 + o.g % 60 END,
              o.type = 'Promotion' AND o.g % 2 = 0,
              CASE WHEN o.type = 'Promotion' AND o.g % 2 = 0 THEN ${pick(['09:00', '10:00', '12:00', '16:00'], 'o.g / 2')} END,
              CASE WHEN o.type = 'Promotion' AND o.g % 2 = 0 THEN ${pick(['13:00', '14:00', '18:00', '20:00'], 'o.g / 2')} END,
              now() - (o.g * 11 % 1000) * interval '1 day', now() - (o.g % 90) * interval '1 day'
         FROM bench_offer o JOIN sums s ON s.g = o.g, types, categories
        ORDER BY o.g`,
    );
    await client.query(`ALTER TABLE bench_offer ADD COLUMN id int`);
    await client.query(
      `UPDATE bench_offer o SET id = p.id FROM package p
        WHERE p.sku = CASE WHEN o.type = 'Package' THEN 'BPQ' ELSE 'BPR' END || lpad(o.g::text, 5, '0')
          AND p.deleted_at IS NULL`,
    );
    await client.query(
      `INSERT INTO package_treatment (package_id, treatment_id, position, sessions, "limit",
         regular_price, promotion_price)
       SELECT o.id, l.treatment_id, l.position, l.sessions, l."limit", l.price * coalesce(l.sessions, 1),
              round(l.price * coalesce(l.sessions, 1) * (0.6 + (o.g % 5) * 0.05), 2)
         FROM bench_offer_line l JOIN bench_offer o ON o.g = l.g`,
    );
    await client.query(
      `INSERT INTO package_treatment_area (line_id, area_id)
       SELECT pt.id, ta.area_id
         FROM package_treatment pt JOIN bench_offer o ON o.id = pt.package_id
         JOIN LATERAL (SELECT area_id FROM treatment_area WHERE treatment_id = pt.treatment_id
                        ORDER BY area_id LIMIT 1) ta ON true`,
    );
    // Every clinic for one offer in four; else the largest few and some by the offer's number.
    await client.query(
      `INSERT INTO package_branch (package_id, branch_id)
       SELECT o.id, b.id FROM bench_offer o JOIN bench_branch b
           ON o.g % 4 = 0 OR b.rank <= 3 + o.g % 5 OR (b.id + o.g) % 7 = 0`,
    );

    // Coupons: on a treatment or a product, by their number.
    await client.query(
      `WITH treatments AS (SELECT array_agg(id ORDER BY id) AS ids FROM treatment WHERE deleted_at IS NULL),
            products AS (SELECT array_agg(id ORDER BY id) AS ids FROM product
                          WHERE deleted_at IS NULL AND approved_at IS NOT NULL)
       INSERT INTO coupon (code, name, description, usage_limit, type, treatment_id, product_id,
         discount, expire_date, status, created_at, updated_at)
       SELECT 'BCUP' || lpad(g::text, 6, '0'), ${pick(COUPON_WORDS, 'g')} || ' ' || g,
              'Cupón de ' || lower(${pick(COUPON_WORDS, 'g')}) || ' para clientes de la cadena',
              ${pick(['20', '50', '100', '500', '1000', '5000'], 'g / 3')}::int,
              CASE WHEN g % 10 < 7 THEN 'Treatment' ELSE 'Product' END,
              CASE WHEN g % 10 < 7 THEN treatments.ids[1 + g * 7 % array_length(treatments.ids, 1)] END,
              CASE WHEN g % 10 >= 7 THEN products.ids[1 + g * 13 % array_length(products.ids, 1)] END,
              ${pick(['5', '10', '10', '15', '20', '25', '30', '50'], 'g / 2')}::numeric,
              CASE WHEN g % 5 = 0 THEN current_date - 1 - g % 400 ELSE current_date + 30 + g % 300 END,
              g % 19 <> 0,
              now() - interval '4 years' + (g * 2837 % 1400) * interval '1 day',
              now() - (g % 60) * interval '1 day'
         FROM generate_series(1, $1::int) AS g, treatments, products`,
      [size(500, 2)],
    );
    await client.query(
      `INSERT INTO coupon_branch (coupon_id, branch_id)
       SELECT c.id, b.id FROM coupon c JOIN bench_branch b
           ON c.id % 3 = 0 OR b.rank <= 2 + c.id % 4 OR (b.id + c.id) % 5 = 0
        WHERE c.code LIKE 'BCUP%'
       ON CONFLICT DO NOTHING`,
    );

    // The exchange rate week by week for four years, up to the demo's first change.
    await client.query(
      `WITH demo AS (SELECT min(effective_from) AS first FROM exchange_rate_history
                      WHERE effective_from > '2000-01-01'),
            admin AS (SELECT id FROM "user" WHERE username = 'admin@clinica.mx')
       INSERT INTO exchange_rate_history (exchange_rate, effective_from, user_id, created_at)
       SELECT round((18.6 + 1.4 * sin(w / 9.0) + 0.4 * sin(w / 2.3))::numeric, 4), at, admin.id, at
         FROM generate_series(0, $1::int) AS w CROSS JOIN demo CROSS JOIN admin
        CROSS JOIN LATERAL (SELECT now() - interval '4 years' + w * interval '1 week' AS at) x
        WHERE at < coalesce(demo.first, now()) - interval '1 day'`,
      [208],
    );

    // Monthly goals of every clinic, 36 months back and 3 ahead, by its share and the season.
    await client.query(
      `INSERT INTO goal (branch_id, period, goal, created_at, updated_at)
       SELECT b.id, (date_trunc('month', current_date) + m * interval '1 month')::date,
              round(greatest(20000, 4000000 * b.share) * (0.9 + 0.2 * ((b.id + m + 40) % 7) / 6.0) / 500) * 500,
              x.at, x.at
         FROM bench_branch b CROSS JOIN generate_series(-36, 3) AS m
        CROSS JOIN LATERAL (SELECT least(now(), date_trunc('month', now()) + (m - 1) * interval '1 month'
                                   + interval '20 days') AS at) x
       ON CONFLICT DO NOTHING`,
    );
  },
};
