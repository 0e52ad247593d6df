import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssortmentOrderRecord, TransferRecord } from '@clinica/domain';
import { insertSupplyProduct } from '../catalogue/test-support';
import { receiveStock, unbalancedLots } from '../inventory/ledger';
import { branchId, call, createTestApp, signInAs, type TestApp } from '../../test/harness';
import { onPostgres } from '../../test/races';

/**
 * The flows take the locks of the lots they fill in one order, the lots' ids (modules/inventory/README.md, "the
 * stock ledger"), whatever order their own lines come in, so two confirmations filling the same
 * lots never wait on each other in a circle (a deadlock, answered 409 code 1). Here an assortment
 * order's lines come from CEDIS lots whose order is the reverse of the branch lots they fill,
 * while transfers fill the same two lots; all confirmations are fired at once, on PostgreSQL.
 */

let t: TestApp;
let admin: string;
let logistics: string;
let zonaRio: number;
let mexicali: number;
let productId: number;
const cedisLots: number[] = [];
const mexicaliLots: number[] = [];

async function lot(branch: number, allotment: string, quantity: number) {
  const moved = await receiveStock(
    t.app.db,
    { branchId: branch, productId, allotment, expiresIn: '2027-12-31' },
    { quantity, cause: 'purchase', userId: null },
  );
  return moved.stockId;
}

beforeAll(async () => {
  if (!onPostgres) return;
  t = await createTestApp();
  admin = (await signInAs(t.app, 'superAdmin')).token;
  logistics = (await signInAs(t.app, 'logisticsManager')).token;
  const cedis = await branchId(t.app, 'CEDIS');
  zonaRio = await branchId(t.app, 'Zona Río');
  mexicali = await branchId(t.app, 'Mexicali Centro');
  productId = await insertSupplyProduct(t.app.db, 'LOCK-ORDER');
  // CEDIS: DL-A before DL-B; Zona Río: DL-B before DL-A (the reverse); Mexicali: both.
  cedisLots.push(await lot(cedis, 'DL-A', 1000), await lot(cedis, 'DL-B', 1000));
  await lot(zonaRio, 'DL-B', 1);
  await lot(zonaRio, 'DL-A', 1);
  mexicaliLots.push(await lot(mexicali, 'DL-A', 1000), await lot(mexicali, 'DL-B', 1000));
}, 120_000);
afterAll(async () => {
  await t?.close();
});

async function assortmentInTransit(): Promise<AssortmentOrderRecord> {
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
      body: {
        assortmentOrderProducts: cedisLots.map((stockId) => ({
          productId,
          stockId,
          stockedQuantity: 1,
        })),
      },
    },
  );
  expect(approved.status).toBe(200);
  return approved.body.data;
}

async function transferInTransit(): Promise<TransferRecord> {
  const created = await call<TransferRecord>(t.app, 'POST', '/v1/transfer/create', {
    token: admin,
    body: {
      originBranchId: mexicali,
      destinyBranchId: zonaRio,
      transferProducts: mexicaliLots.map((stockId) => ({ stockId, stockedQuantity: 1 })),
    },
  });
  expect(created.status).toBe(201);
  const approved = await call<TransferRecord>(
    t.app,
    'PUT',
    `/v1/transfer/${created.body.data.id}/approve`,
    {
      token: admin,
      body: {
        transferProducts: created.body.data.transferProducts.map((line) => ({
          id: line.id,
          stockedQuantity: line.stockedQuantity,
        })),
      },
    },
  );
  expect(approved.status).toBe(200);
  return approved.body.data;
}

describe.runIf(onPostgres)('lots are locked in one order (PostgreSQL)', () => {
  it('confirms assortment orders and transfers filling the same lots at once, without a deadlock', async () => {
    for (let round = 0; round < 4; round += 1) {
      const orders: AssortmentOrderRecord[] = [];
      const transfers: TransferRecord[] = [];
      for (let i = 0; i < 6; i += 1) {
        orders.push(await assortmentInTransit());
        transfers.push(await transferInTransit());
      }
      const answers = await Promise.all([
        ...orders.map((order) =>
          call(t.app, 'PUT', `/v1/assortment-order/${order.id}/confirm`, {
            token: admin,
            body: {
              assortmentOrderProducts: order.assortmentOrderProducts.map((line) => ({
                id: line.id,
                receivedQuantity: line.stockedQuantity,
              })),
            },
          }),
        ),
        ...transfers.map((record) =>
          call(t.app, 'PUT', `/v1/transfer/${record.id}/confirm`, {
            token: admin,
            body: {
              transferProducts: record.transferProducts.map((line) => ({
                id: line.id,
                receivedQuantity: line.stockedQuantity,
              })),
            },
          }),
        ),
      ]);
      expect(answers.map((answer) => `${answer.status}/${answer.body.code}`)).toEqual(
        Array<string>(answers.length).fill('200/0'),
      );
    }
    expect(await unbalancedLots(t.app.db)).toEqual([]);
  }, 180_000);
});
