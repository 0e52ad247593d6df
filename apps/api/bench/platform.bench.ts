/**
 * Platform benchmarks (`npm run bench`): sign-in latency by outcome — the wrong-branch, wrong-password
 * and unknown-user answers must not be told apart by timing — the guard's cost on a signed-in call,
 * and the lists over many rows (the audit log, the catalogue). Runs on PGlite, or on DATABASE_URL
 * when set.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { readConfig } from '../src/config';
import { seedDemo, seedReference } from '../src/seed';
import { openTestDatabase } from '../src/test/harness';
import { auditLog, signInFailure } from '../src/db/schema';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 60);

function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
  const mean = samples.reduce((sum, value) => sum + value, 0) / samples.length;
  return { mean: mean.toFixed(2), p50: at(0.5).toFixed(2), p95: at(0.95).toFixed(2) };
}

async function main() {
  // The test harness's database: in memory, or a fresh one on DATABASE_URL, dropped at the end.
  const { database: database_, drop } = await openTestDatabase();
  await seedReference(database_.db);
  await seedDemo(database_.db);
  const app = await buildApp({
    config: { ...readConfig({}), webDist: '/nonexistent' },
    database: database_,
    logger: false,
  });
  const branches = (await app.inject({ method: 'GET', url: '/v1/branch/all' })).json().data as {
    id: number;
    name: string;
  }[];
  const zonaRio = branches.find((b) => b.name === 'Zona Río')!.id;
  const mexicali = branches.find((b) => b.name === 'Mexicali Centro')!.id;

  const timed = async (payload: () => Record<string, unknown>, expected: number) => {
    const samples: number[] = [];
    for (let i = 0; i < ROUNDS; i += 1) {
      const started = performance.now();
      const response = await app.inject({
        method: 'POST',
        url: '/v1/auth/sign-in',
        payload: payload(),
      });
      samples.push(performance.now() - started);
      if (response.statusCode !== expected)
        throw new Error(`esperaba ${expected}, llegó ${response.statusCode}`);
      // Keep the lockout out of the measurement: it is a separate path (429).
      await app.db.delete(signInFailure);
    }
    return stats(samples);
  };

  const rows: Record<string, unknown>[] = [];
  rows.push({
    case: 'sign-in ok (200)',
    ...(await timed(
      () => ({ branchId: zonaRio, username: 'gerente@clinica.mx', password: 'Gerente1234' }),
      200,
    )),
  });
  rows.push({
    case: 'wrong branch (401/1)',
    ...(await timed(
      () => ({ branchId: mexicali, username: 'gerente@clinica.mx', password: 'Gerente1234' }),
      401,
    )),
  });
  rows.push({
    case: 'wrong password (401/2)',
    ...(await timed(
      () => ({ branchId: zonaRio, username: 'gerente@clinica.mx', password: 'Equivocada1' }),
      401,
    )),
  });
  rows.push({
    case: 'unknown user (401/2)',
    ...(await timed(
      () => ({
        branchId: zonaRio,
        username: `nadie${randomBytes(3).toString('hex')}@clinica.mx`,
        password: 'Equivocada1',
      }),
      401,
    )),
  });

  const token = (
    await app.inject({
      method: 'POST',
      url: '/v1/auth/sign-in',
      payload: { branchId: zonaRio, username: 'admin@clinica.mx', password: 'Admin1234' },
    })
  ).json().data.token as string;
  const get = async (url: string) => {
    const samples: number[] = [];
    for (let i = 0; i < ROUNDS; i += 1) {
      const started = performance.now();
      const response = await app.inject({
        method: 'GET',
        url,
        headers: { authorization: `Bearer ${token}` },
      });
      samples.push(performance.now() - started);
      if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode}`);
    }
    return stats(samples);
  };
  rows.push({ case: 'GET /v1/role (guard + query)', ...(await get('/v1/role')) });

  await app.db
    .execute(sql`INSERT INTO ${auditLog} (module, action, record_id, user_id, branch_id, detail, created_at)
    SELECT 'users', 'update', g, 1, ${zonaRio}, 'entrada ' || g, now() - (g || ' minutes')::interval FROM generate_series(1, 20000) g`);
  rows.push({ case: 'GET /v1/log page 1 of 20k', ...(await get('/v1/log?take=15')) });
  // As the history screen searches (one field, the detail), and with no field (detail or user).
  rows.push({
    case: 'GET /v1/log detail search of 20k',
    ...(await get(
      `/v1/log?search=${encodeURIComponent(JSON.stringify({ field: 'detail', value: 'entrada 1999' }))}`,
    )),
  });
  rows.push({
    case: 'GET /v1/log search of 20k, any field',
    ...(await get(
      `/v1/log?search=${encodeURIComponent(JSON.stringify({ value: 'entrada 1999' }))}`,
    )),
  });

  // A chain's catalogue: 5,000 products (copies of a demo one), listed and searched as the
  // Productos screen does, with their providers, categories and photos.
  await app.db
    .execute(sql`INSERT INTO product (sku, name, brand, bar_code, description, content_type,
      content, measure_unit, cost, tax, product_type_id, approved_at)
    SELECT 'BN' || lpad(g::text, 4, '0'), 'Producto de banco ' || g, brand, bar_code, description, content_type,
      content, measure_unit, cost, tax, product_type_id, now()
    FROM product, generate_series(1, 5000) g WHERE product.id = (SELECT min(id) FROM product)`);
  await app.db.execute(sql`ANALYZE`);
  rows.push({ case: 'GET /v1/product page 1 of 5k', ...(await get('/v1/product?take=15')) });
  rows.push({
    case: 'GET /v1/product search of 5k',
    ...(await get(`/v1/product?search=${encodeURIComponent('banco 4999')}`)),
  });

  console.log(`\nPlataforma (${app.engine}, ${ROUNDS} rondas, ms):`);
  console.table(rows);
  await app.close();
  await drop();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
