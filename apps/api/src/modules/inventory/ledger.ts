import { Conflict, NotFound, Unprocessable, type StockCause } from '@clinica/domain';
import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client';
import { stockMovement } from '../../db/schema';
import { AppError, conflict, databaseError } from '../../platform/errors';

/**
 * The one way a lot's quantity changes (CONTRACT §9, "the ledger"). Every flow — purchase orders,
 * adjustments, sale and assortment orders, transfers, appointments, the point of sale — calls
 * `moveStock` inside its own transaction: the lot's row is updated (which takes its row lock, so
 * concurrent moves of one lot queue), the update itself refuses to go below zero, and the movement
 * row with the balance after it is written in the same transaction. Nothing else writes
 * `stock.quantity`; the tests check after every flow that each lot equals the sum of its movements.
 *
 * The per-branch-and-product `stock_summary` that `GET /stock` reads follows the lots in the same
 * transaction: a deferred trigger on `stock` rebuilds the pairs a transaction moved when it
 * commits (migration `stock_summary`), so no flow can forget it, and the tests check
 * `unbalancedSummaries()` beside `unbalancedLots()`.
 */

/** The document a movement belongs to: an order, an adjustment's audit entry, an appointment. */
export interface StockDocument {
  type: string;
  id?: number | null;
  /** As printed: 'OC-000042'. */
  number?: string | null;
}

export interface StockMove {
  stockId: number;
  /** Signed: positive adds units to the lot, negative takes them out. Never 0. */
  quantity: number;
  cause: StockCause;
  document?: StockDocument | null;
  userId: number | null;
}

export interface MovedLot {
  stockId: number;
  productId: number;
  branchId: number;
  allotment: string;
  expiresIn: string | null;
  /** The lot's quantity after the move. */
  balance: number;
  movementId: number;
}

/**
 * Moves units into or out of one live lot and records the movement. Taking more than the lot
 * holds is 422 code 1 and changes nothing; a lot that does not exist (or was deleted) is 404 code 1.
 * `within` restricts the lot to a branch (and product), for flows whose caller named them.
 */
export async function moveStock(
  tx: Executor,
  move: StockMove,
  within: { branchId?: number; productId?: number } = {},
  at?: Date,
): Promise<MovedLot> {
  if (!Number.isInteger(move.quantity) || move.quantity === 0)
    throw new Error(`moveStock: quantity must be a non-zero integer, got ${move.quantity}`);
  const scope = sql.join(
    [
      sql`id = ${move.stockId} AND deleted_at IS NULL`,
      ...(within.branchId !== undefined ? [sql`branch_id = ${within.branchId}`] : []),
      ...(within.productId !== undefined ? [sql`product_id = ${within.productId}`] : []),
    ],
    sql` AND `,
  );
  // The condition on the quantity is re-checked on the locked, latest row (PostgreSQL re-evaluates
  // an UPDATE's WHERE after waiting for a concurrent writer), so two drops of the last units
  // cannot both pass; the CHECK constraint stands behind it.
  const updated = await queryRows<{
    product_id: number;
    branch_id: number;
    allotment: string;
    expires_in: string | null;
    quantity: number;
  }>(
    tx,
    sql`
    UPDATE stock SET quantity = quantity + ${move.quantity}, updated_at = now()
    WHERE ${scope} AND quantity + ${move.quantity} >= 0
    RETURNING product_id, branch_id, allotment, expires_in::text AS expires_in, quantity`,
  );
  const lot = updated[0];
  if (!lot) {
    const exists = await queryRows(tx, sql`SELECT 1 FROM stock WHERE ${scope}`);
    if (exists.length === 0) throw new AppError(404, NotFound.stock);
    throw new AppError(422, Unprocessable.insufficientInventory);
  }
  const [movement] = await tx
    .insert(stockMovement)
    .values({
      stockId: move.stockId,
      productId: lot.product_id,
      branchId: lot.branch_id,
      quantity: move.quantity,
      balance: lot.quantity,
      cause: move.cause,
      documentType: move.document?.type ?? null,
      documentId: move.document?.id ?? null,
      documentNumber: move.document?.number ?? null,
      userId: move.userId,
      ...(at ? { createdAt: at } : {}),
    })
    .returning({ id: stockMovement.id });
  return {
    stockId: move.stockId,
    productId: lot.product_id,
    branchId: lot.branch_id,
    allotment: lot.allotment,
    expiresIn: lot.expires_in,
    balance: lot.quantity,
    movementId: movement!.id,
  };
}

/**
 * Runs a change that adds units to lots, answering 409 code 10 (as a purchase order does) when a
 * lot's count would leave its integer column (SQLSTATE 22003) rather than a server error: a lot
 * registered up to billions of units and then sent more. The change's transaction rolls back.
 */
export async function refusingOverflow<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof AppError) && databaseError(error).code === '22003')
      throw conflict(Conflict.cannotAddStock);
    throw error;
  }
}

/** A lot as a flow names it: the branch, the product, the lot code and its expiry. */
export interface LotKey {
  branchId: number;
  productId: number;
  /** Whitespace is stripped here (spec 001 §5): 'L 2026-01' and 'L2026-01' are one lot. */
  allotment: string | null | undefined;
  expiresIn: string | null | undefined;
}

export const normalizeAllotment = (allotment: string | null | undefined) =>
  (allotment ?? '').replace(/\s+/g, '');

/**
 * The live lot of that branch, product, lot code and expiry, created empty when there is none
 * (CONTRACT §9: one live lot per branch, product, allotment and expiry). Two flows creating the
 * same lot at once meet on the unique index: one inserts, the other finds it.
 */
export async function lotFor(tx: Executor, key: LotKey): Promise<number> {
  const allotment = normalizeAllotment(key.allotment);
  const expiresIn = key.expiresIn ?? null;
  const inserted = await queryRows<{ id: number }>(
    tx,
    sql`
    INSERT INTO stock (product_id, branch_id, allotment, expires_in, quantity)
    VALUES (${key.productId}, ${key.branchId}, ${allotment}, ${expiresIn}, 0)
    ON CONFLICT (branch_id, product_id, allotment, coalesce(expires_in, 'infinity'::date))
      WHERE deleted_at IS NULL DO NOTHING
    RETURNING id`,
  );
  if (inserted[0]) return inserted[0].id;
  const existing = await queryRows<{ id: number }>(
    tx,
    sql`
    SELECT id FROM stock
    WHERE branch_id = ${key.branchId} AND product_id = ${key.productId}
      AND allotment = ${allotment} AND expires_in IS NOT DISTINCT FROM ${expiresIn}::date
      AND deleted_at IS NULL`,
  );
  return existing[0]!.id;
}

/**
 * The live lots of several keys (`lotFor` each), answered in the keys' order but found or created
 * in one order of the keys themselves (branch, product, lot code, expiry). Two flows creating the
 * same new lots wait for each other on the unique index; resolving keys in one order keeps those
 * waits from closing a circle. Call it before moving any unit, then move the lots by id.
 */
export async function lotsFor(tx: Executor, keys: readonly LotKey[]): Promise<number[]> {
  const canonical = keys.map((key, index) => ({
    index,
    key,
    sort: [
      key.branchId,
      key.productId,
      normalizeAllotment(key.allotment),
      key.expiresIn ?? '\uffff',
    ] as const,
  }));
  canonical.sort((a, b) => {
    for (let i = 0; i < a.sort.length; i += 1) {
      const x = a.sort[i]!;
      const y = b.sort[i]!;
      if (x < y) return -1;
      if (x > y) return 1;
    }
    return 0;
  });
  const ids: number[] = new Array<number>(keys.length);
  for (const entry of canonical) ids[entry.index] = await lotFor(tx, entry.key);
  return ids;
}

/** Adds units to the lot of that key, creating it when needed. */
export async function receiveStock(
  tx: Executor,
  key: LotKey,
  move: Omit<StockMove, 'stockId'>,
  at?: Date,
): Promise<MovedLot> {
  if (move.quantity <= 0) throw new Error('receiveStock: quantity must be positive');
  return moveStock(tx, { ...move, stockId: await lotFor(tx, key) }, {}, at);
}

/**
 * Units lost between two lots (a transfer or an assortment received short): recorded against the
 * lot they left, which does not change (CONTRACT §9), so the sum of a lot's movements leaves
 * `transit-loss` out.
 */
export async function recordTransitLoss(
  tx: Executor,
  move: Omit<StockMove, 'cause'> & { quantity: number },
): Promise<void> {
  if (move.quantity <= 0) throw new Error('recordTransitLoss: quantity must be positive');
  const lot = await queryRows<{ product_id: number; branch_id: number; quantity: number }>(
    tx,
    sql`SELECT product_id, branch_id, quantity FROM stock WHERE id = ${move.stockId}`,
  );
  const row = lot[0];
  if (!row) throw new AppError(404, NotFound.stock);
  await tx.insert(stockMovement).values({
    stockId: move.stockId,
    productId: row.product_id,
    branchId: row.branch_id,
    quantity: move.quantity,
    balance: row.quantity,
    cause: 'transit-loss',
    documentType: move.document?.type ?? null,
    documentId: move.document?.id ?? null,
    documentNumber: move.document?.number ?? null,
    userId: move.userId,
  });
}

/**
 * The lots whose quantity differs from the sum of their movements (transit losses left out):
 * empty when the ledger balances. The tests call it after every flow.
 */
export async function unbalancedLots(
  tx: Executor,
): Promise<{ stockId: number; quantity: number; ledger: number }[]> {
  const result = await queryRows<{ stock_id: number; quantity: number; ledger: number }>(
    tx,
    sql`
    SELECT s.id AS stock_id, s.quantity, coalesce(m.total, 0)::int AS ledger
    FROM stock s
    LEFT JOIN (
      SELECT stock_id, sum(quantity) AS total FROM stock_movement
      WHERE cause NOT IN ('transit-loss', 'transit-loss-reversal') GROUP BY stock_id
    ) m ON m.stock_id = s.id
    WHERE s.quantity <> coalesce(m.total, 0)`,
  );
  return result.map((row) => ({
    stockId: row.stock_id,
    quantity: Number(row.quantity),
    ledger: Number(row.ledger),
  }));
}

/**
 * The branch-and-product rows of `stock_summary` (what `GET /stock` lists) that differ from their
 * live lots: units, soonest expiry of a lot with units, first lot, or a row missing or left over.
 * Empty when the summary matches; the tests call it beside `unbalancedLots`.
 */
export async function unbalancedSummaries(tx: Executor): Promise<
  {
    branchId: number;
    productId: number;
    summary: { quantity: number; soonest: string | null; firstId: number } | null;
    lots: { quantity: number; soonest: string | null; firstId: number } | null;
  }[]
> {
  const rows = await queryRows<{
    branch_id: number;
    product_id: number;
    s_quantity: number | null;
    s_soonest: string | null;
    s_first: number | null;
    l_quantity: number | null;
    l_soonest: string | null;
    l_first: number | null;
  }>(
    tx,
    sql`
    WITH lots AS (
      SELECT branch_id, product_id, sum(quantity) AS quantity,
             min(expires_in) FILTER (WHERE quantity > 0) AS soonest, min(id) AS first_id
      FROM stock WHERE deleted_at IS NULL GROUP BY branch_id, product_id)
    SELECT coalesce(s.branch_id, l.branch_id) AS branch_id,
           coalesce(s.product_id, l.product_id) AS product_id,
           s.quantity AS s_quantity, s.soonest::text AS s_soonest, s.first_id AS s_first,
           l.quantity AS l_quantity, l.soonest::text AS l_soonest, l.first_id AS l_first
    FROM stock_summary s
    FULL JOIN lots l ON l.branch_id = s.branch_id AND l.product_id = s.product_id
    WHERE (s.quantity, s.soonest, s.first_id) IS DISTINCT FROM (l.quantity, l.soonest, l.first_id)
    ORDER BY 1, 2`,
  );
  const side = (quantity: number | null, soonest: string | null, firstId: number | null) =>
    firstId === null ? null : { quantity: Number(quantity), soonest, firstId: Number(firstId) };
  return rows.map((row) => ({
    branchId: Number(row.branch_id),
    productId: Number(row.product_id),
    summary: side(row.s_quantity, row.s_soonest, row.s_first),
    lots: side(row.l_quantity, row.l_soonest, row.l_first),
  }));
}
