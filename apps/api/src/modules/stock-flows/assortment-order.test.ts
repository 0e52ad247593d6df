import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import {
  Conflict,
  NotFound,
  ROLE_KEYS,
  Unprocessable,
  auditFieldLabels,
  type AssortmentOrderRecord,
  type RoleKey,
} from '@clinica/domain';
import {
  assortmentOrder,
  assortmentOrderProduct,
  auditLog,
  maxMin,
  role,
  stock,
  stockMovement,
} from '../../db/schema';
import { queryRows } from '../../db/client';
import { onPostgres } from '../../test/races';
import {
  branchId,
  call,
  createTestApp,
  signInAs,
  type Answer,
  type TestApp,
} from '../../test/harness';
import { insertSupplyProduct } from '../catalogue/test-support';
import { receiveStock, unbalancedLots, unbalancedSummaries } from '../inventory/ledger';

/**
 * Assortment orders end to end over HTTP (spec 001 §3–§6, CONTRACT §9): every transition and
 * refusal, who may do each, the branch scope, the units (every lot equal to its movements, each
 * product's units conserved across lots, transit and losses), the history, the list and the PDF;
 * on PostgreSQL, concurrent approvals and confirmations of one order.
 */

type Order = AssortmentOrderRecord;

let t: TestApp;
const tokens = {} as Record<RoleKey, string>;
let cedis: number;
let zonaRio: number;
let playas: number;
let mexicali: number;
/** What the seed left unbalanced (lots seeded without movements): no flow may change it. */

beforeAll(async () => {
  t = await createTestApp();
  for (const key of ROLE_KEYS) tokens[key] = (await signInAs(t.app, key)).token;
  cedis = await branchId(t.app, 'CEDIS');
  zonaRio = await branchId(t.app, 'Zona Río');
  playas = await branchId(t.app, 'Playas de Tijuana');
  mexicali = await branchId(t.app, 'Mexicali Centro');
});
afterAll(async () => {
  await t?.close();
});

const base = '/v1/assortment-order';
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const as = <T = Order>(who: RoleKey, method: Method, path: string, body?: unknown) =>
  call<T>(t.app, method, `${base}${path}`, { token: tokens[who], body });

const create = (who: RoleKey, body: Record<string, unknown>) => as(who, 'POST', '/create', body);
const approve = (who: RoleKey, id: number, lines: unknown[]) =>
  as(who, 'PUT', `/${id}/approve`, { assortmentOrderProducts: lines });
const confirm = (who: RoleKey, id: number, lines: unknown[]) =>
  as(who, 'PUT', `/${id}/confirm`, { assortmentOrderProducts: lines });
const reject = (who: RoleKey, id: number, body: unknown = {}) =>
  as(who, 'PATCH', `/${id}/reject`, body);

let serial = 0;
/**
 * A product of the test's own with lots at the distribution centre that entered through the
 * ledger (as a purchase would), so every lot it touches balances with its movements.
 */
async function stockedProduct(quantities: number[]) {
  serial += 1;
  const productId = await insertSupplyProduct(t.app.db, `AO-${String(serial).padStart(4, '0')}`);
  const lots: number[] = [];
  for (const [index, quantity] of quantities.entries()) {
    const lot = await receiveStock(
      t.app.db,
      {
        branchId: cedis,
        productId,
        allotment: `L${serial}-${index + 1}`,
        expiresIn: `2027-0${index + 1}-15`,
      },
      { quantity, cause: 'purchase', userId: null },
    );
    lots.push(lot.stockId);
  }
  return { productId, lots };
}

/** Everything a refusal must leave as it was: lots, ledger, orders, lines and the history. */
async function state() {
  const [movements] = await t.app.db.select({ n: count() }).from(stockMovement);
  const [entries] = await t.app.db.select({ n: count() }).from(auditLog);
  return {
    lots: await t.app.db
      .select({ id: stock.id, quantity: stock.quantity })
      .from(stock)
      .orderBy(asc(stock.id)),
    movements: movements!.n,
    entries: entries!.n,
    orders: await t.app.db.select().from(assortmentOrder).orderBy(asc(assortmentOrder.id)),
    lines: await t.app.db
      .select()
      .from(assortmentOrderProduct)
      .orderBy(asc(assortmentOrderProduct.id)),
  };
}

/** Fails unless the answer is that refusal and nothing changed. */
async function expectRefused(
  attempt: () => Promise<Answer>,
  status: number,
  code = 0,
): Promise<Answer> {
  const before = await state();
  const answer = await attempt();
  expect({ status: answer.status, code: answer.body.code }).toEqual({ status, code });
  expect(await state()).toEqual(before);
  return answer;
}

/**
 * A product's units wherever they are: in its lots, in transit (sent by an order not yet
 * confirmed or rejected), or recorded as lost on the way. Nothing but a purchase changes it.
 */
async function unitsOf(productId: number): Promise<number> {
  const [row] = await queryRows<{ lots: number; transit: number; lost: number }>(
    t.app.db,
    sql`SELECT
      (SELECT coalesce(sum(quantity), 0) FROM stock WHERE product_id = ${productId})::int AS lots,
      (SELECT coalesce(sum(l.stocked_quantity), 0) FROM assortment_order_product l
         JOIN assortment_order o ON o.id = l.assortment_order_id
        WHERE l.product_id = ${productId} AND o.status = 'En transito')::int AS transit,
      (SELECT coalesce(sum(quantity), 0) FROM stock_movement
        WHERE product_id = ${productId} AND cause = 'transit-loss')::int AS lost`,
  );
  return Number(row!.lots) + Number(row!.transit) + Number(row!.lost);
}

async function expectBalanced() {
  expect(await unbalancedLots(t.app.db)).toEqual([]);
  expect(await unbalancedSummaries(t.app.db)).toEqual([]);
}

const lotQuantity = async (id: number) =>
  (await t.app.db.select({ q: stock.quantity }).from(stock).where(eq(stock.id, id)))[0]!.q;

/** The branch's lot of a product, lot code and expiry (where received units go). */
async function branchLot(branch: number, productId: number, allotment: string) {
  const [row] = await t.app.db
    .select({ id: stock.id, quantity: stock.quantity, expiresIn: stock.expiresIn })
    .from(stock)
    .where(
      and(
        eq(stock.branchId, branch),
        eq(stock.productId, productId),
        eq(stock.allotment, allotment),
      ),
    );
  return row;
}

const movementsOf = (orderId: number) =>
  t.app.db
    .select({
      stockId: stockMovement.stockId,
      quantity: stockMovement.quantity,
      cause: stockMovement.cause,
      documentType: stockMovement.documentType,
      documentNumber: stockMovement.documentNumber,
    })
    .from(stockMovement)
    .where(
      and(eq(stockMovement.documentType, 'assortmentOrder'), eq(stockMovement.documentId, orderId)),
    )
    .orderBy(asc(stockMovement.id));

const historyOf = (orderId: number) =>
  t.app.db
    .select({
      action: auditLog.action,
      order: auditLog.orderNumber,
      stockId: auditLog.stockId,
      productId: auditLog.productId,
      originBranchId: auditLog.originBranchId,
      destinationBranchId: auditLog.destinationBranchId,
      changes: auditLog.changes,
    })
    .from(auditLog)
    .where(and(eq(auditLog.module, 'assortmentOrder'), eq(auditLog.recordId, orderId)))
    .orderBy(asc(auditLog.id));

/** An order for Zona Río, made by its branch manager, of the given products. */
async function orderFor(
  lines: { productId: number; orderedQuantity: number }[],
  who: RoleKey = 'branchManager',
) {
  const answer = await create(who, {
    orderType: 'Ordinario general',
    ...(who === 'branchManager' ? {} : { branchId: zonaRio }),
    assortmentOrderProducts: lines,
  });
  expect(answer.status).toBe(201);
  return answer.body.data;
}

describe('the demo orders', () => {
  it('seeds every order type in every status through the services', async () => {
    const rows = await t.app.db
      .select({ type: assortmentOrder.orderType, status: assortmentOrder.status })
      .from(assortmentOrder)
      .where(
        sql`${assortmentOrder.createdBy} IN (SELECT id FROM "user" WHERE username IN ('gerente@clinica.mx', 'franquicia@clinica.mx', 'admin@clinica.mx'))`,
      );
    const seen = new Set(rows.map((row) => `${row.type}|${row.status}`));
    for (const type of [
      'Orden de apertura',
      'Ordinario de venta',
      'Ordinario general',
      'Extraordinario de venta',
      'Extraordinario general',
    ])
      for (const status of ['En proceso', 'En transito', 'Terminada', 'Rechazada', 'Eliminada'])
        expect(seen).toContain(`${type}|${status}`);
    const [entries] = await t.app.db
      .select({ n: count() })
      .from(auditLog)
      .where(eq(auditLog.module, 'assortmentOrder'));
    expect(entries!.n).toBeGreaterThan(25);
  });
});

describe('create (spec 001 §5)', () => {
  it('creates an order En proceso for the branch manager’s own branch, audited per line', async () => {
    const a = await stockedProduct([20]);
    const b = await stockedProduct([20]);
    const answer = await create('branchManager', {
      orderType: 'Orden de apertura',
      comments: 'Apertura de cabina',
      assortmentOrderProducts: [
        { productId: a.productId, orderedQuantity: 5 },
        { productId: b.productId, orderedQuantity: 3 },
      ],
    });
    expect(answer.status).toBe(201);
    const order = answer.body.data;
    expect(order).toMatchObject({
      status: 'En proceso',
      orderType: 'Orden de apertura',
      branch: { id: zonaRio, name: 'Zona Río' },
      orderBy: { name: 'Daniela', lastName: 'Castro' },
      approvedBy: null,
      hasDifference: false,
      comments: 'Apertura de cabina',
    });
    expect(order.folio).toBe(`OR-${String(order.orderNumber).padStart(6, '0')}`);
    expect(
      order.assortmentOrderProducts.map((line) => [line.productId, line.orderedQuantity]),
    ).toEqual([
      [a.productId, 5],
      [b.productId, 3],
    ]);
    const history = await historyOf(order.id);
    expect(history).toHaveLength(2);
    expect(history[0]).toMatchObject({
      action: 'create',
      order: order.folio,
      productId: a.productId,
      originBranchId: cedis,
      destinationBranchId: zonaRio,
    });
    expect(history[0]!.changes).toMatchObject({
      status: { before: null, after: 'En proceso' },
      'assortmentOrderProducts.orderedQuantity': { before: null, after: 5 },
    });
    // Named in the history as the form names them.
    const labels = auditFieldLabels('assortmentOrder');
    expect(Object.keys(history[0]!.changes!).filter((key) => !labels[key])).toEqual(
      expect.not.arrayContaining([
        'status',
        'orderType',
        'assortmentOrderProducts.orderedQuantity',
      ]),
    );
    expect(labels['assortmentOrderProducts.stockedQuantity']).toBe('Cantidad enviada');
  });

  it('accepts each of the five order types and refuses any other', async () => {
    const a = await stockedProduct([5]);
    for (const orderType of [
      'Orden de apertura',
      'Ordinario de venta',
      'Ordinario general',
      'Extraordinario de venta',
      'Extraordinario general',
    ]) {
      const answer = await create('branchManager', {
        orderType,
        assortmentOrderProducts: [{ productId: a.productId, orderedQuantity: 1 }],
      });
      expect(answer.status).toBe(201);
    }
    await expectRefused(
      () =>
        create('branchManager', {
          orderType: 'Urgente',
          assortmentOrderProducts: [{ productId: a.productId, orderedQuantity: 1 }],
        }),
      400,
    );
  });

  it('refuses a quantity above the branch’s max naming the line, and a max of 0 is no limit', async () => {
    const a = await stockedProduct([50]);
    const b = await stockedProduct([50]);
    await t.app.db.insert(maxMin).values([
      { branchId: zonaRio, productId: a.productId, max: 10, min: 2 },
      { branchId: zonaRio, productId: b.productId, max: 0, min: 0 },
    ]);
    const refused = await expectRefused(
      () =>
        create('branchManager', {
          orderType: 'Ordinario de venta',
          assortmentOrderProducts: [
            { productId: b.productId, orderedQuantity: 40 },
            { productId: a.productId, orderedQuantity: 11 },
          ],
        }),
      400,
    );
    expect(refused.body.details).toEqual([
      {
        field: 'assortmentOrderProducts.1.orderedQuantity',
        message: 'La cantidad excede el límite permitido',
      },
    ]);
    const atMax = await create('branchManager', {
      orderType: 'Ordinario de venta',
      assortmentOrderProducts: [
        { productId: b.productId, orderedQuantity: 40 },
        { productId: a.productId, orderedQuantity: 10 },
      ],
    });
    expect(atMax.status).toBe(201);
    // The max is the receiving branch's: another branch without one has no limit.
    expect(
      (
        await create('logisticsManager', {
          orderType: 'Ordinario de venta',
          branchId: mexicali,
          assortmentOrderProducts: [{ productId: a.productId, orderedQuantity: 11 }],
        })
      ).status,
    ).toBe(201);
  });

  it('fixes the branch of branch-fixed roles; the others must name one that is not the CEDIS', async () => {
    const a = await stockedProduct([5]);
    const lines = [{ productId: a.productId, orderedQuantity: 1 }];
    // A branch-fixed role naming another branch: it does not exist for them.
    await expectRefused(
      () =>
        create('branchManager', {
          orderType: 'Ordinario general',
          branchId: playas,
          assortmentOrderProducts: lines,
        }),
      404,
      NotFound.branch,
    );
    const own = await create('franchisee', {
      orderType: 'Ordinario general',
      assortmentOrderProducts: lines,
    });
    expect(own.body.data.branch.id).toBe(playas);
    const missing = await expectRefused(
      () =>
        create('logisticsManager', {
          orderType: 'Ordinario general',
          assortmentOrderProducts: lines,
        }),
      400,
    );
    expect(missing.body.details?.[0]?.field).toBe('branchId');
    const toCedis = await expectRefused(
      () =>
        create('superAdmin', {
          orderType: 'Ordinario general',
          branchId: cedis,
          assortmentOrderProducts: lines,
        }),
      400,
    );
    expect(toCedis.body.details?.[0]?.field).toBe('branchId');
    await expectRefused(
      () =>
        create('superAdmin', {
          orderType: 'Ordinario general',
          branchId: 999_999,
          assortmentOrderProducts: lines,
        }),
      404,
      NotFound.branch,
    );
  });

  it('refuses an unknown product (404 code 13), a repeated one and an empty order (400)', async () => {
    const a = await stockedProduct([5]);
    await expectRefused(
      () =>
        create('branchManager', {
          orderType: 'Ordinario general',
          assortmentOrderProducts: [{ productId: 999_999, orderedQuantity: 1 }],
        }),
      404,
      NotFound.product,
    );
    const repeated = await expectRefused(
      () =>
        create('branchManager', {
          orderType: 'Ordinario general',
          assortmentOrderProducts: [
            { productId: a.productId, orderedQuantity: 1 },
            { productId: a.productId, orderedQuantity: 2 },
          ],
        }),
      400,
    );
    expect(repeated.body.details?.[0]?.field).toBe('assortmentOrderProducts.1.productId');
    await expectRefused(
      () =>
        create('branchManager', { orderType: 'Ordinario general', assortmentOrderProducts: [] }),
      400,
    );
    await expectRefused(
      () =>
        create('branchManager', {
          orderType: 'Ordinario general',
          assortmentOrderProducts: [{ productId: a.productId, orderedQuantity: 0 }],
        }),
      400,
    );
  });
});

describe('update (only En proceso)', () => {
  it('replaces lines and comments, checked against the max, and is audited', async () => {
    const a = await stockedProduct([10]);
    const b = await stockedProduct([10]);
    const order = await orderFor([{ productId: a.productId, orderedQuantity: 2 }]);
    const answer = await as('branchManager', 'PUT', `/${order.id}/update`, {
      comments: 'Cambio de cantidades',
      assortmentOrderProducts: [
        { productId: a.productId, orderedQuantity: 4 },
        { productId: b.productId, orderedQuantity: 1 },
      ],
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data.comments).toBe('Cambio de cantidades');
    expect(
      answer.body.data.assortmentOrderProducts.map((line) => [
        line.productId,
        line.orderedQuantity,
      ]),
    ).toEqual([
      [a.productId, 4],
      [b.productId, 1],
    ]);
    expect(answer.body.data.assortmentOrderProducts[0]!.id).toBe(
      order.assortmentOrderProducts[0]!.id,
    );
    const updates = (await historyOf(order.id)).filter((entry) => entry.action === 'update');
    expect(updates.map((entry) => [entry.productId, entry.changes])).toEqual([
      [
        a.productId,
        {
          comments: { before: null, after: 'Cambio de cantidades' },
          'assortmentOrderProducts.orderedQuantity': { before: 2, after: 4 },
        },
      ],
      [
        b.productId,
        expect.objectContaining({
          comments: { before: null, after: 'Cambio de cantidades' },
          'assortmentOrderProducts.orderedQuantity': { before: null, after: 1 },
        }),
      ],
    ]);
    await t.app.db
      .insert(maxMin)
      .values({ branchId: zonaRio, productId: b.productId, max: 3, min: 1 });
    await expectRefused(
      () =>
        as('branchManager', 'PUT', `/${order.id}/update`, {
          assortmentOrderProducts: [{ productId: b.productId, orderedQuantity: 4 }],
        }),
      400,
    );
    // Only the order type: the lines stay.
    const typed = await as('branchManager', 'PUT', `/${order.id}/update`, {
      orderType: 'Extraordinario general',
    });
    expect(typed.body.data.orderType).toBe('Extraordinario general');
    expect(typed.body.data.assortmentOrderProducts).toHaveLength(2);
    // A product left out loses its line.
    const fewer = await as('branchManager', 'PUT', `/${order.id}/update`, {
      assortmentOrderProducts: [{ productId: b.productId, orderedQuantity: 2 }],
    });
    expect(
      fewer.body.data.assortmentOrderProducts.map((line) => [line.productId, line.orderedQuantity]),
    ).toEqual([[b.productId, 2]]);
  });

  it('refuses once approved (409 code 30) or rejected (409 code 33)', async () => {
    const a = await stockedProduct([10]);
    const sent = await orderFor([{ productId: a.productId, orderedQuantity: 2 }]);
    expect(
      (
        await approve('logisticsManager', sent.id, [
          { productId: a.productId, stockId: a.lots[0], stockedQuantity: 2 },
        ])
      ).status,
    ).toBe(200);
    const body = { comments: 'tarde' };
    await expectRefused(
      () => as('superAdmin', 'PUT', `/${sent.id}/update`, body),
      409,
      Conflict.orderFinished,
    );
    const rejected = await orderFor([{ productId: a.productId, orderedQuantity: 2 }]);
    expect((await reject('logisticsManager', rejected.id)).status).toBe(200);
    await expectRefused(
      () => as('superAdmin', 'PUT', `/${rejected.id}/update`, body),
      409,
      Conflict.orderCancelled,
    );
  });
});

describe('approve (spec 001 §4, §6)', () => {
  it('sends each product from CEDIS lots, splitting a product over two lots, and puts the order in transit', async () => {
    const a = await stockedProduct([4, 10]);
    const b = await stockedProduct([10]);
    const units = [await unitsOf(a.productId), await unitsOf(b.productId)];
    const order = await orderFor([
      { productId: a.productId, orderedQuantity: 6 },
      { productId: b.productId, orderedQuantity: 3 },
    ]);
    t.clock.advance(60_000);
    const answer = await approve('logisticsManager', order.id, [
      { productId: a.productId, stockId: a.lots[0], stockedQuantity: 4 },
      { productId: b.productId, stockId: b.lots[0], stockedQuantity: 3 },
      { productId: a.productId, stockId: a.lots[1], stockedQuantity: 2 },
    ]);
    expect(answer.status).toBe(200);
    const sent = answer.body.data;
    expect(sent).toMatchObject({
      status: 'En transito',
      approvedBy: { name: 'Luis', lastName: 'Herrera' },
      originBranch: { id: cedis, name: 'CEDIS' },
    });
    expect(sent.approvedAt).toBe(t.clock.now().toISOString());
    expect(sent.sentAt).toBe(t.clock.now().toISOString());
    expect(
      sent.assortmentOrderProducts.map((line) => [
        line.productId,
        line.stockId,
        line.orderedQuantity,
        line.stockedQuantity,
      ]),
    ).toEqual([
      [a.productId, a.lots[0], 6, 4],
      [b.productId, b.lots[0], 3, 3],
      [a.productId, a.lots[1], 0, 2],
    ]);
    expect(sent.assortmentOrderProducts[0]!.productStock).toMatchObject({
      allotment: expect.stringMatching(/^L\d+-1$/),
      expiresIn: '2027-01-15',
    });
    expect(await lotQuantity(a.lots[0]!)).toBe(0);
    expect(await lotQuantity(a.lots[1]!)).toBe(8);
    expect(await lotQuantity(b.lots[0]!)).toBe(7);
    expect(await movementsOf(order.id)).toEqual(
      [
        [a.lots[0], -4],
        [a.lots[1], -2],
        [b.lots[0], -3],
      ]
        .sort((x, y) => x[0]! - y[0]!)
        .map(([stockId, quantity]) => ({
          stockId,
          quantity,
          cause: 'assortment',
          documentType: 'assortmentOrder',
          documentNumber: order.folio,
        })),
    );
    const approvals = (await historyOf(order.id)).filter((entry) => entry.action === 'approve');
    expect(approvals.map((entry) => entry.stockId)).toEqual([a.lots[0], b.lots[0], a.lots[1]]);
    expect(approvals[0]).toMatchObject({
      order: order.folio,
      originBranchId: cedis,
      destinationBranchId: zonaRio,
    });
    expect(approvals[0]!.changes).toMatchObject({
      status: { before: 'En proceso', after: 'En transito' },
      'assortmentOrderProducts.stockedQuantity': { before: null, after: 4 },
    });
    expect([await unitsOf(a.productId), await unitsOf(b.productId)]).toEqual(units);
    await expectBalanced();
  });

  it('refuses short lots with 422 code 1 naming the line, and nothing leaves any lot', async () => {
    const a = await stockedProduct([3]);
    const b = await stockedProduct([10]);
    const order = await orderFor([
      { productId: a.productId, orderedQuantity: 5 },
      { productId: b.productId, orderedQuantity: 2 },
    ]);
    const answer = await expectRefused(
      () =>
        approve('logisticsManager', order.id, [
          { productId: b.productId, stockId: b.lots[0], stockedQuantity: 2 },
          { productId: a.productId, stockId: a.lots[0], stockedQuantity: 5 },
        ]),
      422,
      Unprocessable.insufficientInventory,
    );
    expect(answer.body.details).toEqual([
      { field: 'assortmentOrderProducts.1.stockedQuantity', message: 'Inventarío insuficiente' },
    ]);
    await expectBalanced();
  });

  it('refuses lots that are not the CEDIS’s or not of the product, repeated, unknown, and products left out or foreign', async () => {
    const a = await stockedProduct([10]);
    const b = await stockedProduct([10]);
    const order = await orderFor([{ productId: a.productId, orderedQuantity: 2 }]);
    const clinicLot = await receiveStock(
      t.app.db,
      { branchId: zonaRio, productId: a.productId, allotment: 'ZR-1', expiresIn: null },
      { quantity: 5, cause: 'purchase', userId: null },
    );
    const notCedis = await expectRefused(
      () =>
        approve('logisticsManager', order.id, [
          { productId: a.productId, stockId: clinicLot.stockId, stockedQuantity: 2 },
        ]),
      400,
    );
    expect(notCedis.body.details).toEqual([
      { field: 'assortmentOrderProducts.0.stockId', message: 'El lote no es del CEDIS' },
    ]);
    const otherProduct = await expectRefused(
      () =>
        approve('logisticsManager', order.id, [
          { productId: a.productId, stockId: b.lots[0], stockedQuantity: 2 },
        ]),
      400,
    );
    expect(otherProduct.body.details?.[0]?.message).toBe('El lote no es de este producto');
    await expectRefused(
      () =>
        approve('logisticsManager', order.id, [
          { productId: a.productId, stockId: a.lots[0], stockedQuantity: 1 },
          { productId: a.productId, stockId: a.lots[0], stockedQuantity: 1 },
        ]),
      400,
    );
    await expectRefused(
      () =>
        approve('logisticsManager', order.id, [
          { productId: a.productId, stockId: 999_999, stockedQuantity: 1 },
        ]),
      404,
      NotFound.stock,
    );
    await expectRefused(
      () =>
        approve('logisticsManager', order.id, [
          { productId: a.productId, stockId: a.lots[0], stockedQuantity: 1 },
          { productId: b.productId, stockId: b.lots[0], stockedQuantity: 1 },
        ]),
      400,
    );
    const two = await orderFor([
      { productId: a.productId, orderedQuantity: 1 },
      { productId: b.productId, orderedQuantity: 1 },
    ]);
    const leftOut = await expectRefused(
      () =>
        approve('logisticsManager', two.id, [
          { productId: a.productId, stockId: a.lots[0], stockedQuantity: 1 },
        ]),
      400,
    );
    expect(leftOut.body.details?.[0]?.field).toBe('assortmentOrderProducts');
    await expectRefused(
      () =>
        approve('logisticsManager', order.id, [
          { productId: a.productId, stockId: a.lots[0], stockedQuantity: 0 },
        ]),
      400,
    );
  });

  it('never lets the creator approve (409 code 31) nor a branch or operational manager, even granted approve (403)', async () => {
    const a = await stockedProduct([10]);
    const lines = [{ productId: a.productId, stockId: a.lots[0], stockedQuantity: 1 }];
    const own = await orderFor(
      [{ productId: a.productId, orderedQuantity: 1 }],
      'logisticsManager',
    );
    await expectRefused(
      () => approve('logisticsManager', own.id, lines),
      409,
      Conflict.creatorCannotApprove,
    );
    const order = await orderFor([{ productId: a.productId, orderedQuantity: 1 }], 'superAdmin');
    // By default neither manager holds approve (403 at the guard); granted it, the rule still holds.
    await expectRefused(() => approve('branchManager', order.id, lines), 403);
    const [manager] = await t.app.db
      .select({ privileges: role.privileges })
      .from(role)
      .where(eq(role.key, 'branchManager'));
    const granted = {
      ...(manager!.privileges as Record<string, string[]>),
      assortmentOrder: ['view', 'show', 'create', 'edit', 'approve', 'reports'],
    };
    await t.app.db.update(role).set({ privileges: granted }).where(eq(role.key, 'branchManager'));
    await t.app.db
      .update(role)
      .set({ privileges: granted })
      .where(eq(role.key, 'operationalManager'));
    try {
      await expectRefused(() => approve('branchManager', order.id, lines), 403);
      await expectRefused(() => approve('operationalManager', order.id, lines), 403);
    } finally {
      await t.app.db
        .update(role)
        .set({ privileges: manager!.privileges })
        .where(eq(role.key, 'branchManager'));
      await t.app.db
        .update(role)
        .set({ privileges: manager!.privileges })
        .where(eq(role.key, 'operationalManager'));
    }
    expect((await approve('logisticsManager', order.id, lines)).status).toBe(200);
    await expectRefused(() => approve('superAdmin', order.id, lines), 409, Conflict.orderFinished);
  });
});

/** An order of Zona Río sent with the given lots, ready to confirm. */
async function sentOrder(product: { productId: number; lots: number[] }, quantities: number[]) {
  const total = quantities.reduce((sum, n) => sum + n, 0);
  const order = await orderFor([{ productId: product.productId, orderedQuantity: total }]);
  const answer = await approve(
    'logisticsManager',
    order.id,
    quantities.map((stockedQuantity, index) => ({
      productId: product.productId,
      stockId: product.lots[index],
      stockedQuantity,
    })),
  );
  expect(answer.status).toBe(200);
  return answer.body.data;
}

describe('confirm (by the receiving branch)', () => {
  it('puts what arrived in the branch’s lots of the same lot and expiry, records the rest as lost, and finishes', async () => {
    const a = await stockedProduct([10, 10]);
    const units = await unitsOf(a.productId);
    const order = await sentOrder(a, [5, 3]);
    expect(await unitsOf(a.productId)).toBe(units);
    const [first, second] = order.assortmentOrderProducts;
    t.clock.advance(60_000);
    const answer = await confirm('branchManager', order.id, [
      { id: first!.id, receivedQuantity: 4 },
      { id: second!.id, receivedQuantity: 3 },
    ]);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({
      status: 'Terminada',
      hasDifference: true,
      receivedBy: { name: 'Daniela' },
      finishedAt: t.clock.now().toISOString(),
    });
    expect(answer.body.data.assortmentOrderProducts.map((line) => line.receivedQuantity)).toEqual([
      4, 3,
    ]);
    const lot1 = await branchLot(zonaRio, a.productId, first!.productStock!.allotment);
    const lot2 = await branchLot(zonaRio, a.productId, second!.productStock!.allotment);
    expect(lot1).toMatchObject({ quantity: 4, expiresIn: '2027-01-15' });
    expect(lot2).toMatchObject({ quantity: 3, expiresIn: '2027-02-15' });
    const moves = await movementsOf(order.id);
    expect(moves.filter((move) => move.cause === 'transit-loss')).toEqual([
      expect.objectContaining({ stockId: a.lots[0], quantity: 1 }),
    ]);
    expect(
      moves
        .filter((move) => move.cause === 'assortment' && move.quantity > 0)
        .map((move) => [move.stockId, move.quantity]),
    ).toEqual([
      [lot1!.id, 4],
      [lot2!.id, 3],
    ]);
    expect(await unitsOf(a.productId)).toBe(units);
    const confirms = (await historyOf(order.id)).filter((entry) => entry.action === 'confirm');
    expect(confirms).toHaveLength(2);
    expect(confirms[0]!.changes).toMatchObject({
      status: { before: 'En transito', after: 'Terminada' },
      'assortmentOrderProducts.receivedQuantity': { before: null, after: 4 },
      hasDifference: { before: false, after: true },
    });
    await expectBalanced();
    await expectRefused(
      () => confirm('branchManager', order.id, [{ id: first!.id, receivedQuantity: 4 }]),
      409,
      Conflict.orderFinished,
    );
  });

  it('received in full has no difference; a second order of the same lot joins the same branch lot', async () => {
    const a = await stockedProduct([10]);
    for (const expected of [2, 4]) {
      const order = await sentOrder(a, [2]);
      const answer = await confirm('operationalManager', order.id, [
        { id: order.assortmentOrderProducts[0]!.id, receivedQuantity: 2 },
      ]);
      expect(answer.body.data.hasDifference).toBe(false);
      const lot = await branchLot(
        zonaRio,
        a.productId,
        order.assortmentOrderProducts[0]!.productStock!.allotment,
      );
      expect(lot!.quantity).toBe(expected);
    }
    await expectBalanced();
  });

  it('refuses before approval (29), more than sent (400), missing or foreign lines (400), rejected (33)', async () => {
    const a = await stockedProduct([10, 10]);
    const open = await orderFor([{ productId: a.productId, orderedQuantity: 1 }]);
    await expectRefused(
      () =>
        confirm('branchManager', open.id, [
          { id: open.assortmentOrderProducts[0]!.id, receivedQuantity: 1 },
        ]),
      409,
      Conflict.orderNotApproved,
    );
    const order = await sentOrder(a, [2, 1]);
    const [first, second] = order.assortmentOrderProducts;
    const more = await expectRefused(
      () =>
        confirm('branchManager', order.id, [
          { id: first!.id, receivedQuantity: 3 },
          { id: second!.id, receivedQuantity: 1 },
        ]),
      400,
    );
    expect(more.body.details).toEqual([
      {
        field: 'assortmentOrderProducts.0.receivedQuantity',
        message: 'La cantidad recibida no puede ser mayor a la enviada',
      },
    ]);
    await expectRefused(
      () => confirm('branchManager', order.id, [{ id: first!.id, receivedQuantity: 2 }]),
      400,
    );
    await expectRefused(
      () =>
        confirm('branchManager', order.id, [
          { id: first!.id, receivedQuantity: 2 },
          { id: second!.id, receivedQuantity: 1 },
          { id: open.assortmentOrderProducts[0]!.id, receivedQuantity: 1 },
        ]),
      400,
    );
    expect((await reject('logisticsManager', order.id)).status).toBe(200);
    await expectRefused(
      () =>
        confirm('branchManager', order.id, [
          { id: first!.id, receivedQuantity: 2 },
          { id: second!.id, receivedQuantity: 1 },
        ]),
      409,
      Conflict.orderCancelled,
    );
  });

  it('is the receiving branch’s: another branch’s role finds no such order; roles without edit are 403', async () => {
    const a = await stockedProduct([10]);
    const order = await sentOrder(a, [2]);
    const lines = [{ id: order.assortmentOrderProducts[0]!.id, receivedQuantity: 2 }];
    for (const who of ['franchisee', 'medic', 'cosmetologist'] as const)
      await expectRefused(() => confirm(who, order.id, lines), 403);
    // A branch-fixed role with edit at another branch: moved to Playas, the manager sees nothing.
    const playasOrder = await create('franchisee', {
      orderType: 'Ordinario general',
      assortmentOrderProducts: [{ productId: a.productId, orderedQuantity: 1 }],
    });
    const sent = await approve('logisticsManager', playasOrder.body.data.id, [
      { productId: a.productId, stockId: a.lots[0], stockedQuantity: 1 },
    ]);
    await expectRefused(
      () =>
        confirm('branchManager', sent.body.data.id, [
          { id: sent.body.data.assortmentOrderProducts[0]!.id, receivedQuantity: 1 },
        ]),
      404,
      NotFound.assortmentOrder,
    );
    // Logistics (every branch) confirms for the franchise.
    expect(
      (
        await confirm('logisticsManager', sent.body.data.id, [
          { id: sent.body.data.assortmentOrderProducts[0]!.id, receivedQuantity: 1 },
        ])
      ).status,
    ).toBe(200);
    await expectBalanced();
  });
});

describe('reject', () => {
  it('rejects an order in process without touching any lot', async () => {
    const a = await stockedProduct([10]);
    const order = await orderFor([{ productId: a.productId, orderedQuantity: 2 }]);
    const before = (await state()).lots;
    const answer = await reject('logisticsManager', order.id, { reason: 'Sin presupuesto' });
    expect(answer.body.data).toMatchObject({
      status: 'Rechazada',
      rejectReason: 'Sin presupuesto',
      rejectedBy: { name: 'Luis' },
    });
    expect((await state()).lots).toEqual(before);
    expect((await historyOf(order.id)).at(-1)).toMatchObject({
      action: 'reject',
      order: order.folio,
    });
    await expectRefused(() => reject('superAdmin', order.id), 409, Conflict.orderCancelled);
    // Without a body at all, as a screen may send it.
    const other = await orderFor([{ productId: a.productId, orderedQuantity: 1 }]);
    const bare = await t.app.inject({
      method: 'PATCH',
      url: `${base}/${other.id}/reject`,
      headers: { authorization: `Bearer ${tokens.logisticsManager}` },
    });
    expect(bare.statusCode).toBe(200);
    expect(bare.json().data).toMatchObject({ status: 'Rechazada', rejectReason: null });
  });

  it('returns the units in transit to the CEDIS lots they left', async () => {
    const a = await stockedProduct([6, 6]);
    const units = await unitsOf(a.productId);
    const order = await sentOrder(a, [4, 2]);
    expect(await lotQuantity(a.lots[0]!)).toBe(2);
    const answer = await reject('logisticsManager', order.id);
    expect(answer.status).toBe(200);
    expect(await lotQuantity(a.lots[0]!)).toBe(6);
    expect(await lotQuantity(a.lots[1]!)).toBe(6);
    expect(
      (await movementsOf(order.id))
        .filter((move) => move.cause === 'assortment-reversal')
        .map((move) => [move.stockId, move.quantity]),
    ).toEqual([
      [a.lots[0], 4],
      [a.lots[1], 2],
    ]);
    expect(await unitsOf(a.productId)).toBe(units);
    await expectBalanced();
  });

  it('refuses a finished order (409 code 30) and needs approve (403)', async () => {
    const a = await stockedProduct([6]);
    const order = await sentOrder(a, [1]);
    await expectRefused(() => reject('branchManager', order.id), 403);
    await confirm('branchManager', order.id, [
      { id: order.assortmentOrderProducts[0]!.id, receivedQuantity: 1 },
    ]);
    await expectRefused(() => reject('logisticsManager', order.id), 409, Conflict.orderFinished);
  });
});

describe('delete (only En proceso)', () => {
  it('marks the order Eliminada and deleted, by POST or DELETE; later it is 404', async () => {
    const a = await stockedProduct([6]);
    for (const method of ['POST', 'DELETE'] as const) {
      const order = await orderFor([{ productId: a.productId, orderedQuantity: 1 }]);
      const answer = await as('logisticsManager', method, `/${order.id}/delete`);
      expect(answer.status).toBe(200);
      const [row] = await t.app.db
        .select({ status: assortmentOrder.status, deletedAt: assortmentOrder.deletedAt })
        .from(assortmentOrder)
        .where(eq(assortmentOrder.id, order.id));
      expect(row!.status).toBe('Eliminada');
      expect(row!.deletedAt).not.toBeNull();
      expect((await historyOf(order.id)).at(-1)).toMatchObject({ action: 'delete' });
      await expectRefused(
        () => as('logisticsManager', method, `/${order.id}/delete`),
        404,
        NotFound.assortmentOrder,
      );
      // Still readable, as deleted.
      const read = await as('branchManager', 'GET', `/${order.id}`);
      expect(read.body.data).toMatchObject({ status: 'Eliminada' });
      expect(read.body.data.deleted_at).not.toBeNull();
    }
  });

  it('refuses once approved, finished or rejected (409 code 34)', async () => {
    const a = await stockedProduct([6]);
    const order = await sentOrder(a, [1]);
    await expectRefused(
      () => as('logisticsManager', 'POST', `/${order.id}/delete`),
      409,
      Conflict.orderNotCancellable,
    );
    await confirm('branchManager', order.id, [
      { id: order.assortmentOrderProducts[0]!.id, receivedQuantity: 1 },
    ]);
    await expectRefused(
      () => as('logisticsManager', 'DELETE', `/${order.id}/delete`),
      409,
      Conflict.orderNotCancellable,
    );
    const rejected = await orderFor([{ productId: a.productId, orderedQuantity: 1 }]);
    await reject('logisticsManager', rejected.id);
    await expectRefused(
      () => as('logisticsManager', 'DELETE', `/${rejected.id}/delete`),
      409,
      Conflict.orderNotCancellable,
    );
  });
});

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

describe.runIf(onPostgres)('concurrency on PostgreSQL', () => {
  it('of 10 concurrent approvals of one order one succeeds, and the units leave once', async () => {
    const a = await stockedProduct([30]);
    const order = await orderFor([{ productId: a.productId, orderedQuantity: 3 }]);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        approve('logisticsManager', order.id, [
          { productId: a.productId, stockId: a.lots[0], stockedQuantity: 3 },
        ]),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, ...Array(9).fill(409)]);
    expect(
      answers
        .filter((answer) => answer.status === 409)
        .every((answer) => answer.body.code === Conflict.orderFinished),
    ).toBe(true);
    expect(await lotQuantity(a.lots[0]!)).toBe(27);
    expect(await movementsOf(order.id)).toHaveLength(1);
    expect((await historyOf(order.id)).filter((entry) => entry.action === 'approve')).toHaveLength(
      1,
    );
    await expectBalanced();
  });

  it('of 10 concurrent confirmations one succeeds, and the units arrive once', async () => {
    const a = await stockedProduct([30]);
    const order = await sentOrder(a, [5]);
    const line = order.assortmentOrderProducts[0]!;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        confirm('branchManager', order.id, [{ id: line.id, receivedQuantity: 4 }]),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, ...Array(9).fill(409)]);
    const lot = await branchLot(zonaRio, a.productId, line.productStock!.allotment);
    expect(lot!.quantity).toBe(4);
    expect(
      (await movementsOf(order.id)).filter((move) => move.cause === 'transit-loss'),
    ).toHaveLength(1);
    await expectBalanced();
  });

  it('two orders racing for the last units of a lot: one is sent, the other is 422 and changes nothing', async () => {
    const a = await stockedProduct([5]);
    const first = await orderFor([{ productId: a.productId, orderedQuantity: 5 }]);
    const second = await orderFor([{ productId: a.productId, orderedQuantity: 5 }]);
    const lines = [{ productId: a.productId, stockId: a.lots[0], stockedQuantity: 5 }];
    const answers = await Promise.all([
      approve('logisticsManager', first.id, lines),
      approve('superAdmin', second.id, lines),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 422]);
    expect(await lotQuantity(a.lots[0]!)).toBe(0);
    const statuses = await t.app.db
      .select({ status: assortmentOrder.status })
      .from(assortmentOrder)
      .where(sql`${assortmentOrder.id} IN (${first.id}, ${second.id})`);
    expect(statuses.map((row) => row.status).sort()).toEqual(['En proceso', 'En transito']);
    await expectBalanced();
  });

  it('a rejection racing a confirmation: one wins, and the units end in one place', async () => {
    const a = await stockedProduct([10]);
    const units = await unitsOf(a.productId);
    const order = await sentOrder(a, [4]);
    const line = order.assortmentOrderProducts[0]!;
    const answers = await Promise.all([
      confirm('branchManager', order.id, [{ id: line.id, receivedQuantity: 4 }]),
      reject('logisticsManager', order.id),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(await unitsOf(a.productId)).toBe(units);
    const lot = await branchLot(zonaRio, a.productId, line.productStock!.allotment);
    const atCedis = await lotQuantity(a.lots[0]!);
    expect((lot?.quantity ?? 0) + atCedis).toBe(10);
    await expectBalanced();
  });
});
