import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import {
  Conflict,
  NotFound,
  TRANSFER_SAME_BRANCH,
  Unprocessable,
  flowAfter,
  flowRefusal,
  formatPersonName,
  transferSides,
  type FlowEvent,
  type FlowStatus,
  type flowRejectBody,
  type transferApproveBody,
  type transferBody,
  type transferConfirmBody,
  type transferUpdateBody,
} from '@clinica/domain';
import type { Tx } from '../../db/client';
import { branch, stock, transfer, transferProduct } from '../../db/schema';
import { audit, changesBetween } from '../../platform/audit';
import { actorOf, type Context } from '../../platform/context';
import {
  AppError,
  conflict,
  forbidden,
  invalid,
  notFound,
  whenViolated,
} from '../../platform/errors';
import { branchForWrite } from '../../platform/write';
import {
  lotsFor,
  moveStock,
  recordTransitLoss,
  refusingOverflow,
  type StockDocument,
} from '../inventory/ledger';
import { folioOf, readTransfer, transferScope, type Transfer } from './transfer-read';

/**
 * Transfers between branches (spec 001 §3–§6, CONTRACT §9), each step one transaction that starts
 * by locking the transfer's row: create and edit at the origin (the lots checked against what they
 * hold now), approve (the units leave the origin's lots), confirm at the destination (the received
 * units join its lot of the same allotment and expiry, the rest is a transit loss), reject (units
 * in transit return to their lots) and delete before approval. Lots are moved in the order of
 * their ids, so two steps on shared lots never wait on each other in a circle.
 */

const violations = {
  transfer_branches_differ: invalid({ field: 'destinyBranchId', message: TRANSFER_SAME_BRANCH }),
  transfer_product_lot_once: invalid({
    field: 'transferProducts',
    message: 'Un lote solo puede aparecer una vez',
  }),
};

type Row = typeof transfer.$inferSelect;

/**
 * Locks a transfer the caller reaches (`FOR UPDATE`), deleted ones included so that acting on one
 * answers why (409) rather than 404. Another branch's transfer is 404 code 20.
 */
async function lockTransfer(tx: Tx, ctx: Context, id: number): Promise<Row> {
  const [row] = await tx
    .select()
    .from(transfer)
    .where(and(eq(transfer.id, id), transferScope(ctx)))
    .for('update');
  if (!row) throw notFound(NotFound.transfer);
  return row;
}

/**
 * Refuses an event the transfer's state does not allow, with the catalogue's 409 code; a deleted
 * transfer is cancelled (33), and deleting it again is 34.
 */
function allowed(row: Row, event: FlowEvent): FlowStatus {
  const status = row.status as FlowStatus;
  if (status === 'Eliminada' && event !== 'delete') throw conflict(Conflict.orderCancelled);
  const refusal = flowRefusal(status, event);
  if (refusal !== null) throw conflict(refusal);
  return flowAfter(status, event)!;
}

/** The origin edits and deletes; the destination confirms (403 for the other side). */
function mustAct(ctx: Context, row: Row, side: 'atOrigin' | 'atDestination') {
  const sides = transferSides(
    { roleKey: ctx.session.roleKey, branchId: ctx.session.branchId },
    { originBranchId: row.originBranchId, destinyBranchId: row.destinyBranchId },
  );
  if (!sides[side]) throw forbidden();
}

/** Both branches, live, held `FOR KEY SHARE` so neither is deleted meanwhile (404 code 6). */
async function lockBranches(tx: Tx, ids: number[]) {
  const wanted = [...new Set(ids)];
  const rows = await tx
    .select({ id: branch.id })
    .from(branch)
    .where(and(inArray(branch.id, wanted), isNull(branch.deletedAt)))
    .for('key share');
  if (rows.length !== wanted.length) throw notFound(NotFound.branch);
}

interface LineRequest {
  stockId: number;
  stockedQuantity: number;
}

/**
 * The lines checked against the origin's lots as they are now: each a live lot of the origin
 * (404 code 1) asking at most what it holds (422 code 1). The units stay in the lot until the
 * transfer is approved, so this is advice to the sender; approval checks again under the lot's lock.
 */
async function checkedLines(tx: Tx, originBranchId: number, lines: LineRequest[]) {
  const lots = await tx
    .select({
      id: stock.id,
      productId: stock.productId,
      branchId: stock.branchId,
      quantity: stock.quantity,
    })
    .from(stock)
    .where(
      and(
        inArray(
          stock.id,
          lines.map((line) => line.stockId),
        ),
        isNull(stock.deletedAt),
      ),
    )
    .for('key share');
  const byId = new Map(lots.map((lot) => [lot.id, lot]));
  return lines.map((line) => {
    const lot = byId.get(line.stockId);
    if (!lot || lot.branchId !== originBranchId) throw notFound(NotFound.stock);
    if (line.stockedQuantity > lot.quantity)
      throw new AppError(422, Unprocessable.insufficientInventory, [
        {
          field: `transferProducts.${lines.indexOf(line)}.stockedQuantity`,
          message: `Inventario insuficiente: el lote tiene ${lot.quantity}`,
        },
      ]);
    return { ...line, productId: lot.productId };
  });
}

async function replaceLines(
  tx: Tx,
  transferId: number,
  lines: (LineRequest & { productId: number })[],
) {
  await tx.delete(transferProduct).where(eq(transferProduct.transferId, transferId));
  await tx.insert(transferProduct).values(
    lines.map((line) => ({
      transferId,
      stockId: line.stockId,
      productId: line.productId,
      stockedQuantity: line.stockedQuantity,
    })),
  );
}

/**
 * What the history shows of the transfer itself, beside each line's quantities: its fields as
 * they read on screen, the branches and people by their names (the ids would only repeat them).
 */
const header = ({
  transferProducts: _lines,
  originBranch,
  destinyBranch,
  createdBy,
  approvedBy,
  acceptedBy,
  rejectedBy,
  ...rest
}: Transfer) => ({
  ...rest,
  originBranchId: originBranch.name,
  destinyBranchId: destinyBranch.name,
  createdBy: formatPersonName(createdBy) || null,
  approvedBy: formatPersonName(approvedBy) || null,
  acceptedBy: formatPersonName(acceptedBy) || null,
  rejectedBy: formatPersonName(rejectedBy) || null,
});
const lineOf = (record: Transfer | null, stockId: number) => {
  const line = record?.transferProducts.find((candidate) => candidate.stockId === stockId);
  return line
    ? { stockedQuantity: line.stockedQuantity, receivedQuantity: line.receivedQuantity }
    : null;
};

/**
 * The audit of a step (CONTRACT §5, spec 001 "history entry"): one entry per line, each naming
 * the order, its lot, product, origin and destination, with what changed of the transfer and of
 * that line. A save that changes nothing writes none.
 */
async function auditStep(
  tx: Tx,
  ctx: Context,
  action: string,
  before: Transfer | null,
  after: Transfer,
  now: Date,
) {
  const common = changesBetween(before && header(before), header(after));
  const lines = new Map(
    [...(before?.transferProducts ?? []), ...after.transferProducts].map((line) => [
      line.stockId,
      line.productId,
    ]),
  );
  const entries = [...lines.entries()]
    .sort(([a], [b]) => a - b)
    .map(([stockId, productId]) => ({
      stockId,
      productId,
      changes: { ...common, ...changesBetween(lineOf(before, stockId), lineOf(after, stockId)) },
    }));
  if (entries.every((entry) => Object.keys(entry.changes).length === 0)) return;
  const branchId = action === 'confirm' ? after.destinyBranchId : after.originBranchId;
  for (const entry of entries) {
    await audit(
      tx,
      actorOf(ctx, branchId),
      {
        module: 'transfers',
        action,
        recordId: after.id,
        changes: entry.changes,
        stockId: entry.stockId,
        productId: entry.productId,
        originBranchId: after.originBranchId,
        destinationBranchId: after.destinyBranchId,
        order: after.folio,
      },
      now,
    );
  }
}

/** A step on a locked transfer: `apply` writes it; the record before and after are audited. */
async function step(
  ctx: Context,
  id: number,
  action: string,
  apply: (tx: Tx, row: Row, now: Date, document: StockDocument) => Promise<void>,
): Promise<Transfer> {
  const now = ctx.clock.now();
  const run = () =>
    whenViolated(
      () =>
        ctx.db.transaction(async (tx) => {
          const row = await lockTransfer(tx, ctx, id);
          const before = await readTransfer(tx, id);
          const document = { type: 'transfer', id, number: folioOf(row.transferNumber) };
          await apply(tx, row, now, document);
          const after = await readTransfer(tx, id);
          await auditStep(tx, ctx, action, before, after, now);
          return after;
        }),
      violations,
    );
  // Confirming and rejecting add units to lots: one past an integer's range is 409 code 10.
  return refusingOverflow(run);
}

/**
 * POST /transfer/create: a role fixed to its branch sends from its own (another origin is 404
 * code 6); both branches live; each lot the origin's, asked within what it holds. En proceso.
 */
export async function createTransfer(
  ctx: Context,
  body: z.output<typeof transferBody>,
): Promise<Transfer> {
  const originBranchId = branchForWrite(ctx, body.originBranchId);
  const now = ctx.clock.now();
  return whenViolated(
    () =>
      ctx.db.transaction(async (tx) => {
        await lockBranches(tx, [originBranchId, body.destinyBranchId]);
        const lines = await checkedLines(tx, originBranchId, body.transferProducts);
        const [row] = await tx
          .insert(transfer)
          .values({
            originBranchId,
            destinyBranchId: body.destinyBranchId,
            comments: body.comments,
            status: 'En proceso',
            createdBy: ctx.session.userId,
            createdAt: now,
            updatedAt: now,
          })
          .returning({ id: transfer.id });
        await replaceLines(tx, row!.id, lines);
        const after = await readTransfer(tx, row!.id);
        await auditStep(tx, ctx, 'create', null, after, now);
        return after;
      }),
    violations,
  );
}

/**
 * PUT /transfer/{id}/update: only En proceso, only by the origin. Fields left out keep their
 * values; sent lines replace the lines, and every line is checked against the (new) origin.
 */
export function updateTransfer(
  ctx: Context,
  id: number,
  body: z.output<typeof transferUpdateBody>,
): Promise<Transfer> {
  return step(ctx, id, 'update', async (tx, row, now) => {
    mustAct(ctx, row, 'atOrigin');
    allowed(row, 'edit');
    const originBranchId =
      body.originBranchId === undefined
        ? row.originBranchId
        : branchForWrite(ctx, body.originBranchId);
    const destinyBranchId = body.destinyBranchId ?? row.destinyBranchId;
    if (originBranchId === destinyBranchId)
      throw invalid({ field: 'destinyBranchId', message: TRANSFER_SAME_BRANCH });
    await lockBranches(tx, [originBranchId, destinyBranchId]);
    const current = await tx
      .select({
        stockId: transferProduct.stockId,
        stockedQuantity: transferProduct.stockedQuantity,
      })
      .from(transferProduct)
      .where(eq(transferProduct.transferId, id));
    const lines = await checkedLines(tx, originBranchId, body.transferProducts ?? current);
    await tx
      .update(transfer)
      .set({
        originBranchId,
        destinyBranchId,
        ...(body.comments !== undefined ? { comments: body.comments } : {}),
        updatedAt: now,
      })
      .where(eq(transfer.id, id));
    if (body.transferProducts) await replaceLines(tx, id, lines);
  });
}

interface LineRow {
  id: number;
  stockId: number;
  productId: number;
  stockedQuantity: number;
  allotment: string;
  expiresIn: string | null;
}

/** The transfer's lines with their origin lot's allotment and expiry, by lot id. */
async function linesOf(tx: Tx, id: number): Promise<LineRow[]> {
  const rows = await tx
    .select({
      id: transferProduct.id,
      stockId: transferProduct.stockId,
      productId: transferProduct.productId,
      stockedQuantity: transferProduct.stockedQuantity,
      allotment: stock.allotment,
      expiresIn: stock.expiresIn,
    })
    .from(transferProduct)
    .innerJoin(stock, eq(stock.id, transferProduct.stockId))
    .where(eq(transferProduct.transferId, id));
  return rows.sort((a, b) => a.stockId - b.stockId);
}

/**
 * Reads a step's `[{ id, quantity }]` against the transfer's lines: each id one of its lines, at
 * most once (else 400 naming the line).
 */
function matchLines<T extends { id: number }>(lines: LineRow[], sent: T[], label: string) {
  const seen = new Set<number>();
  return sent.map((item, index) => {
    const line = lines.find((candidate) => candidate.id === item.id);
    if (!line)
      throw invalid({
        field: `transferProducts.${index}.id`,
        message: `${label}: la línea ${item.id} no es de esta transferencia`,
      });
    if (seen.has(item.id))
      throw invalid({
        field: `transferProducts.${index}.id`,
        message: `${label}: la línea ${item.id} aparece más de una vez`,
      });
    seen.add(item.id);
    return { line, item, index };
  });
}

/**
 * PUT /transfer/{id}/approve (`transfers.approve`): the quantities to send (lines left out are
 * sent as asked) leave the origin's lots, in the order of their ids, under each lot's lock; a lot
 * holding less is 422 code 1 and nothing changes. En transito, with who approved and when.
 */
export function approveTransfer(
  ctx: Context,
  id: number,
  body: z.output<typeof transferApproveBody>,
): Promise<Transfer> {
  return step(ctx, id, 'approve', async (tx, row, now, document) => {
    const next = allowed(row, 'approve');
    const lines = await linesOf(tx, id);
    for (const { line, item } of matchLines(lines, body.transferProducts, 'Cantidad enviada')) {
      line.stockedQuantity = item.stockedQuantity;
      await tx
        .update(transferProduct)
        .set({ stockedQuantity: item.stockedQuantity })
        .where(eq(transferProduct.id, line.id));
    }
    for (const line of lines) {
      await moveStock(
        tx,
        {
          stockId: line.stockId,
          quantity: -line.stockedQuantity,
          cause: 'transfer',
          document,
          userId: ctx.session.userId,
        },
        { branchId: row.originBranchId, productId: line.productId },
        now,
      );
    }
    await tx
      .update(transfer)
      .set({ status: next, approvedBy: ctx.session.userId, approvedAt: now, updatedAt: now })
      .where(eq(transfer.id, id));
  });
}

/**
 * PUT /transfer/{id}/confirm by the destination (a user of that branch, or a role that sees every
 * branch): only En transito; every line's received quantity, at most what was sent (more is 400
 * naming the line). The received units join the destination's lot of the same allotment and
 * expiry; the rest is a transit loss against the lot they left. Terminada, with who accepted it,
 * and `hasDifference` when any line received less.
 */
export function confirmTransfer(
  ctx: Context,
  id: number,
  body: z.output<typeof transferConfirmBody>,
): Promise<Transfer> {
  return step(ctx, id, 'confirm', async (tx, row, now, document) => {
    mustAct(ctx, row, 'atDestination');
    const next = allowed(row, 'confirm');
    const lines = await linesOf(tx, id);
    const matched = matchLines(lines, body.transferProducts, 'Cantidad recibida');
    const received = new Map<number, number>();
    for (const { line, item, index } of matched) {
      if (item.receivedQuantity > line.stockedQuantity)
        throw invalid({
          field: `transferProducts.${index}.receivedQuantity`,
          message: `La cantidad recibida (${item.receivedQuantity}) de la línea ${line.id} excede la enviada (${line.stockedQuantity})`,
        });
      received.set(line.id, item.receivedQuantity);
    }
    const missing = lines.find((line) => !received.has(line.id));
    if (missing)
      throw invalid({
        field: 'transferProducts',
        message: `Falta la cantidad recibida de la línea ${missing.id}`,
      });

    // The destination's lots, found or created in the order of their keys, then filled in the
    // order of their own ids (as every flow fills lots), so confirmations never deadlock.
    const arriving = lines.filter((line) => received.get(line.id)! > 0);
    const lotIds = await lotsFor(
      tx,
      arriving.map((line) => ({
        branchId: row.destinyBranchId,
        productId: line.productId,
        allotment: line.allotment,
        expiresIn: line.expiresIn,
      })),
    );
    const lotOf = new Map(arriving.map((line, index) => [line.id, lotIds[index]!]));
    const arrivals: { line: LineRow; lotId: number; quantity: number }[] = [];
    for (const line of lines) {
      const quantity = received.get(line.id)!;
      const lotId = lotOf.get(line.id) ?? null;
      await tx
        .update(transferProduct)
        .set({ receivedQuantity: quantity, receivedStockId: lotId })
        .where(eq(transferProduct.id, line.id));
      if (lotId !== null) arrivals.push({ line, lotId, quantity });
    }
    for (const arrival of arrivals.sort((a, b) => a.lotId - b.lotId)) {
      await moveStock(
        tx,
        {
          stockId: arrival.lotId,
          quantity: arrival.quantity,
          cause: 'transfer',
          document,
          userId: ctx.session.userId,
        },
        {},
        now,
      );
    }
    let hasDifference = false;
    for (const line of lines) {
      const lost = line.stockedQuantity - received.get(line.id)!;
      if (lost <= 0) continue;
      hasDifference = true;
      await recordTransitLoss(tx, {
        stockId: line.stockId,
        quantity: lost,
        document,
        userId: ctx.session.userId,
      });
    }
    await tx
      .update(transfer)
      .set({
        status: next,
        acceptedBy: ctx.session.userId,
        acceptedAt: now,
        hasDifference,
        updatedAt: now,
      })
      .where(eq(transfer.id, id));
  });
}

/**
 * PUT|PATCH /transfer/{id}/reject (`transfers.approve`): En proceso or En transito become
 * Rechazada; units in transit return to the lot of their origin's allotment and expiry (the same
 * lot, or a new one if it was deleted meanwhile). Finished 409 code 30, already rejected 33.
 */
export function rejectTransfer(
  ctx: Context,
  id: number,
  body: z.output<typeof flowRejectBody> | null | undefined,
): Promise<Transfer> {
  return step(ctx, id, 'reject', async (tx, row, now, document) => {
    const inTransit = row.status === 'En transito';
    const next = allowed(row, 'reject');
    if (inTransit) {
      const lines = await linesOf(tx, id);
      const lotIds = await lotsFor(
        tx,
        lines.map((line) => ({
          branchId: row.originBranchId,
          productId: line.productId,
          allotment: line.allotment,
          expiresIn: line.expiresIn,
        })),
      );
      const returns = lines.map((line, index) => ({
        lotId: lotIds[index]!,
        quantity: line.stockedQuantity,
      }));
      for (const back of returns.sort((a, b) => a.lotId - b.lotId)) {
        await moveStock(
          tx,
          {
            stockId: back.lotId,
            quantity: back.quantity,
            cause: 'transfer-reversal',
            document,
            userId: ctx.session.userId,
          },
          {},
          now,
        );
      }
    }
    await tx
      .update(transfer)
      .set({
        status: next,
        rejectedBy: ctx.session.userId,
        rejectedAt: now,
        rejectReason: body?.reason ?? null,
        updatedAt: now,
      })
      .where(eq(transfer.id, id));
  });
}

/**
 * POST|DELETE /transfer/{id}/delete: by the origin, before approval (else 409 code 34); status
 * Eliminada and soft-deleted. No units had left a lot.
 */
export async function deleteTransfer(ctx: Context, id: number): Promise<{ id: number }> {
  await step(ctx, id, 'delete', async (tx, row, now) => {
    mustAct(ctx, row, 'atOrigin');
    const next = allowed(row, 'delete');
    await tx
      .update(transfer)
      .set({ status: next, deletedAt: now, updatedAt: now })
      .where(eq(transfer.id, id));
  });
  return { id };
}
