import { and, eq, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  Conflict,
  NotFound,
  Unprocessable,
  creditExpiration,
  hasPrivilege,
  msg,
  parseOrderNumber,
  purchaseOrderRoutes,
  type PurchaseOrderBody,
  type PurchaseOrderRecord,
  type PurchaseOrderUpdateBody,
  type purchaseOrderQuery,
} from '@clinica/domain';
import type { Tx } from '../../db/client';
import { provider, purchaseOrder, purchaseOrderProduct } from '../../db/schema';
import { audit, changesBetween, softDeleteChanges } from '../../platform/audit';
import { actorOf, type Context } from '../../platform/context';
import { AppError, conflict, forbidden, invalid, notFound } from '../../platform/errors';
import { listPage, listSpec, searchLike } from '../../platform/list';
import { lockLive, lockReferences, sentOnly } from '../../platform/write';
import { providerRefs } from '../../platform/references';
import {
  auditLots,
  checkLines,
  distributionCentre,
  lotsOf,
  moveLots,
  unitsByLot,
  type CheckedLine,
  type FilledLine,
} from './purchase-order-lots';
import {
  folioOf,
  fromOrders,
  orderColumns,
  presentOrders,
  purchaseOrders,
  readOrder,
  type OrderRow,
} from './purchase-order-read';

/**
 * Purchase orders (spec 001 §3–§5, CONTRACT §9): goods bought from a provider arrive at the
 * distribution centre's lots through the ledger. An unpaid order may change, its lines only while
 * the lots still hold the units they brought; paying it needs approve and leaves it read-only; a
 * delete takes its units back out of the lots. Every change locks the order's row first.
 */

const spec = listSpec(purchaseOrderRoutes.list.list, {
  sortable: {
    orderNumber: purchaseOrder.orderNumber,
    invoiceNumber: purchaseOrder.invoiceNumber,
    provider: provider.name,
    arrivedAt: purchaseOrder.arrivedAt,
    amount: purchaseOrder.amount,
    created_at: purchaseOrder.createdAt,
  },
  searchable: {
    // 'OC-000042', 'oc42' or '42': the order of that number; other text finds none by number.
    orderNumber: {
      match: (value) => {
        const number = parseOrderNumber('purchaseOrder', value);
        return number === null ? sql`false` : eq(purchaseOrder.orderNumber, number);
      },
    },
    invoiceNumber: purchaseOrder.invoiceNumber,
    // The provider's name, looked up in its own (small) table rather than filtered on the join.
    provider: {
      match: (value) =>
        inArray(
          purchaseOrder.providerId,
          sql`(SELECT ${provider.id} FROM ${provider} WHERE ${searchLike(provider.name, value)})`,
        ),
    },
  },
  deletedAt: purchaseOrder.deletedAt,
  tieBreaker: purchaseOrder.id,
  branch: purchaseOrder.branchId,
});

/** GET /purchase-order: search by number (with or without OC), invoice, provider; filters. */
export async function listPurchaseOrders(ctx: Context, query: z.output<typeof purchaseOrderQuery>) {
  const page = await listPage<typeof orderColumns, OrderRow>(ctx, spec, query, {
    columns: orderColumns,
    from: fromOrders,
    filters: [
      query.providerId ? eq(purchaseOrder.providerId, query.providerId) : undefined,
      query.payStatus ? eq(purchaseOrder.payStatus, query.payStatus) : undefined,
      query.startDate ? gte(purchaseOrder.arrivedAt, query.startDate) : undefined,
      query.endDate ? lte(purchaseOrder.arrivedAt, query.endDate) : undefined,
    ],
  });
  return { meta: page.meta, items: await presentOrders(ctx.db, page.items) };
}

/**
 * GET /purchase-order/{id}: an order the caller may reach, deleted ones included (the list shows
 * them with `withDeleted`, tagged Eliminado, and their detail opens from there); else 404 code 32.
 */
export async function getPurchaseOrder(ctx: Context, id: number): Promise<PurchaseOrderRecord> {
  const fixed = ctx.session.branchFixed ? ctx.session.branchId : null;
  const order = await readOrder(ctx.db, id);
  if (!order || (fixed !== null && order.branch.id !== fixed))
    throw notFound(NotFound.purchaseOrder);
  return order;
}

/** The provider, held FOR KEY SHARE while the order links to it (404 code 17). */
async function lockProvider(tx: Tx, ctx: Context, providerId: number) {
  await lockReferences(tx, ctx, providerRefs, [providerId], notFound(NotFound.provider));
  const [row] = await tx
    .select({ payConditions: provider.payConditions })
    .from(provider)
    .where(eq(provider.id, providerId));
  return row!;
}

const documentOf = (order: { id: number; orderNumber: number }) => ({
  type: 'purchaseOrder',
  id: order.id,
  number: folioOf(order.orderNumber),
});

/** Stores an order's lines with the lots they filled. */
async function insertLines(tx: Tx, orderId: number, lines: FilledLine[]) {
  await tx.insert(purchaseOrderProduct).values(
    lines.map((line) => ({
      purchaseOrderId: orderId,
      productId: line.productId,
      stockId: line.stockId,
      quantity: line.quantity,
      price: line.price,
      allotment: line.allotment,
      expiresAt: line.expiresAt,
    })),
  );
}

/**
 * POST /purchase-order/create: the order, numbered from its sequence, at the distribution centre;
 * its credit expiry from the arrival and the provider's pay days; each line's units into the
 * centre's lot of that allotment and expiry (cause `purchase`). One history entry for the order
 * and one per lot it filled.
 */
export async function createPurchaseOrder(
  ctx: Context,
  body: PurchaseOrderBody,
): Promise<PurchaseOrderRecord> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const centre = await distributionCentre(tx);
    const { payConditions } = await lockProvider(tx, ctx, body.providerId);
    const lines = await checkLines(tx, body.purchaseOrderProducts);
    const { purchaseOrderProducts: _lines, ...fields } = body;
    const [order] = await tx
      .insert(purchaseOrder)
      .values({
        ...fields,
        comments: fields.comments ?? null,
        branchId: centre.id,
        creditExpiration: creditExpiration(body.arrivedAt, payConditions),
        createdBy: ctx.session.userId,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: purchaseOrder.id, orderNumber: purchaseOrder.orderNumber });
    const filled = await lotsOf(tx, centre.id, lines);
    const document = documentOf(order!);
    const moved = await moveLots(tx, ctx, unitsByLot(filled), document, now);
    await insertLines(tx, order!.id, filled);
    const record = (await readOrder(tx, order!.id))!;
    const entry = { action: 'create', recordId: order!.id, order: document.number };
    await audit(
      tx,
      actorOf(ctx, centre.id),
      { module: 'purchaseOrder', ...entry, changes: changesBetween(null, record) },
      now,
    );
    await auditLots(tx, ctx, entry, moved, now);
    return record;
  });
}

/** A line as written, to tell whether an update sent the lines the order already has. */
const lineKey = (line: CheckedLine) =>
  JSON.stringify([line.productId, line.quantity, line.price, line.allotment, line.expiresAt]);
const sameLines = (stored: CheckedLine[], sent: CheckedLine[]) =>
  stored.map(lineKey).join('\n') === sent.map(lineKey).join('\n');

/** The pay fields of an update, checked before anything is read: Completado needs its date. */
function checkPayment(ctx: Context, body: PurchaseOrderUpdateBody) {
  if (body.payStatus === 'Completado') {
    if (!hasPrivilege(ctx.session.privileges, 'purchaseOrder', 'approve')) throw forbidden();
    if (!body.payedAt) throw invalid({ field: 'payedAt', message: msg.required('Fecha de pago') });
  } else if (body.payedAt) {
    throw invalid({
      field: 'payedAt',
      message: 'La fecha de pago se registra solo al marcar la orden como Completado',
    });
  }
}

/**
 * PUT /purchase-order/{id}/update: while Pendiente, the order's fields and lines. New lines
 * re-balance the lots through the ledger (the old units out as `purchase-reversal`, the new in as
 * `purchase`, only the difference per lot), refused with 422 code 1 when a lot no longer holds the
 * units to take back. Paying (`Completado` with `payedAt`) needs approve; a paid order is
 * read-only (409 code 30).
 */
export async function updatePurchaseOrder(
  ctx: Context,
  id: number,
  body: PurchaseOrderUpdateBody,
): Promise<PurchaseOrderRecord> {
  checkPayment(ctx, body);
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    await lockLive(tx, ctx, purchaseOrders, id);
    const before = (await readOrder(tx, id))!;
    if (before.payStatus === 'Completado') throw conflict(Conflict.orderFinished);
    const { purchaseOrderProducts: sentLines, payStatus, payedAt, ...fields } = body;
    // The credit expiry follows a new arrival date or provider; otherwise it stays as computed.
    const { payConditions } =
      fields.providerId !== undefined
        ? await lockProvider(tx, ctx, fields.providerId)
        : before.provider;
    const credit =
      fields.providerId !== undefined || fields.arrivedAt !== undefined
        ? creditExpiration(fields.arrivedAt ?? before.arrivedAt, payConditions)
        : undefined;
    const document = documentOf(before);
    let moved: Awaited<ReturnType<typeof moveLots>> = [];
    if (sentLines) {
      const lines = await checkLines(tx, sentLines);
      const stored: FilledLine[] = before.purchaseOrderProducts.map((line) => ({
        productId: line.productId,
        quantity: line.quantity,
        price: line.price,
        allotment: line.allotment,
        expiresAt: line.expiresAt,
        stockId: line.stockId,
      }));
      if (!sameLines(stored, lines)) {
        const filled = await lotsOf(tx, before.branch.id, lines);
        moved = await moveLots(tx, ctx, unitsByLot(filled, stored), document, now);
        await tx.delete(purchaseOrderProduct).where(eq(purchaseOrderProduct.purchaseOrderId, id));
        await insertLines(tx, id, filled);
      }
    }
    await tx
      .update(purchaseOrder)
      .set({
        ...sentOnly(fields),
        ...(payStatus === 'Completado' ? { payStatus, payedAt } : {}),
        ...(credit ? { creditExpiration: credit } : {}),
        updatedAt: now,
      })
      .where(eq(purchaseOrder.id, id));
    const after = (await readOrder(tx, id))!;
    const action = payStatus === 'Completado' ? 'approve' : 'update';
    const changes = changesBetween(before, after);
    if (Object.keys(changes).length > 0) {
      await audit(
        tx,
        actorOf(ctx, before.branch.id),
        { module: 'purchaseOrder', action, recordId: id, order: document.number, changes },
        now,
      );
    }
    await auditLots(
      tx,
      ctx,
      { action: 'update', recordId: id, order: document.number },
      moved,
      now,
    );
    return after;
  });
}

/**
 * POST|DELETE /purchase-order/{id}/delete: only an unpaid order whose units are all still in their
 * lots (409 code 11 otherwise); the units leave the lots (`purchase-reversal`) and the order is
 * soft-deleted. The order's row is locked first: of concurrent deletes one takes the units out.
 */
export async function deletePurchaseOrder(ctx: Context, id: number): Promise<{ id: number }> {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    await lockLive(tx, ctx, purchaseOrders, id);
    const order = (await readOrder(tx, id))!;
    if (order.payStatus === 'Completado') throw conflict(Conflict.cannotDeletePurchaseOrder);
    const document = documentOf(order);
    const lines: FilledLine[] = order.purchaseOrderProducts;
    let moved: Awaited<ReturnType<typeof moveLots>>;
    try {
      moved = await moveLots(tx, ctx, unitsByLot([], lines), document, now);
    } catch (error) {
      // Some of its units already left their lot (sold, sent, dropped): the order stays.
      if (
        error instanceof AppError &&
        ((error.status === 422 && error.code === Unprocessable.insufficientInventory) ||
          (error.status === 404 && error.code === NotFound.stock))
      )
        throw conflict(Conflict.cannotDeletePurchaseOrder);
      throw error;
    }
    await tx
      .update(purchaseOrder)
      .set({ deletedAt: now, updatedAt: now })
      .where(and(eq(purchaseOrder.id, id), isNull(purchaseOrder.deletedAt)));
    const entry = { action: 'delete', recordId: id, order: document.number };
    await audit(
      tx,
      actorOf(ctx, order.branch.id),
      { module: 'purchaseOrder', ...entry, changes: softDeleteChanges(now) },
      now,
    );
    await auditLots(tx, ctx, entry, moved, now);
  });
  return { id };
}

export const purchaseOrderService = {
  list: listPurchaseOrders,
  get: getPurchaseOrder,
  create: createPurchaseOrder,
  update: updatePurchaseOrder,
  remove: deletePurchaseOrder,
};
