import { texts, withoutIndexes, type Area } from './area';

/** What takes units out of a clinic's lot, in the proportions a clinic sees. */
const CLINIC_OUT = ['appointment', 'appointment', 'appointment', 'cash-order', 'cash-order', 'sale-order', 'adjustment', 'transfer'];

/**
 * The ledger of every lot (CONTRACT §9), about 5 M movements at scale 1: each lot opens with the
 * units it received (a purchase at the distribution centre, an assortment order at a clinic) and
 * then loses them one by one over its life (appointments, the point of sale, sale orders, drops,
 * transfers; the distribution centre sends assortment orders), so its quantity is exactly the sum
 * of its movements and every balance is the running one. Lots differ: a few are busy (up to twice
 * the mean), some barely move.
 */
export const stockMovements: Area = {
  name: 'movimientos de existencias',
  rows: '5 M movimientos (el saldo de cada lote es la suma de sus movimientos)',
  async fill({ client, size }) {
    const total = size(5_000_000);
    const { rows } = await client.query<{ lots: number }>(
      'SELECT count(*)::int AS lots FROM stock WHERE deleted_at IS NULL',
    );
    const perLot = Math.max(1, Math.round(total / Math.max(1, rows[0]!.lots)) - 1);
    await withoutIndexes(client, 'stock_movement', async () => {
      await client.query(
        `WITH lots AS (
                SELECT s.id, s.product_id, s.branch_id, s.quantity, s.created_at, b.distribution_center,
                       greatest(1, round($1::int * ((s.id * 7919) % 200) / 100.0))::int AS outs
                  FROM stock s JOIN branch b ON b.id = s.branch_id
                 WHERE s.deleted_at IS NULL
                   -- the demo's lots already have theirs (the seed went through the ledger)
                   AND NOT EXISTS (SELECT 1 FROM stock_movement m WHERE m.stock_id = s.id))
         INSERT INTO stock_movement (stock_id, product_id, branch_id, quantity, balance, cause,
                                     document_type, document_number, created_at)
         SELECT l.id, l.product_id, l.branch_id,
                CASE WHEN g = 0 THEN l.quantity + l.outs ELSE -1 END,
                l.quantity + l.outs - g,
                CASE WHEN g = 0 THEN CASE WHEN l.distribution_center THEN 'purchase' ELSE 'assortment' END
                     WHEN l.distribution_center THEN 'assortment'
                     ELSE (${texts(CLINIC_OUT)})[1 + (l.id + g) % ${CLINIC_OUT.length}] END,
                CASE WHEN g = 0 AND l.distribution_center THEN 'purchaseOrder'
                     WHEN g = 0 THEN 'assortmentOrder' END,
                CASE WHEN g = 0 AND l.distribution_center THEN 'OC-' || lpad((l.id % 999999)::text, 6, '0')
                     WHEN g = 0 THEN 'OR-' || lpad((l.id % 999999)::text, 6, '0') END,
                l.created_at + (now() - l.created_at) * g / (l.outs + 1)
           FROM lots l
          CROSS JOIN LATERAL generate_series(0, l.outs) AS g`,
        [perLot],
      );
    });
  },
};
