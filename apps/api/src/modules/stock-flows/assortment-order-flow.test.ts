import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Conflict, NotFound, Unprocessable } from '@clinica/domain';
import { role } from '../../db/schema';
import { receiveStock } from '../inventory/ledger';
import {
  approve,
  base,
  branchLot,
  cedis,
  confirm,
  create,
  expectBalanced,
  expectRefused,
  historyOf,
  lotQuantity,
  movementsOf,
  orderFor,
  reject,
  sentOrder,
  state,
  stockedProduct,
  t,
  tokens,
  unitsOf,
  zonaRio,
  useAssortmentOrderWorld,
} from './assortment-order.fixture';

useAssortmentOrderWorld();

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
