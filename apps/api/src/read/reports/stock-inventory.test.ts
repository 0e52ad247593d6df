import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GeneralInventoryReportItem } from '@clinica/domain';
import { branchId, createTestApp, signInAs, type TestApp } from '../../test/harness';
import { moveStock, receiveStock } from '../../modules/inventory/ledger';
import { expectBadField, expectTotalsAddUp, read, report } from './activity-report.testing';
import { assorted, costedProduct, lotOf } from './stock-report.testing';

/**
 * The general inventory (CONTRACT §14): per branch, Σ over its lots of the balance at the end of a
 * month × cost. A lot whose history spans three months (entered through the ledger, dated) shows
 * its balance at each month's end; a flow through the API moves value from the centre to a clinic.
 * Each figure is read as a difference, so the demo's own stock does not matter.
 */

let t: TestApp;
let admin: string;
let logistics: string;
let manager: string;
let cedis: number;
let zonaRio: number;
let mexicali: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await signInAs(t.app, 'superAdmin')).token;
  logistics = (await signInAs(t.app, 'logisticsManager')).token;
  manager = (await signInAs(t.app, 'branchManager')).token;
  cedis = await branchId(t.app, 'CEDIS');
  zonaRio = await branchId(t.app, 'Zona Río');
  mexicali = await branchId(t.app, 'Mexicali Centro');
}, 240_000);
afterAll(async () => {
  await t?.close();
});

type Query = Record<string, string | number>;
const inventory = (query: Query = {}, token = admin) =>
  read<GeneralInventoryReportItem>(t.app, token, 'general-inventory', query);
const valueAt = async (branch: number, query: Query = {}) =>
  (await inventory(query)).items.find((item) => item.branch.id === branch)?.totalAmount ?? 0;
const MONTHS = ['2026-07', '2026-08', '2026-09', '2026-10', '2026-11'];
const allMonths = () => Promise.all(MONTHS.map((month) => valueAt(mexicali, { endDate: month })));

describe('GET /report/general-inventory', () => {
  it('values each lot at its ledger balance at the end of endDate’s month', async () => {
    const before = await allMonths();
    const productId = await costedProduct(t, 7.5);
    const key = { branchId: mexicali, productId, allotment: 'INV-1', expiresIn: '2028-01-31' };
    const by = { cause: 'adjustment' as const, document: { type: 'test' }, userId: null };
    await t.app.db.transaction(async (tx) => {
      const lot = await receiveStock(
        tx,
        key,
        { ...by, quantity: 10 },
        new Date('2026-08-14T18:00:00Z'),
      );
      await moveStock(
        tx,
        { ...by, stockId: lot.stockId, quantity: -4 },
        {},
        new Date('2026-09-03T18:00:00Z'),
      );
      // 23:30 on 30 September in Mexicali (06:30 UTC on 1 October): September's.
      await moveStock(
        tx,
        { ...by, stockId: lot.stockId, quantity: -1 },
        {},
        new Date('2026-10-01T06:30:00Z'),
      );
      await moveStock(
        tx,
        { ...by, stockId: lot.stockId, quantity: -3 },
        {},
        new Date('2026-10-20T18:00:00Z'),
      );
    });
    const after = await allMonths();
    // July nothing; August 10 units; September 5; October 2; November (now) 2 × 7.50.
    expect(after.map((value, index) => Math.round((value - before[index]!) * 100) / 100)).toEqual([
      0, 75, 37.5, 15, 15,
    ]);
    // This month is the default, and startDate does not change the answer.
    expect(await valueAt(mexicali)).toBe(after[4]);
    expect(await valueAt(mexicali, { startDate: '2026-01', endDate: '2026-11' })).toBe(after[4]);
  });

  it('follows an assortment order through the API: the centre loses what the clinic gains', async () => {
    const productId = await costedProduct(t, 20);
    await t.app.db.transaction((tx) =>
      receiveStock(
        tx,
        { branchId: cedis, productId, allotment: '', expiresIn: null },
        {
          quantity: 10,
          cause: 'purchase',
          document: { type: 'test' },
          userId: null,
        },
      ),
    );
    const [centre, clinic] = [await valueAt(cedis), await valueAt(zonaRio)];
    const flow = { asker: admin, sender: logistics, receiver: admin };
    const lot = await lotOf(t, cedis, productId);
    await assorted(t, flow, { branchId: zonaRio, productId, lot, units: 6, received: 6 });
    expect(await valueAt(cedis)).toBeCloseTo(centre - 120, 2);
    expect(await valueAt(zonaRio)).toBeCloseTo(clinic + 120, 2);
    const all = await inventory();
    expectTotalsAddUp(all, ['totalAmount']);
    // Every live branch has its row, the distribution centre included, named as the spec asks.
    expect(all.items.map((item) => item.branch.id)).toEqual(
      expect.arrayContaining([cedis, zonaRio, mexicali]),
    );
    for (const item of all.items) expect(item.name).toBe(item.branch.name);
  });

  it('answers the branch asked; a branch-fixed role gets its own whatever branchId says', async () => {
    const one = await inventory({ branchId: mexicali });
    expect(one.items.map((item) => item.branch.id)).toEqual([mexicali]);
    const own = await inventory({ branchId: mexicali }, manager);
    expect(own.items.map((item) => item.branch.id)).toEqual([zonaRio]);
  });

  it('refuses bad months and an end before the start, naming the field (400)', async () => {
    const bad = (query: Query) => report(t.app, admin, 'general-inventory', query);
    expectBadField(await bad({ endDate: '2026-11-30' }), 'endDate');
    expectBadField(await bad({ startDate: '2026-13' }), 'startDate');
    expectBadField(await bad({ startDate: '2026-11', endDate: '2026-10' }), 'endDate');
    expectBadField(await bad({ branchId: 0 }), 'branchId');
    // Any month the schema accepts answers, long before the first movement too.
    expect((await bad({ endDate: '1900-01' })).status).toBe(200);
  });
});
