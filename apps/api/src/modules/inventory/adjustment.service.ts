import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  NotFound,
  Unprocessable,
  type AdjustmentBody,
  type adjustmentAnswer,
} from '@clinica/domain';
import { queryRows } from '../../db/client';
import { audit } from '../../platform/audit';
import { actorOf, type Context } from '../../platform/context';
import { AppError, databaseError, invalid, notFound } from '../../platform/errors';
import { branchForWrite, lockReferences } from '../../platform/write';
import { branchRefs, productRefs } from '../../platform/references';
import { lotFor, moveStock } from './ledger';

/**
 * `POST /stock/adjustment` (spec 001 §9, CONTRACT §9): a drop (Baja) takes units out of a named
 * lot, at most what it holds; a registration (Registro) adds units to the named lot, or to the lot
 * of that allotment and expiry, creating it. The lot is locked before its quantity is read, the
 * audit entry (module `inventory`, action `drop` or `registration`, with the justification and the
 * quantity before and after) and the ledger's movement are written in the same transaction, and
 * the movement names the entry as its document. A role fixed to its branch adjusts only its own.
 */
export async function adjustStock(
  ctx: Context,
  body: AdjustmentBody,
): Promise<z.input<typeof adjustmentAnswer>> {
  const branchId = branchForWrite(ctx, body.branchId);
  const now = ctx.clock.now();
  const drop = body.type === 'drop';
  const signed = drop ? -body.quantity : body.quantity;
  try {
    return await ctx.db.transaction(async (tx) => {
      await lockReferences(tx, ctx, branchRefs, [branchId], notFound(NotFound.branch));
      await lockReferences(tx, ctx, productRefs, [body.productId], notFound(NotFound.product));
      const stockId =
        body.stockId ??
        (await lotFor(tx, {
          branchId,
          productId: body.productId,
          allotment: body.allotment,
          expiresIn: body.expiresIn,
        }));
      // The lot of that branch and product, locked: concurrent adjustments of it queue here, and
      // each reads the quantity the one before it left.
      const [lot] = await queryRows<{ quantity: number }>(
        tx,
        sql`SELECT quantity FROM stock
          WHERE id = ${stockId} AND branch_id = ${branchId} AND product_id = ${body.productId}
            AND deleted_at IS NULL
          FOR UPDATE`,
      );
      if (!lot) throw notFound(NotFound.stock);
      const before = Number(lot.quantity);
      if (before + signed < 0) throw new AppError(422, Unprocessable.insufficientInventory);
      const entry = await audit(
        tx,
        actorOf(ctx, branchId),
        {
          module: 'inventory',
          action: body.type,
          recordId: stockId,
          stockId,
          productId: body.productId,
          originBranchId: drop ? branchId : null,
          destinationBranchId: drop ? null : branchId,
          detail: body.justification,
          changes: { quantity: { before, after: before + signed } },
        },
        now,
      );
      const moved = await moveStock(
        tx,
        {
          stockId,
          quantity: signed,
          cause: 'adjustment',
          document: { type: 'adjustment', id: entry },
          userId: ctx.session.userId,
        },
        { branchId, productId: body.productId },
        now,
      );
      return {
        stockId,
        productId: moved.productId,
        branchId: moved.branchId,
        allotment: moved.allotment,
        expiresIn: moved.expiresIn,
        quantity: moved.balance,
      };
    });
  } catch (error) {
    // A registration past what an integer lot can hold: the input's fault, not the server's.
    if (databaseError(error).code === '22003')
      throw invalid({
        field: 'quantity',
        message: 'La cantidad excede la existencia máxima que puede tener un lote',
      });
    throw error;
  }
}
