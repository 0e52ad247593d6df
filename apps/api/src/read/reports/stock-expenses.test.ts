import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BranchExpensesReportItem, GeneralExpensesByProductReportItem } from '@clinica/domain';
import { branchId, createTestApp, signInAs, type TestApp } from '../../test/harness';
import { newProvider } from '../../test/factories';
import { expectBadField, expectTotalsAddUp, read, report } from './activity-report.testing';
import { branchExpensesByMonth } from './stock-expenses';
import { assorted, costedProduct, lotOf, purchased, transferred } from './stock-report.testing';

/**
 * The branch expenses and the general expenses by product (CONTRACT §14), on a month of their own
 * (May 2030) built through the API: purchase orders into the distribution centre, assortment
 * orders to two clinics, transfers between clinics and a return to the centre, each confirmed on a
 * known day, plus orders left in transit and one of April that must not count.
 */

let t: TestApp;
const token = {} as Record<'admin' | 'logistics' | 'manager' | 'medic', string>;
let cedis: number;
let zonaRio: number;
let playas: number;
let mexicali: number;
let serum: number;
let gauze: number;

const MAY = '2030-05';
/** The clock at that instant, and the tokens signed in again (an access token lasts 15 minutes). */
async function at(instant: string) {
  t.clock.set(new Date(instant));
  token.admin = (await signInAs(t.app, 'superAdmin')).token;
  token.logistics = (await signInAs(t.app, 'logisticsManager')).token;
  token.manager = (await signInAs(t.app, 'branchManager')).token;
  token.medic = (await signInAs(t.app, 'medic')).token;
}

beforeAll(async () => {
  t = await createTestApp();
  await at('2030-05-12T18:00:00Z');
  cedis = await branchId(t.app, 'CEDIS');
  zonaRio = await branchId(t.app, 'Zona Río');
  playas = await branchId(t.app, 'Playas de Tijuana');
  mexicali = await branchId(t.app, 'Mexicali Centro');
  serum = await costedProduct(t, 12.5);
  gauze = await costedProduct(t, 3.33);
  const provider = (await newProvider(t.app, token.admin)).id;
  const lines = [
    { productId: serum, quantity: 100, price: 10 },
    { productId: gauze, quantity: 50, price: 2.55 },
  ];
  await purchased(t, token.logistics, provider, '2030-05-10', lines, 1307.9);
  await purchased(t, token.logistics, provider, '2030-04-28', [lines[0]!], 1160);
  const [serumLot, gauzeLot] = [await lotOf(t, cedis, serum), await lotOf(t, cedis, gauze)];
  const flow = { asker: token.admin, sender: token.logistics, receiver: token.admin };
  // Zona Río receives 28 of 30 serums (2 lost on the way): 28 × 12.50 = 350.
  await assorted(t, flow, {
    branchId: zonaRio,
    productId: serum,
    lot: serumLot,
    units: 30,
    received: 28,
  });
  // Playas receives 20 gauzes: 20 × 3.33 = 66.60; Mexicali's order stays in transit.
  await assorted(t, flow, {
    branchId: playas,
    productId: gauze,
    lot: gauzeLot,
    units: 20,
    received: 20,
  });
  await assorted(t, flow, { branchId: mexicali, productId: gauze, lot: gauzeLot, units: 5 });
  const rioLot = await lotOf(t, zonaRio, serum);
  // Zona Río → Playas: 10 sent (125), 9 received (112.50); → CEDIS: 4 returned (50).
  await transferred(t, token.admin, {
    from: zonaRio,
    to: playas,
    lot: rioLot,
    units: 10,
    received: 9,
  });
  await transferred(t, token.admin, { from: zonaRio, to: mexicali, lot: rioLot, units: 3 });
  // Confirmed at 23:30 on 31 May in Tijuana (06:30 UTC on 1 June): May's.
  await at('2030-06-01T06:30:00Z');
  await transferred(t, token.admin, {
    from: zonaRio,
    to: cedis,
    lot: rioLot,
    units: 4,
    received: 4,
  });
  // Confirmed on 1 June, local: June's.
  await at('2030-06-01T08:00:00Z');
  await transferred(t, token.admin, {
    from: zonaRio,
    to: playas,
    lot: rioLot,
    units: 1,
    received: 1,
  });
  await at('2030-06-02T18:00:00Z');
}, 240_000);
afterAll(async () => {
  await t?.close();
});

const expenses = (who: string, query: Record<string, string | number>) =>
  read<BranchExpensesReportItem>(t.app, who, 'branch-expenses', query);
const FIELDS = ['assortment', 'transfersReceived', 'transfersSent', 'returns', 'total'] as const;
const rowOf = (items: BranchExpensesReportItem[], id: number) =>
  items.find((item) => item.branch.id === id);

describe('GET /report/branch-expenses', () => {
  it('values each finished flow at cost on its confirm day, per clinic, total as §14 says', async () => {
    const data = await expenses(token.admin, { month: MAY });
    expectTotalsAddUp(data, FIELDS);
    expect(rowOf(data.items, zonaRio)).toEqual({
      branch: { id: zonaRio, name: 'Zona Río' },
      month: MAY,
      assortment: 350,
      transfersReceived: 0,
      transfersSent: 125,
      returns: 50,
      total: 175,
    });
    expect(rowOf(data.items, playas)).toMatchObject({
      assortment: 66.6,
      transfersReceived: 112.5,
      transfersSent: 0,
      returns: 0,
      total: 179.1,
    });
    // In transit is not an expense; every live clinic has its row, the centre none.
    expect(rowOf(data.items, mexicali)).toMatchObject({ assortment: 0, total: 0 });
    expect(rowOf(data.items, cedis)).toBeUndefined();
    for (const item of data.items)
      expect(item.total).toBeCloseTo(
        item.assortment + item.transfersReceived - item.transfersSent - item.returns,
        2,
      );
    const june = await expenses(token.admin, { month: '2030-06' });
    expect(rowOf(june.items, playas)).toMatchObject({ transfersReceived: 12.5, total: 12.5 });
    expect(rowOf(june.items, zonaRio)).toMatchObject({ transfersSent: 12.5, total: -12.5 });
  });

  it('answers the one branch asked; a branch-fixed role gets its own whatever branchId says', async () => {
    const one = await expenses(token.admin, { month: MAY, branchId: playas });
    expect(one.items.map((item) => item.branch.id)).toEqual([playas]);
    expect(one.totals.total).toBe(179.1);
    const own = await expenses(token.manager, { month: MAY, branchId: playas });
    expect(own.items.map((item) => item.branch.id)).toEqual([zonaRio]);
    expect(own.totals).toEqual({
      assortment: 350,
      transfersReceived: 0,
      transfersSent: 125,
      returns: 50,
      total: 175,
    });
  });

  it('branchExpensesByMonth: the same figures in cents per month, and the purchases', async () => {
    const { expenses: months, purchases } = await branchExpensesByMonth(t.app.db, {
      year: '2030',
      branchIds: [zonaRio, cedis],
    });
    expect(months).toEqual([
      {
        branchId: zonaRio,
        month: '2030-05',
        assortment: 35_000,
        transfersReceived: 0,
        transfersSent: 12_500,
        returns: 5_000,
        total: 17_500,
      },
      {
        branchId: zonaRio,
        month: '2030-06',
        assortment: 0,
        transfersReceived: 0,
        transfersSent: 1_250,
        returns: 0,
        total: -1_250,
      },
    ]);
    expect(purchases).toEqual([
      { branchId: cedis, month: '2030-04', amount: 116_000 },
      { branchId: cedis, month: '2030-05', amount: 130_790 },
    ]);
  });
});

describe('GET /report/general-expenses-by-product', () => {
  it('sums the month’s purchase lines per product, with tax, and nothing of another month', async () => {
    const data = await read<GeneralExpensesByProductReportItem>(
      t.app,
      token.admin,
      'general-expenses-by-product',
      { month: MAY },
    );
    expectTotalsAddUp(data, ['quantity', 'totalAmount']);
    const mine = data.items.filter((item) => item.sku.startsWith('RS-'));
    // 100 × 10 × 1.16 and 50 × 2.55 × 1.16 = 147.90.
    expect(mine.map(({ quantity, totalAmount }) => ({ quantity, totalAmount }))).toEqual(
      [
        { quantity: 100, totalAmount: 1160 },
        { quantity: 50, totalAmount: 147.9 },
      ].sort(() => 0),
    );
    expect(mine.every((item) => item.name === 'Cubrebocas tricapa')).toBe(true);
    const april = await read<GeneralExpensesByProductReportItem>(
      t.app,
      token.admin,
      'general-expenses-by-product',
      { month: '2030-04' },
    );
    expect(april.totals).toEqual({ quantity: 100, totalAmount: 1160 });
  });
});

describe('filters and privileges', () => {
  it('needs reports.view (403)', async () => {
    for (const path of ['branch-expenses', 'general-expenses-by-product', 'general-inventory'])
      expect((await report(t.app, token.medic, path, { month: MAY })).status).toBe(403);
  });

  it('refuses a missing or malformed month and a bad branch with a 400 naming the field', async () => {
    for (const path of ['branch-expenses', 'general-expenses-by-product']) {
      expectBadField(await report(t.app, token.admin, path, {}), 'month');
      expectBadField(await report(t.app, token.admin, path, { month: '2030-13' }), 'month');
      expectBadField(await report(t.app, token.admin, path, { month: '2030-5' }), 'month');
      expectBadField(await report(t.app, token.admin, path, { month: '0000-01' }), 'month');
    }
    expectBadField(
      await report(t.app, token.admin, 'branch-expenses', { month: MAY, branchId: 'x' }),
      'branchId',
    );
  });
});
