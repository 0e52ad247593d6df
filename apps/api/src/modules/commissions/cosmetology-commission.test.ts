import { beforeAll, describe, expect, it } from 'vitest';
import type { CosmetologyCommissionLine, CosmetologyCommissionSummary } from '@clinica/domain';
import { call, claimsOf, signInAs } from '../../test/harness';
import {
  newLot,
  newProduct,
  refund,
  sell,
  useCashWorld,
  w,
} from '../cash-orders/cash-order.fixture';

/**
 * The cosmetology commissions (CONTRACT §12 "Commissions"): counter sales made and refunded
 * through the API, the list per seller adding up to its detail rows (sales and their reversals),
 * and who sees what.
 */

useCashWorld();

type Query = Record<string, string>;
const list = (token: string, query: Query = {}) =>
  call<{ items: CosmetologyCommissionSummary[] }>(w.t.app, 'GET', '/v1/cash-order/commissions', {
    token,
    query: { take: '100', ...query },
  });
const detail = (token: string, userId: number, query: Query = {}) =>
  call<{ items: CosmetologyCommissionLine[]; meta: { pageCount: number; take: number } }>(
    w.t.app,
    'GET',
    `/v1/cash-order/${userId}/user`,
    { token, query },
  );

async function allDetail(token: string, userId: number, query: Query = {}) {
  const rows: CosmetologyCommissionLine[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await detail(token, userId, { ...query, take: '4', page: String(page) });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    rows.push(...answer.body.data.items);
    if (page >= answer.body.data.meta.pageCount) return rows;
  }
}

const cents = (values: number[]) =>
  Math.round(values.reduce((sum, value) => sum + Math.round(value * 100), 0)) / 100;

async function expectListAddsUp(token: string, query: Query) {
  const answer = await list(token, query);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  for (const row of answer.body.data.items) {
    const rows = await allDetail(token, row.userId, query);
    expect(rows.length).toBe(row.count);
    expect(cents(rows.map((item) => item.commission))).toBe(row.total);
    expect(cents(rows.map((item) => item.salePrice))).toBe(row.salePrice);
  }
  return answer.body.data.items;
}

let cosmetologistToken: string;
let refunded: number;

beforeAll(async () => {
  const cream = await newProduct({ salePrice: 300 });
  const serum = await newProduct({ salePrice: 125.5 });
  const medical = await newProduct({ type: 'Médico/Venta', salePrice: 800 });
  const zona = {
    cream: await newLot(cream.id, w.zonaRio, 50, 'COS-Z1'),
    serum: await newLot(serum.id, w.zonaRio, 50, 'COS-Z2'),
    medical: await newLot(medical.id, w.zonaRio, 10, 'COS-Z3'),
  };
  const playasCream = await newLot(cream.id, w.playas, 10, 'COS-P1');
  const [first, second] = w.cosmetologists;
  const sales = [
    [
      first,
      [
        [zona.cream, 2],
        [zona.serum, 1],
      ],
    ],
    [
      first,
      [
        [zona.serum, 3],
        [zona.medical, 1],
      ],
    ],
    [second, [[zona.cream, 1]]],
    [first, [[zona.cream, 1]]],
  ] as const;
  const numbers: number[] = [];
  for (const [sellerId, lines] of sales) {
    const sold = await sell({
      sellerId,
      cashOrderDetails: lines.map(([stockId, quantity]) => ({ stockId, quantity })),
    });
    expect(sold.status, JSON.stringify(sold.body)).toBe(201);
    numbers.push(sold.body.data.orderNumber);
  }
  const playasSale = await sell({
    branchId: w.playas,
    sellerId: w.playasCosmetologist,
    cashOrderDetails: [{ stockId: playasCream, quantity: 2 }],
  });
  expect(playasSale.status, JSON.stringify(playasSale.body)).toBe(201);
  refunded = numbers[1]!;
  const back = await refund(refunded);
  expect(back.status, JSON.stringify(back.body)).toBe(200);
  cosmetologistToken = (await signInAs(w.t.app, 'cosmetologist')).token;
}, 240_000);

describe('the cosmetology list adds up to its details', () => {
  it('sales and refunds both count, under every filter', async () => {
    const rows = await expectListAddsUp(w.admin, {});
    expect(rows.map((row) => row.userId)).toEqual(
      expect.arrayContaining([...w.cosmetologists.slice(0, 2), w.playasCosmetologist]),
    );
    await expectListAddsUp(w.admin, { branchId: String(w.zonaRio) });
    const today = (await detail(w.admin, w.cosmetologists[0]!)).body.data.items[0]!.date;
    await expectListAddsUp(w.admin, { startDate: today, endDate: today });
    const before = await list(w.admin, { endDate: '2020-01-01' });
    expect(before.body.data.items).toEqual([]);
  });

  it('a refunded sale shows its rows and their reversals; only Cosmetólogo/Venta lines', async () => {
    const rows = await allDetail(w.admin, w.cosmetologists[0]!);
    const ofRefunded = rows.filter((row) => row.cashOrder.orderNumber === refunded);
    expect(ofRefunded.map((row) => [row.kind, row.salePrice, row.commission]).sort()).toEqual(
      [
        ['refund', -376.5, -ofRefunded.find((r) => r.kind === 'sale')!.commission],
        ['sale', 376.5, ofRefunded.find((r) => r.kind === 'sale')!.commission],
      ].sort(),
    );
    expect(ofRefunded[0]!.cashOrder.folio).toMatch(/^VP-\d{6}$/);
    const page = await detail(w.admin, w.cosmetologists[0]!);
    expect(page.body.data.meta.take).toBe(5);
  });
});

describe('who sees what', () => {
  it('a cosmetologist sees only her own rows; another’s detail is 404 code 4', async () => {
    const own = Number(claimsOf(cosmetologistToken).userId);
    expect(own).toBe(w.cosmetologists[0]);
    const me = (await list(cosmetologistToken)).body.data.items;
    expect(me.map((row) => row.userId)).toEqual([own]);
    const other = w.cosmetologists.find((id) => id !== own)!;
    const refused = await detail(cosmetologistToken, other);
    expect([refused.status, refused.body.code]).toEqual([404, 4]);
  });

  it('a branch manager sees only the session’s branch; the administrator every branch', async () => {
    const manager = await expectListAddsUp(w.manager, {});
    expect(manager.map((row) => row.userId)).not.toContain(w.playasCosmetologist);
    const cedis = (await signInAs(w.t.app, 'superAdmin', 'CEDIS')).token;
    const all = await expectListAddsUp(cedis, {});
    expect(all.map((row) => row.userId)).toContain(w.playasCosmetologist);
  });

  it('a medic has no cosmetology privilege (403)', async () => {
    const medic = (await signInAs(w.t.app, 'medic')).token;
    expect((await list(medic)).status).toBe(403);
  });
});
