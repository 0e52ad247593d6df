import { beforeAll, expect } from 'vitest';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Transfer } from './transfer-read';
import { stock, stockMovement, transfer, transferProduct } from '../../db/schema';
import { call, type DemoRole, type TestApp } from '../../test/harness';
import { stockFlowFixture } from './flow-fixture';

export let t: TestApp;
export let tokens: Record<DemoRole, string>;
export let cedis: number;
export let zonaRio: number;
export let playas: number;
export let mexicali: number;
export let gloves: number;
export let glovesSku: string;
export let serum: number;
export let newLot: FlowFixture['newLot'];
export let quantityOf: FlowFixture['quantityOf'];
export let expectBalanced: FlowFixture['expectBalanced'];
export let expectRefused: FlowFixture['expectRefused'];
type FlowFixture = ReturnType<typeof stockFlowFixture>;

/**
 * The transfer tests' world, per test file: the stock flows' fixture (the app on the demo seed,
 * the seven roles' tokens, the branches and the two products) with the transfers as the
 * documents a refusal must leave unchanged.
 */
export function useTransferWorld() {
  const fixture = stockFlowFixture({
    roles: [
      'superAdmin',
      'logisticsManager',
      'branchManager',
      'operationalManager',
      'franchisee',
      'medic',
      'cosmetologist',
    ],
    lotPrefix: 'TST-',
    documents: (db) =>
      Promise.all([
        db
          .select({ id: transfer.id, status: transfer.status, deletedAt: transfer.deletedAt })
          .from(transfer)
          .orderBy(asc(transfer.id)),
        db.select().from(transferProduct).orderBy(asc(transferProduct.id)),
      ]),
  });
  ({ newLot, quantityOf, expectBalanced, expectRefused } = fixture);
  beforeAll(() => {
    ({ t, tokens, cedis, zonaRio, playas, mexicali, gloves, glovesSku, serum } = fixture.world);
  });
}

/** Units of a product in every lot, in transit and lost in transit: constant while they move. */
export async function unitsOf(productId: number) {
  const [lots] = await t.app.db
    .select({ n: sql<number>`coalesce(sum(${stock.quantity}), 0)::int` })
    .from(stock)
    .where(eq(stock.productId, productId));
  const [transit] = await t.app.db
    .select({ n: sql<number>`coalesce(sum(${transferProduct.stockedQuantity}), 0)::int` })
    .from(transferProduct)
    .innerJoin(transfer, eq(transfer.id, transferProduct.transferId))
    .where(and(eq(transferProduct.productId, productId), eq(transfer.status, 'En transito')));
  const [lost] = await t.app.db
    .select({ n: sql<number>`coalesce(sum(${stockMovement.quantity}), 0)::int` })
    .from(stockMovement)
    .where(and(eq(stockMovement.productId, productId), eq(stockMovement.cause, 'transit-loss')));
  return lots!.n + transit!.n + lost!.n;
}

export const movementsOf = (id: number) =>
  t.app.db
    .select({
      stockId: stockMovement.stockId,
      quantity: stockMovement.quantity,
      cause: stockMovement.cause,
      documentNumber: stockMovement.documentNumber,
      branchId: stockMovement.branchId,
    })
    .from(stockMovement)
    .where(and(eq(stockMovement.documentType, 'transfer'), eq(stockMovement.documentId, id)))
    .orderBy(asc(stockMovement.id));

export const create = (token: string, body: Record<string, unknown>) =>
  call<Transfer>(t.app, 'POST', '/v1/transfer/create', { token, body });
export const act = (
  token: string,
  id: number,
  path: 'approve' | 'confirm' | 'reject' | 'update',
  body: Record<string, unknown> = {},
  method: 'PUT' | 'PATCH' = 'PUT',
) => call<Transfer>(t.app, method, `/v1/transfer/${id}/${path}`, { token, body });
export const remove = (token: string, id: number) =>
  call<{ id: number }>(t.app, 'DELETE', `/v1/transfer/${id}/delete`, { token });
export const detail = (token: string, id: number) =>
  call<Transfer>(t.app, 'GET', `/v1/transfer/${id}`, { token });

/** A transfer from Zona Río by its branch manager, of the given lots. */
export async function sent(lines: [stockId: number, quantity: number][], destiny = mexicali) {
  const answer = await create(tokens.branchManager, {
    originBranchId: zonaRio,
    destinyBranchId: destiny,
    comments: 'Reposición entre sucursales',
    transferProducts: lines.map(([stockId, stockedQuantity]) => ({ stockId, stockedQuantity })),
  });
  expect(answer.status).toBe(201);
  return answer.body.data;
}

export const lineIds = (record: Transfer) => record.transferProducts.map((line) => line.id);

/** A transfer from Mexicali to Zona Río, approved, with the given lines. */
export async function inTransitToZonaRio(lines: [stockId: number, quantity: number][]) {
  const created = await create(tokens.logisticsManager, {
    originBranchId: mexicali,
    destinyBranchId: zonaRio,
    transferProducts: lines.map(([stockId, stockedQuantity]) => ({ stockId, stockedQuantity })),
  });
  expect(created.status).toBe(201);
  const approved = await act(tokens.superAdmin, created.body.data.id, 'approve', {
    transferProducts: lineIds(created.body.data).map((id, index) => ({
      id,
      stockedQuantity: lines[index]![1],
    })),
  });
  expect(approved.status).toBe(200);
  return approved.body.data;
}
