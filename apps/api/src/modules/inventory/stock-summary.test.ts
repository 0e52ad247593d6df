import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client';
import { branch, product, stock } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { createTestApp, type TestApp } from '../../test/harness';
import { onPostgres } from '../../test/races';
import { moveStock, receiveStock, unbalancedLots, unbalancedSummaries } from './ledger';

/**
 * `stock_summary` (what `GET /stock` lists: one row per branch and product) follows the live lots
 * whatever moves them: after any sequence of receipts, moves, drops to zero, soft deletes and
 * rolled-back transactions, each row equals the sum of its lots, their soonest expiry with units
 * and their first lot, and no row is missing or left over. On PostgreSQL, concurrent transactions
 * moving lots of the same branches and products in any order leave it exact too.
 */

let t: TestApp;
let branches: number[];
let products: number[];

/** A small deterministic generator, so a failing sequence can be replayed. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

beforeAll(async () => {
  t = await createTestApp();
  branches = (
    await t.app.db
      .select({ id: branch.id })
      .from(branch)
      .where(isNull(branch.deletedAt))
      .orderBy(asc(branch.id))
      .limit(2)
  ).map((row) => row.id);
  products = (
    await t.app.db
      .select({ id: product.id })
      .from(product)
      .where(and(isNotNull(product.approvedAt), isNull(product.deletedAt)))
      .orderBy(asc(product.id))
      .limit(3)
  ).map((row) => row.id);
});
afterAll(async () => {
  await t?.close();
});

const EXPIRIES = [null, '2020-01-31', '2027-03-31', '2027-09-30', '2028-01-31'];

/** Lots of the test's branches and products, live ones first. */
async function testLots(executor: Executor) {
  const rows = await executor
    .select({ id: stock.id, quantity: stock.quantity, deletedAt: stock.deletedAt })
    .from(stock)
    .where(
      sql`${stock.branchId} IN (${sql.join(branches, sql`, `)})
      AND ${stock.productId} IN (${sql.join(products, sql`, `)})`,
    )
    .orderBy(asc(stock.id));
  return rows.filter((row) => row.deletedAt === null);
}

/**
 * One transaction of one to four random steps, its lots moved in `stockId` order as flows do.
 * `movesOnly`: no receipts or deletes, whose lot locks would come in random order and deadlock
 * the test's own transactions, not the summary.
 */
async function randomTransaction(next: () => number, round: number, movesOnly = false) {
  const pick = <T>(values: readonly T[]) => values[Math.floor(next() * values.length)]!;
  await t.app.db
    .transaction(async (tx) => {
      const steps = 1 + Math.floor(next() * 4);
      const lots = await testLots(tx);
      const moves: { stockId: number; quantity: number }[] = [];
      for (let step = 0; step < steps; step += 1) {
        const action = next();
        if (!movesOnly && (action < 0.35 || lots.length === 0)) {
          await receiveStock(
            tx,
            {
              branchId: pick(branches),
              productId: pick(products),
              allotment: `R${Math.floor(next() * 4)}`,
              expiresIn: pick(EXPIRIES),
            },
            { quantity: 1 + Math.floor(next() * 20), cause: 'purchase', userId: null },
          );
        } else if (movesOnly || action < 0.9) {
          const lot = pick(lots);
          // Out takes up to everything the lot holds, so lots reach zero and come back.
          const out = next() < 0.6;
          const quantity = out
            ? -Math.max(1, Math.ceil(next() * lot.quantity))
            : 1 + Math.floor(next() * 10);
          moves.push({ stockId: lot.id, quantity });
        } else {
          await tx
            .update(stock)
            .set({ deletedAt: new Date() })
            .where(eq(stock.id, pick(lots).id));
        }
      }
      for (const move of moves.sort((a, b) => a.stockId - b.stockId)) {
        try {
          await moveStock(tx, {
            stockId: move.stockId,
            quantity: move.quantity,
            cause: 'adjustment',
            userId: null,
          });
        } catch (error) {
          // Short (422) or deleted (404) in this sequence: as a flow would answer it.
          if (!(error instanceof AppError)) throw error;
          throw new RolledBack();
        }
      }
      if (round % 7 === 3) throw new RolledBack();
    })
    .catch((error: unknown) => {
      if (!(error instanceof RolledBack)) throw error;
    });
}

class RolledBack extends Error {}

describe('the stock summary (GET /stock) against the lots', () => {
  it('equals the sum of the live lots after every random sequence of moves, deletes and rollbacks', async () => {
    const next = random(20261124);
    for (let round = 0; round < 60; round += 1) {
      await randomTransaction(next, round);
      expect(await unbalancedSummaries(t.app.db), `round ${round}`).toEqual([]);
    }
    expect(await unbalancedLots(t.app.db)).toEqual([]);
    // The sequence reached the cases that matter: rows with units, lots emptied, lots deleted.
    const [reached] = await queryRows<{ units: number; empty: number; deleted: number }>(
      t.app.db,
      sql`SELECT (SELECT count(*)::int FROM stock_summary WHERE quantity > 0) AS units,
                 count(*) FILTER (WHERE quantity = 0 AND deleted_at IS NULL)::int AS empty,
                 count(*) FILTER (WHERE deleted_at IS NOT NULL)::int AS deleted
          FROM stock WHERE allotment LIKE 'R%'`,
    );
    expect(Number(reached!.units)).toBeGreaterThan(0);
    expect(Number(reached!.empty)).toBeGreaterThan(0);
    expect(Number(reached!.deleted)).toBeGreaterThan(0);
  });

  it('is not changed by a transaction that rolls back', async () => {
    const summary = () => queryRows(t.app.db, sql`SELECT * FROM stock_summary ORDER BY 1, 2`);
    const before = await summary();
    await t.app.db
      .transaction(async (tx) => {
        await receiveStock(
          tx,
          { branchId: branches[0]!, productId: products[0]!, allotment: 'RB', expiresIn: null },
          { quantity: 5, cause: 'purchase', userId: null },
        );
        throw new RolledBack();
      })
      .catch((error: unknown) => {
        if (!(error instanceof RolledBack)) throw error;
      });
    expect(await summary()).toEqual(before);
    expect(await unbalancedSummaries(t.app.db)).toEqual([]);
  });

  it.runIf(onPostgres)(
    'stays exact under concurrent transactions moving lots of the same branches and products',
    async () => {
      for (let wave = 0; wave < 5; wave += 1) {
        const results = await Promise.allSettled(
          Array.from({ length: 12 }, (_, index) =>
            randomTransaction(random(1000 * wave + index), index + 1, true),
          ),
        );
        // No deadlock, no serialization failure: only a flow's own refusals, already caught.
        expect(results.filter((result) => result.status === 'rejected')).toEqual([]);
        expect(await unbalancedSummaries(t.app.db), `wave ${wave}`).toEqual([]);
      }
      expect(await unbalancedLots(t.app.db)).toEqual([]);
    },
  );
});
