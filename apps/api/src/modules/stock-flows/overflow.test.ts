import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Conflict, type AssortmentOrderRecord, type TransferRecord } from '@clinica/domain';
import { stock } from '../../db/schema';
import { branchId, call, createTestApp, signInAs, type TestApp } from '../../test/harness';
import { insertSupplyProduct } from '../catalogue/test-support';
import { moveStock, receiveStock, unbalancedLots } from '../inventory/ledger';

/**
 * Input the schemas accept never answers 500 (CONTRACT §2): a lot registered up to the largest
 * whole number a lot holds, then sent more by a confirmation or a rejection that returns units,
 * is 409 code 10 ('No se puede agregar stock', as a purchase order answers), and nothing changes.
 */

const MAX = 2_147_483_647;
let t: TestApp;
let admin: string;
let logistics: string;
let cedis: number;
let zonaRio: number;
let mexicali: number;
let productId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await signInAs(t.app, 'superAdmin')).token;
  logistics = (await signInAs(t.app, 'logisticsManager')).token;
  cedis = await branchId(t.app, 'CEDIS');
  zonaRio = await branchId(t.app, 'Zona Río');
  mexicali = await branchId(t.app, 'Mexicali Centro');
  productId = await insertSupplyProduct(t.app.db, 'OVERFLOW-1');
});
afterAll(async () => {
  await t?.close();
});

async function lot(branch: number, allotment: string, quantity: number) {
  const moved = await receiveStock(
    t.app.db,
    { branchId: branch, productId, allotment, expiresIn: '2027-06-30' },
    { quantity, cause: 'purchase', userId: null },
  );
  return moved.stockId;
}
const quantityOf = async (id: number) =>
  (await t.app.db.select({ q: stock.quantity }).from(stock).where(eq(stock.id, id)))[0]!.q;
/** Fills a lot to the largest quantity it can hold. */
const fill = async (id: number) =>
  moveStock(t.app.db, {
    stockId: id,
    quantity: MAX - (await quantityOf(id)),
    cause: 'adjustment',
    userId: null,
  });

async function transferInTransit(from: number): Promise<TransferRecord> {
  const created = await call<TransferRecord>(t.app, 'POST', '/v1/transfer/create', {
    token: admin,
    body: {
      originBranchId: mexicali,
      destinyBranchId: zonaRio,
      transferProducts: [{ stockId: from, stockedQuantity: 2 }],
    },
  });
  expect(created.status).toBe(201);
  const line = created.body.data.transferProducts[0]!;
  const approved = await call<TransferRecord>(
    t.app,
    'PUT',
    `/v1/transfer/${created.body.data.id}/approve`,
    { token: admin, body: { transferProducts: [{ id: line.id, stockedQuantity: 2 }] } },
  );
  expect(approved.status).toBe(200);
  return approved.body.data;
}

async function assortmentInTransit(from: number): Promise<AssortmentOrderRecord> {
  const created = await call<AssortmentOrderRecord>(t.app, 'POST', '/v1/assortment-order/create', {
    token: admin,
    body: {
      orderType: 'Ordinario general',
      branchId: zonaRio,
      assortmentOrderProducts: [{ productId, orderedQuantity: 2 }],
    },
  });
  expect(created.status).toBe(201);
  const approved = await call<AssortmentOrderRecord>(
    t.app,
    'PUT',
    `/v1/assortment-order/${created.body.data.id}/approve`,
    {
      token: logistics,
      body: { assortmentOrderProducts: [{ productId, stockId: from, stockedQuantity: 2 }] },
    },
  );
  expect(approved.status).toBe(200);
  return approved.body.data;
}

const refusedWithNoChange = async (
  attempt: () => Promise<{ status: number; body: { code: number } }>,
  lots: number[],
  status: () => Promise<string>,
) => {
  const before = await Promise.all(lots.map(quantityOf));
  const statusBefore = await status();
  const answer = await attempt();
  expect({ status: answer.status, code: answer.body.code }).toEqual({
    status: 409,
    code: Conflict.cannotAddStock,
  });
  expect(await Promise.all(lots.map(quantityOf))).toEqual(before);
  expect(await status()).toBe(statusBefore);
};

describe('a lot that cannot take more units', () => {
  it('refuses a transfer confirmation or rejection past it with 409 code 10', async () => {
    const origin = await lot(mexicali, 'OV-T', 10);
    const destination = await lot(zonaRio, 'OV-T', 1);
    await fill(destination);
    const record = await transferInTransit(origin);
    const status = async () =>
      (await call<TransferRecord>(t.app, 'GET', `/v1/transfer/${record.id}`, { token: admin })).body
        .data.status;
    await refusedWithNoChange(
      () =>
        call(t.app, 'PUT', `/v1/transfer/${record.id}/confirm`, {
          token: admin,
          body: {
            transferProducts: [{ id: record.transferProducts[0]!.id, receivedQuantity: 2 }],
          },
        }),
      [origin, destination],
      status,
    );
    // The units cannot go back either, once the origin's lot was filled meanwhile.
    await fill(origin);
    await refusedWithNoChange(
      () => call(t.app, 'PATCH', `/v1/transfer/${record.id}/reject`, { token: admin, body: {} }),
      [origin, destination],
      status,
    );
    expect(await unbalancedLots(t.app.db)).toEqual([]);
  });

  it('refuses an assortment confirmation or rejection past it with 409 code 10', async () => {
    const origin = await lot(cedis, 'OV-A', 10);
    const destination = await lot(zonaRio, 'OV-A', 1);
    await fill(destination);
    const order = await assortmentInTransit(origin);
    const status = async () =>
      (
        await call<AssortmentOrderRecord>(t.app, 'GET', `/v1/assortment-order/${order.id}`, {
          token: admin,
        })
      ).body.data.status;
    await refusedWithNoChange(
      () =>
        call(t.app, 'PUT', `/v1/assortment-order/${order.id}/confirm`, {
          token: admin,
          body: {
            assortmentOrderProducts: [
              { id: order.assortmentOrderProducts[0]!.id, receivedQuantity: 2 },
            ],
          },
        }),
      [origin, destination],
      status,
    );
    await fill(origin);
    await refusedWithNoChange(
      () =>
        call(t.app, 'PATCH', `/v1/assortment-order/${order.id}/reject`, {
          token: logistics,
          body: {},
        }),
      [origin, destination],
      status,
    );
    expect(await unbalancedLots(t.app.db)).toEqual([]);
  });
});
