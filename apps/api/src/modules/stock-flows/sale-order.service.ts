import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import {
  formatLocalDate,
  formatMoney,
  formatPersonName,
  MAX_MONEY,
  NotFound,
  saleOrderTotal,
  type saleOrderBody,
  type saleOrderUpdateBody,
} from '@clinica/domain';
import type { Tx } from '../../db/client';
import { branch, saleOrder, saleOrderProduct } from '../../db/schema';
import { audit, auditEach, changesBetween, softDeleteChanges } from '../../platform/audit';
import { actorOf, type Context } from '../../platform/context';
import { invalid, notFound } from '../../platform/errors';
import { branchForWrite, fixedBranch, lockLive, sentOnly } from '../../platform/write';
import { distributionCentre } from '../inventory/purchase-order-lots';
import {
  folioOf,
  getSaleOrder,
  listSaleOrders,
  readSaleOrder,
  saleOrders,
  type SaleOrder,
} from './sale-order-read';
import { lockLots, rebalanceLots, type LotChange, type SaleLine } from './sale-order-lots';

/**
 * Sale orders to business customers (spec 001 §3–§5, CONTRACT §9): the units leave the lots of
 * the selling branch through the ledger (cause `sale-order`). An update re-balances the lots (only
 * the difference per lot moves), a delete returns every unit (`sale-order-reversal`). Each call is
 * one transaction that locks the order's row, then the lots, before checking anything against them.
 */

type Body = z.output<typeof saleOrderBody>;
type UpdateBody = z.output<typeof saleOrderUpdateBody>;

/**
 * The branch whose lots an order takes: a role fixed to its branch sells from its own (naming
 * another is 404 code 6); the others name it, by default the distribution centre. Held FOR KEY
 * SHARE, live, so it is not deleted under the order.
 */
async function sellingBranch(tx: Tx, ctx: Context, requested: number | undefined) {
  const branchId =
    fixedBranch(ctx.session) === null && requested === undefined
      ? (await distributionCentre(tx)).id
      : branchForWrite(ctx, requested);
  const [row] = await tx
    .select({ id: branch.id })
    .from(branch)
    .where(and(eq(branch.id, branchId), isNull(branch.deletedAt)))
    .for('key share');
  if (!row) throw notFound(NotFound.branch);
  return branchId;
}

/** Each lot once per order (a 400 naming the repeated line), and a total the column can hold. */
function checkBody(lines: SaleLine[]) {
  const seen = new Set<number>();
  const repeated = lines.flatMap((line, index) => {
    const again = seen.has(line.stockId);
    seen.add(line.stockId);
    return again
      ? [
          {
            field: `saleOrderProducts.${index}.stockId`,
            message: 'Un lote solo puede aparecer una vez',
          },
        ]
      : [];
  });
  if (repeated.length > 0) throw invalid(...repeated);
  if (saleOrderTotal(lines) > MAX_MONEY)
    throw invalid({
      field: 'saleOrderProducts',
      message: `El total de la orden debe ser menor o igual a ${MAX_MONEY}`,
    });
}

const documentOf = (order: { id: number; orderNumber: number }) => ({
  type: 'saleOrder',
  id: order.id,
  number: folioOf(order.orderNumber),
});

async function insertLines(tx: Tx, orderId: number, lines: (SaleLine & { productId: number })[]) {
  await tx.insert(saleOrderProduct).values(
    lines.map((line) => ({
      saleOrderId: orderId,
      stockId: line.stockId,
      productId: line.productId,
      quantity: line.quantity,
      price: line.price,
    })),
  );
}

/**
 * What the history shows of the order itself, as on screen: the branch and the person by their
 * names, and the lines as text (product, lot, quantity, price), never the records' objects or
 * ids; the number travels as the entry's order number.
 */
const header = ({
  branch: selling,
  createdBy,
  saleOrderProducts,
  folio: _folio,
  orderNumber: _number,
  ...rest
}: SaleOrder) => ({
  ...rest,
  branchId: selling.name,
  createdBy: formatPersonName(createdBy) || null,
  saleOrderProducts: saleOrderProducts
    .map(
      (line) =>
        `${line.product.sku} ${line.product.name}, lote ${line.productStock.allotment || '—'}` +
        (line.productStock.expiresIn ? ` (${formatLocalDate(line.productStock.expiresIn)})` : '') +
        `: ${line.quantity} × ${formatMoney(line.price)}`,
    )
    .join('; '),
});

/**
 * The history of a call (CONTRACT §5, spec 001 "history entry"): one entry for the order (its
 * number, its branch, what changed), and one per lot it moved, naming the lot, its product, the
 * branch the units left (a sale) or returned to (a reversal), and the lot's quantity before and
 * after.
 */
async function auditCall(
  tx: Tx,
  ctx: Context,
  entry: { action: string; recordId: number; order: string; branchId: number },
  changes: ReturnType<typeof changesBetween>,
  lots: LotChange[],
  now: Date,
) {
  const actor = actorOf(ctx, entry.branchId);
  const common = {
    module: 'saleOrder',
    action: entry.action,
    recordId: entry.recordId,
    order: entry.order,
  };
  if (Object.keys(changes).length > 0)
    await audit(tx, actor, { ...common, originBranchId: entry.branchId, changes }, now);
  await auditEach(
    tx,
    actor,
    lots.map((lot) => ({
      ...common,
      stockId: lot.stockId,
      productId: lot.productId,
      ...(lot.quantity < 0
        ? { originBranchId: lot.branchId }
        : { destinationBranchId: lot.branchId }),
      changes: { quantity: { before: lot.balance - lot.quantity, after: lot.balance } },
    })),
    now,
  );
}

/**
 * POST /sale-order/create: numbered from its sequence, at the selling branch; each line's lot
 * locked, the branch's and live (404 code 1), holding the units asked (else 422 code 1 naming the
 * line: nothing changes); the units leave their lots; `totalAmount` = Σ quantity × price.
 */
export async function createSaleOrder(ctx: Context, body: Body): Promise<SaleOrder> {
  checkBody(body.saleOrderProducts);
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const branchId = await sellingBranch(tx, ctx, body.branchId);
    const [row] = await tx
      .insert(saleOrder)
      .values({
        name: body.name,
        rfc: body.rfc ?? null,
        phone: body.phone,
        note: body.note,
        comments: body.comments ?? null,
        branchId,
        totalAmount: saleOrderTotal(body.saleOrderProducts),
        createdBy: ctx.session.userId,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: saleOrder.id, orderNumber: saleOrder.orderNumber });
    const document = documentOf(row!);
    const lots = await lockLots(tx, body.saleOrderProducts, []);
    const { lines, moved } = await rebalanceLots(tx, ctx, {
      branchId,
      lots,
      previous: [],
      wanted: body.saleOrderProducts,
      document,
      now,
    });
    await insertLines(tx, row!.id, lines);
    const record = await readSaleOrder(tx, row!.id);
    await auditCall(
      tx,
      ctx,
      { action: 'create', recordId: row!.id, order: document.number, branchId },
      changesBetween(null, header(record)),
      moved,
      now,
    );
    return record;
  });
}

const lineKey = (line: SaleLine) => JSON.stringify([line.stockId, line.quantity, line.price]);
const sameLines = (a: SaleLine[], b: SaleLine[]) =>
  a.map(lineKey).join('\n') === b.map(lineKey).join('\n');

/**
 * PUT /sale-order/{id}/update: fields left out keep their values. New lines (or a new branch)
 * re-balance the lots: each lot involved is locked, the units the order held return to their lots
 * and the new ones leave, only the difference per lot moving; a line asking more than its lot
 * holds with what the order already took from it is 422 code 1 and nothing changes.
 */
export async function updateSaleOrder(
  ctx: Context,
  id: number,
  body: UpdateBody,
): Promise<SaleOrder> {
  if (body.saleOrderProducts) checkBody(body.saleOrderProducts);
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    await lockLive(tx, ctx, saleOrders, id);
    const before = await readSaleOrder(tx, id);
    const branchId =
      body.branchId === undefined || body.branchId === before.branch.id
        ? before.branch.id
        : await sellingBranch(tx, ctx, body.branchId);
    const previous = before.saleOrderProducts.map((line) => ({
      stockId: line.stockId,
      productId: line.product.id,
      quantity: line.quantity,
      price: line.price,
    }));
    const wanted = body.saleOrderProducts ?? previous;
    const document = documentOf(before);
    let moved: LotChange[] = [];
    if (body.saleOrderProducts || branchId !== before.branch.id) {
      const lots = await lockLots(tx, wanted, previous);
      const rebalanced = await rebalanceLots(tx, ctx, {
        branchId,
        lots,
        previous,
        wanted,
        document,
        now,
      });
      moved = rebalanced.moved;
      if (!sameLines(previous, wanted)) {
        await tx.delete(saleOrderProduct).where(eq(saleOrderProduct.saleOrderId, id));
        await insertLines(tx, id, rebalanced.lines);
      }
    }
    const { saleOrderProducts: _lines, branchId: _branch, ...fields } = body;
    await tx
      .update(saleOrder)
      .set({
        ...sentOnly(fields),
        branchId,
        totalAmount: saleOrderTotal(wanted),
        updatedAt: now,
      })
      .where(eq(saleOrder.id, id));
    const after = await readSaleOrder(tx, id);
    await auditCall(
      tx,
      ctx,
      { action: 'update', recordId: id, order: document.number, branchId },
      changesBetween(header(before), header(after)),
      moved,
      now,
    );
    return after;
  });
}

/**
 * POST|DELETE /sale-order/{id}/delete: the order's units return to their lots
 * (`sale-order-reversal`; to a new lot of the same key if theirs was deleted meanwhile) and it is
 * soft-deleted. The order's row is locked first: of concurrent deletes one returns the units.
 */
export async function deleteSaleOrder(ctx: Context, id: number): Promise<{ id: number }> {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    await lockLive(tx, ctx, saleOrders, id);
    const order = await readSaleOrder(tx, id);
    const previous = order.saleOrderProducts.map((line) => ({
      stockId: line.stockId,
      productId: line.product.id,
      quantity: line.quantity,
      price: line.price,
    }));
    const document = documentOf(order);
    const lots = await lockLots(tx, [], previous);
    const { moved } = await rebalanceLots(tx, ctx, {
      branchId: order.branch.id,
      lots,
      previous,
      wanted: [],
      document,
      now,
    });
    await tx
      .update(saleOrder)
      .set({ deletedAt: now, updatedAt: now })
      .where(and(eq(saleOrder.id, id), isNull(saleOrder.deletedAt)));
    await auditCall(
      tx,
      ctx,
      { action: 'delete', recordId: id, order: document.number, branchId: order.branch.id },
      softDeleteChanges(now),
      moved,
      now,
    );
  });
  return { id };
}

export const saleOrderService = {
  list: listSaleOrders,
  get: getSaleOrder,
  create: createSaleOrder,
  update: updateSaleOrder,
  remove: deleteSaleOrder,
};
