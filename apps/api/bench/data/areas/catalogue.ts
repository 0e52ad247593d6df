import { CITIES, FIRST_NAMES, SURNAMES, pick, type Area } from './area';

const cities = CITIES.map(([city]) => city);
const states = CITIES.map(([, state]) => state);
const SUPPLY_WORDS = ['Suministros', 'Distribuidora', 'Insumos', 'Dermo', 'Comercializadora',
  'Farmacéutica', 'Importadora', 'Laboratorios'];
const SUPPLY_NAMES = ['del Pacífico', 'Médicos del Norte', 'Estética Integral', 'Bajío',
  'Peninsular', 'Occidente', 'Hospitalaria', 'Cosmética Global', 'Sonorense', 'Azteca'];
const BANKS = ['BBVA', 'Banorte', 'Santander', 'HSBC', 'Scotiabank', 'Banamex'];

/** Product families: name, SKU prefix, brand, content type, unit. */
const FAMILIES: [name: string, prefix: string, brand: string, contentType: string, unit: string][] = [
  ['Agujas 30G', 'AG30G', 'BD Microlance', 'Caja', 'pza'],
  ['Agujas 27G', 'AG27G', 'Terumo', 'Caja', 'pza'],
  ['Jeringa 1 ml', 'JER1', 'BD Plastipak', 'Caja', 'pza'],
  ['Ácido hialurónico', 'AHIAL', 'Juvéderm', 'Pieza', 'ml'],
  ['Toxina botulínica', 'TOXB', 'Botox', 'Vial', 'ud'],
  ['Protector solar FPS 50', 'PSOL', 'Heliocare', 'Pieza', 'ml'],
  ['Sérum vitamina C', 'SVITC', 'SkinCeuticals', 'Pieza', 'ml'],
  ['Crema hidratante', 'CHID', 'Avène', 'Pieza', 'g'],
  ['Gasas estériles', 'GASA', 'Le Roy', 'Paquete', 'pza'],
  ['Guantes de nitrilo', 'GUAN', 'Ambiderm', 'Caja', 'pza'],
  ['Gel conductor', 'GELC', 'Ultragel', 'Pieza', 'ml'],
  ['Peeling glicólico', 'PGLI', 'Mesoestetic', 'Pieza', 'ml'],
  ['Mascarilla calmante', 'MASC', 'Germaine de Capuccini', 'Pieza', 'g'],
  ['Anestésico tópico', 'ANES', 'Pisa', 'Pieza', 'g'],
  ['Alcohol isopropílico', 'ALCO', 'Jaloma', 'Pieza', 'ml'],
  ['Limpiador facial', 'LIMP', 'La Roche-Posay', 'Pieza', 'ml'],
];
const PRODUCT_TYPES = ['Cosmetólogo/Venta', 'Médico/Venta', 'Uso Cabina', 'Insumo'];
const TREATMENT_WORDS = ['Limpieza facial', 'Depilación láser', 'Radiofrecuencia', 'Hidrafacial',
  'Toxina botulínica', 'Relleno de labios', 'Peeling químico', 'Mesoterapia', 'Drenaje linfático',
  'Carboxiterapia', 'Microdermoabrasión', 'Rejuvenecimiento', 'Valoración'];
const TREATMENT_AREAS = ['rostro', 'axilas', 'piernas', 'abdomen', 'espalda', 'cuello', 'brazos',
  'zona de bikini', 'labios', 'frente'];

/**
 * The catalogue: 400 providers, 4,000 products (one in twenty-five pending review, one in fifty
 * rejected; each with one or two providers and a category), 600 treatments (with categories,
 * areas, appliances and the products a session uses) and 1,000 appliances installed in branches
 * (by branch share). One treatment in four is offered for online booking.
 */
export const catalogue: Area = {
  name: 'catálogo',
  rows: '400 proveedores, 4,000 productos, 600 tratamientos, 1,000 aparatos en sucursales',
  async fill({ client, size }) {
    const count = async (table: string) =>
      (await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]!.n;

    await client.query(
      `INSERT INTO provider (name, tradename, rfc, regime, address, city, state, country, zip_code,
         email, phone, contact_name, mobile_phone, pay_conditions, delivery_time, bank, clabe_account, bank_account)
       SELECT ${pick(SUPPLY_WORDS, 'g')} || ' ' || ${pick(SUPPLY_NAMES, 'g / 8')} || ' ' || g,
              left(${pick(SUPPLY_WORDS, 'g')} || ' ' || ${pick(SUPPLY_NAMES, 'g / 8')}, 50),
              'SUM' || lpad(g::text, 6, '0') || 'AB1', CASE WHEN g % 4 = 0 THEN 'Fisica' ELSE 'Moral' END,
              'Av. Industrial ' || g, ${pick(cities, 'g')}, ${pick(states, 'g')}, 'México',
              lpad((20000 + g * 97 % 70000)::text, 5, '0'), 'ventas' || g || '@proveedor.mx',
              '55' || lpad((g * 7919)::text, 8, '0'),
              ${pick(FIRST_NAMES, 'g')} || ' ' || ${pick(SURNAMES, 'g * 3')},
              '33' || lpad((g * 104729::bigint % 100000000)::text, 8, '0'), (g % 4) * 15,
              (1 + g % 10) || ' días', ${pick(BANKS, 'g')}, lpad((g * 15485863::bigint)::text, 18, '0'),
              lpad((g * 7907)::text, 10, '0')
         FROM generate_series(1, $1::int) AS g`,
      [Math.max(0, size(400) - (await count('provider')))],
    );

    const types = `(SELECT array_agg(id ORDER BY name) FROM product_type WHERE name = ANY(ARRAY['${PRODUCT_TYPES.join("','")}']))`;
    await client.query(
      `WITH types AS (SELECT ${types} AS ids),
            reviewer AS (SELECT id FROM "user" WHERE username = 'admin@clinica.mx')
       INSERT INTO product (sku, name, brand, bar_code, description, content_type, content,
         measure_unit, cost, tax, product_type_id, status, approved_at, rejected_at, reviewed_by_id,
         sale_price, profit_porcentage, points, created_at)
       SELECT ${pick(FAMILIES.map((f) => f[1]), 'g')} || '-' || g,
              ${pick(FAMILIES.map((f) => f[0]), 'g')} || ' ' || ${pick(['Pro', 'Plus', 'Clínico', 'Esencial', 'Premium'], 'g / 16')} || ' ' || (g / 80 + 1),
              ${pick(FAMILIES.map((f) => f[2]), 'g')}, lpad((750000000000 + g)::text, 13, '0'),
              'Presentación ' || ${pick(FAMILIES.map((f) => f[3]), 'g')} || ' para uso en clínica',
              ${pick(FAMILIES.map((f) => f[3]), 'g')}, 1 + g % 100, ${pick(FAMILIES.map((f) => f[4]), 'g')},
              50 + (g * 37 % 2000), ${pick(['16', '16', '0', '8'], 'g')}::smallint,
              types.ids[1 + g % array_length(types.ids, 1)], g % 30 <> 0,
              CASE WHEN g % 25 = 0 OR g % 50 = 1 THEN NULL ELSE now() - (g % 1400) * interval '1 day' END,
              CASE WHEN g % 50 = 1 THEN now() - (g % 700) * interval '1 day' END,
              CASE WHEN g % 25 = 0 THEN NULL ELSE reviewer.id END,
              round((50 + (g * 37 % 2000)) * 1.6, 2), 60, g % 40,
              now() - (g % 1400) * interval '1 day' - interval '1 hour'
         FROM generate_series(1, $1::int) AS g, types, reviewer`,
      [Math.max(0, size(4000) - (await count('product')))],
    );
    await client.query(
      `WITH providers AS (SELECT array_agg(id ORDER BY id) AS ids FROM provider)
       INSERT INTO product_provider (product_id, provider_id)
       SELECT p.id, providers.ids[1 + (p.id * n * 7) % array_length(providers.ids, 1)]
         FROM product p CROSS JOIN generate_series(1, 2) AS n, providers
        WHERE (n = 1 OR p.id % 3 = 0) AND NOT EXISTS (SELECT 1 FROM product_provider x WHERE x.product_id = p.id)
       ON CONFLICT DO NOTHING`,
    );
    await client.query(
      `WITH categories AS (SELECT array_agg(id ORDER BY id) AS ids FROM category WHERE type = 'product' AND deleted_at IS NULL)
       INSERT INTO product_category (product_id, category_id)
       SELECT p.id, categories.ids[1 + p.id % array_length(categories.ids, 1)]
         FROM product p, categories
        WHERE NOT EXISTS (SELECT 1 FROM product_category x WHERE x.product_id = p.id)`,
    );

    await client.query(
      `WITH types AS (SELECT array_agg(id ORDER BY id) AS ids FROM treatment_type)
       INSERT INTO treatment (sku, name, description, treatment_type_id, price, medical_fee, points,
         duration_minutes, assessment, active, online_booking, created_at)
       SELECT 'BT' || lpad(g::text, 6, '0'),
              ${pick(TREATMENT_WORDS, 'g')} || ' ' || ${pick(TREATMENT_AREAS, 'g / 13')} || ' ' || ${pick(['básico', 'completo', 'intensivo', 'express'], 'g / 130')} || ' ' || (g / 520 + 1),
              'Sesión de ' || lower(${pick(TREATMENT_WORDS, 'g')}) || ' en ' || ${pick(TREATMENT_AREAS, 'g / 13')},
              types.ids[1 + g % array_length(types.ids, 1)], 400 + (g * 53 % 60) * 100,
              CASE WHEN g % 3 = 0 THEN 300 + g % 10 * 50 END, g % 90, 30 * (1 + g % 4),
              ${pick(TREATMENT_WORDS, 'g')} = 'Valoración', g % 20 <> 0, g % 4 = 0,
              now() - (g % 1400) * interval '1 day'
         FROM generate_series(1, $1::int) AS g, types`,
      [Math.max(0, size(600) - (await count('treatment')))],
    );
    const newTreatments = `FROM treatment t WHERE t.sku LIKE 'BT%'`;
    await client.query(
      `WITH categories AS (SELECT array_agg(id ORDER BY id) AS ids FROM category WHERE type = 'treatment' AND deleted_at IS NULL)
       INSERT INTO treatment_category (treatment_id, category_id)
       SELECT t.id, categories.ids[1 + t.id % array_length(categories.ids, 1)] ${newTreatments.replace('FROM treatment t', 'FROM treatment t, categories')}`,
    );
    await client.query(
      `INSERT INTO treatment_area (treatment_id, area_id)
       SELECT t.id, a.id FROM treatment t
         JOIN LATERAL (SELECT id FROM area WHERE treatment_type_id = t.treatment_type_id
                        ORDER BY (id * 31 + t.id) % 97 LIMIT 1 + t.id % 3) a ON true
        WHERE t.sku LIKE 'BT%'`,
    );
    await client.query(
      `INSERT INTO treatment_appliance (treatment_id, appliance_id)
       SELECT t.id, a.id FROM treatment t
         JOIN LATERAL (SELECT id FROM appliance WHERE treatment_type_id = t.treatment_type_id
                        ORDER BY (id * 17 + t.id) % 89 LIMIT 1) a ON true
        WHERE t.sku LIKE 'BT%' AND t.id % 2 = 0`,
    );
    await client.query(
      `WITH products AS (SELECT array_agg(id ORDER BY id) AS ids FROM product WHERE approved_at IS NOT NULL)
       INSERT INTO treatment_product (treatment_id, product_id, quantity)
       SELECT t.id, products.ids[1 + (t.id * n * 13) % array_length(products.ids, 1)], n
         FROM treatment t CROSS JOIN generate_series(1, 3) AS n, products
        WHERE t.sku LIKE 'BT%'
       ON CONFLICT DO NOTHING`,
    );

    await client.query(
      `WITH appliances AS (SELECT array_agg(id ORDER BY id) AS ids FROM appliance WHERE deleted_at IS NULL)
       INSERT INTO branch_appliance (appliance_id, branch_id, sku, status_description, last_maintenance, comments, status)
       SELECT appliances.ids[1 + (b.id + k) % array_length(appliances.ids, 1)], b.id,
              'EQ' || upper(left(f_unaccent(replace(br.name, ' ', '')), 4)) || '-' || b.id || '-' || k,
              ${pick(['Funcionando', 'Funcionando', 'Funcionando', 'Con fallas', 'En reparación', 'Averiado'], 'b.id + k')},
              current_date - ((b.id * 7 + k * 13) % 365),
              CASE WHEN k % 5 = 0 THEN 'Mantenimiento preventivo programado' END, k % 15 <> 0
         FROM bench_branch b JOIN branch br ON br.id = b.id
        CROSS JOIN LATERAL generate_series(1, greatest(3, round($1::int * b.share)::int)) AS k, appliances
       ON CONFLICT DO NOTHING`,
      [Math.max(0, size(1000) - (await count('branch_appliance')))],
    );
  },
};
