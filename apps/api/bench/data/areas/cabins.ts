import type { Area } from './area';

/**
 * Cabins up to 500, spread by branch share (at least two per clinic), each of a cabin type, with
 * its week inside its branch's hours: the branch's days off stay off, and a cabin opens with the
 * branch or half an hour later and closes with it or an hour earlier.
 */
export const cabins: Area = {
  name: 'cabinas',
  rows: '500 cabinas con horario dentro del de su sucursal',
  async fill({ client, size }) {
    const { rows } = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM cabin`);
    const missing = Math.max(0, size(500) - rows[0]!.n);
    await client.query(
      `WITH types AS (SELECT array_agg(id ORDER BY id) AS ids FROM cabin_type WHERE deleted_at IS NULL)
       INSERT INTO cabin (name, type_id, branch_id, description)
       SELECT 'Cabina ' || lpad(k::text, 2, '0'), types.ids[1 + (b.id + k) % array_length(types.ids, 1)],
              b.id, CASE WHEN k % 4 = 0 THEN 'Equipada para aparatología' END
         FROM bench_branch b CROSS JOIN types
        CROSS JOIN LATERAL generate_series(1, greatest(2, round($1::int * b.share)::int)) AS k
       ON CONFLICT DO NOTHING`,
      [missing],
    );
    await client.query(
      `INSERT INTO cabin_schedule (cabin_id, day, opening, closing)
       SELECT c.id, s.day,
              CASE WHEN s.opening = s.closing THEN s.opening
                   ELSE s.opening + (c.id % 2) * interval '30 minutes' END,
              CASE WHEN s.opening = s.closing THEN s.closing
                   ELSE s.closing - (c.id % 3 / 2) * interval '1 hour' END
         FROM cabin c JOIN branch_schedule s ON s.branch_id = c.branch_id
        WHERE NOT EXISTS (SELECT 1 FROM cabin_schedule x WHERE x.cabin_id = c.id)`,
    );
  },
};
