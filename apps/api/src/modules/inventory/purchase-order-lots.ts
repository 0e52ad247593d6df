import { and, asc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import {
  Conflict,
  LOTLESS_PRODUCT_TYPE,
  NotFound,
  msg,
  type PurchaseOrderBody,
} from '@clinica/domain';
import type { Tx } from '../../db/client';
import { branch, product, productType } from '../../db/schema';
import { auditEach } from '../../platform/audit';
import { actorOf, type Context } from '../../platform/context';
import { AppError, conflict, databaseError, invalid, notFound } from '../../platform/errors';
import {
  lotsFor,
  moveStock,
  normalizeAllotment,
  type MovedLot,
  type StockDocument,
} from './ledger';

/**
 * What a purchase order does to the distribution centre's lots (spec 001 §3–§5, CONTRACT §9): its
 * lines are checked against their products (approved and live; lot and expiry unless the product
 * is an `Insumo`), each line fills the centre's lot of its allotment and expiry, and a change or a
 * delete moves the difference through the ledger, lot by lot.
 */

type LineBody = PurchaseOrderBody['purchaseOrderProducts'][number];

/** A line as stored: its product checked, its lot code stripped, its expiry or null. */
export interface CheckedLine {
  productId: number;
  quantity: number;
  price: number;
  allotment: string;
  expiresAt: string | null;
}

/** A line with the centre's lot it filled. */
export interface FilledLine extends CheckedLine {
  stockId: number;
}

/**
 * The distribution centre (CEDIS), held FOR KEY SHARE so it is not deleted under the order; a
 * chain without one cannot receive purchases (404 code 6).
 */
export async function distributionCentre(tx: Tx): Promise<{ id: number; name: string }> {
  const [centre] = await tx
    .select({ id: branch.id, name: branch.name })
    .from(branch)
    .where(and(eq(branch.distributionCenter, true), isNull(branch.deletedAt)))
    .orderBy(asc(branch.id))
    .limit(1)
    .for('key share');
  if (!centre) throw notFound(NotFound.branch);
  return centre;
}

/**
 * Checks the lines of an order: every product approved and live (404 code 13 otherwise), held FOR
 * KEY SHARE so a concurrent delete of the product waits and then sees the lots it fills; lot and
 * expiry present unless the product is an `Insumo` (a 400 naming each line's missing field).
 */
export async function checkLines(tx: Tx, lines: LineBody[]): Promise<CheckedLine[]> {
  const ids = [...new Set(lines.map((line) => line.productId))];
  const found = await tx
    .select({ id: product.id, type: productType.name })
    .from(product)
    .innerJoin(productType, eq(productType.id, product.productTypeId))
    .where(
      and(
        inArray(product.id, ids),
        isNull(product.deletedAt),
        isNotNull(product.approvedAt),
        isNull(product.rejectedAt),
      ),
    )
    .for('key share', { of: product });
  const typeOf = new Map(found.map((row) => [row.id, row.type]));
  if (typeOf.size !== ids.length) throw notFound(NotFound.product);
  const checked = lines.map((line) => ({
    productId: line.productId,
    quantity: line.quantity,
    price: line.price,
    allotment: normalizeAllotment(line.allotment),
    expiresAt: line.expiresAt ?? null,
  }));
  const missing = checked.flatMap((line, index) => {
    if (typeOf.get(line.productId) === LOTLESS_PRODUCT_TYPE) return [];
    const field = (name: string) => `purchaseOrderProducts.${index}.${name}`;
    return [
      ...(line.allotment === ''
        ? [{ field: field('allotment'), message: msg.required('Lote') }]
        : []),
      ...(line.expiresAt === null
        ? [{ field: field('expiresAt'), message: msg.required('Caducidad') }]
        : []),
    ];
  });
  if (missing.length > 0) throw invalid(...missing);
  return checked;
}

/**
 * The centre's lot of each line (found or created), in the order of their keys so two orders
 * filling the same lots create and lock them in one order.
 */
export async function lotsOf(
  tx: Tx,
  centreId: number,
  lines: CheckedLine[],
): Promise<FilledLine[]> {
  const keyOf = (line: CheckedLine) =>
    JSON.stringify([line.productId, line.allotment, line.expiresAt ?? '']);
  const unique = [...new Map(lines.map((line) => [keyOf(line), line])).values()];
  // `lotsFor` finds or creates them in the one order of keys every flow uses.
  const ids = await lotsFor(
    tx,
    unique.map((line) => ({
      branchId: centreId,
      productId: line.productId,
      allotment: line.allotment,
      expiresIn: line.expiresAt,
    })),
  );
  const stockIds = new Map(unique.map((line, index) => [keyOf(line), ids[index]!]));
  return lines.map((line) => ({ ...line, stockId: stockIds.get(keyOf(line))! }));
}

/** Units per lot: + what `adding` lines bring, − what `removing` lines took. Zeros left out. */
export function unitsByLot(adding: FilledLine[], removing: FilledLine[] = []): Map<number, number> {
  const units = new Map<number, number>();
  for (const line of adding)
    units.set(line.stockId, (units.get(line.stockId) ?? 0) + line.quantity);
  for (const line of removing)
    units.set(line.stockId, (units.get(line.stockId) ?? 0) - line.quantity);
  for (const [stockId, quantity] of units) if (quantity === 0) units.delete(stockId);
  return units;
}

/** A lot an order moved, for its history entry. */
export interface LotChange extends MovedLot {
  quantity: number;
}

/**
 * Moves each lot by its units, in lot order (so concurrent orders lock lots alike): units in as
 * `purchase`, units out as `purchase-reversal`. A lot short of the units to take out is 422 code 1
 * (from the ledger) and nothing is kept, as the caller's transaction rolls back; a lot that would
 * exceed what it can count is 409 code 10.
 */
export async function moveLots(
  tx: Tx,
  ctx: Context,
  units: Map<number, number>,
  document: StockDocument,
  now: Date,
): Promise<LotChange[]> {
  const moved: LotChange[] = [];
  for (const [stockId, quantity] of [...units].sort(([a], [b]) => a - b)) {
    try {
      const lot = await moveStock(
        tx,
        {
          stockId,
          quantity,
          cause: quantity > 0 ? 'purchase' : 'purchase-reversal',
          document,
          userId: ctx.session.userId,
        },
        {},
        now,
      );
      moved.push({ ...lot, quantity });
    } catch (error) {
      // 22003: the lot's count would leave the integer column (a line of billions of units).
      if (!(error instanceof AppError) && databaseError(error).code === '22003')
        throw conflict(Conflict.cannotAddStock);
      throw error;
    }
  }
  return moved;
}

/**
 * One history entry per lot an order moved (spec 001 "history entry"): the lot, its product, the
 * centre as destination (units in) or origin (units out), the order's number, and the lot's
 * quantity before and after.
 */
export async function auditLots(
  tx: Tx,
  ctx: Context,
  entry: { action: string; recordId: number; order: string },
  lots: LotChange[],
  now: Date,
): Promise<void> {
  if (lots.length === 0) return;
  await auditEach(
    tx,
    actorOf(ctx, lots[0]!.branchId),
    lots.map((lot) => ({
      module: 'purchaseOrder',
      action: entry.action,
      recordId: entry.recordId,
      order: entry.order,
      stockId: lot.stockId,
      productId: lot.productId,
      ...(lot.quantity > 0
        ? { destinationBranchId: lot.branchId }
        : { originBranchId: lot.branchId }),
      changes: { quantity: { before: lot.balance - lot.quantity, after: lot.balance } },
    })),
    now,
  );
}
