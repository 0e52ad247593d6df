import { withoutIndexes, type Area } from './area';

/**
 * About 85,000 stock lots of approved products: the distribution centre holds a sixth of them (the
 * chain's warehouse), the clinics the rest by branch share. Expiry: one lot in ten within 30 days,
 * one in ten between 30 and 60, one in fifty already past, one in ten without a date (products
 * whose lot has none), the rest up to two and a half years ahead. One lot in twenty is empty.
 */
export const stock: Area = {
  name: 'existencias',
  rows: '85,000 lotes (CEDIS grande; 10 % vence en 30 días, 10 % en 60, 2 % vencidos)',
  async fill({ client, size }) {
    const total = size(85_000);
    // The summary's trigger would rebuild a branch and product once per lot at commit: off for the
    // bulk insert, then the summary is built from the lots in one pass, as the migration does.
    await client.query('ALTER TABLE stock DISABLE TRIGGER stock_summary_refresh');
    await withoutIndexes(client, 'stock', async () => {
      await client.query(
        `WITH holders AS (
                SELECT id, share * 5 / 6 AS share FROM bench_branch
                UNION ALL
                SELECT id, 1.0 / 6 FROM branch WHERE distribution_center),
              products AS (SELECT array_agg(id ORDER BY id) AS ids FROM product
                            WHERE approved_at IS NOT NULL AND deleted_at IS NULL),
              lots AS (
                SELECT h.id AS branch_id, k, random() AS r,
                       products.ids[1 + (k * 7919 + h.id * 31) % array_length(products.ids, 1)] AS product_id
                  FROM holders h, products
                 CROSS JOIN LATERAL generate_series(1, greatest(20, round($1::int * h.share)::int)) AS k)
         INSERT INTO stock (product_id, branch_id, allotment, expires_in, quantity, created_at, updated_at)
         SELECT product_id, branch_id, 'L' || to_char(current_date - (k % 700), 'YYMM') || '-' || k,
                CASE WHEN r < 0.02 THEN current_date - 1 - (k % 60)
                      WHEN r < 0.12 THEN current_date + (k % 30)
                      WHEN r < 0.22 THEN current_date + 30 + (k % 30)
                      WHEN r < 0.32 THEN NULL
                      ELSE current_date + 60 + (k * 37 % 850) END,
                CASE WHEN k % 20 = 0 THEN 0 ELSE 1 + (k * 13) % 300 END,
                now() - (k % 700) * interval '1 day', now() - (k % 90) * interval '1 day'
           FROM lots
         ON CONFLICT DO NOTHING`,
        [total],
      );
    });
    await client.query(
      `INSERT INTO stock_summary (branch_id, product_id, quantity, soonest, first_id)
       SELECT branch_id, product_id, sum(quantity),
              min(expires_in) FILTER (WHERE quantity > 0), min(id)
         FROM stock WHERE deleted_at IS NULL
        GROUP BY branch_id, product_id
       ON CONFLICT (branch_id, product_id) DO UPDATE
         SET quantity = EXCLUDED.quantity, soonest = EXCLUDED.soonest, first_id = EXCLUDED.first_id`,
    );
    await client.query('ALTER TABLE stock ENABLE TRIGGER stock_summary_refresh');
  },
};
