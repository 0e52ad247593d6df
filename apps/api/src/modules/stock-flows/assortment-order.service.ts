import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import {
  ASSORTMENT_EXCEEDS_MAX,
  NotFound,
  flowRefusal,
  msg,
  type FlowEvent,
  type assortmentOrderBody,
  type assortmentOrderUpdateBody,
} from '@clinica/domain';
import type { Tx } from '../../db/client';
import { assortmentOrder, assortmentOrderProduct, branch, maxMin } from '../../db/schema';
import type { Context } from '../../platform/context';
import { conflict, invalid, notFound } from '../../platform/errors';
import { branchForWrite, fixedBranch, lockLive, lockReferences } from '../../platform/write';
import { products } from '../catalogue/product.service';
import {
  assortmentOrders,
  auditTransition,
  getAssortmentOrder,
  listAssortmentOrders,
  readAssortmentOrder,
  type AssortmentOrder,
} from './assortment-order-read';

/**
 * Assortment orders while in process (CONTRACT §9): the branch asks the distribution centre for
 * products, within its max; the order can be edited and deleted until it is approved
 * (`assortment-order-flow.ts` approves, confirms and rejects it).
 */

type OrderLines = z.output<typeof assortmentOrderBody>['assortmentOrderProducts'];

/**
 * Locks an order for a transition (FOR UPDATE, live, in the caller's branch scope; else 404 code
 * 33) and reads it as locked; an event its status does not allow is the catalogue's 409.
 */
export async function lockOrder(
  tx: Tx,
  ctx: Context,
  id: number,
  event: FlowEvent,
): Promise<AssortmentOrder> {
  await lockLive(tx, ctx, assortmentOrders, id);
  const order = await readAssortmentOrder(tx, id);
  const refusal = flowRefusal(order.status, event);
  if (refusal !== null) throw conflict(refusal);
  return order;
}

/**
 * The branch an order goes to: a role fixed to its branch orders for its own (naming another is
 * 404); the others must name it. Held FOR KEY SHARE; never the distribution centre itself.
 */
async function receivingBranch(tx: Tx, ctx: Context, requested: number | undefined) {
  if (fixedBranch(ctx.session) === null && requested === undefined)
    throw invalid({ field: 'branchId', message: msg.required('Sucursal') });
  const branchId = branchForWrite(ctx, requested);
  const [row] = await tx
    .select({ id: branch.id, active: branch.active, distributionCenter: branch.distributionCenter })
    .from(branch)
    .where(and(eq(branch.id, branchId), isNull(branch.deletedAt)))
    .for('key share');
  if (!row) throw notFound(NotFound.branch);
  if (row.distributionCenter)
    throw invalid({
      field: 'branchId',
      message: 'El CEDIS surte las órdenes: elige la sucursal que las recibe',
    });
  if (!row.active) throw invalid({ field: 'branchId', message: 'La sucursal está inactiva' });
  return branchId;
}

/**
 * Checks the lines of an order for a branch: the products exist (held FOR KEY SHARE, else 404
 * code 13) and no quantity is above the branch's max for its product, when that max is not 0
 * (spec 001 §5), each such line named. The max/min rows are read FOR SHARE, so a change of the
 * max waits for the order and is then checked against the next one.
 */
async function checkLines(tx: Tx, ctx: Context, branchId: number, lines: OrderLines) {
  const productIds = lines.map((line) => line.productId);
  await lockReferences(tx, ctx, products, productIds, notFound(NotFound.product));
  const limits = await tx
    .select({ productId: maxMin.productId, max: maxMin.max })
    .from(maxMin)
    .where(
      and(
        eq(maxMin.branchId, branchId),
        inArray(maxMin.productId, productIds),
        isNull(maxMin.deletedAt),
      ),
    )
    .for('share');
  const maxOf = new Map(limits.map((limit) => [limit.productId, limit.max]));
  const problems = lines.flatMap((line, index) => {
    const max = maxOf.get(line.productId) ?? 0;
    return max !== 0 && line.orderedQuantity > max
      ? [
          {
            field: `assortmentOrderProducts.${index}.orderedQuantity`,
            message: ASSORTMENT_EXCEEDS_MAX,
          },
        ]
      : [];
  });
  if (problems.length > 0) throw invalid(...problems);
}

async function insertLines(tx: Tx, orderId: number, lines: OrderLines) {
  await tx.insert(assortmentOrderProduct).values(
    lines.map((line) => ({
      assortmentOrderId: orderId,
      productId: line.productId,
      orderedQuantity: line.orderedQuantity,
    })),
  );
}

/**
 * The sent lines replace the order's: a product still ordered keeps its line (and its id, so the
 * history shows what changed of it), one left out loses it, a new one gets a line.
 */
async function replaceLines(tx: Tx, order: AssortmentOrder, lines: OrderLines) {
  const current = new Map(order.assortmentOrderProducts.map((line) => [line.productId, line]));
  const wanted = new Set(lines.map((line) => line.productId));
  const dropped = order.assortmentOrderProducts
    .filter((line) => !wanted.has(line.productId))
    .map((line) => line.id);
  if (dropped.length > 0)
    await tx.delete(assortmentOrderProduct).where(inArray(assortmentOrderProduct.id, dropped));
  for (const line of lines) {
    const kept = current.get(line.productId);
    if (kept && kept.orderedQuantity !== line.orderedQuantity)
      await tx
        .update(assortmentOrderProduct)
        .set({ orderedQuantity: line.orderedQuantity })
        .where(eq(assortmentOrderProduct.id, kept.id));
  }
  const added = lines.filter((line) => !current.has(line.productId));
  if (added.length > 0) await insertLines(tx, order.id, added);
}

/** POST /assortment-order/create: 'En proceso', created by the caller, for the receiving branch. */
export async function createAssortmentOrder(
  ctx: Context,
  body: z.output<typeof assortmentOrderBody>,
): Promise<AssortmentOrder> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const branchId = await receivingBranch(tx, ctx, body.branchId);
    await checkLines(tx, ctx, branchId, body.assortmentOrderProducts);
    const [row] = await tx
      .insert(assortmentOrder)
      .values({
        orderType: body.orderType,
        branchId,
        comments: body.comments ?? null,
        status: 'En proceso',
        createdBy: ctx.session.userId,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: assortmentOrder.id });
    await insertLines(tx, row!.id, body.assortmentOrderProducts);
    const after = await readAssortmentOrder(tx, row!.id);
    await auditTransition(tx, ctx, 'create', null, after, now);
    return after;
  });
}

/**
 * PUT /assortment-order/{id}/update: only 'En proceso' (else the status's 409): its type, branch,
 * comments and lines (sent lines replace the order's), checked again against the branch's max.
 */
export async function updateAssortmentOrder(
  ctx: Context,
  id: number,
  body: z.output<typeof assortmentOrderUpdateBody>,
): Promise<AssortmentOrder> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const before = await lockOrder(tx, ctx, id, 'edit');
    const branchId =
      body.branchId === undefined || body.branchId === before.branch.id
        ? before.branch.id
        : await receivingBranch(tx, ctx, body.branchId);
    const lines =
      body.assortmentOrderProducts ??
      before.assortmentOrderProducts.map(({ productId, orderedQuantity }) => ({
        productId,
        orderedQuantity,
      }));
    // The max is checked when what it limits changes: the lines or the branch they go to.
    if (body.assortmentOrderProducts || branchId !== before.branch.id)
      await checkLines(tx, ctx, branchId, lines);
    await tx
      .update(assortmentOrder)
      .set({
        ...(body.orderType !== undefined ? { orderType: body.orderType } : {}),
        ...(body.comments !== undefined ? { comments: body.comments } : {}),
        branchId,
        updatedAt: now,
      })
      .where(eq(assortmentOrder.id, id));
    if (body.assortmentOrderProducts) await replaceLines(tx, before, body.assortmentOrderProducts);
    const after = await readAssortmentOrder(tx, id);
    await auditTransition(tx, ctx, 'update', before, after, now);
    return after;
  });
}

/**
 * POST|DELETE /assortment-order/{id}/delete: only 'En proceso' (else 409 code 34); the order
 * becomes 'Eliminada' and is soft-deleted. Nothing had left the lots yet.
 */
export async function deleteAssortmentOrder(ctx: Context, id: number): Promise<{ id: number }> {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const before = await lockOrder(tx, ctx, id, 'delete');
    await tx
      .update(assortmentOrder)
      .set({ status: 'Eliminada', deletedAt: now, updatedAt: now })
      .where(eq(assortmentOrder.id, id));
    await auditTransition(tx, ctx, 'delete', before, await readAssortmentOrder(tx, id), now);
  });
  return { id };
}

export const assortmentOrderService = {
  list: listAssortmentOrders,
  get: getAssortmentOrder,
  create: createAssortmentOrder,
  update: updateAssortmentOrder,
  remove: deleteAssortmentOrder,
};
