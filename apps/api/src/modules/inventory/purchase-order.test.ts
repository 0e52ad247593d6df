import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import {
  Conflict,
  NotFound,
  Unprocessable,
  creditExpiration,
  type PurchaseOrderRecord,
} from '@clinica/domain';
import { auditLog, branch, role, stock, stockMovement } from '../../db/schema';
import { call, createTestApp, signInAs, type DemoRole, type TestApp } from '../../test/harness';
import { catalogueProduct, newProvider } from '../../test/factories';
import { insertSupplyProduct } from '../catalogue/test-support';
import { moveStock, unbalancedLots } from './ledger';

/** Purchase orders (spec 001 §3–§5, CONTRACT §9), through HTTP on the real database. */

type Page<T> = { items: T[]; meta: { itemCount: number } };
interface Item {
  id: number;
  sku: string;
  name: string;
  tax: number;
  cost: number;
}

let t: TestApp;
let admin: string;
let logistics: string;
let cedis: number;
let injectable: Item;
let cream: Item;
let supply: Item;
let pending: number;
let seller: { id: number; name: string; payConditions: number };
/** Lots the demo stock seed writes without movements (the stock helper's seed moves them to the ledger). */

const productOf = (type: string): Promise<Item> => catalogueProduct(t.app, type);

beforeAll(async () => {
  t = await createTestApp();
  admin = (await signInAs(t.app, 'superAdmin')).token;
  logistics = (await signInAs(t.app, 'logisticsManager')).token;
  const [centre] = await t.app.db
    .select({ id: branch.id })
    .from(branch)
    .where(eq(branch.distributionCenter, true));
  cedis = centre!.id;
  injectable = await productOf('Médico/Venta');
  cream = await productOf('Cosmetólogo/Venta');
  supply = await productOf('Insumo');
  pending = await insertSupplyProduct(t.app.db, `OC-PEND-${process.pid % 1000}`);
  seller = await newProvider(t.app, admin);
});
afterAll(async () => {
  await t?.close();
});

let serial = 0;
/** A lot code of this test's own, so no two tests share a lot. */
/** The stock movements of purchase order `id` (other documents' ids overlap its). */
const ofThisOrder = (id: number) =>
  and(eq(stockMovement.documentType, 'purchaseOrder'), eq(stockMovement.documentId, id));
const lotCode = () => `T26-${String((serial += 1)).padStart(4, '0')}`;

const order = (overrides: Record<string, unknown> = {}) => ({
  invoiceNumber: 'F-1001',
  providerId: seller.id,
  payMethod: 'Transferencia',
  arrivedAt: '2026-11-10',
  tax: 160,
  amount: 1160,
  comments: 'Entrega completa',
  purchaseOrderProducts: [
    {
      productId: injectable.id,
      quantity: 10,
      price: 100,
      allotment: lotCode(),
      expiresAt: '2027-06-30',
    },
  ],
  ...overrides,
});

const create = (body: Record<string, unknown>, token = logistics) =>
  call<PurchaseOrderRecord>(t.app, 'POST', '/v1/purchase-order/create', { token, body });
const update = (id: number, body: Record<string, unknown>, token = logistics) =>
  call<PurchaseOrderRecord>(t.app, 'PUT', `/v1/purchase-order/${id}/update`, { token, body });
const remove = (id: number, token = logistics) =>
  call<{ id: number }>(t.app, 'DELETE', `/v1/purchase-order/${id}/delete`, { token });
const list = (query: Record<string, string>, token = logistics) =>
  call<Page<PurchaseOrderRecord>>(t.app, 'GET', '/v1/purchase-order', { token, query });

async function created(body = order()): Promise<PurchaseOrderRecord> {
  const answer = await create(body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.data;
}

async function lotQuantity(stockId: number): Promise<number> {
  const [row] = await t.app.db
    .select({ quantity: stock.quantity })
    .from(stock)
    .where(eq(stock.id, stockId));
  return row!.quantity;
}

/** Every lot's quantity and the number of movements: what a refused call must leave as it was. */
async function snapshot() {
  const lots = await t.app.db
    .select({ id: stock.id, quantity: stock.quantity })
    .from(stock)
    .orderBy(asc(stock.id));
  const movements = await t.app.db.select({ id: stockMovement.id }).from(stockMovement);
  return { lots, movements: movements.length };
}

/** Each lot equals the sum of its movements, the demo seed's included. */
async function expectBalanced() {
  expect(await unbalancedLots(t.app.db)).toEqual([]);
}

describe('creating a purchase order (spec 001 §3, §5; CONTRACT §9)', () => {
  it('fills the distribution centre lot of each line and answers the order with its totals', async () => {
    const body = order({
      purchaseOrderProducts: [
        {
          productId: injectable.id,
          quantity: 10,
          price: 100,
          allotment: ' L 26 01 ',
          expiresAt: '2027-06-30',
        },
        { productId: supply.id, quantity: 3, price: 50.5 },
      ],
    });
    const answer = await create(body);
    expect(answer.status).toBe(201);
    const record = answer.body.data;
    expect(record.folio).toBe(`OC-${String(record.orderNumber).padStart(6, '0')}`);
    expect(record).toMatchObject({
      invoiceNumber: 'F-1001',
      provider: { id: seller.id, name: seller.name, payConditions: seller.payConditions },
      branch: { id: cedis },
      payStatus: 'Pendiente',
      payedAt: null,
      arrivedAt: '2026-11-10',
      creditExpiration: creditExpiration('2026-11-10', seller.payConditions),
      tax: 160,
      amount: 1160,
      deleted_at: null,
    });
    const expected =
      Math.round(
        (10 * 100 * (1 + injectable.tax / 100) + 3 * 50.5 * (1 + supply.tax / 100)) * 100,
      ) / 100;
    expect(record.linesTotal).toBe(expected);
    const [line, lotless] = record.purchaseOrderProducts;
    expect(line).toMatchObject({
      productId: injectable.id,
      product: {
        id: injectable.id,
        sku: injectable.sku,
        name: injectable.name,
        tax: injectable.tax,
        productType: 'Médico/Venta',
      },
      quantity: 10,
      price: 100,
      allotment: 'L2601',
      expiresAt: '2027-06-30',
    });
    expect(lotless).toMatchObject({ allotment: '', expiresAt: null, quantity: 3 });
    expect(await lotQuantity(line!.stockId)).toBe(10);
    const [lot] = await t.app.db.select().from(stock).where(eq(stock.id, line!.stockId));
    expect(lot).toMatchObject({
      branchId: cedis,
      productId: injectable.id,
      allotment: 'L2601',
      expiresIn: '2027-06-30',
    });
    const movements = await t.app.db.select().from(stockMovement).where(ofThisOrder(record.id));
    expect(
      movements.map((m) => [m.stockId, m.quantity, m.cause, m.documentType, m.documentNumber]),
    ).toEqual(
      expect.arrayContaining([
        [line!.stockId, 10, 'purchase', 'purchaseOrder', record.folio],
        [lotless!.stockId, 3, 'purchase', 'purchaseOrder', record.folio],
      ]),
    );
    await expectBalanced();
  });

  it('writes one history entry for the order and one per lot, with the order number, lot and product', async () => {
    const record = await created();
    const entries = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.module, 'purchaseOrder'), eq(auditLog.recordId, record.id)))
      .orderBy(asc(auditLog.id));
    expect(entries.map((entry) => entry.action)).toEqual(['create', 'create']);
    expect(entries.every((entry) => entry.orderNumber === record.folio)).toBe(true);
    expect(entries[1]).toMatchObject({
      stockId: record.purchaseOrderProducts[0]!.stockId,
      productId: injectable.id,
      destinationBranchId: cedis,
      branchId: cedis,
      changes: { quantity: { before: 0, after: 10 } },
    });
  });

  it('adds a second order of the same lot and expiry to that one lot', async () => {
    const allotment = lotCode();
    const line = {
      productId: cream.id,
      quantity: 4,
      price: 80,
      allotment,
      expiresAt: '2027-01-31',
    };
    const first = await created(order({ purchaseOrderProducts: [line] }));
    const second = await created(order({ purchaseOrderProducts: [{ ...line, quantity: 6 }] }));
    expect(second.purchaseOrderProducts[0]!.stockId).toBe(first.purchaseOrderProducts[0]!.stockId);
    expect(await lotQuantity(first.purchaseOrderProducts[0]!.stockId)).toBe(10);
    await expectBalanced();
  });

  it('requires lot and expiry for every type but Insumo, naming the line field, and changes nothing', async () => {
    const before = await snapshot();
    const answer = await create(
      order({
        purchaseOrderProducts: [
          { productId: supply.id, quantity: 1, price: 1 },
          { productId: injectable.id, quantity: 1, price: 1, allotment: '   ' },
          { productId: cream.id, quantity: 1, price: 1, expiresAt: '2027-01-01' },
        ],
      }),
    );
    expect(answer.status).toBe(400);
    expect(answer.body.details).toEqual([
      { field: 'purchaseOrderProducts.1.allotment', message: 'El campo Lote es obligatorio' },
      { field: 'purchaseOrderProducts.1.expiresAt', message: 'El campo Caducidad es obligatorio' },
      { field: 'purchaseOrderProducts.2.allotment', message: 'El campo Lote es obligatorio' },
    ]);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses an unknown or unapproved product (404 code 13) and an unknown provider (404 code 17)', async () => {
    const before = await snapshot();
    for (const productId of [999_999, pending]) {
      const answer = await create(
        order({
          purchaseOrderProducts: [
            { productId, quantity: 1, price: 1, allotment: 'X1', expiresAt: '2027-01-01' },
          ],
        }),
      );
      expect([answer.status, answer.body.code]).toEqual([404, NotFound.product]);
    }
    const noProvider = await create(order({ providerId: 999_999 }));
    expect([noProvider.status, noProvider.body.code]).toEqual([404, NotFound.provider]);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a body with missing fields, a computed field or an empty list (400)', async () => {
    const before = await snapshot();
    const answer = await create({ creditExpiration: '2026-12-01', purchaseOrderProducts: [] });
    expect(answer.status).toBe(400);
    const fields = answer.body.details!.map((detail) => detail.field);
    expect(fields).toEqual(
      expect.arrayContaining([
        'invoiceNumber',
        'providerId',
        'payMethod',
        'arrivedAt',
        'tax',
        'amount',
        'purchaseOrderProducts',
        'creditExpiration',
      ]),
    );
    expect(await snapshot()).toEqual(before);
  });
});

describe('updating an unpaid order', () => {
  it('changes its fields and recomputes the credit expiry from a new arrival date', async () => {
    const record = await created();
    const answer = await update(record.id, {
      invoiceNumber: 'F-2002',
      arrivedAt: '2026-11-01',
      comments: 'Revisada',
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({
      invoiceNumber: 'F-2002',
      arrivedAt: '2026-11-01',
      creditExpiration: creditExpiration('2026-11-01', seller.payConditions),
      comments: 'Revisada',
    });
    await expectBalanced();
  });

  it('re-balances the lots through the ledger when its lines change, moving only the difference', async () => {
    const record = await created();
    const oldLot = record.purchaseOrderProducts[0]!.stockId;
    const movementsOf = async () =>
      (await t.app.db.select().from(stockMovement).where(ofThisOrder(record.id))).length;

    // A price alone moves no units.
    const line = { ...record.purchaseOrderProducts[0]!, price: 120 };
    const repriced = await update(record.id, {
      purchaseOrderProducts: [
        {
          productId: line.productId,
          quantity: 10,
          price: 120,
          allotment: line.allotment,
          expiresAt: line.expiresAt,
        },
      ],
    });
    expect(repriced.status).toBe(200);
    expect(await movementsOf()).toBe(1);

    const newLot = lotCode();
    const answer = await update(record.id, {
      purchaseOrderProducts: [
        {
          productId: line.productId,
          quantity: 4,
          price: 120,
          allotment: line.allotment,
          expiresAt: line.expiresAt,
        },
        { productId: cream.id, quantity: 5, price: 90, allotment: newLot, expiresAt: '2027-03-31' },
      ],
    });
    expect(answer.status).toBe(200);
    expect(await lotQuantity(oldLot)).toBe(4);
    const added = answer.body.data.purchaseOrderProducts[1]!;
    expect(added.allotment).toBe(newLot);
    expect(await lotQuantity(added.stockId)).toBe(5);
    const reversal = await t.app.db
      .select()
      .from(stockMovement)
      .where(and(ofThisOrder(record.id), eq(stockMovement.cause, 'purchase-reversal')));
    expect(reversal.map((m) => [m.stockId, m.quantity])).toEqual([[oldLot, -6]]);
    await expectBalanced();
  });

  it('refuses to change the lines once their units left the lot (422 code 1), changing nothing', async () => {
    const record = await created();
    const lot = record.purchaseOrderProducts[0]!;
    await moveStock(t.app.db, {
      stockId: lot.stockId,
      quantity: -8,
      cause: 'adjustment',
      userId: null,
    });
    const before = await snapshot();
    const answer = await update(record.id, {
      invoiceNumber: 'F-CAMBIO',
      purchaseOrderProducts: [
        {
          productId: lot.productId,
          quantity: 1,
          price: 100,
          allotment: lot.allotment,
          expiresAt: lot.expiresAt,
        },
      ],
    });
    expect([answer.status, answer.body.code]).toEqual([422, Unprocessable.insufficientInventory]);
    expect(await snapshot()).toEqual(before);
    const reread = await call<PurchaseOrderRecord>(
      t.app,
      'GET',
      `/v1/purchase-order/${record.id}`,
      { token: logistics },
    );
    expect(reread.body.data.invoiceNumber).toBe('F-1001');
    expect(reread.body.data.purchaseOrderProducts[0]!.quantity).toBe(10);
    await expectBalanced();
  });
});

describe('paying an order (spec 001 §4: Aprobar, then read-only)', () => {
  it('needs the approve privilege (403), and a pay date', async () => {
    const record = await created();
    const [logisticsRole] = await t.app.db
      .select()
      .from(role)
      .where(eq(role.key, 'logisticsManager'));
    const privileges = logisticsRole!.privileges as Record<string, string[]>;
    await t.app.db
      .update(role)
      .set({
        privileges: {
          ...privileges,
          purchaseOrder: privileges.purchaseOrder!.filter((a) => a !== 'approve'),
        },
      })
      .where(eq(role.id, logisticsRole!.id));
    try {
      const before = await snapshot();
      const refused = await update(record.id, { payStatus: 'Completado', payedAt: '2026-11-20' });
      expect(refused.status).toBe(403);
      expect(await snapshot()).toEqual(before);
      const reread = await call<PurchaseOrderRecord>(
        t.app,
        'GET',
        `/v1/purchase-order/${record.id}`,
        { token: logistics },
      );
      expect(reread.body.data.payStatus).toBe('Pendiente');
      expect((await update(record.id, { comments: 'Sin pagar aún' })).status).toBe(200);
    } finally {
      await t.app.db.update(role).set({ privileges }).where(eq(role.id, logisticsRole!.id));
    }
    const noDate = await update(record.id, { payStatus: 'Completado' });
    expect(noDate.status).toBe(400);
    expect(noDate.body.details).toEqual([
      { field: 'payedAt', message: 'El campo Fecha de pago es obligatorio' },
    ]);
    const dateOnly = await update(record.id, { payedAt: '2026-11-20' });
    expect(dateOnly.status).toBe(400);
    expect(dateOnly.body.details![0]!.field).toBe('payedAt');
  });

  it('marks it Completado with its date, audited as approve; a paid order answers 409 code 30 to any update and 409 code 11 to a delete', async () => {
    const record = await created();
    const paid = await update(record.id, { payStatus: 'Completado', payedAt: '2026-11-20' });
    expect(paid.status).toBe(200);
    expect(paid.body.data).toMatchObject({ payStatus: 'Completado', payedAt: '2026-11-20' });
    const [entry] = await t.app.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.module, 'purchaseOrder'),
          eq(auditLog.recordId, record.id),
          eq(auditLog.action, 'approve'),
        ),
      );
    expect(entry!.changes).toMatchObject({
      payStatus: { before: 'Pendiente', after: 'Completado' },
    });
    const before = await snapshot();
    for (const body of [
      { comments: 'otra' },
      {},
      { payStatus: 'Completado', payedAt: '2026-11-21' },
    ]) {
      const answer = await update(record.id, body);
      expect([answer.status, answer.body.code]).toEqual([409, Conflict.orderFinished]);
    }
    const deleted = await remove(record.id);
    expect([deleted.status, deleted.body.code]).toEqual([409, Conflict.cannotDeletePurchaseOrder]);
    expect(await snapshot()).toEqual(before);
  });
});

describe('deleting an order', () => {
  it('takes its units back out of the lots and soft-deletes it; the list shows it only withDeleted', async () => {
    const record = await created(
      order({
        invoiceNumber: 'F-BORRAR',
        purchaseOrderProducts: [
          {
            productId: injectable.id,
            quantity: 7,
            price: 10,
            allotment: lotCode(),
            expiresAt: '2027-02-01',
          },
          { productId: supply.id, quantity: 2, price: 10 },
        ],
      }),
    );
    const supplyLot = record.purchaseOrderProducts[1]!.stockId;
    const supplyBefore = await lotQuantity(supplyLot);
    const answer = await remove(record.id);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({ id: record.id });
    expect(await lotQuantity(record.purchaseOrderProducts[0]!.stockId)).toBe(0);
    expect(await lotQuantity(supplyLot)).toBe(supplyBefore - 2);
    const reversals = await t.app.db
      .select()
      .from(stockMovement)
      .where(and(ofThisOrder(record.id), eq(stockMovement.cause, 'purchase-reversal')));
    expect(reversals.map((m) => m.quantity).sort()).toEqual([-2, -7]);
    await expectBalanced();

    const hidden = await list({ search: 'F-BORRAR' });
    expect(hidden.body.data.items).toEqual([]);
    const shown = await list({ search: 'F-BORRAR', withDeleted: 'true' });
    expect(shown.body.data.items.map((item) => item.id)).toEqual([record.id]);
    expect(shown.body.data.items[0]!.deleted_at).not.toBeNull();
    const detail = await call<PurchaseOrderRecord>(
      t.app,
      'GET',
      `/v1/purchase-order/${record.id}`,
      { token: logistics },
    );
    expect(detail.body.data.deleted_at).not.toBeNull();

    for (const again of [await update(record.id, { comments: 'x' }), await remove(record.id)])
      expect([again.status, again.body.code]).toEqual([404, NotFound.purchaseOrder]);
    const entries = await t.app.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.recordId, record.id),
          eq(auditLog.module, 'purchaseOrder'),
          eq(auditLog.action, 'delete'),
        ),
      );
    expect(entries).toHaveLength(3);
    expect(
      entries
        .filter((entry) => entry.stockId !== null)
        .every((entry) => entry.originBranchId === cedis),
    ).toBe(true);
  });

  it('refuses while any of its units already left the lot (409 code 11), changing nothing', async () => {
    const record = await created();
    await moveStock(t.app.db, {
      stockId: record.purchaseOrderProducts[0]!.stockId,
      quantity: -1,
      cause: 'adjustment',
      userId: null,
    });
    const before = await snapshot();
    const answer = await remove(record.id);
    expect([answer.status, answer.body.code]).toEqual([409, Conflict.cannotDeletePurchaseOrder]);
    expect(await snapshot()).toEqual(before);
    await expectBalanced();
  });
});

describe('the list (CONTRACT §3, §9 "Order numbers")', () => {
  it('finds an order by its number with or without the OC prefix, its invoice or its provider', async () => {
    const record = await created(order({ invoiceNumber: 'INV-LISTA-9' }));
    for (const value of [record.folio, `oc${record.orderNumber}`, String(record.orderNumber)]) {
      const answer = await list({ search: JSON.stringify({ field: 'orderNumber', value }) });
      expect(answer.body.data.items.map((item) => item.id)).toEqual([record.id]);
    }
    expect((await list({ search: record.folio })).body.data.items.map((item) => item.id)).toContain(
      record.id,
    );
    expect((await list({ search: 'lista-9' })).body.data.items.map((item) => item.id)).toEqual([
      record.id,
    ]);
    const byProvider = await list({
      search: JSON.stringify({ field: 'provider', value: seller.name.slice(0, 8) }),
      take: '100',
    });
    expect(byProvider.body.data.items.every((item) => item.provider.id === seller.id)).toBe(true);
    expect(byProvider.body.data.items.map((item) => item.id)).toContain(record.id);
  });

  it('filters by provider, pay status and arrival dates', async () => {
    const record = await created(order({ arrivedAt: '2025-01-15' }));
    const inRange = await list({ startDate: '2025-01-15', endDate: '2025-01-15' });
    expect(inRange.body.data.items.map((item) => item.id)).toEqual([record.id]);
    const paid = await list({ payStatus: 'Completado', take: '100' });
    expect(paid.body.data.items.length).toBeGreaterThan(0);
    expect(paid.body.data.items.every((item) => item.payStatus === 'Completado')).toBe(true);
    const mine = await list({ providerId: String(seller.id), take: '100' });
    expect(mine.body.data.items.every((item) => item.provider.id === seller.id)).toBe(true);
    const sorted = await list({ field: 'orderNumber', order: 'ASC', take: '100' });
    const numbers = sorted.body.data.items.map((item) => item.orderNumber);
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
  });
});

describe('privileges per role (spec 001 §6)', () => {
  const ROLE_TABLE: [DemoRole, number][] = [
    ['superAdmin', 200],
    ['logisticsManager', 200],
    ['branchManager', 403],
    ['operationalManager', 403],
    ['franchisee', 403],
    ['medic', 403],
    ['cosmetologist', 403],
  ];
  it.each(ROLE_TABLE)(
    'a %s: list, detail, create, update, delete, PDF → %i',
    async (who, status) => {
      const record = await created();
      const token =
        who === 'logisticsManager'
          ? logistics
          : who === 'superAdmin'
            ? admin
            : (await signInAs(t.app, who)).token;
      const answers = [
        (await list({}, token)).status,
        (await call(t.app, 'GET', `/v1/purchase-order/${record.id}`, { token })).status,
        (await create(order(), token)).status,
        (await update(record.id, { comments: `por ${who}` }, token)).status,
        (
          await t.app.inject({
            method: 'GET',
            url: `/v1/purchase-order/${record.id}/download`,
            headers: { authorization: `Bearer ${token}` },
          })
        ).statusCode,
        (await remove(record.id, token)).status,
      ];
      expect(answers).toEqual(status === 200 ? [200, 200, 201, 200, 200, 200] : Array(6).fill(403));
      await expectBalanced();
    },
  );
});
