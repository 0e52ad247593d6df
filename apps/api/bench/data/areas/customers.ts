import { FIRST_NAMES, SURNAMES, pick, withoutIndexes, type Area } from './area';

const RELATIONSHIPS = ['Madre', 'Padre', 'Madre', 'Tía', 'Abuela', 'Tutor legal'];
const MARITAL = ['Soltero', 'Casado', 'Casado', 'Soltero', 'Divorciado', 'Viudo', 'Otro'];
const DOMAINS = ['gmail.com', 'hotmail.com', 'outlook.com', 'yahoo.com.mx', 'icloud.com', 'correo.mx'];
/** Mobile area codes of the chain's cities; 664 is left to the demo's customers. */
const AREA_CODES = ['665', '686', '646', '662', '667', '669', '612', '331', '333', '811', '818',
  '551', '553', '442', '222', '477', '999', '998', '984', '656'];
const REFERENCES = ['Facebook', 'Instagram', 'Recomendación de una amiga', 'Google', 'Pasaba por aquí',
  'Radio', 'TikTok', 'Espectacular'];
const NOTE_TYPES = ['General', 'Clínica', 'Seguimiento', 'Queja', 'General', 'Seguimiento'];
const NOTE_TITLES = ['Primera valoración', 'Alergia reportada', 'Seguimiento de sesión',
  'Prefiere horario matutino', 'Reacción leve', 'Solicita factura', 'Llegó tarde', 'Cambio de cita',
  'Resultados visibles', 'Queja por tiempo de espera'];
const NOTE_TEXTS = [
  'La clienta refiere piel sensible; se recomienda protector solar diario.',
  'Se observa enrojecimiento leve tras la sesión, remite en 24 horas.',
  'Acude puntual; satisfecha con el resultado de la última sesión.',
  'Pide que se le llame antes de confirmar su próxima cita.',
  'Alérgica a la lidocaína: usar anestésico alternativo.',
  'Se explica el cuidado posterior y se entrega folleto.',
  'Comenta que esperó más de 20 minutos en recepción.',
];

/**
 * The chain's customers: 300,000 at scale 1, registered over five years (denser lately, so ids
 * grow with time), each at a registry branch by the branches' shares (a few large clinics hold
 * most). Mexican names with accents (the search folds them), unique mobiles (area code and a
 * permutation of the row's number) and e-mails (seven in ten have one), a landline for three in
 * ten. One in sixteen is a minor whose tutor is a live adult tutor not blacklisted (one adult in
 * ten is a tutor), one in 67 is blacklisted, one in 97 deleted, some inactive, some with
 * cancellations. About 150,000 notes, half on the customers with many visits (the first tenth, as
 * the orders' area picks its regulars). `bench_customer` (n, id, branch, created) numbers them for the
 * later areas, `bench_share` holds the branches' cumulative shares.
 */
export const customers: Area = {
  name: 'clientes',
  rows: '300,000 clientes (menores con tutor, lista negra, sucursal de registro por reparto), 150,000 notas',
  async fill({ client, size }) {
    const total = size(300_000);
    await client.query(`DROP TABLE IF EXISTS bench_share, bench_customer`);
    // Branch by share: width_bucket over the cumulative shares, from any uniform draw.
    await client.query(
      `CREATE TEMP TABLE bench_share AS
       SELECT array_agg(id ORDER BY rank) AS ids, array_agg(upto - share ORDER BY rank) AS bounds
         FROM (SELECT id, rank, share, sum(share) OVER (ORDER BY rank) AS upto FROM bench_branch) b`,
    );
    const { rows } = await client.query<{ base: number }>(
      `SELECT coalesce(max(id), 0)::int AS base FROM customer`,
    );
    const base = rows[0]!.base;
    const tutors = Math.floor(total / 10);
    // Row g: minor when g % 16 = 0, tutor when g % 10 = 1 (odd: never a minor), blacklisted when
    // g % 67 = 5 and deleted when g % 97 = 3 (never a tutor). Ids are given (base + g) so that a
    // minor names its tutor in the same statement; the sequence follows them after.
    await withoutIndexes(client, 'customer', () => client.query(
      `INSERT INTO customer (id, registry_branch_id, name, last_name, mother_last_name, gender,
         birthday, phone, mobile_phone, email, marital_status, origin_country, reference, is_tutor,
         tutor_id, relationship, status, black_list, cancellations, missed_appointments,
         created_at, updated_at, deleted_at)
       SELECT $2::int + g, s.ids[width_bucket(random(), s.bounds)],
              c.name, c.last_name, c.mother_last_name,
              CASE WHEN g % 7 IN (0, 3) THEN 'Masculino' WHEN g % 53 = 0 THEN 'Otro' ELSE 'Femenino' END,
              CASE WHEN c.minor THEN least(c.at - interval '1 year', now() - interval '6 years' - (g * 37 % 4000) * interval '1 day')::date
                   ELSE (c.at - interval '18 years 1 month' - (g * 7919::bigint % 20000) * interval '1 day')::date END,
              CASE WHEN g % 10 IN (2, 5, 8) THEN ${pick(['66', '55', '33', '81'], 'g')} || lpad((g * 104729::bigint % 100000000)::text, 8, '0') END,
              CASE WHEN c.minor AND g % 3 <> 0 THEN NULL
                   ELSE ${pick(AREA_CODES, 'g / 3')} || lpad((g * 7919::bigint % 10000000)::text, 7, '0') END,
              CASE WHEN g % 10 < 7 AND NOT c.minor
                   THEN f_unaccent(replace(c.name, ' ', '')) || '.' || f_unaccent(replace(c.last_name, ' ', '')) || g || '@' || ${pick(DOMAINS, 'g / 11')} END,
              CASE WHEN c.minor THEN 'Soltero' WHEN g % 5 = 0 THEN NULL ELSE ${pick(MARITAL, 'g / 5')} END,
              CASE WHEN g % 40 = 0 THEN 'Estados Unidos' ELSE 'México' END,
              CASE WHEN g % 3 = 0 THEN ${pick(REFERENCES, 'g / 3')} END,
              (g % 10 = 1)::int,
              CASE WHEN c.minor THEN $2::int + 10 * ((g * 7919::bigint) % ${tutors}) + 1 END,
              CASE WHEN c.minor THEN ${pick(RELATIONSHIPS, 'g / 16')} END,
              g % 41 <> 0, (g % 67 = 5 AND g % 10 <> 1)::int,
              CASE WHEN g % 9 = 0 THEN 1 + g % 4 ELSE 0 END, CASE WHEN g % 13 = 0 THEN 1 + g % 3 ELSE 0 END,
              c.at, c.at + (g % 400) * interval '1 day' * (1 - sqrt(g::float8 / $1::int)),
              CASE WHEN g % 97 = 3 AND g % 10 <> 1 THEN least(now(), c.at + interval '30 days') END
         FROM generate_series(1, $1::bigint) AS g
        CROSS JOIN bench_share s
        CROSS JOIN LATERAL (
          SELECT g % 16 = 0 AS minor,
                 ${pick(FIRST_NAMES, 'g * 7 + g / 37')} || CASE WHEN g % 6 = 0 THEN ' ' || ${pick(FIRST_NAMES, 'g / 5')} ELSE '' END AS name,
                 ${pick(SURNAMES, 'g * 11 + g / 35')} AS last_name,
                 CASE WHEN g % 25 <> 0 THEN ${pick(SURNAMES, 'g * 13 + g / 1225 + 5')} END AS mother_last_name,
                 now() - interval '5 years' * (1 - sqrt(g::float8 / $1::int)) - (g % 86400) * interval '1 second' AS at
        ) c
        ORDER BY g`,
      [total, base],
    ).then(() => undefined));
    await client.query(
      `SELECT setval('customer_id_seq', (SELECT max(id) FROM customer))`,
    );
    // A minor's tutor is an adult tutor registered before the minor (id order is time order).
    await client.query(
      `UPDATE customer m SET created_at = t.created_at + interval '1 hour',
              updated_at = greatest(m.updated_at, t.created_at + interval '1 hour')
         FROM customer t WHERE m.tutor_id = t.id AND m.id > $1::int AND t.created_at >= m.created_at`,
      [base],
    );
    await client.query(
      `CREATE TEMP TABLE bench_customer AS
       SELECT id - $1::int AS n, id, registry_branch_id AS branch_id, created_at
         FROM customer WHERE id > $1::int`,
      [base],
    );
    await client.query(`ALTER TABLE bench_customer ADD PRIMARY KEY (n)`);
    await client.query(`ANALYZE bench_customer`);

    // Notes: half on the customers with many visits (the first tenth, the earliest most), half on
    // anyone.
    await client.query(
      `WITH users AS (SELECT array_agg(id ORDER BY id) AS ids FROM "user" WHERE status = 'activo'),
            picked AS (
              SELECT k, CASE WHEN k % 2 = 0 THEN 1 + floor(ceil($2::int / 10.0) * power(random(), 1.3))::int
                             ELSE 1 + floor($2::int * random())::int END AS n
                FROM generate_series(1, $1::int) AS k)
       INSERT INTO customer_note (customer_id, note_type, title, note, user_id, created_at, updated_at)
       SELECT c.id, ${pick(NOTE_TYPES, 'p.k')}, ${pick(NOTE_TITLES, 'p.k / 7')}, ${pick(NOTE_TEXTS, 'p.k / 3')},
              users.ids[1 + (p.k * 31) % array_length(users.ids, 1)],
              w.at, w.at
         FROM picked p JOIN bench_customer c ON c.n = p.n
        CROSS JOIN LATERAL (SELECT c.created_at + (now() - c.created_at) * random() AS at) w, users`,
      [size(150_000), total],
    );
  },
};
