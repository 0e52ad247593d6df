import { beforeAll, describe, expect, it } from 'vitest';
import type {
  CosmetologyCommissionSummary,
  GeneralCosmetologyFeesItem,
  IndividualCosmetologyFeesItem,
} from '@clinica/domain';
import { call, signInAs } from '../../test/harness';
import {
  newLot,
  newProduct,
  refund,
  sell,
  useCashWorld,
  w,
} from '../../modules/cash-orders/cash-order.fixture';
import {
  cents,
  expectBadField,
  expectTotalsAddUp,
  read,
  report,
  type Query,
} from './activity-report.testing';

/**
 * The cosmetology fees reports (CONTRACT §14): counter sales made and refunded through the API
 * write their rows (§12); the general report is the sum of the individual one under the same
 * filters, and both are what GET /cash-order/commissions shows.
 */

useCashWorld();

const general = (token: string, query: Query = {}) =>
  read<GeneralCosmetologyFeesItem>(w.t.app, token, 'general-cosmetology-fees', query);
const individual = (token: string, query: Query = {}) =>
  read<IndividualCosmetologyFeesItem>(w.t.app, token, 'individual-cosmetology-fees', query);

const MONEY = ['salePrice', 'commission'] as const;
let today: string;
let refundedFolio: string;

beforeAll(async () => {
  const cream = await newProduct({ salePrice: 300 });
  const serum = await newProduct({ salePrice: 125.5 });
  const zonaCream = await newLot(cream.id, w.zonaRio, 50, 'REP-Z1');
  const zonaSerum = await newLot(serum.id, w.zonaRio, 50, 'REP-Z2');
  const playasCream = await newLot(cream.id, w.playas, 10, 'REP-P1');
  const [first, second] = w.cosmetologists;
  const sales: [number, number, [number, number][]][] = [
    [
      w.zonaRio,
      first!,
      [
        [zonaCream, 2],
        [zonaSerum, 1],
      ],
    ],
    [w.zonaRio, first!, [[zonaSerum, 3]]],
    [w.zonaRio, second!, [[zonaCream, 1]]],
    [w.playas, w.playasCosmetologist, [[playasCream, 2]]],
  ];
  const folios: string[] = [];
  for (const [branchId, sellerId, lines] of sales) {
    const sold = await sell({
      ...(branchId === w.zonaRio ? {} : { branchId }),
      sellerId,
      cashOrderDetails: lines.map(([stockId, quantity]) => ({ stockId, quantity })),
    });
    expect(sold.status, JSON.stringify(sold.body)).toBe(201);
    folios.push(sold.body.data.folio);
  }
  const back = await refund(folios[1]!);
  expect(back.status, JSON.stringify(back.body)).toBe(200);
  refundedFolio = folios[1]!;
  const mine = await individual(w.admin, { userId: first! });
  today = mine.items.find((row) => row.orderNumber === refundedFolio)!.date;
}, 240_000);

/** The 31 days ending that day: the longest period the individual report reads without a person. */
function monthTo(day: string) {
  const start = new Date(`${day}T00:00:00Z`);
  start.setUTCDate(start.getUTCDate() - 30);
  return { startDate: start.toISOString().slice(0, 10), endDate: day };
}

async function expectGeneralIsSumOfIndividual(token: string, query: Query) {
  const sums = await general(token, query);
  const rows = await individual(token, query);
  expectTotalsAddUp(sums, MONEY);
  expectTotalsAddUp(rows, MONEY);
  expect(sums.totals).toEqual(rows.totals);
  for (const item of sums.items) {
    const mine = rows.items.filter(
      (row) => row.branch.id === item.branch.id && row.user.id === item.user.id,
    );
    expect(mine.length).toBeGreaterThan(0);
    for (const field of MONEY) expect(item[field]).toBe(cents(mine.map((row) => row[field])));
  }
  const pairs = new Set(rows.items.map((row) => `${row.branch.id}/${row.user.id}`));
  expect(pairs.size).toBe(sums.items.length);
  return { sums, rows };
}

describe('general cosmetology fees = Σ individual cosmetology fees', () => {
  it('under every filter: a month, a day, a branch', async () => {
    await expectGeneralIsSumOfIndividual(w.admin, monthTo(today));
    await expectGeneralIsSumOfIndividual(w.admin, { startDate: today, endDate: today });
    await expectGeneralIsSumOfIndividual(w.admin, { branchId: w.playas });
    const none = await expectGeneralIsSumOfIndividual(w.admin, monthTo('2000-01-01'));
    expect(none.sums).toEqual({ items: [], totals: { salePrice: 0, commission: 0 } });
  });

  it('a refunded sale has its rows and their negative reversals, netting to zero', async () => {
    const rows = await individual(w.admin, { userId: w.cosmetologists[0]!, startDate: today });
    const refunded = rows.items.filter((row) => row.orderNumber === refundedFolio);
    expect(refunded.map((row) => row.kind).sort()).toEqual(['refund', 'sale']);
    expect(cents(refunded.map((row) => row.salePrice))).toBe(0);
    expect(cents(refunded.map((row) => row.commission))).toBe(0);
    const sale = refunded.find((row) => row.kind === 'sale')!;
    expect(sale).toMatchObject({ branch: { id: w.zonaRio }, user: { id: w.cosmetologists[0] } });
    expect(sale.orderNumber).toMatch(/^VP-\d{6}$/);
    expect(sale.salePrice).toBeGreaterThan(0);
    expect(sale.percent).toBeGreaterThan(0);
    expect(sale.time).toMatch(/^\d{2}:\d{2}$/);
    expect(new Set(rows.items.map((row) => row.user.id))).toEqual(new Set([w.cosmetologists[0]]));
  });

  it('per seller, the sums equal GET /cash-order/commissions', async () => {
    for (const query of [{}, { startDate: today, endDate: today }, { branchId: w.zonaRio }]) {
      const text = Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)]));
      const list = await call<{ items: CosmetologyCommissionSummary[] }>(
        w.t.app,
        'GET',
        '/v1/cash-order/commissions',
        { token: w.admin, query: { take: '100', ...text } },
      );
      const sums = await general(w.admin, query);
      for (const seller of list.body.data.items) {
        const lines = sums.items.filter((item) => item.user.id === seller.userId);
        expect(cents(lines.map((line) => line.commission))).toBe(seller.total);
        expect(cents(lines.map((line) => line.salePrice))).toBe(seller.salePrice);
      }
      expect(new Set(sums.items.map((item) => item.user.id))).toEqual(
        new Set(list.body.data.items.map((seller) => seller.userId)),
      );
    }
  });
});

describe('who reads them', () => {
  it('a branch-fixed role gets its own branch, whatever branchId says', async () => {
    const own = await expectGeneralIsSumOfIndividual(w.manager, { branchId: w.playas });
    expect(own.sums.items.length).toBeGreaterThan(0);
    expect(new Set(own.sums.items.map((item) => item.branch.id))).toEqual(new Set([w.zonaRio]));
    expect(own.sums).toEqual(await general(w.admin, { branchId: w.zonaRio }));
    const rows = await individual(w.manager, { userId: w.playasCosmetologist });
    expect(rows.items).toEqual([]);
  });

  it('a cosmetologist has no reports privilege: 403', async () => {
    const cosmetologist = (await signInAs(w.t.app, 'cosmetologist')).token;
    for (const path of ['general-cosmetology-fees', 'individual-cosmetology-fees'])
      expect((await report(w.t.app, cosmetologist, path)).status).toBe(403);
  });

  it('over 31 days (or open) without userId or a branch: 400 naming userId', async () => {
    const ask = (query: Query) => report(w.t.app, w.admin, 'individual-cosmetology-fees', query);
    expectBadField(await ask({}), 'userId');
    expectBadField(await ask({ endDate: today }), 'userId');
    const longer = { ...monthTo(today) };
    longer.startDate = monthTo(longer.startDate).startDate;
    expectBadField(await ask(longer), 'userId');
    expect((await ask(monthTo(today))).status).toBe(200);
    expect((await ask({ branchId: w.playas })).status).toBe(200);
    expect((await ask({ userId: w.cosmetologists[0]! })).status).toBe(200);
  });

  it('bad formats are a 400 naming the field', async () => {
    const bad = (query: Query) => report(w.t.app, w.admin, 'individual-cosmetology-fees', query);
    expectBadField(await bad({ startDate: '2027-1-01' }), 'startDate');
    expectBadField(await bad({ endDate: 'mañana' }), 'endDate');
    expectBadField(await bad({ userId: '0' }), 'userId');
    expectBadField(await bad({ branchId: '1.5' }), 'branchId');
  });
});
