import { sql } from 'drizzle-orm';
import { NotFound, SALE_ORDER_SHORT, Unprocessable } from '@clinica/domain';
import { queryRows, type Tx } from '../../db/client';
import type { Context } from '../../platform/context';
import { AppError, notFound } from '../../platform/errors';
import { lotFor, moveStock, type MovedLot, type StockDocument } from '../inventory/ledger';

/**
 * What a sale order does to the selling branch's lots (CONTRACT §9): the lots an order names and
 * those it already took from are locked (`FOR NO KEY UPDATE`, in id order, so two orders never
 * wait on each other in a circle) before anything is checked against them; then only the
 * difference per lot moves through the ledger: units out as `sale-order`, units back as
 * `sale-order-reversal`.
 *
 * `NO KEY`: the lock a quantity's update takes itself, so it queues behind every other mover of the
 * lot, but not behind the key-share lock a row referencing the lot takes (a transfer's or another
 * document's line being inserted, whose lines come in their own order). `FOR UPDATE` also waited on
 * those, and a line inserted after the lot this order had locked, while it waited on the line's
 * earlier lot, deadlocked (40P01, seen under the conservation test on PostgreSQL).
 */

export interface SaleLine {
  stockId: number;
  quantity: number;
  price: number;
}

/** A lot as locked for an order. */
export interface LockedLot {
  id: number;
  productId: number;
  branchId: number;
  allotment: string;
  expiresIn: string | null;
  quantity: number;
  deleted: boolean;
}

/** A lot an order moved, for its history entry. */
export interface LotChange extends MovedLot {
  quantity: number;
}

/**
 * Locks the lots of the wanted lines and of the order's previous lines, in id order, and answers
 * them by id. A lot that does not exist at all is left out (the wanted line naming it is 404).
 */
export async function lockLots(
  tx: Tx,
  wanted: SaleLine[],
  previous: SaleLine[],
): Promise<Map<number, LockedLot>> {
  const ids = [...new Set([...wanted, ...previous].map((line) => line.stockId))].sort(
    (a, b) => a - b,
  );
  if (ids.length === 0) return new Map();
  const rows = await queryRows<{
    id: number;
    product_id: number;
    branch_id: number;
    allotment: string;
    expires_in: string | null;
    quantity: number;
    deleted: boolean;
  }>(
    tx,
    sql`
    SELECT id, product_id, branch_id, allotment, expires_in::text AS expires_in, quantity,
           deleted_at IS NOT NULL AS deleted
    FROM stock WHERE id IN (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})
    ORDER BY id FOR NO KEY UPDATE`,
  );
  return new Map(
    rows.map((row) => [
      Number(row.id),
      {
        id: Number(row.id),
        productId: Number(row.product_id),
        branchId: Number(row.branch_id),
        allotment: row.allotment,
        expiresIn: row.expires_in,
        quantity: Number(row.quantity),
        deleted: row.deleted,
      },
    ]),
  );
}

/**
 * Checks the wanted lines against the locked lots and moves the difference. Each wanted lot must
 * be live and the branch's (404 code 1); it may give what it holds plus what this order already
 * took from it (else 422 code 1, naming every short line with 'No se cuenta con suficiente stock').
 * Units returning to a lot deleted meanwhile go to the live lot of the same branch, product, lot
 * code and expiry (created if needed), as a rejected transfer's do.
 */
export async function rebalanceLots(
  tx: Tx,
  ctx: Context,
  change: {
    branchId: number;
    lots: Map<number, LockedLot>;
    previous: SaleLine[];
    wanted: SaleLine[];
    document: StockDocument;
    now: Date;
  },
): Promise<{ lines: (SaleLine & { productId: number })[]; moved: LotChange[] }> {
  const { lots, previous, wanted } = change;
  const held = new Map<number, number>();
  for (const line of previous)
    held.set(line.stockId, (held.get(line.stockId) ?? 0) + line.quantity);

  const lines = wanted.map((line) => {
    const lot = lots.get(line.stockId);
    if (!lot || lot.deleted || lot.branchId !== change.branchId) throw notFound(NotFound.stock);
    return { ...line, productId: lot.productId };
  });
  const short = wanted.flatMap((line, index) =>
    line.quantity > lots.get(line.stockId)!.quantity + (held.get(line.stockId) ?? 0)
      ? [{ field: `saleOrderProducts.${index}.quantity`, message: SALE_ORDER_SHORT }]
      : [],
  );
  if (short.length > 0) throw new AppError(422, Unprocessable.insufficientInventory, short);

  // Units per lot: + what returns, − what leaves. Zeros move nothing.
  const units = new Map(held);
  for (const line of wanted)
    units.set(line.stockId, (units.get(line.stockId) ?? 0) - line.quantity);
  const moves: { stockId: number; quantity: number }[] = [];
  for (const [stockId, quantity] of units) {
    if (quantity === 0) continue;
    const lot = lots.get(stockId)!;
    const target =
      quantity > 0 && lot.deleted
        ? await lotFor(tx, {
            branchId: lot.branchId,
            productId: lot.productId,
            allotment: lot.allotment,
            expiresIn: lot.expiresIn,
          })
        : stockId;
    moves.push({ stockId: target, quantity });
  }
  const moved: LotChange[] = [];
  for (const move of moves.sort((a, b) => a.stockId - b.stockId)) {
    const lot = await moveStock(
      tx,
      {
        stockId: move.stockId,
        quantity: move.quantity,
        cause: move.quantity < 0 ? 'sale-order' : 'sale-order-reversal',
        document: change.document,
        userId: ctx.session.userId,
      },
      {},
      change.now,
    );
    moved.push({ ...lot, quantity: move.quantity });
  }
  return { lines, moved };
}
