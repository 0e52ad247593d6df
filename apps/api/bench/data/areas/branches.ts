import { CITIES, pick, type Area } from './area';

const cities = CITIES.map(([city]) => city);
const states = CITIES.map(([, state]) => state);
const zones = CITIES.map(([, , zone]) => zone);
const STREETS = ['Av. Reforma', 'Blvd. Agua Caliente', 'Calz. Independencia', 'Av. Juárez',
  'Av. Revolución', 'Blvd. Kukulcán', 'Av. Vallarta', 'Av. Constitución', 'Paseo Montejo'];
const SUBURBS = ['Centro', 'Zona Dorada', 'Chapultepec', 'Las Palmas', 'Del Valle', 'Providencia',
  'San Benito', 'Zona Hotelera', 'Country Club'];

/**
 * The branches up to 50 (the demo's included), each with its week (day 0 Monday), and
 * `bench_branch`: each clinic's rank and share of the chain's work, weight 1/rank^0.8 (a few large
 * branches, a long tail), which the later areas spread their rows by. The distribution centre is
 * kept apart (`distribution_center`): it holds stock, not cabins or patients.
 */
export const branches: Area = {
  name: 'sucursales',
  rows: '50 sucursales con su horario; reparto 1/rango^0.8',
  async fill({ client, size }) {
    const { rows } = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM branch`);
    const missing = Math.max(0, size(50, 6) - rows[0]!.n);
    await client.query(
      `INSERT INTO branch (name, street, ext_number, suburb, city, state, zip_code, phone, code,
                           zone, franchise, rfc, business_name, lat, lng)
       SELECT ${pick(cities, 'g')} || ' ' || ${pick(SUBURBS, 'g / 3')} || ' ' || g,
              ${pick(STREETS, 'g * 7')}, (100 + g * 37 % 9000)::text, ${pick(SUBURBS, 'g / 3')},
              ${pick(cities, 'g')}, ${pick(states, 'g')}, lpad((20000 + g * 131 % 70000)::text, 5, '0'),
              '66' || lpad((g * 7919 % 100000000)::text, 8, '0'), 'BEN' || lpad(g::text, 7, '0'),
              ${pick(zones, 'g')}, g % 5 = 0,
              CASE WHEN g % 5 = 0 THEN 'FRA' || lpad(g::text, 6, '0') || 'AB1' ELSE 'CBE180101AB1' END,
              CASE WHEN g % 5 = 0 THEN 'Franquicia ' || ${pick(cities, 'g')} || ' S.A. de C.V.'
                   ELSE 'Clínicas Bellezza S.A. de C.V.' END,
              (19 + (g * 13 % 1300) / 100.0)::numeric(10, 7), (-117 + (g * 17 % 3000) / 100.0)::numeric(10, 7)
         FROM generate_series(1, $1::int) AS g`,
      [missing],
    );
    // Mon–Fri 09:00–20:00 or 10:00–19:00, Saturday shorter, Sunday closed in two of three.
    await client.query(
      `INSERT INTO branch_schedule (branch_id, day, opening, closing)
       SELECT b.id, d,
              CASE WHEN d = 6 AND b.id % 3 <> 0 THEN '00:00' WHEN b.id % 2 = 0 THEN '09:00' ELSE '10:00' END::time,
              CASE WHEN d = 6 AND b.id % 3 <> 0 THEN '00:00' WHEN d >= 5 THEN '15:00'
                   WHEN b.id % 2 = 0 THEN '20:00' ELSE '19:00' END::time
         FROM branch b CROSS JOIN generate_series(0, 6) AS d
        WHERE NOT EXISTS (SELECT 1 FROM branch_schedule s WHERE s.branch_id = b.id)`,
    );
    await client.query(`DROP TABLE IF EXISTS bench_branch`);
    await client.query(
      `CREATE TEMP TABLE bench_branch AS
       SELECT id, rank, weight / sum(weight) OVER () AS share
         FROM (SELECT id, rank, 1 / power(rank, 0.8) AS weight
                 FROM (SELECT id, row_number() OVER (ORDER BY id) AS rank
                         FROM branch WHERE NOT distribution_center) ranked) weighted`,
    );
  },
};
