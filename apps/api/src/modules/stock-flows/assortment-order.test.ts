import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Conflict, NotFound, auditFieldLabels } from '@clinica/domain';
import { assortmentOrder, maxMin } from '../../db/schema';
import {
  approve,
  as,
  cedis,
  confirm,
  create,
  expectRefused,
  historyOf,
  mexicali,
  orderFor,
  playas,
  reject,
  sentOrder,
  stockedProduct,
  t,
  zonaRio,
  useAssortmentOrderWorld,
} from './assortment-order.fixture';

/**
 * Assortment orders end to end over HTTP (spec 001 §3–§6, CONTRACT §9): every transition and
 * refusal, who may do each, the branch scope, the units (every lot equal to its movements, each
 * product's units conserved across lots, transit and losses), the history, the list and the PDF;
 * on PostgreSQL, concurrent approvals and confirmations of one order. One concern a file: create,
 * update and delete here; approve, confirm and reject in -flow; list, detail, PDF and privileges
 * in -read; the races in -races.
 */

useAssortmentOrderWorld();

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
