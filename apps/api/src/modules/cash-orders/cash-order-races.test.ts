import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { Conflict, Unprocessable } from '@clinica/domain';
import { cashOrder, stockMovement } from '../../db/schema';
import { onPostgres } from '../../test/races';
import {
  balanced,
  lotQuantity,
  newLot,
  newProduct,
  refund,
  sell,
  useCashWorld,
  w,
} from './cash-order.fixture';

/**
 * Cash orders under concurrency (CONTRACT §7, §12), on PostgreSQL: the lots never give more units
 * than they hold, a refund happens once, and every lot stays equal to the sum of its movements.
 * The generated sequence runs on either engine.
 */

useCashWorld();

describe.runIf(onPostgres)('concurrent cash orders (PostgreSQL)', () => {
  it('30 cash orders at once against a lot of 10 take exactly 10 units', async () => {
    const cream = await newProduct();
    const lot = await newLot(cream.id, w.zonaRio, 10, 'RACE-10');
    const other = await newLot(cream.id, w.zonaRio, 100, 'RACE-100');
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        sell({
          // Half name the big lot first: the lots are still locked in one order.
          cashOrderDetails:
            index % 2 === 0
              ? [
                  { stockId: lot, quantity: 1 },
                  { stockId: other, quantity: 1 },
                ]
              : [
                  { stockId: other, quantity: 1 },
                  { stockId: lot, quantity: 1 },
                ],
        }),
      ),
    );
    const created = answers.filter((answer) => answer.status === 201);
    expect(created).toHaveLength(10);
    const refused = answers.filter((answer) => answer.status !== 201);
    expect(
      refused.every(
        (answer) =>
          answer.status === 422 && answer.body.code === Unprocessable.insufficientInventory,
      ),
    ).toBe(true);
    expect(await lotQuantity(lot)).toBe(0);
    expect(await lotQuantity(other)).toBe(90);
    const moves = await w.t.app.db
      .select()
      .from(stockMovement)
      .where(and(eq(stockMovement.stockId, lot), eq(stockMovement.cause, 'cash-order')));
    expect(moves).toHaveLength(10);
    await balanced();
  }, 120_000);

  it('20 refunds of one cash order at once: one 200, the units return once', async () => {
    const cream = await newProduct({ points: 2 });
    const lot = await newLot(cream.id, w.zonaRio, 8, 'RACE-RF');
    const sold = await sell({ cashOrderDetails: [{ stockId: lot, quantity: 3 }] });
    expect(sold.status).toBe(201);
    expect(await lotQuantity(lot)).toBe(5);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => refund(sold.body.data.folio)),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(
      answers.filter(
        (answer) => answer.status === 409 && answer.body.code === Conflict.orderCancelled,
      ),
    ).toHaveLength(19);
    expect(await lotQuantity(lot)).toBe(8);
    await balanced();
  }, 120_000);
});

/** A small deterministic generator (mulberry32), so a failing sequence can be replayed. */
function generator(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

describe('a generated sequence of sales and refunds', () => {
  it('keeps every lot equal to its start less sold plus refunded, and to its movements', async () => {
    const seed = Number(process.env.CASH_ORDER_SEED ?? 26);
    const random = generator(seed);
    const products = [await newProduct(), await newProduct({ type: 'Médico/Venta', tax: 8 })];
    const lots: { id: number; start: number }[] = [];
    for (const [index, item] of products.entries())
      for (const code of ['A', 'B'])
        lots.push({ id: await newLot(item.id, w.zonaRio, 12, `GEN-${index}${code}`), start: 12 });
    const expected = new Map(lots.map((lot) => [lot.id, lot.start]));
    const sales: { folio: string; lines: [number, number][] }[] = [];
    for (let step = 0; step < 40; step += 1) {
      if (sales.length > 0 && random() < 0.3) {
        const sale = sales.splice(Math.floor(random() * sales.length), 1)[0]!;
        const answer = await refund(sale.folio);
        expect(answer.status, `seed ${seed} step ${step}`).toBe(200);
        for (const [stockId, quantity] of sale.lines)
          expected.set(stockId, expected.get(stockId)! + quantity);
        continue;
      }
      const count = 1 + Math.floor(random() * 2);
      const lines: [number, number][] = Array.from({ length: count }, () => [
        lots[Math.floor(random() * lots.length)]!.id,
        1 + Math.floor(random() * 4),
      ]);
      const wanted = new Map<number, number>();
      for (const [stockId, quantity] of lines)
        wanted.set(stockId, (wanted.get(stockId) ?? 0) + quantity);
      const fits = [...wanted].every(([stockId, quantity]) => quantity <= expected.get(stockId)!);
      const answer = await sell({
        cashOrderDetails: lines.map(([stockId, quantity]) => ({ stockId, quantity })),
      });
      if (fits) {
        expect(answer.status, `seed ${seed} step ${step}`).toBe(201);
        for (const [stockId, quantity] of lines)
          expected.set(stockId, expected.get(stockId)! - quantity);
        sales.push({ folio: answer.body.data.folio, lines });
      } else {
        expect([answer.status, answer.body.code], `seed ${seed} step ${step}`).toEqual([
          422,
          Unprocessable.insufficientInventory,
        ]);
      }
    }
    for (const lot of lots) expect(await lotQuantity(lot.id)).toBe(expected.get(lot.id));
    const refunded = await w.t.app.db.select({ id: cashOrder.id }).from(cashOrder);
    expect(refunded.length).toBeGreaterThan(0);
    await balanced();
  }, 240_000);
});
