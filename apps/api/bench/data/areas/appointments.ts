import type pg from 'pg';
import type { Area } from './area';
import { withoutIndexes } from './area';

/**
 * The medical commission of every finished appointment of a treatment with a medical fee
 * (CONTRACT §12), as the finish writes it: paid to an active medic (job position Médico…) of the
 * appointment's branch, at their employee file's ISR percent, written when the appointment ended
 * (so its branch-local day is the appointment's). Branches without a medic have none.
 */
async function writeMedicCommissions(client: pg.PoolClient) {
  await client.query(`DROP TABLE IF EXISTS bench_branch_medic`);
  await client.query(
    `CREATE TEMP TABLE bench_branch_medic AS
     SELECT k.branch_id, array_agg(u.id ORDER BY u.id) AS ids
       FROM kardex k
       JOIN "user" u ON u.id = k.user_id AND u.status = 'activo' AND u.deleted_at IS NULL
       JOIN job_position jp ON jp.id = k.job_position_id AND jp.name LIKE 'Médico%'
      WHERE k.deleted_at IS NULL
      GROUP BY k.branch_id`,
  );
  await client.query(`ALTER TABLE bench_branch_medic ADD PRIMARY KEY (branch_id)`);
  await withoutIndexes(client, 'medic_commission', async () => {
    await client.query(
      `INSERT INTO medic_commission (appointment_id, user_id, branch_id, treatment_id, sessions, fee,
                                     isr_percent, isr, net, created_at)
       SELECT DISTINCT ON (a.id) a.id, m.user_id, a.branch_id, t.id, 1, t.medical_fee, m.isr,
              round(t.medical_fee * m.isr / 100, 2),
              t.medical_fee - round(t.medical_fee * m.isr / 100, 2), upper(a.period)
         FROM appointment a
         JOIN appointment_treatment x ON x.appointment_id = a.id
         JOIN treatment t ON t.id = x.treatment_id AND t.medical_fee > 0
         JOIN bench_branch_medic bm ON bm.branch_id = a.branch_id
         CROSS JOIN LATERAL (
           SELECT bm.ids[1 + a.id % cardinality(bm.ids)] AS user_id) pick
         CROSS JOIN LATERAL (
           SELECT pick.user_id, coalesce(
                    (SELECT kb.isr FROM kardex k JOIN kardex_bank_information kb ON kb.kardex_id = k.id
                      WHERE k.user_id = pick.user_id), 0) AS isr) m
        WHERE a.status = 'finished'
          AND NOT EXISTS (SELECT 1 FROM medic_commission c WHERE c.appointment_id = a.id)
        ORDER BY a.id, t.id`,
    );
  });
  await client.query(`DROP TABLE bench_branch_medic`);
}

/**
 * Appointments: 1 M at scale 1 (issue 16), in every cabin, hour-long at 09:00 … 16:00 on the days
 * around today, so no two meet in one cabin (the EXCLUDE constraint checks each row as it goes
 * in). Statuses follow the day: past ones finished, missed or cancelled, future ones scheduled.
 * Customers come from the customers' area when it ran; without it, a pool of plain customers is
 * made here so the appointments have someone to book.
 */
const SLOTS_PER_DAY = 8;

export const appointments: Area = {
  name: 'citas',
  rows: '1,000,000 citas sin cruces por cabina, con su tratamiento y su bitácora de alta; la comisión médica de cada cita terminada de un tratamiento con honorario médico',
  async fill({ client, size }) {
    const { rows: counted } = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM customer WHERE deleted_at IS NULL`,
    );
    if (counted[0]!.n < 1_000) {
      await client.query(
        `INSERT INTO customer (registry_branch_id, name, last_name, birthday)
         SELECT (SELECT id FROM branch WHERE NOT distribution_center ORDER BY id LIMIT 1),
                'Cliente', 'Banco ' || k, date '1980-01-01' + (k % 9000)
           FROM generate_series(1, $1::int) AS k`,
        [size(20_000)],
      );
    }
    const { rows: cabinRows } = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM cabin c JOIN branch b ON b.id = c.branch_id
        WHERE c.deleted_at IS NULL AND NOT b.distribution_center
          AND NOT EXISTS (SELECT 1 FROM appointment a WHERE a.cabin_id = c.id)`,
    );
    const total = size(1_000_000);
    const days = Math.ceil(total / Math.max(1, cabinRows[0]!.n * SLOTS_PER_DAY));
    const before = Math.floor(days * 0.8);
    await withoutIndexes(client, 'appointment', async () => {
      await client.query(
        `CREATE TEMPORARY TABLE bench_customers AS
           SELECT row_number() OVER (ORDER BY id) AS n, id FROM customer WHERE deleted_at IS NULL`,
      );
      await client.query(
        `CREATE TEMPORARY TABLE bench_treatments AS
           SELECT row_number() OVER (ORDER BY t.id) AS n, t.id, t.duration_minutes, tt.name AS type
             FROM treatment t JOIN treatment_type tt ON tt.id = t.treatment_type_id
            WHERE t.deleted_at IS NULL`,
      );
      await client.query(
        `WITH counts AS (SELECT (SELECT count(*) FROM bench_customers) AS customers,
                                (SELECT count(*) FROM bench_treatments) AS treatments),
              slots AS (
                SELECT c.id AS cabin_id, c.branch_id, b.zone,
                       (now() AT TIME ZONE b.zone)::date + d AS day,
                       time '09:00' + k * interval '1 hour' AS start_time,
                       d, k, row_number() OVER () AS n
                  FROM cabin c JOIN branch b ON b.id = c.branch_id
                 CROSS JOIN generate_series(-$2::int, $3::int - $2::int - 1) AS d
                 CROSS JOIN generate_series(0, ${SLOTS_PER_DAY - 1}) AS k
                 WHERE c.deleted_at IS NULL AND NOT b.distribution_center
                   -- The demo's cabins keep the demo's own appointments.
                   AND NOT EXISTS (SELECT 1 FROM appointment a WHERE a.cabin_id = c.id)
                 LIMIT $1::int)
         INSERT INTO appointment (branch_id, cabin_id, customer_id, appointment_type,
                                  appointment_method, appointment_option, date, start_time,
                                  end_time, period, status, confirm_method, created_at, updated_at)
         SELECT s.branch_id, s.cabin_id, bc.id, bt.type,
                (ARRAY['Cita presencial','Llamada telefónica','Redes sociales'])[1 + s.n % 3],
                'newTreatments', s.day, s.start_time, s.start_time + interval '1 hour',
                tstzrange((s.day + s.start_time) AT TIME ZONE s.zone,
                          (s.day + s.start_time + interval '1 hour') AT TIME ZONE s.zone, '[)'),
                CASE WHEN s.d >= 0 THEN (CASE WHEN s.n % 13 = 0 THEN 'cancelled' ELSE 'scheduled' END)
                     WHEN s.n % 9 = 0 THEN 'cancelled'
                     WHEN s.n % 7 = 0 THEN 'absence'
                     ELSE 'finished' END,
                (ARRAY['si','no','whatsapp','buzón'])[1 + s.n % 4],
                (s.day + s.start_time) AT TIME ZONE s.zone - interval '7 days',
                (s.day + s.start_time) AT TIME ZONE s.zone - interval '7 days'
           FROM slots s CROSS JOIN counts
           JOIN bench_customers bc ON bc.n = 1 + (s.n * 7919) % counts.customers
           JOIN bench_treatments bt ON bt.n = 1 + s.n % counts.treatments`,
        [total, before, days],
      );
    });
    await withoutIndexes(client, 'appointment_treatment', async () => {
      await client.query(
        `INSERT INTO appointment_treatment (appointment_id, treatment_id)
         SELECT a.id, t.id FROM appointment a
           JOIN bench_treatments t ON t.n = 1 + a.id % (SELECT count(*) FROM bench_treatments)
          WHERE NOT EXISTS (SELECT 1 FROM appointment_treatment x WHERE x.appointment_id = a.id)`,
      );
    });
    await writeMedicCommissions(client);
    await client.query(`DROP TABLE bench_customers, bench_treatments`);
  },
};
