import { describe, expect, it } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import { NotFound, ROLE_KEYS, type RoleKey } from '@clinica/domain';
import { call } from '../../test/harness';
import {
  type Order,
  approve,
  as,
  base,
  cedis,
  confirm,
  create,
  expectBalanced,
  mexicali,
  orderFor,
  playas,
  sentOrder,
  stockedProduct,
  t,
  tokens,
  zonaRio,
  useAssortmentOrderWorld,
} from './assortment-order.fixture';

useAssortmentOrderWorld();

describe('list and detail', () => {
  const list = (who: RoleKey, query: Record<string, string>) =>
    call<{ items: Order[]; meta: { itemCount: number } }>(t.app, 'GET', base, {
      token: tokens[who],
      query: { take: '100', ...query },
    });

  it('shows branch-fixed roles only their branch’s orders, whatever branch they ask for', async () => {
    for (const [who, own] of [
      ['branchManager', () => zonaRio],
      ['franchisee', () => playas],
    ] as const) {
      const answer = await list(who, { branchId: String(mexicali) });
      expect(answer.status).toBe(200);
      const all = await list(who, {});
      expect(all.body.data.items.length).toBeGreaterThan(0);
      expect(all.body.data.items.every((order) => order.branch.id === own())).toBe(true);
      expect(answer.body.data.items.every((order) => order.branch.id === own())).toBe(true);
    }
    const every = await list('logisticsManager', {});
    expect(new Set(every.body.data.items.map((order) => order.branch.id)).size).toBeGreaterThan(1);
    const other = every.body.data.items.find((order) => order.branch.id !== zonaRio)!;
    const hidden = await as('branchManager', 'GET', `/${other.id}`);
    expect({ status: hidden.status, code: hidden.body.code }).toEqual({
      status: 404,
      code: NotFound.assortmentOrder,
    });
    const pdf = await t.app.inject({
      method: 'GET',
      url: `${base}/${other.id}/download`,
      headers: { authorization: `Bearer ${tokens.branchManager}` },
    });
    expect(pdf.statusCode).toBe(404);
  });

  it('filters by status, type, branch and dates, hides deleted unless asked, and finds by number or branch', async () => {
    const a = await stockedProduct([6]);
    const order = await create('superAdmin', {
      orderType: 'Extraordinario de venta',
      branchId: mexicali,
      assortmentOrderProducts: [{ productId: a.productId, orderedQuantity: 1 }],
    });
    const { id, orderNumber, folio } = order.body.data;
    const ids = async (query: Record<string, string>) =>
      (await list('logisticsManager', query)).body.data.items.map((item) => item.id);
    expect(await ids({ orderStatus: 'En proceso' })).toContain(id);
    expect(await ids({ orderStatus: 'Terminada' })).not.toContain(id);
    expect(
      await ids({ orderType: 'Extraordinario de venta', branchId: String(mexicali) }),
    ).toContain(id);
    expect(await ids({ orderType: 'Ordinario general' })).not.toContain(id);
    expect(await ids({ branchId: String(playas) })).not.toContain(id);
    expect(await ids({ startDate: '2026-11-20', endDate: '2026-11-30' })).toContain(id);
    expect(await ids({ endDate: '2026-11-01' })).not.toContain(id);
    for (const value of [folio, `or${orderNumber}`, String(orderNumber)])
      expect(await ids({ search: value })).toContain(id);
    expect(await ids({ search: 'mexicali' })).toContain(id);
    expect(await ids({ search: JSON.stringify({ field: 'branch', value: 'Zona' }) })).not.toContain(
      id,
    );
    const bad = await list('logisticsManager', { field: 'password' });
    expect(bad.status).toBe(400);
    await as('superAdmin', 'DELETE', `/${id}/delete`);
    expect(await ids({})).not.toContain(id);
    expect(await ids({ withDeleted: 'true' })).toContain(id);
  });

  it('answers the detail with lines, lots and people', async () => {
    const a = await stockedProduct([6]);
    const order = await sentOrder(a, [2]);
    const answer = await as('operationalManager', 'GET', `/${order.id}`);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({
      id: order.id,
      orderBy: { name: 'Daniela' },
      approvedBy: { name: 'Luis' },
      originBranch: { id: cedis },
      assortmentOrderProducts: [
        {
          productId: a.productId,
          product: { id: a.productId, sku: expect.stringMatching(/^AO-/) },
          stockId: a.lots[0],
          productStock: { id: a.lots[0], expiresIn: '2027-01-15' },
          stockedQuantity: 2,
          receivedQuantity: null,
        },
      ],
    });
  });
});

describe('the PDF (assortmentOrder.reports)', () => {
  it('prints the order with its people and lines', async () => {
    const a = await stockedProduct([6]);
    const order = await sentOrder(a, [2]);
    const response = await t.app.inject({
      method: 'GET',
      url: `${base}/${order.id}/download`,
      headers: { authorization: `Bearer ${tokens.branchManager}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/pdf');
    const pdf = await getDocumentProxy(new Uint8Array(response.rawPayload));
    const { text } = await extractText(pdf, { mergePages: true });
    for (const expected of [
      `Orden de surtido ${order.folio}`,
      'Ordinario general',
      'Zona Río',
      'En transito',
      'Daniela Castro Vega',
      'Luis Herrera Mora',
      order.assortmentOrderProducts[0]!.product.sku,
      'Cubrebocas tricapa',
      order.assortmentOrderProducts[0]!.productStock!.allotment,
      '15-01-2027',
    ])
      expect(text).toContain(expected);
  });

  it('needs reports (403) and is 404 for an unknown order', async () => {
    const medic = await t.app.inject({
      method: 'GET',
      url: `${base}/1/download`,
      headers: { authorization: `Bearer ${tokens.medic}` },
    });
    expect(medic.statusCode).toBe(403);
    const unknown = await t.app.inject({
      method: 'GET',
      url: `${base}/999999/download`,
      headers: { authorization: `Bearer ${tokens.superAdmin}` },
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('privileges per role (spec 001 §6)', () => {
  it('lets each of the seven roles do what its map grants, and no more', async () => {
    const a = await stockedProduct([50]);
    const expected: Record<RoleKey, { create: boolean; approve: boolean; confirm: boolean }> = {
      superAdmin: { create: true, approve: true, confirm: true },
      logisticsManager: { create: true, approve: true, confirm: true },
      branchManager: { create: true, approve: false, confirm: true },
      operationalManager: { create: true, approve: false, confirm: true },
      franchisee: { create: true, approve: false, confirm: false },
      medic: { create: false, approve: false, confirm: false },
      cosmetologist: { create: false, approve: false, confirm: false },
    };
    for (const who of ROLE_KEYS) {
      const fixed = !['superAdmin', 'logisticsManager'].includes(who);
      const made = await create(who, {
        orderType: 'Ordinario general',
        ...(fixed ? {} : { branchId: zonaRio }),
        assortmentOrderProducts: [{ productId: a.productId, orderedQuantity: 1 }],
      });
      expect([who, made.status]).toEqual([who, expected[who].create ? 201 : 403]);
      const listed = await call(t.app, 'GET', base, { token: tokens[who] });
      expect([who, listed.status]).toEqual([who, expected[who].create ? 200 : 403]);
      // An order of Zona Río by the super administrator, for the others to approve.
      const order = await orderFor([{ productId: a.productId, orderedQuantity: 1 }], 'superAdmin');
      const approval = await approve(who === 'superAdmin' ? 'logisticsManager' : who, order.id, [
        { productId: a.productId, stockId: a.lots[0], stockedQuantity: 1 },
      ]);
      if (who !== 'superAdmin')
        expect([who, approval.status]).toEqual([who, expected[who].approve ? 200 : 403]);
      if (approval.status !== 200)
        expect(
          (
            await approve('logisticsManager', order.id, [
              { productId: a.productId, stockId: a.lots[0], stockedQuantity: 1 },
            ])
          ).status,
        ).toBe(200);
      const sent = (await as('superAdmin', 'GET', `/${order.id}`)).body.data;
      const confirmed = await confirm(who, order.id, [
        { id: sent.assortmentOrderProducts[0]!.id, receivedQuantity: 1 },
      ]);
      // The franchisee's branch is Playas: it holds no edit, so the guard answers first.
      expect([who, confirmed.status]).toEqual([who, expected[who].confirm ? 200 : 403]);
    }
    await expectBalanced();
  });
});
