import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Conflict } from '@clinica/domain';
import { assortmentOrder } from '../../db/schema';
import { onPostgres } from '../../test/races';
import {
  approve,
  branchLot,
  confirm,
  expectBalanced,
  historyOf,
  lotQuantity,
  movementsOf,
  orderFor,
  reject,
  sentOrder,
  stockedProduct,
  t,
  unitsOf,
  zonaRio,
  useAssortmentOrderWorld,
} from './assortment-order.fixture';

useAssortmentOrderWorld();

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
