import { CITIES, FIRST_NAMES, SURNAMES, pick, type Area } from './area';

const cities = CITIES.map(([city]) => city);
const states = CITIES.map(([, state]) => state);
const SHIFTS = ['matutino', 'intermedio', 'vespertino'];
const DEGREES = ['superior', 'media superior', 'superior', 'básica'];
const PROFESSIONS = ['Cosmetología', 'Medicina', 'Enfermería', 'Administración', 'Contabilidad'];
const COMPANIES = ['Spa Aurora', 'Clínica Dermalife', 'Hospital Ángeles', 'Farmacias Guadalajara',
  'Estética Glamour', 'Liverpool'];
const RELATIONS = ['Madre', 'Padre', 'Hermana', 'Esposo', 'Esposa', 'Hijo'];

/**
 * Staff up to 1,250 with their whole file (kardex, address, bank, personal data, two contacts, a
 * job reference, the contracts signed, a phone), spread by branch share; every role but the super
 * administrator's. They share the demo cosmetologist's password (`Cosmetologa1234`).
 */
export const staff: Area = {
  name: 'personal',
  rows: '1,250 empleados con su expediente completo',
  async fill({ client, size }) {
    const { rows } = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM "user"`);
    const missing = Math.max(0, size(1250) - rows[0]!.n);
    await client.query(`DROP TABLE IF EXISTS bench_staff`);
    // Who each new member is: a number, a branch by share, names.
    await client.query(
      `CREATE TEMP TABLE bench_staff AS
       SELECT g, b.id AS branch_id,
              ${pick(FIRST_NAMES, 'g * 7')} AS name, ${pick(SURNAMES, 'g * 11')} AS last_name,
              ${pick(SURNAMES, 'g * 13 + 5')} AS mother_last_name
         FROM (SELECT id, sum(share) OVER (ORDER BY rank) AS upto FROM bench_branch) b
        CROSS JOIN LATERAL generate_series(1, $1::int) AS g
        WHERE (g - 0.5) / $1::int <= b.upto AND (g - 0.5) / $1::int > b.upto - (SELECT share FROM bench_branch x WHERE x.id = b.id)`,
      [missing],
    );
    await client.query(
      `WITH roles AS (SELECT array_agg(id ORDER BY id) AS ids FROM role WHERE key <> 'superAdmin'),
            hash AS (SELECT password_hash, pin_hash FROM "user" WHERE username = 'cosmetologa@clinica.mx')
       INSERT INTO "user" (name, last_name, mother_last_name, username, password_hash, pin_hash, role_id, status, created_at)
       SELECT s.name, s.last_name, s.mother_last_name,
              f_unaccent(s.name) || '.' || f_unaccent(s.last_name) || s.g || '@clinica.mx',
              hash.password_hash, hash.pin_hash, roles.ids[1 + s.g % array_length(roles.ids, 1)],
              CASE WHEN s.g % 12 = 0 THEN 'inactivo' ELSE 'activo' END,
              now() - (s.g % 1400) * interval '1 day'
         FROM bench_staff s, roles, hash`,
    );
    await client.query(
      `WITH positions AS (SELECT array_agg(id ORDER BY id) AS ids FROM job_position)
       INSERT INTO kardex (user_id, employee_number, job_position_id, branch_id, birthdate,
                           admission_date, work_shift, departure_date)
       SELECT u.id, lpad((100000 + s.g)::text, 6, '0'), positions.ids[1 + s.g % array_length(positions.ids, 1)],
              s.branch_id, date '1970-01-01' + (s.g * 97 % 12000), (u.created_at)::date,
              ${pick(SHIFTS, 's.g')}, CASE WHEN s.g % 12 = 0 THEN current_date - s.g % 300 END
         FROM bench_staff s
         JOIN "user" u ON u.username = f_unaccent(s.name) || '.' || f_unaccent(s.last_name) || s.g || '@clinica.mx',
              positions`,
    );
    const fresh = `FROM kardex k JOIN "user" u ON u.id = k.user_id WHERE k.employee_number >= '100000'`;
    await client.query(
      `INSERT INTO kardex_address (kardex_id, address, state, city, address_ine, state_ine, city_ine)
       SELECT k.id, 'Calle ' || (k.id % 90 + 1) || ' #' || (k.id * 7 % 2000), ${pick(states, 'k.id')},
              ${pick(cities, 'k.id')}, 'Calle ' || (k.id % 90 + 1) || ' #' || (k.id * 7 % 2000),
              ${pick(states, 'k.id')}, ${pick(cities, 'k.id')} ${fresh}`,
    );
    await client.query(
      `INSERT INTO kardex_bank_information (kardex_id, salary, bank_account, isr)
       SELECT k.id, 9000 + k.id * 37 % 40000, lpad((k.id * 7919)::text, 18, '0'), 10 + k.id % 20 ${fresh}`,
    );
    await client.query(
      `INSERT INTO kardex_personal_data (kardex_id, gender, marital_status, nationality, birth_state,
         birth_city, nss, curp, rfc, ocr, infonavit, educational_degree, profession, childrens, email,
         blood_type, diseases, allergies, drug_allergies)
       SELECT k.id, CASE WHEN k.id % 3 = 0 THEN 'Masculino' ELSE 'Femenino' END,
              ${pick(['Soltero', 'Casado', 'Soltero', 'Divorciado', 'Concubinato'], 'k.id')}, 'Mexicana',
              ${pick(states, 'k.id * 3')}, ${pick(cities, 'k.id * 3')}, lpad((k.id * 104729::bigint)::text, 11, '0'),
              upper(left(f_unaccent(u.last_name), 2) || left(f_unaccent(u.mother_last_name), 1) || left(f_unaccent(u.name), 1))
                || to_char(k.birthdate, 'YYMMDD') || 'MBCRRA' || lpad((k.id % 100)::text, 2, '0'),
              upper(left(f_unaccent(u.last_name), 2) || left(f_unaccent(u.mother_last_name), 1) || left(f_unaccent(u.name), 1))
                || to_char(k.birthdate, 'YYMMDD') || 'A' || lpad((k.id % 100)::text, 2, '0'),
              lpad((k.id * 15485863::bigint % 10000000000000)::text, 13, '0'), k.id % 2,
              ${pick(DEGREES, 'k.id')}, ${pick(PROFESSIONS, 'k.id')}, k.id % 4, u.username,
              ${pick(['O+', 'A+', 'B+', 'O-', 'AB+'], 'k.id')}, 'Ninguna', 'Ninguna', 'Ninguna' ${fresh}`,
    );
    await client.query(
      `INSERT INTO kardex_contact (kardex_id, name, relationships, phone, main)
       SELECT k.id, ${pick(FIRST_NAMES, 'k.id + n')} || ' ' || u.last_name, ${pick(RELATIONS, 'k.id + n')},
              '66' || lpad((k.id * 31 + n)::text, 8, '0'), (n = 1)::int
         ${fresh.replace('WHERE', 'CROSS JOIN generate_series(1, 2) AS n WHERE')}`,
    );
    await client.query(
      `INSERT INTO kardex_job_reference (kardex_id, company, position, boss, phone, main)
       SELECT k.id, ${pick(COMPANIES, 'k.id')}, 'Auxiliar', ${pick(FIRST_NAMES, 'k.id * 5')} || ' ' || ${pick(SURNAMES, 'k.id * 5')},
              '55' || lpad((k.id * 53)::text, 8, '0'), 1 ${fresh}`,
    );
    await client.query(
      `INSERT INTO kardex_signature (kardex_id, number, date)
       SELECT k.id, n, k.admission_date + (n - 1) * 182
         ${fresh.replace('WHERE', 'CROSS JOIN generate_series(1, 2) AS n WHERE')}
          AND k.admission_date + (n - 1) * 182 <= current_date`,
    );
    await client.query(
      `INSERT INTO kardex_phone (kardex_id, phone)
       SELECT k.id, '66' || lpad((k.id * 7 + 3)::text, 8, '0') ${fresh}`,
    );
  },
};
