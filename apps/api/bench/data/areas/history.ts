import { pick, withoutIndexes, type Area } from './area';

const CHANGED = ['cost', 'salePrice', 'name', 'status', 'description', 'points'];

/**
 * The history log: 3 M entries over four years, denser lately (entry g of N falls at
 * 4 years × (1 − √(g/N)) ago, so ids grow with time and the last year holds 44 % of them), by
 * staff of every branch at their own branch. A third are sign-ins (the username in the detail), a
 * fifth stock flows (the lot, its product, the branches it left and reached, an order number, the
 * product and lot in the detail), a quarter product edits, the rest edits of users, treatments,
 * providers, cabins and appliances; every id names a row that exists.
 */
export const history: Area = {
  name: 'historial',
  rows: '3,000,000 entradas en cuatro años, más densas al final',
  async fill({ client, size }) {
    const total = size(3_000_000);
    // Dense numbering of what entries point at, so each entry joins its rows by arithmetic.
    await client.query(`DROP TABLE IF EXISTS bench_who, bench_lot, bench_record`);
    await client.query(
      `CREATE TEMP TABLE bench_who AS
       SELECT row_number() OVER (ORDER BY u.id) AS n, u.id, u.username, coalesce(k.branch_id, b.id) AS branch_id
         FROM "user" u LEFT JOIN kardex k ON k.user_id = u.id
         CROSS JOIN (SELECT min(id) AS id FROM branch WHERE NOT distribution_center) b`,
    );
    await client.query(
      `CREATE TEMP TABLE bench_lot AS
       SELECT row_number() OVER (ORDER BY s.id) AS n, s.id, s.product_id, s.branch_id,
              p.name || ' lote ' || s.allotment AS label
         FROM stock s JOIN product p ON p.id = s.product_id`,
    );
    await client.query(
      `CREATE TEMP TABLE bench_record AS
       SELECT module, row_number() OVER (PARTITION BY module ORDER BY id) AS n, id
         FROM (SELECT 'products' AS module, id FROM product UNION ALL
               SELECT 'users', id FROM "user" UNION ALL
               SELECT 'treatments', id FROM treatment UNION ALL
               SELECT 'providers', id FROM provider UNION ALL
               SELECT 'cabain', id FROM cabin UNION ALL
               SELECT 'branch_appliance', id FROM branch_appliance) records`,
    );
    await client.query(`CREATE INDEX ON bench_record (module, n)`);
    await client.query(`ANALYZE bench_who; ANALYZE bench_lot; ANALYZE bench_record`);
    const counts = (
      await client.query<{ who: number; lots: number }>(
        `SELECT (SELECT count(*)::int FROM bench_who) AS who, (SELECT count(*)::int FROM bench_lot) AS lots`,
      )
    ).rows[0]!;
    const records = Object.fromEntries(
      (
        await client.query<{ module: string; n: number }>(
          `SELECT module, count(*)::int AS n FROM bench_record GROUP BY module`,
        )
      ).rows.map((row) => [row.module, row.n]),
    ) as Record<string, number>;
    // Entry g's kind by g's residue: deterministic, interleaved through time.
    const kind = `CASE WHEN g % 3 = 0 THEN 'auth' WHEN g % 5 = 1 THEN 'stock' WHEN g % 4 = 1 THEN 'products'
      ELSE ${pick(['users', 'treatments', 'providers', 'cabain', 'branch_appliance', 'products'], 'g / 7')} END`;
    const recordCount = `CASE e.kind ${Object.entries(records)
      .map(([module, n]) => `WHEN '${module}' THEN ${n}`)
      .join(' ')} ELSE 1 END`;

    await withoutIndexes(client, 'audit_log', async () => {
      // In slices, so progress shows and no single statement holds millions of rows in memory.
      const slice = 500_000;
      for (let from = 1; from <= total; from += slice) {
        const to = Math.min(total, from + slice - 1);
        await client.query(
          `WITH entries AS (
                  SELECT g, ${kind} AS kind,
                         now() - interval '4 years' * (1 - sqrt(g::float8 / $3::int)) - (g % 60) * interval '1 second' AS at
                    FROM generate_series($1::bigint, $2::bigint) AS g),
                sized AS (SELECT e.*, ${recordCount} AS records FROM entries e)
           INSERT INTO audit_log (module, action, record_id, user_id, branch_id, changes, detail,
                                  stock_id, product_id, origin_branch_id, destination_branch_id,
                                  order_number, created_at)
           SELECT CASE e.kind WHEN 'stock' THEN ${pick(['transfers', 'inventory', 'purchase_order'], 'e.g / 5')} ELSE e.kind END,
                  CASE e.kind WHEN 'auth' THEN ${pick(['sign_in', 'sign_in', 'sign_in', 'sign_out', 'failed_sign_in'], 'e.g / 3')}
                              WHEN 'stock' THEN ${pick(['transfer', 'adjustment', 'receive'], 'e.g / 5')}
                              ELSE ${pick(['update', 'update', 'update', 'create', 'delete'], 'e.g / 11')} END,
                  r.id, w.id, w.branch_id,
                  CASE WHEN e.kind NOT IN ('auth', 'stock') AND e.g % 11 % 5 < 3
                       THEN jsonb_build_object(${pick(CHANGED, 'e.g / 13')},
                              jsonb_build_object('before', e.g % 997, 'after', e.g % 991)) END,
                  CASE e.kind WHEN 'auth' THEN w.username WHEN 'stock' THEN l.label END,
                  l.id, coalesce(l.product_id, CASE e.kind WHEN 'products' THEN r.id END),
                  CASE WHEN e.kind = 'stock' THEN l.branch_id END,
                  CASE WHEN e.kind = 'stock' THEN w.branch_id END,
                  CASE WHEN e.kind = 'stock' THEN 'TR-' || lpad((e.g / 5 % 1000000)::text, 6, '0') END,
                  e.at
             FROM sized e
             JOIN bench_who w ON w.n = 1 + (e.g * 7919) % ${counts.who}
             LEFT JOIN bench_lot l ON e.kind = 'stock' AND l.n = 1 + (e.g * 104729::bigint) % ${counts.lots}
             LEFT JOIN bench_record r ON r.module = e.kind AND r.n = 1 + (e.g * 15485863::bigint) % e.records
            ORDER BY e.g`,
          [from, to, total],
        );
        process.stdout.write(`    historial: ${to.toLocaleString('en')} de ${total.toLocaleString('en')}\n`);
      }
    });
  },
};
