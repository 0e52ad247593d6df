import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import { product, stock } from '../../db/schema';
import { audit } from '../../platform/audit';
import { hours } from '../../platform/clock';
import {
  branchId,
  call,
  claimsOf,
  createTestApp,
  signInAs,
  type TestApp,
} from '../../test/harness';
import { newLot } from '../../test/factories';
import { insertSupplyProduct } from '../catalogue/test-support';

interface Entry {
  module: { name: string; alias: string };
  action: string;
  user: { id: number; name: string } | null;
  branch: { id: number; name: string } | null;
  detail: string | null;
  recordId: number | null;
  recordName: string | null;
  changes: Record<string, { before: unknown; after: unknown }> | null;
  order: string | null;
  stock: { id: number; allotment: string } | null;
  product: { id: number; name: string; sku: string } | null;
  originBranch: { id: number; name: string } | null;
  destinationBranch: { id: number; name: string } | null;
  created_at: string;
}
type Page = { items: Entry[]; meta: { itemCount: number } };

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  // A day of activity: sign-ins at two branches and a failed attempt.
  await signInAs(t.app, 'franchisee');
  await call(t.app, 'POST', '/v1/auth/sign-in', {
    body: {
      branchId: await branchId(t.app, 'Zona Río'),
      username: 'medico@clinica.mx',
      password: 'Equivocada1',
    },
  });
  t.clock.advance(hours(24));
  await signInAs(t.app, 'medic');
  admin = (await signInAs(t.app, 'superAdmin', 'CEDIS')).token;
});
afterAll(async () => {
  await t.close();
});

const log = (token: string, query: Record<string, string> = {}) =>
  call<Page>(t.app, 'GET', '/v1/log', { token, query });

describe('GET /v1/log', () => {
  it('records sign-ins and failures with module, action, user, branch and time', async () => {
    const answer = await log(admin, { module: 'auth' });
    expect(answer.status).toBe(200);
    const failure = answer.body.data.items.find((entry) => entry.action === 'sign_in_failed');
    expect(failure).toMatchObject({
      module: { name: 'Acceso al sistema', alias: 'auth' },
      user: { name: 'Jorge' },
      branch: { name: 'Zona Río' },
      detail: 'medico@clinica.mx',
      order: null,
      stock: null,
      product: null,
      originBranch: null,
      destinationBranch: null,
    });
  });

  it('filters by action, user and dates (branch-local days)', async () => {
    const medic = await signInAs(t.app, 'medic');
    const medicId = String(claimsOf(medic.token).userId);
    const byUser = await log(admin, { userId: medicId, action: 'sign_in' });
    expect(byUser.body.data.items.length).toBeGreaterThanOrEqual(2);
    expect(
      byUser.body.data.items.every(
        (entry) => entry.user?.id === Number(medicId) && entry.action === 'sign_in',
      ),
    ).toBe(true);
    const firstDay = await log(admin, { from: '2026-11-20', to: '2026-11-20', module: 'auth' });
    const actions = firstDay.body.data.items.map((entry) => entry.action);
    expect(actions).toContain('sign_in_failed');
    expect(
      firstDay.body.data.items.every((entry) => entry.created_at < '2026-11-21T08:00:00.000Z'),
    ).toBe(true);
    const secondDay = await log(admin, {
      from: '2026-11-21',
      module: 'auth',
      action: 'sign_in_failed',
    });
    expect(secondDay.body.data.meta.itemCount).toBe(0);
  });

  it('orders newest first by default and pages', async () => {
    const answer = await log(admin, { take: '2' });
    const [first, second] = answer.body.data.items;
    expect(answer.body.data.items).toHaveLength(2);
    expect(first!.created_at >= second!.created_at).toBe(true);
  });

  it("shows a branch-fixed role only its own branch's entries", async () => {
    const franchisee = await signInAs(t.app, 'franchisee');
    const answer = await log(franchisee.token);
    expect(answer.body.data.items.length).toBeGreaterThan(0);
    expect(new Set(answer.body.data.items.map((entry) => entry.branch?.name))).toEqual(
      new Set(['Playas de Tijuana']),
    );
  });
});

describe('the stock-flow fields of a history entry (spec 001 §3)', () => {
  it('reads back the order, lot, product and both branches nested', async () => {
    const cedis = await branchId(t.app, 'CEDIS');
    const zonaRio = await branchId(t.app, 'Zona Río');
    const [lot] = await t.app.db
      .select({
        id: stock.id,
        allotment: stock.allotment,
        productId: product.id,
        name: product.name,
        sku: product.sku,
      })
      .from(stock)
      .innerJoin(product, eq(product.id, stock.productId))
      .where(eq(stock.id, (await newLot(t.app, zonaRio)).stockId));
    const adminId = Number(claimsOf(admin).userId);
    await audit(
      t.app.db,
      { userId: adminId, branchId: cedis },
      {
        module: 'transfers',
        action: 'confirm',
        recordId: 41,
        changes: { quantity: { before: 10, after: 4 } },
        stockId: lot!.id,
        productId: lot!.productId,
        originBranchId: cedis,
        destinationBranchId: zonaRio,
        order: 'OC-000123',
      },
      t.clock.now(),
    );
    const answer = await log(admin, { module: 'transfers', action: 'confirm' });
    expect(answer.status).toBe(200);
    // The demo's own transfers are confirmed too: this entry is the one of order OC-000123.
    const entries = answer.body.data.items.filter((entry) => entry.order === 'OC-000123');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'confirm',
      recordId: 41,
      order: 'OC-000123',
      stock: { id: lot!.id, allotment: lot!.allotment },
      product: { id: lot!.productId, name: lot!.name, sku: lot!.sku },
      originBranch: { id: cedis, name: 'CEDIS' },
      destinationBranch: { id: zonaRio, name: 'Zona Río' },
      branch: { id: cedis, name: 'CEDIS' },
      user: { id: adminId },
      changes: { quantity: { before: 10, after: 4 } },
    });

    const byProduct = await log(admin, { productId: String(lot!.productId) });
    expect(byProduct.body.data.items.length).toBeGreaterThanOrEqual(1);
    expect(byProduct.body.data.items.every((entry) => entry.product?.id === lot!.productId)).toBe(
      true,
    );
  });

  it("records the product on a product delete's entry", async () => {
    // A product of its own: the demo ones are held in stock, and a held product is not deleted.
    const productId = await insertSupplyProduct(t.app.db, 'AU-0001');
    const removed = await call(t.app, 'POST', `/v1/product/${productId}/delete`, {
      token: admin,
    });
    expect(removed.status).toBe(200);

    const answer = await log(admin, { productId: String(productId) });
    expect(answer.body.data.items).toHaveLength(1);
    expect(answer.body.data.items[0]).toMatchObject({
      module: { alias: 'products' },
      action: 'delete',
      recordId: productId,
      // Named even once deleted (issue 11 item 5: the record named, not '#7').
      recordName: 'Cubrebocas tricapa',
      product: { id: productId, name: 'Cubrebocas tricapa', sku: 'AU-0001' },
      stock: null,
      order: null,
    });
  });

  it('rejects a productId that is not an id', async () => {
    const answer = await log(admin, { productId: 'abc' });
    expect(answer.status).toBe(400);
    expect(answer.body.details?.map((detail) => detail.field)).toContain('productId');
  });
});

describe('the text search of GET /v1/log', () => {
  it('finds the detail and the user, ignoring case and accents', async () => {
    const detail = await log(admin, {
      search: JSON.stringify({ field: 'detail', value: 'MÉDICO@CLINICA' }),
    });
    expect(detail.body.data.items.length).toBeGreaterThan(0);
    expect(detail.body.data.items.every((entry) => entry.detail === 'medico@clinica.mx')).toBe(
      true,
    );
    const byUser = await log(admin, {
      search: JSON.stringify({ field: 'user', value: 'FRANQUICIA' }),
    });
    expect(byUser.body.data.items.length).toBeGreaterThan(0);
    expect(new Set(byUser.body.data.items.map((entry) => entry.user?.name))).toEqual(
      new Set(['Fernanda']),
    );
    // With no field it looks at both the detail and the user.
    const either = await log(admin, { search: 'medico@' });
    expect(either.body.data.meta.itemCount).toBeGreaterThan(detail.body.data.meta.itemCount);
  });

  it('answers a detail search from the stored fold’s trigram index once the log is large', async () => {
    await t.app.db.execute(sql`
      INSERT INTO audit_log (module, action, detail, created_at)
      SELECT 'users', 'update', 'Entrada Ú ' || g, now() FROM generate_series(1, 5000) g`);
    await t.app.db.execute(sql`ANALYZE audit_log`);
    // Each searched field's fold is stored as f_unaccent folds it, for every entry.
    const [unfolded] = await queryRows<{ count: number }>(
      t.app.db,
      sql`SELECT count(*)::int AS count FROM audit_log
          WHERE module_folded IS DISTINCT FROM f_unaccent(module)
             OR action_folded IS DISTINCT FROM f_unaccent(action)
             OR detail_folded IS DISTINCT FROM f_unaccent(detail)`,
    );
    expect(Number(unfolded!.count)).toBe(0);
    // The search's condition is the one the trigram index answers. (On a few thousand entries the
    // planner rightly reads the stored folds instead; on the chain-scale log it takes the index.)
    const plan = await t.app.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      return tx.execute(sql`
        EXPLAIN SELECT count(*) FROM audit_log
        WHERE detail_folded LIKE f_unaccent(${'%entrada u 1999%'})`);
    });
    expect(JSON.stringify(plan)).toContain('audit_log_detail_folded_idx');
    const found = await log(admin, {
      search: JSON.stringify({ field: 'detail', value: 'entrada u 1999' }),
    });
    expect(found.body.data.items.map((entry) => entry.detail)).toEqual(['Entrada Ú 1999']);
    // With no field, the detail or the user's e-mail: the same entry, and no user is called that.
    const anyField = await log(admin, { search: 'ENTRADA ú 1999' });
    expect(anyField.body.data.items.map((entry) => entry.detail)).toEqual(['Entrada Ú 1999']);
  });
});

describe('the log pages by keyset as well as by page number', () => {
  it('follows meta.nextCursor through the same entries that page numbers list', async () => {
    type Page = {
      items: { id: number }[];
      meta: { nextCursor?: string | null; hasNextPage: boolean };
    };
    const byPage: number[] = [];
    for (let page = 1; page <= 5; page += 1) {
      const answer = await call<Page>(t.app, 'GET', '/v1/log', {
        token: admin,
        query: { take: '4', page: String(page) },
      });
      byPage.push(...answer.body.data.items.map((item) => item.id));
    }
    const byCursor: number[] = [];
    let after: string | null | undefined;
    for (let page = 1; page <= 5; page += 1) {
      const answer = await call<Page>(t.app, 'GET', '/v1/log', {
        token: admin,
        query: { take: '4', ...(after ? { after } : {}) },
      });
      expect(answer.status).toBe(200);
      byCursor.push(...answer.body.data.items.map((item) => item.id));
      after = answer.body.data.meta.nextCursor;
    }
    expect(byCursor).toEqual(byPage);
    const bad = await call(t.app, 'GET', '/v1/log', { token: admin, query: { after: 'xyz' } });
    expect(bad.status).toBe(400);
  });
});
