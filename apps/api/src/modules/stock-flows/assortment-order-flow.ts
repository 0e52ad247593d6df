import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import {
  ASSORTMENT_INSUFFICIENT,
  ASSORTMENT_RECEIVED_ABOVE_SENT,
  Conflict,
  NotFound,
  Unprocessable,
  assortmentApprovalRefusal,
  type StockCause,
  type assortmentApproveBody,
  type assortmentConfirmBody,
  type flowRejectBody,
} from '@clinica/domain';
import type { Tx } from '../../db/client';
import { assortmentOrder, assortmentOrderProduct, branch, stock } from '../../db/schema';
import type { Context } from '../../platform/context';
import {
  AppError,
  conflict,
  forbidden,
  invalid,
  notFound,
  type FieldError,
} from '../../platform/errors';
import {
  lotsFor,
  moveStock,
  recordTransitLoss,
  refusingOverflow,
  type StockDocument,
} from '../inventory/ledger';
import {
  auditTransition,
  readAssortmentOrder,
  type AssortmentOrder,
} from './assortment-order-read';
import { lockOrder } from './assortment-order.service';

/**
 * The transitions of an assortment order that move units (CONTRACT §9, "Units are conserved"):
 * approval takes them out of the distribution centre's lots, the branch's confirmation puts what
 * arrived into its own lots (the rest recorded as lost in transit), and a rejection in transit
 * returns them to the lots they left. Each is one transaction: the order's row is locked first
 * (so of concurrent approvals or confirmations one wins and the others find its new status), then
 * the lots, in the order of their ids, through the ledger.
 */

const documentOf = (order: AssortmentOrder): StockDocument => ({
  type: 'assortmentOrder',
  id: order.id,
  number: order.folio,
});

const lineField = (index: number, field: string) => `assortmentOrderProducts.${index}.${field}`;

function refuse(problems: FieldError[]) {
  if (problems.length > 0) throw invalid(...problems);
}

/** A ledger move whose lot falls short is 422 code 1 naming the body's line it came from. */
async function moving<T>(field: string, move: () => Promise<T>): Promise<T> {
  try {
    return await move();
  } catch (error) {
    if (error instanceof AppError && error.status === 422)
      throw new AppError(422, Unprocessable.insufficientInventory, [
        { field, message: ASSORTMENT_INSUFFICIENT },
      ]);
    throw error;
  }
}

type ApproveLine = z.output<typeof assortmentApproveBody>['assortmentOrderProducts'][number];

/**
 * The distribution centre the lots of an approval belong to, after checking each lot: live (else
 * 404 code 1), of its line's product, of a distribution centre, and all of one centre.
 */
async function originOf(tx: Tx, lines: ApproveLine[]): Promise<number> {
  const lots = await tx
    .select({
      id: stock.id,
      productId: stock.productId,
      branchId: stock.branchId,
      distributionCenter: branch.distributionCenter,
    })
    .from(stock)
    .innerJoin(branch, eq(branch.id, stock.branchId))
    .where(
      and(
        inArray(
          stock.id,
          lines.map((line) => line.stockId),
        ),
        isNull(stock.deletedAt),
      ),
    );
  const byId = new Map(lots.map((lot) => [lot.id, lot]));
  if (lines.some((line) => !byId.has(line.stockId))) throw notFound(NotFound.stock);
  const origin = lots.find((lot) => lot.distributionCenter)?.branchId;
  refuse(
    lines.flatMap((line, index) => {
      const lot = byId.get(line.stockId)!;
      if (lot.productId !== line.productId)
        return [{ field: lineField(index, 'stockId'), message: 'El lote no es de este producto' }];
      if (!lot.distributionCenter || lot.branchId !== origin)
        return [{ field: lineField(index, 'stockId'), message: 'El lote no es del CEDIS' }];
      return [];
    }),
  );
  return origin!;
}

/**
 * PUT /assortment-order/{id}/approve (`assortmentOrder.approve`): never a branch or operational
 * manager (403), never the order's creator (409 code 31), only 'En proceso' (else 30 or 33).
 * Every product of the order is sent from one or more lots of the distribution centre; the units
 * leave those lots (422 code 1 naming the line when one falls short, and then nothing changes).
 * A product sent from several lots gets one line per lot, its ordered quantity on the first.
 * The order is then 'En transito', approved and sent now.
 */
export async function approveAssortmentOrder(
  ctx: Context,
  id: number,
  body: z.output<typeof assortmentApproveBody>,
): Promise<AssortmentOrder> {
  if (assortmentApprovalRefusal(ctx.session, { createdBy: null }) === 403) throw forbidden();
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const before = await lockOrder(tx, ctx, id, 'approve');
    if (assortmentApprovalRefusal(ctx.session, { createdBy: before.orderBy?.id ?? null }) === 31)
      throw conflict(Conflict.creatorCannotApprove);
    const sent = body.assortmentOrderProducts;
    const ordered = new Map(before.assortmentOrderProducts.map((line) => [line.productId, line]));
    refuse([
      ...sent.flatMap((line, index) =>
        ordered.has(line.productId)
          ? []
          : [{ field: lineField(index, 'productId'), message: 'El producto no está en la orden' }],
      ),
      ...[...ordered.values()]
        .filter((line) => !sent.some((served) => served.productId === line.productId))
        .map((line) => ({
          field: 'assortmentOrderProducts',
          message: `Indica el lote y la cantidad a enviar de ${line.product.sku} ${line.product.name}`,
        })),
    ]);
    const origin = await originOf(tx, sent);
    const document = documentOf(before);
    const byLot = sent
      .map((line, index) => ({ line, index }))
      .sort((a, b) => a.line.stockId - b.line.stockId);
    for (const { line, index } of byLot) {
      await moving(lineField(index, 'stockedQuantity'), () =>
        moveStock(
          tx,
          {
            stockId: line.stockId,
            quantity: -line.stockedQuantity,
            cause: 'assortment',
            document,
            userId: ctx.session.userId,
          },
          { branchId: origin, productId: line.productId },
          now,
        ),
      );
    }
    // The order's line of each product takes its first lot; further lots get lines of their own.
    const served = new Set<number>();
    for (const line of sent) {
      const orderLine = ordered.get(line.productId)!;
      if (!served.has(line.productId)) {
        served.add(line.productId);
        await tx
          .update(assortmentOrderProduct)
          .set({ stockId: line.stockId, stockedQuantity: line.stockedQuantity })
          .where(eq(assortmentOrderProduct.id, orderLine.id));
      } else {
        await tx.insert(assortmentOrderProduct).values({
          assortmentOrderId: id,
          productId: line.productId,
          stockId: line.stockId,
          orderedQuantity: 0,
          stockedQuantity: line.stockedQuantity,
        });
      }
    }
    await tx
      .update(assortmentOrder)
      .set({
        status: 'En transito',
        originBranchId: origin,
        approvedBy: ctx.session.userId,
        approvedAt: now,
        sentAt: now,
        updatedAt: now,
      })
      .where(eq(assortmentOrder.id, id));
    const after = await readAssortmentOrder(tx, id);
    await auditTransition(tx, ctx, 'approve', before, after, now);
    return after;
  });
}

/** The lot code and expiry of the lots an order's units left from. */
async function lotsOf(tx: Tx, ids: number[]) {
  const rows = await tx
    .select({ id: stock.id, allotment: stock.allotment, expiresIn: stock.expiresIn })
    .from(stock)
    .where(inArray(stock.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * PUT /assortment-order/{id}/confirm (`assortmentOrder.edit`), by the receiving branch (the branch
 * scope: a role fixed to another branch finds no such order) or a role of every branch: only 'En
 * transito' (else 409 code 29 before approval, 30 finished, 33 rejected). Every line is given the
 * quantity received, at most what was sent (more is 400 naming it); the received units join the
 * branch's lot of the same lot code and expiry, the difference is a `transit-loss` of the lot they
 * left. The order is 'Terminada', with `hasDifference` when any line came short.
 */
export async function confirmAssortmentOrder(
  ctx: Context,
  id: number,
  body: z.output<typeof assortmentConfirmBody>,
): Promise<AssortmentOrder> {
  const now = ctx.clock.now();
  // Units join lots: one past an integer's range is 409 code 10, not a server error.
  return refusingOverflow(() =>
    ctx.db.transaction(async (tx) => {
      const before = await lockOrder(tx, ctx, id, 'confirm');
      const lines = new Map(before.assortmentOrderProducts.map((line) => [line.id, line]));
      const received = body.assortmentOrderProducts;
      refuse([
        ...received.flatMap((entry, index) => {
          const line = lines.get(entry.id);
          if (!line)
            return [{ field: lineField(index, 'id'), message: 'La línea no es de esta orden' }];
          if (entry.receivedQuantity > (line.stockedQuantity ?? 0))
            return [
              {
                field: lineField(index, 'receivedQuantity'),
                message: ASSORTMENT_RECEIVED_ABOVE_SENT,
              },
            ];
          return [];
        }),
        ...[...lines.values()]
          .filter((line) => !received.some((entry) => entry.id === line.id))
          .map((line) => ({
            field: 'assortmentOrderProducts',
            message: `Indica la cantidad recibida de ${line.product.sku} ${line.product.name}`,
          })),
      ]);
      const document = documentOf(before);
      const sources = await lotsOf(
        tx,
        before.assortmentOrderProducts.map((line) => line.stockId!),
      );
      const move = { userId: ctx.session.userId, document };
      const byLine = received.map((entry) => ({ entry, line: lines.get(entry.id)! }));
      // The branch's lots are found or created in the order of their keys, then filled in the order
      // of their ids, as every flow fills lots (whatever order the CEDIS lots came in), so two
      // confirmations filling the same lots never deadlock.
      const arriving = byLine.filter(({ entry }) => entry.receivedQuantity > 0);
      const lotIds = await lotsFor(
        tx,
        arriving.map(({ line }) => {
          const source = sources.get(line.stockId!)!;
          return {
            branchId: before.branch.id,
            productId: line.productId,
            allotment: source.allotment,
            expiresIn: source.expiresIn,
          };
        }),
      );
      const lotOf = new Map(arriving.map(({ line }, index) => [line.id, lotIds[index]!]));
      const arrivals = arriving
        .map(({ entry, line }) => ({
          lotId: lotOf.get(line.id)!,
          quantity: entry.receivedQuantity,
        }))
        .sort((a, b) => a.lotId - b.lotId);
      for (const arrival of arrivals)
        await moveStock(
          tx,
          { ...move, stockId: arrival.lotId, quantity: arrival.quantity, cause: 'assortment' },
          {},
          now,
        );
      let short = false;
      for (const { entry, line } of byLine.sort((a, b) => a.line.stockId! - b.line.stockId!)) {
        const lost = line.stockedQuantity! - entry.receivedQuantity;
        if (lost > 0) {
          short = true;
          await recordTransitLoss(tx, { ...move, stockId: line.stockId!, quantity: lost });
        }
        await tx
          .update(assortmentOrderProduct)
          .set({
            receivedQuantity: entry.receivedQuantity,
            receivedStockId: lotOf.get(line.id) ?? null,
          })
          .where(eq(assortmentOrderProduct.id, line.id));
      }
      await tx
        .update(assortmentOrder)
        .set({
          status: 'Terminada',
          hasDifference: short,
          receivedBy: ctx.session.userId,
          finishedAt: now,
          updatedAt: now,
        })
        .where(eq(assortmentOrder.id, id));
      const after = await readAssortmentOrder(tx, id);
      await auditTransition(tx, ctx, 'confirm', before, after, now);
      return after;
    }),
  );
}

/**
 * PATCH /assortment-order/{id}/reject (`assortmentOrder.approve`): 'En proceso' or 'En transito'
 * become 'Rechazada' (finished 409 code 30, already rejected 33); units in transit go back to the
 * distribution centre's lots they left (`assortment-reversal`).
 */
export async function rejectAssortmentOrder(
  ctx: Context,
  id: number,
  body: z.output<typeof flowRejectBody> | null | undefined,
): Promise<AssortmentOrder> {
  const now = ctx.clock.now();
  // Units join lots: one past an integer's range is 409 code 10, not a server error.
  return refusingOverflow(() =>
    ctx.db.transaction(async (tx) => {
      const before = await lockOrder(tx, ctx, id, 'reject');
      if (before.status === 'En transito') {
        const cause: StockCause = 'assortment-reversal';
        const sent = [...before.assortmentOrderProducts].sort((a, b) => a.stockId! - b.stockId!);
        for (const line of sent) {
          await moveStock(
            tx,
            {
              stockId: line.stockId!,
              quantity: line.stockedQuantity!,
              cause,
              document: documentOf(before),
              userId: ctx.session.userId,
            },
            { productId: line.productId },
            now,
          );
        }
      }
      await tx
        .update(assortmentOrder)
        .set({
          status: 'Rechazada',
          rejectedBy: ctx.session.userId,
          rejectedAt: now,
          rejectReason: body?.reason ?? null,
          updatedAt: now,
        })
        .where(eq(assortmentOrder.id, id));
      const after = await readAssortmentOrder(tx, id);
      await auditTransition(tx, ctx, 'reject', before, after, now);
      return after;
    }),
  );
}
