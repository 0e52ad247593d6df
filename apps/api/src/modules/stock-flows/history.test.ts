import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import {
  AUDIT_HIDDEN_FIELDS,
  auditFieldLabels,
  type AssortmentOrderRecord,
  type SaleOrderRecord,
  type TransferRecord,
} from '@clinica/domain';
import { auditLog } from '../../db/schema';
import { branchId, call, createTestApp, signInAs, type TestApp } from '../../test/harness';
import { insertSupplyProduct } from '../catalogue/test-support';
import { receiveStock } from '../inventory/ledger';

/**
 * The history of the stock flows (spec 001 "history entry", CONTRACT §9): every transition of a
 * transfer and of an assortment order — create, update, approve, confirm, reject in process and
 * in transit, delete — writes entries, one per line, each naming the order's number, the line's
 * lot (once one is chosen) and product, the origin and the destination, and every field it
 * records has the label the Historial screen shows (`auditFieldLabels`). A sale order's call
 * writes one entry for the order and one per lot it moved, all with its number and branch.
 */

let t: TestApp;
let admin: string;
let logistics: string;
let cedis: number;
let zonaRio: number;
let mexicali: number;
let productId: number;
const cedisLots: number[] = [];
const mexicaliLots: number[] = [];

beforeAll(async () => {
  t = await createTestApp();
  admin = (await signInAs(t.app, 'superAdmin')).token;
  logistics = (await signInAs(t.app, 'logisticsManager')).token;
  cedis = await branchId(t.app, 'CEDIS');
  zonaRio = await branchId(t.app, 'Zona Río');
  mexicali = await branchId(t.app, 'Mexicali Centro');
  productId = await insertSupplyProduct(t.app.db, 'HIST-1');
  for (const [branch, into] of [
    [cedis, cedisLots],
    [mexicali, mexicaliLots],
  ] as const)
    for (const allotment of ['H-A', 'H-B'])
      into.push(
        (
          await receiveStock(
            t.app.db,
            { branchId: branch, productId, allotment, expiresIn: '2027-10-31' },
            { quantity: 100, cause: 'purchase', userId: null },
          )
        ).stockId,
      );
});
afterAll(async () => {
  await t?.close();
});

const ok = async <T>(answer: Promise<{ status: number; body: { data: T } }>) => {
  const settled = await answer;
  expect(settled.status, JSON.stringify(settled.body)).toBeLessThan(300);
  return settled.body.data;
};

/** The entries of one action on one order, and a check of what each names. */
async function expectEntries(
  module: 'transfers' | 'assortmentOrder',
  record: { id: number; folio: string },
  action: string,
  expected: { lines: number; lots: number[] | null; origin: number; destination: number },
) {
  const entries = await t.app.db
    .select()
    .from(auditLog)
    .where(
      and(
        eq(auditLog.module, module),
        eq(auditLog.recordId, record.id),
        eq(auditLog.action, action),
      ),
    )
    .orderBy(asc(auditLog.id));
  expect(entries, `${module} ${action}`).toHaveLength(expected.lines);
  const labels = auditFieldLabels(module);
  for (const entry of entries) {
    expect(entry, `${module} ${action}`).toMatchObject({
      orderNumber: record.folio,
      productId,
      originBranchId: expected.origin,
      destinationBranchId: expected.destination,
    });
    if (expected.lots === null) expect(entry.stockId).toBeNull();
    else expect(expected.lots).toContain(entry.stockId);
    const unlabelled = Object.keys(entry.changes ?? {}).filter(
      (key) => !AUDIT_HIDDEN_FIELDS.has(key) && !labels[key],
    );
    expect(unlabelled, `${module} ${action}: fields without a label`).toEqual([]);
    expect(Object.keys(entry.changes ?? {}).length).toBeGreaterThan(0);
    // Every value reads as text (a branch or a person by name), never as a record's fields.
    const objects = Object.entries(entry.changes ?? {}).filter(([, change]) =>
      [change.before, change.after].some((value) => typeof value === 'object' && value !== null),
    );
    expect(objects, `${module} ${action}: values that are objects`).toEqual([]);
  }
  return entries;
}

describe('the history of a transfer', () => {
  const path = (id: number, step: string) => `/v1/transfer/${id}/${step}`;
  const create = () =>
    ok(
      call<TransferRecord>(t.app, 'POST', '/v1/transfer/create', {
        token: admin,
        body: {
          originBranchId: mexicali,
          destinyBranchId: zonaRio,
          transferProducts: mexicaliLots.map((stockId) => ({ stockId, stockedQuantity: 3 })),
        },
      }),
    );
  const approve = (record: TransferRecord) =>
    ok(
      call<TransferRecord>(t.app, 'PUT', path(record.id, 'approve'), {
        token: admin,
        body: {
          transferProducts: record.transferProducts.map((line) => ({
            id: line.id,
            stockedQuantity: line.stockedQuantity,
          })),
        },
      }),
    );
  const sides = { lines: 2, lots: mexicaliLots, origin: 0, destination: 0 };

  it('names the order, lot, product, origin and destination at every step', async () => {
    Object.assign(sides, { origin: mexicali, destination: zonaRio });
    const record = await create();
    await expectEntries('transfers', record, 'create', sides);
    const updated = await ok(
      call<TransferRecord>(t.app, 'PUT', path(record.id, 'update'), {
        token: admin,
        body: {
          comments: 'Reposición',
          transferProducts: mexicaliLots.map((stockId) => ({ stockId, stockedQuantity: 4 })),
        },
      }),
    );
    await expectEntries('transfers', record, 'update', sides);
    const approved = await approve(updated);
    await expectEntries('transfers', record, 'approve', sides);
    await ok(
      call(t.app, 'PUT', path(record.id, 'confirm'), {
        token: admin,
        body: {
          transferProducts: approved.transferProducts.map((line, index) => ({
            id: line.id,
            receivedQuantity: index === 0 ? line.stockedQuantity - 1 : line.stockedQuantity,
          })),
        },
      }),
    );
    const confirms = await expectEntries('transfers', record, 'confirm', sides);
    expect(confirms.map((entry) => entry.changes?.receivedQuantity?.after)).toEqual([3, 4]);
    expect(confirms[0]!.changes?.acceptedBy).toEqual({
      before: null,
      after: expect.stringMatching(/^\S+ \S+/) as unknown,
    });
    const [created] = await t.app.db
      .select({ changes: auditLog.changes })
      .from(auditLog)
      .where(and(eq(auditLog.module, 'transfers'), eq(auditLog.recordId, record.id)))
      .orderBy(asc(auditLog.id))
      .limit(1);
    expect(created!.changes).toMatchObject({
      originBranchId: { before: null, after: 'Mexicali Centro' },
      destinyBranchId: { before: null, after: 'Zona Río' },
    });

    const inProcess = await create();
    await ok(call(t.app, 'PATCH', path(inProcess.id, 'reject'), { token: admin, body: {} }));
    await expectEntries('transfers', inProcess, 'reject', sides);

    const inTransit = await approve(await create());
    await ok(
      call(t.app, 'PUT', path(inTransit.id, 'reject'), {
        token: admin,
        body: { reason: 'No se requiere' },
      }),
    );
    await expectEntries('transfers', inTransit, 'reject', sides);

    const removed = await create();
    await ok(call(t.app, 'DELETE', path(removed.id, 'delete'), { token: admin }));
    await expectEntries('transfers', removed, 'delete', sides);
  });
});

describe('the history of an assortment order', () => {
  const path = (id: number, step: string) => `/v1/assortment-order/${id}/${step}`;
  const create = () =>
    ok(
      call<AssortmentOrderRecord>(t.app, 'POST', '/v1/assortment-order/create', {
        token: admin,
        body: {
          orderType: 'Ordinario general',
          branchId: zonaRio,
          assortmentOrderProducts: [{ productId, orderedQuantity: 3 }],
        },
      }),
    );
  /** Sent from both CEDIS lots: the product's line takes the first, a new line the second. */
  const approve = (record: AssortmentOrderRecord) =>
    ok(
      call<AssortmentOrderRecord>(t.app, 'PUT', path(record.id, 'approve'), {
        token: logistics,
        body: {
          assortmentOrderProducts: cedisLots.map((stockId) => ({
            productId,
            stockId,
            stockedQuantity: 2,
          })),
        },
      }),
    );

  it('names the order, lot, product, origin and destination at every step', async () => {
    const open = { lines: 1, lots: null, origin: cedis, destination: zonaRio };
    const sent = { lines: 2, lots: cedisLots, origin: cedis, destination: zonaRio };
    const record = await create();
    await expectEntries('assortmentOrder', record, 'create', open);
    await ok(
      call(t.app, 'PUT', path(record.id, 'update'), {
        token: admin,
        body: { assortmentOrderProducts: [{ productId, orderedQuantity: 4 }] },
      }),
    );
    await expectEntries('assortmentOrder', record, 'update', open);
    const approved = await approve(record);
    await expectEntries('assortmentOrder', record, 'approve', sent);
    await ok(
      call(t.app, 'PUT', path(record.id, 'confirm'), {
        token: admin,
        body: {
          assortmentOrderProducts: approved.assortmentOrderProducts.map((line, index) => ({
            id: line.id,
            receivedQuantity: (line.stockedQuantity ?? 0) - index,
          })),
        },
      }),
    );
    const confirms = await expectEntries('assortmentOrder', record, 'confirm', sent);
    expect(
      confirms.map((entry) => entry.changes?.['assortmentOrderProducts.receivedQuantity']?.after),
    ).toEqual([2, 1]);

    const inProcess = await create();
    await ok(call(t.app, 'PATCH', path(inProcess.id, 'reject'), { token: logistics, body: {} }));
    await expectEntries('assortmentOrder', inProcess, 'reject', open);

    const inTransit = await approve(await create());
    await ok(
      call(t.app, 'PATCH', path(inTransit.id, 'reject'), {
        token: logistics,
        body: { reason: 'No se requiere' },
      }),
    );
    await expectEntries('assortmentOrder', inTransit, 'reject', sent);

    const removed = await create();
    await ok(call(t.app, 'DELETE', path(removed.id, 'delete'), { token: admin }));
    await expectEntries('assortmentOrder', removed, 'delete', open);
  });
});

describe('the history of a sale order', () => {
  const path = (id: number, step: string) => `/v1/sale-order/${id}/${step}`;

  /** The entries of one action: the order's number and branch on each, names not objects. */
  async function saleEntries(record: SaleOrderRecord, action: string, lots: number) {
    const entries = await t.app.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.module, 'saleOrder'),
          eq(auditLog.recordId, record.id),
          eq(auditLog.action, action),
        ),
      )
      .orderBy(asc(auditLog.id));
    const labels = auditFieldLabels('saleOrder');
    for (const entry of entries) {
      expect(entry.orderNumber, action).toBe(record.folio);
      expect([entry.originBranchId, entry.destinationBranchId], action).toContain(mexicali);
      const unlabelled = Object.keys(entry.changes ?? {}).filter(
        (key) => !AUDIT_HIDDEN_FIELDS.has(key) && !labels[key],
      );
      expect(unlabelled, `saleOrder ${action}: fields without a label`).toEqual([]);
      const objects = Object.entries(entry.changes ?? {}).filter(([, change]) =>
        [change.before, change.after].some((value) => typeof value === 'object' && value !== null),
      );
      expect(objects, `saleOrder ${action}: values that are objects`).toEqual([]);
    }
    // Each lot moved has its entry, naming the lot and its product.
    const moved = entries.filter((entry) => entry.stockId !== null);
    expect(moved, action).toHaveLength(lots);
    for (const entry of moved) {
      expect(mexicaliLots).toContain(entry.stockId);
      expect(entry.productId).toBe(productId);
    }
    return entries;
  }

  it('names the order, its branch, lots and products, and the lines as text', async () => {
    const record = await ok(
      call<SaleOrderRecord>(t.app, 'POST', '/v1/sale-order/create', {
        token: admin,
        body: {
          name: 'Spa Historial S.A. de C.V.',
          phone: '6641234567',
          note: 'NOTA-HIST',
          branchId: mexicali,
          saleOrderProducts: [{ stockId: mexicaliLots[0]!, quantity: 2, price: 50 }],
        },
      }),
    );
    const created = await saleEntries(record, 'create', 1);
    const order = created.find((entry) => entry.stockId === null)!;
    expect(order.changes).toMatchObject({
      branchId: { before: null, after: 'Mexicali Centro' },
      createdBy: { before: null, after: expect.stringMatching(/^\S+ \S+/) as unknown },
      saleOrderProducts: {
        before: null,
        after:
          'HIST-1 ' +
          record.saleOrderProducts[0]!.product.name +
          ', lote H-A (31-10-2027): 2 × $50.00',
      },
    });

    // Another quantity on the first lot and a new lot: both lots move, the lines read as text.
    await ok(
      call(t.app, 'PUT', path(record.id, 'update'), {
        token: admin,
        body: {
          saleOrderProducts: mexicaliLots.map((stockId) => ({ stockId, quantity: 3, price: 50 })),
        },
      }),
    );
    const updated = await saleEntries(record, 'update', 2);
    expect(updated.find((entry) => entry.stockId === null)!.changes).toMatchObject({
      totalAmount: { before: 100, after: 300 },
      saleOrderProducts: { after: expect.stringContaining('lote H-B') as unknown },
    });

    await ok(call(t.app, 'DELETE', path(record.id, 'delete'), { token: admin }));
    await saleEntries(record, 'delete', 2);
  });
});
