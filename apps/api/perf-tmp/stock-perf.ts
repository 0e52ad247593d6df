import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/db/client';
import { seedDemo, seedReference } from '../src/db/seed';
import { ensureListIndexes } from '../src/platform/list-indexes';
import { listMovements, listStock } from '../src/modules/inventory/stock.service';
import { stockMovementQuery, stockQuery } from '@clinica/domain';

const NAME = 'stockperf_tmp';
const server = 'postgres://postgres@127.0.0.1:5432/postgres';
const admin = new pg.Client({ connectionString: server });
await admin.connect();
const fresh = process.argv[2] === 'fresh';
if (fresh) {
  await admin.query(`DROP DATABASE IF EXISTS ${NAME} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${NAME}`);
}
await admin.end();
const database = await openDatabase({ databaseUrl: `postgres://postgres@127.0.0.1:5432/${NAME}` });
const db = database.db;
if (fresh) {
  await seedReference(db);
  await seedDemo(db);
  console.time('data');
  await db.execute(sql`
    INSERT INTO product (sku, name, brand, bar_code, description, content_type, content, measure_unit, cost, tax, product_type_id, sale_price, approved_at)
    SELECT 'PF' || lpad(i::text, 6, '0'), 'Producto de prueba ' || md5(i::text), 'Marca', '750', 'desc', 'Caja', 1, 'pza', 100, 16,
      (SELECT id FROM product_type ORDER BY id LIMIT 1 OFFSET (i % 4)), 250, now()
    FROM generate_series(1, 5000) i`);
  // 3 lots per product at three clinics.
  await db.execute(sql`
    INSERT INTO stock (product_id, branch_id, allotment, expires_in, quantity)
    SELECT p.id, b.id, 'L' || p.id || '-' || l, current_date + (p.id * 7 + l * 40) % 700 - 20, (p.id + l) % 50
    FROM product p CROSS JOIN generate_series(1, 3) l
    CROSS JOIN (SELECT id FROM branch WHERE NOT distribution_center) b
    WHERE p.sku LIKE 'PF%'`);
  await db.execute(sql`
    INSERT INTO max_min (product_id, branch_id, max, min)
    SELECT p.id, b.id, 60, 10 FROM product p CROSS JOIN (SELECT id FROM branch WHERE NOT distribution_center) b
    WHERE p.sku LIKE 'PF%' AND p.id % 3 = 0`);
  await db.execute(sql`
    INSERT INTO stock_movement (stock_id, product_id, branch_id, quantity, balance, cause, document_type, created_at)
    SELECT s.id, s.product_id, s.branch_id, 1, 1, 'adjustment', 'opening', now() - (g || ' minutes')::interval
    FROM generate_series(1, 1000000) g JOIN stock s ON s.id = (SELECT min(id) FROM stock) + (g % 45000)`);
  await db.execute(sql`ANALYZE`);
  console.timeEnd('data');
}
await ensureListIndexes(db);
await db.execute(sql`ANALYZE`);
const [{ id: zonaRio }] = (await db.execute(sql`SELECT id FROM branch WHERE name = 'Zona Río'`)).rows as { id: number }[];
const session = { userId: 1, roleKey: 'branchManager', branchFixed: true, branchId: zonaRio } as never;
const ctx = { db, clock: { now: () => new Date() }, session };
const [{ id: lot }] = (await db.execute(sql`SELECT stock_id AS id FROM stock_movement LIMIT 1`)).rows as { id: number }[];

async function measure(label: string, run: () => Promise<unknown>, n = 60) {
  for (let i = 0; i < 5; i += 1) await run();
  const times: number[] = [];
  for (let i = 0; i < n; i += 1) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  console.log(label.padEnd(40), 'p50', times[Math.floor(n * 0.5)]!.toFixed(1), 'p95', times[Math.floor(n * 0.95)]!.toFixed(1));
}
const q = (raw: Record<string, unknown>) => stockQuery.parse(raw);
await measure('stock first page', () => listStock(ctx, q({})));
await measure('stock page 50', () => listStock(ctx, q({ page: '50' })));
await measure('stock by quantity', () => listStock(ctx, q({ field: 'quantity' })));
await measure('stock color danger', () => listStock(ctx, q({ color: 'danger' })));
await measure('stock color volcano', () => listStock(ctx, q({ color: 'volcano' })));
await measure('stock search', () => listStock(ctx, q({ search: 'a1b' })));
const adminCtx = { ...ctx, session: { userId: 1, roleKey: 'superAdmin', branchFixed: false, branchId: zonaRio } as never };
await measure('stock all branches (admin)', () => listStock(adminCtx, q({})));
await measure('movements of one lot', () => listMovements(adminCtx, stockMovementQuery.parse({ stockId: String(lot) })));
await measure('movements of the branch', () => listMovements(ctx, stockMovementQuery.parse({})));
await database.close?.();
process.exit(0);
