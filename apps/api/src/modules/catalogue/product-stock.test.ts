import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NotFound, messageFor } from '@clinica/domain';
import { and, eq, sql } from 'drizzle-orm';
import { stock } from '../../db/schema';
import { databaseError } from '../../platform/errors';
import { branchId, call, createTestApp, signInAs, type TestApp } from '../../test/harness';
import { insertSupplyProduct } from './test-support';

let t: TestApp;
let admin: string;
let zonaRio: number;
let playas: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await signInAs(t.app, 'superAdmin')).token;
  zonaRio = await branchId(t.app, 'Zona Río');
  playas = await branchId(t.app, 'Playas de Tijuana');
});
afterAll(async () => {
  await t.close();
});

let serial = 0;
/** A product of its own per test: the demo ones are held in stock by the seed. */
const newProduct = () =>
  insertSupplyProduct(t.app.db, `PS-${String((serial += 1)).padStart(4, '0')}`);

const remove = (id: number) => call(t.app, 'POST', `/v1/product/${id}/delete`, { token: admin });

describe('deleting a product a branch holds in stock (spec 001 §8, 404 code 35)', () => {
  it('refuses while any branch holds units of it', async () => {
    const id = await newProduct();
    await t.app.db.insert(stock).values([
      {
        productId: id,
        branchId: zonaRio,
        allotment: 'CB2026-07',
        expiresIn: '2028-07-31',
        quantity: 12,
      },
      { productId: id, branchId: playas, allotment: 'CB2026-08', quantity: 0 },
    ]);
    const answer = await remove(id);
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({
      code: 35,
      message: messageFor(404, NotFound.productInStock),
    });
    expect((await call(t.app, 'GET', `/v1/product/${id}`, { token: admin })).status).toBe(200);
  });

  it('deletes it once its lots are empty or deleted', async () => {
    const id = await newProduct();
    await t.app.db.insert(stock).values([
      { productId: id, branchId: zonaRio, allotment: 'CB2026-09', quantity: 0 },
      {
        productId: id,
        branchId: playas,
        allotment: 'CB2026-10',
        quantity: 4,
        deletedAt: new Date(),
      },
    ]);
    expect((await remove(id)).status).toBe(200);
    expect((await call(t.app, 'GET', `/v1/product/${id}`, { token: admin })).body.code).toBe(13);
  });
});

describe('the stock table guarantees (CONTRACT §7)', () => {
  /** The SQLSTATE and constraint a write fails with, or undefined when it goes through. */
  const refusal = async (write: () => Promise<unknown>) => {
    try {
      await write();
      return undefined;
    } catch (error) {
      return databaseError(error);
    }
  };

  it('never lets a lot go below zero units (SQLSTATE 23514)', async () => {
    const id = await newProduct();
    expect(
      await refusal(() =>
        t.app.db
          .insert(stock)
          .values({ productId: id, branchId: zonaRio, allotment: 'NEG-1', quantity: -1 }),
      ),
    ).toEqual({ code: '23514', constraint: 'stock_quantity_non_negative' });
    const [lot] = await t.app.db
      .insert(stock)
      .values({ productId: id, branchId: zonaRio, allotment: 'NEG-2', quantity: 2 })
      .returning({ id: stock.id });
    // A drop of more units than the lot holds fails as a whole, whatever the caller checked before.
    expect(
      await refusal(() =>
        t.app.db
          .update(stock)
          .set({ quantity: sql`${stock.quantity} - 3` })
          .where(eq(stock.id, lot!.id)),
      ),
    ).toEqual({ code: '23514', constraint: 'stock_quantity_non_negative' });
    const [after] = await t.app.db
      .select({ quantity: stock.quantity })
      .from(stock)
      .where(eq(stock.id, lot!.id));
    expect(after!.quantity).toBe(2);
  });

  it('keeps one live row per branch, product and lot, and lot codes without whitespace', async () => {
    const id = await newProduct();
    const lot = { productId: id, branchId: zonaRio, allotment: 'DUP-1', quantity: 1 };
    await t.app.db.insert(stock).values(lot);
    expect(await refusal(() => t.app.db.insert(stock).values(lot))).toEqual({
      code: '23505',
      constraint: 'stock_lot_unique',
    });
    // The same lot at another branch, or once the first row is deleted, is a row of its own.
    await t.app.db.insert(stock).values({ ...lot, branchId: playas });
    await t.app.db
      .update(stock)
      .set({ deletedAt: new Date() })
      .where(and(eq(stock.productId, id), eq(stock.branchId, zonaRio)));
    expect(await refusal(() => t.app.db.insert(stock).values(lot))).toBeUndefined();
    expect(
      await refusal(() => t.app.db.insert(stock).values({ ...lot, allotment: 'DUP 2' })),
    ).toEqual({ code: '23514', constraint: 'stock_allotment_stripped' });
  });
});
