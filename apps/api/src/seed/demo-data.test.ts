import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, count, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type {
  AppointmentRecord,
  CouponRecord,
  OfferRecord,
  PurchaseOrderRecord,
} from '@clinica/domain';
import {
  agendaLock,
  appointment,
  appointmentCategory,
  appointmentLog,
  appointmentSession,
  appointmentTreatment,
  assortmentOrder,
  auditLog,
  branch,
  couponUse,
  medicCommission,
  product,
  purchasedProduct,
  saleOrder,
  stock,
  stockMovement,
  transfer,
  treatmentCategory,
} from '../db/schema';
import { call, createTestApp, signInAs, type TestApp } from '../test/harness';
import { unbalancedLots, unbalancedSummaries } from '../modules/inventory/ledger';
import { MONDAY_8AM } from '../modules/agenda/agenda-fixtures.testing';

/**
 * The demo as the run's global setup seeds it whole (test/demo-snapshot.ts: once per run, on
 * PGlite and on PostgreSQL alike), checked here and only here (issue 23): what the demo holds
 * (CONTRACT §1: every screen shows something real) moved from each resource's test file, which
 * now builds the records it needs, so a change to the demo touches this file and no other.
 * Its siblings: demo-history.test.ts (the demo's audit history), main.test.ts (a server seeding
 * the demo on an empty data folder) and inventory/demo-stock.test.ts (the demo's stock).
 */

type Page<T> = { items: T[]; meta: { itemCount: number } };
interface Goal {
  branch: { id: number; name: string };
}
interface Product {
  id: number;
  sku: string;
  photos: { name: string }[];
}

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await signInAs(t.app, 'superAdmin')).token;
});
afterAll(async () => {
  await t?.close();
});

const get = <T>(url: string, query: Record<string, string>) =>
  call<Page<T>>(t.app, 'GET', url, { token: admin, query });
const listCoupons = (query: Record<string, string> = {}) =>
  get<CouponRecord>('/v1/coupon', { take: '100', ...query });
const listPurchaseOrders = (query: Record<string, string>, _token: string) =>
  get<PurchaseOrderRecord>('/v1/purchase-order', query);
const listOffers = (query: Record<string, string>) =>
  get<OfferRecord>('/v1/package', { take: '100', ...query });
const listGoals = (query: Record<string, string>) =>
  get<Goal>('/v1/goal', { take: '100', ...query });

async function expectBalanced() {
  expect(await unbalancedLots(t.app.db)).toEqual([]);
  expect(await unbalancedSummaries(t.app.db)).toEqual([]);
}

describe('the demo coupons (CONTRACT §1)', () => {
  it('are used only through redemptions: each used count is its coupon_use rows', async () => {
    const demo = (await listCoupons({ field: 'code', order: 'ASC' })).body.data.items;
    const byCode = new Map(demo.map((c) => [c.code, c]));
    expect(byCode.get('BIENVENIDA10')).toMatchObject({ used: 13, remaining: 87, status: true });
    expect(byCode.get('CREMA20')).toMatchObject({ used: 5, remaining: 0, type: 'Product' });
    expect(byCode.get('PRUEBA-INT')).toMatchObject({ status: false });
    const rows = await t.app.db
      .select({ couponId: couponUse.couponId, uses: count() })
      .from(couponUse)
      .groupBy(couponUse.couponId);
    const uses = new Map(rows.map((row) => [row.couponId, row.uses]));
    for (const item of demo) expect(item.used).toBe(uses.get(item.id) ?? 0);
  });
});

describe('the demo purchase orders (CONTRACT §1)', () => {
  it('fill the distribution centre with every approved product, paid and unpaid, one deleted, one lot near expiry', async () => {
    const all = await listPurchaseOrders(
      { withDeleted: 'true', take: '100', field: 'orderNumber', order: 'ASC' },
      admin,
    );
    const seeded = all.body.data.items.filter((item) => item.invoiceNumber.startsWith('FAC-'));
    expect(seeded.length).toBeGreaterThanOrEqual(7);
    expect(seeded.some((item) => item.payStatus === 'Completado')).toBe(true);
    expect(seeded.some((item) => item.payStatus === 'Pendiente' && !item.deleted_at)).toBe(true);
    expect(seeded.filter((item) => item.deleted_at)).toHaveLength(1);
    const live = seeded.filter((item) => !item.deleted_at);
    const bought = new Set(
      live.flatMap((item) => item.purchaseOrderProducts.map((line) => line.productId)),
    );
    const approved = await t.app.db
      .select({ id: product.id })
      .from(product)
      .where(and(isNull(product.deletedAt), isNotNull(product.approvedAt)));
    for (const { id } of approved) expect(bought.has(id)).toBe(true);
    const today = new Date().toISOString().slice(0, 10);
    const soon = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    expect(
      live.some((item) =>
        item.purchaseOrderProducts.some(
          (line) => line.expiresAt !== null && line.expiresAt > today && line.expiresAt <= soon,
        ),
      ),
    ).toBe(true);
    // Their lots went through the ledger.
    const lots = new Set(
      live.flatMap((item) => item.purchaseOrderProducts.map((line) => line.stockId)),
    );
    const unbalanced = (await unbalancedLots(t.app.db)).filter((lot) => lots.has(lot.stockId));
    expect(unbalanced).toEqual([]);
  });
});

describe('the demo stock (CONTRACT §1)', () => {
  it('gives each clinic a few lots of approved products, entered through the ledger', async () => {
    const held = await t.app.db
      .select({
        branch: branch.name,
        productId: stock.productId,
        approvedAt: product.approvedAt,
      })
      .from(stock)
      .innerJoin(branch, eq(branch.id, stock.branchId))
      .innerJoin(product, eq(product.id, stock.productId))
      .where(and(isNull(stock.deletedAt), gt(stock.quantity, 0)));
    expect(held.every((row) => row.approvedAt !== null)).toBe(true);
    for (const name of ['Zona Río', 'Playas de Tijuana', 'Mexicali Centro'])
      expect(held.filter((row) => row.branch === name).length).toBeGreaterThanOrEqual(3);
    // The distribution centre's lots come from its purchase orders, not from this seed.
    expect(await unbalancedLots(t.app.db)).toEqual([]);
  });
});

describe('the demo transfers (seed)', () => {
  it('holds one in every state, made through the service with their movements and history', async () => {
    const rows = await t.app.db
      .select({ id: transfer.id, status: transfer.status, hasDifference: transfer.hasDifference })
      .from(transfer);
    expect(new Set(rows.map((row) => row.status))).toEqual(
      new Set(['En proceso', 'En transito', 'Terminada', 'Rechazada', 'Eliminada']),
    );
    expect(rows.some((row) => row.status === 'Terminada' && row.hasDifference)).toBe(true);
    const causes = await t.app.db
      .selectDistinct({ cause: stockMovement.cause })
      .from(stockMovement)
      .where(eq(stockMovement.documentType, 'transfer'));
    expect(causes.map((row) => row.cause).sort()).toEqual([
      'transfer',
      'transfer-reversal',
      'transit-loss',
    ]);
    const [logged] = await t.app.db
      .select({ n: sql<number>`count(distinct ${auditLog.recordId})::int` })
      .from(auditLog)
      .where(eq(auditLog.module, 'transfers'));
    expect(logged!.n).toBe(rows.length);
    await expectBalanced();
  });
});

describe('the demo sale orders (seed)', () => {
  it('holds a dozen across the CEDIS and the clinics, made through the service, some edited and deleted', async () => {
    const rows = await t.app.db
      .select({ id: saleOrder.id, branchId: saleOrder.branchId, deletedAt: saleOrder.deletedAt })
      .from(saleOrder);
    expect(rows.length).toBeGreaterThanOrEqual(12);
    expect(new Set(rows.map((row) => row.branchId)).size).toBeGreaterThanOrEqual(4);
    expect(rows.filter((row) => row.deletedAt !== null).length).toBeGreaterThanOrEqual(2);
    const causes = await t.app.db
      .selectDistinct({ cause: stockMovement.cause })
      .from(stockMovement)
      .where(eq(stockMovement.documentType, 'saleOrder'));
    expect(causes.map((row) => row.cause).sort()).toEqual(['sale-order', 'sale-order-reversal']);
    const actions = await t.app.db
      .selectDistinct({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.module, 'saleOrder'));
    expect(actions.map((row) => row.action).sort()).toEqual(['create', 'delete', 'update']);
    await expectBalanced();
  });
});

describe('the demo orders', () => {
  it('seeds every order type in every status through the services', async () => {
    const rows = await t.app.db
      .select({ type: assortmentOrder.orderType, status: assortmentOrder.status })
      .from(assortmentOrder)
      .where(
        sql`${assortmentOrder.createdBy} IN (SELECT id FROM "user" WHERE username IN ('gerente@clinica.mx', 'franquicia@clinica.mx', 'admin@clinica.mx'))`,
      );
    const seen = new Set(rows.map((row) => `${row.type}|${row.status}`));
    for (const type of [
      'Orden de apertura',
      'Ordinario de venta',
      'Ordinario general',
      'Extraordinario de venta',
      'Extraordinario general',
    ])
      for (const status of ['En proceso', 'En transito', 'Terminada', 'Rechazada', 'Eliminada'])
        expect(seen).toContain(`${type}|${status}`);
    const [entries] = await t.app.db
      .select({ n: count() })
      .from(auditLog)
      .where(eq(auditLog.module, 'assortmentOrder'));
    expect(entries!.n).toBeGreaterThan(25);
  });
});

describe('demo data (CONTRACT §1: every screen shows something real)', () => {
  it('has a goal for every clinic in this month and the five before it, made through the service', async () => {
    const now = new Date();
    for (let offset = -5; offset <= 0; offset += 1) {
      const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1));
      const month = String(date.getUTCMonth() + 1).padStart(2, '0');
      const answer = await listGoals({ month, year: String(date.getUTCFullYear()) });
      expect(answer.body.data.items.map((row) => row.branch.name).sort()).toEqual([
        'Mexicali Centro',
        'Playas de Tijuana',
        'Zona Río',
      ]);
    }
    const created = await call<{ items: unknown[] }>(t.app, 'GET', '/v1/log', {
      token: admin,
      query: { module: 'goal', action: 'create', take: '1' },
    });
    expect(created.body.data.items.length).toBe(1);
  });
});

describe('the demo agenda', () => {
  it('has appointments in every clinic and in every status but in process, and locks', async () => {
    const rows = await t.app.db
      .select({ branchId: appointment.branchId, status: appointment.status })
      .from(appointment)
      .where(sql`${appointment.date} < '2027-01-01'`);
    expect(new Set(rows.map((row) => row.branchId)).size).toBe(3);
    const statuses = new Set(rows.map((row) => row.status));
    for (const status of ['scheduled', 'finished', 'absence', 'cancelled'])
      expect(statuses, status).toContain(status);
    expect((await t.app.db.select().from(agendaLock)).length).toBeGreaterThan(3);
  });

  it('ties no appointment to a purchased product of another treatment, nor to a category outside it', async () => {
    const tied = await t.app.db
      .select({ id: appointment.id, treatmentId: purchasedProduct.treatmentId })
      .from(appointment)
      .innerJoin(purchasedProduct, eq(purchasedProduct.id, appointment.purchasedProductId))
      .where(sql`${appointment.date} < '2027-01-01'`);
    expect(tied.length, 'the demo ties some appointments to purchased products').toBeGreaterThan(0);
    const treatments = await t.app.db.select().from(appointmentTreatment);
    const categories = await t.app.db.select().from(appointmentCategory);
    const ofTreatment = await t.app.db.select().from(treatmentCategory);
    const disagreeing = tied.filter(
      ({ id, treatmentId }) =>
        treatments.some((row) => row.appointmentId === id && row.treatmentId !== treatmentId) ||
        categories.some(
          (row) =>
            row.appointmentId === id &&
            !ofTreatment.some(
              (own) => own.treatmentId === treatmentId && own.categoryId === row.categoryId,
            ),
        ),
    );
    expect(disagreeing.map((row) => row.id)).toEqual([]);
  });
});

describe('the demo (seed)', () => {
  it('holds appointments finished through the service in several clinics, with lots, sessions and commissions, and absences', async () => {
    const finished = await t.app.db
      .select({
        id: appointment.id,
        branchId: appointment.branchId,
        finishedAt: appointment.finishedAt,
      })
      .from(appointment)
      .where(and(eq(appointment.status, 'finished'), sql`${appointment.finishedAt} IS NOT NULL`))
      .orderBy(asc(appointment.id));
    const demo = finished.filter((row) => row.finishedAt! < MONDAY_8AM);
    expect(new Set(demo.map((row) => row.branchId)).size).toBeGreaterThanOrEqual(2);
    const before = (column: Parameters<typeof sql>[1]) => sql`${column} < ${MONDAY_8AM}`;
    const movements = await t.app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(stockMovement)
      .where(and(eq(stockMovement.cause, 'appointment'), before(stockMovement.createdAt)));
    expect(movements[0]!.n).toBeGreaterThan(0);
    const commissions = await t.app.db
      .select({ id: medicCommission.id })
      .from(medicCommission)
      .where(before(medicCommission.createdAt));
    expect(commissions.length).toBeGreaterThan(0);
    const sessions = await t.app.db
      .select({ id: appointmentSession.id })
      .from(appointmentSession)
      .where(before(appointmentSession.createdAt));
    expect(sessions).toHaveLength(demo.length);
    const detail = await call<AppointmentRecord>(t.app, 'GET', `/v1/appointment/${demo[0]!.id}`, {
      token: admin,
    });
    expect(detail.body.data.finish?.sessions.length).toBeGreaterThan(0);
    const absences = await t.app.db
      .selectDistinct({ branchId: appointmentLog.branchId })
      .from(appointmentLog)
      .where(
        and(eq(appointmentLog.action, 'absence'), sql`${appointmentLog.createdAt} < ${MONDAY_8AM}`),
      );
    expect(absences.length).toBeGreaterThanOrEqual(2);
  });
});

describe('the demo catalogue (CONTRACT §1)', () => {
  it('seeds the demo with packages and promotions, limited in dates and in hours (CONTRACT §1)', async () => {
    const demo = (await listOffers({})).body.data.items;
    const bySku = (sku: string) => demo.find((item) => item.sku === sku);
    expect(bySku('PQ-FACIAL')).toMatchObject({ type: 'Package', price: 4000, regularPrice: 4950 });
    expect(bySku('PQ-REJUV')).toMatchObject({ validBySchedule: 1 });
    expect(bySku('PR-HYDRAM')).toMatchObject({
      type: 'Promotion',
      validByTime: 1,
      startTime: '10:00',
      endTime: '14:00',
    });
    expect(bySku('PR-LABIOS')).toMatchObject({ validBySchedule: 1, validByTime: 1 });
  });
  it('seeds demo products with photos that are served', async () => {
    const list = await call<Page<Product>>(t.app, 'GET', '/v1/product', {
      token: admin,
      query: { search: 'MV-TOX100' },
    });
    const photo = list.body.data.items[0]!.photos[0]!;
    const served = await t.app.inject({ method: 'GET', url: `/v1/product/photo/${photo.name}` });
    expect(served.statusCode).toBe(200);
    expect(['image/png', 'image/webp']).toContain(served.headers['content-type']);
  });
});

describe('the demo staff arrivals (issue 11)', () => {
  it('lists the demo arrivals of the last two weeks, newest first, to a branch manager for their branch', async () => {
    const manager = await signInAs(t.app, 'branchManager');
    const list = await call<{
      items: { checkedInAt: string; branch: { name: string } }[];
      meta: { itemCount: number };
    }>(t.app, 'GET', '/v1/user/checkin', { token: manager.token, query: { take: '100' } });
    expect(list.status).toBe(200);
    expect(list.body.data.meta.itemCount).toBeGreaterThan(20);
    expect(new Set(list.body.data.items.map((item) => item.branch.name))).toEqual(
      new Set(['Zona Río']),
    );
    const times = list.body.data.items.map((item) => item.checkedInAt);
    expect(times).toEqual([...times].sort().reverse());
  });
});

describe('the demo providers (CONTRACT §1)', () => {
  it('lists the demo providers, one found by its RFC', async () => {
    const list = await call<Page<{ name: string }>>(t.app, 'GET', '/v1/provider', {
      token: admin,
      query: { search: JSON.stringify({ field: 'rfc', value: 'RT5' }) },
    });
    expect(list.body.data.items.map((item) => item.name)).toEqual([
      'Biotecnología Estética de México',
    ]);
  });
});
