import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  CASH_ORDER_PRODUCT_TYPES,
  NotFound,
  byExpiry,
  type CashOrderLot,
  type CashOrderRecord,
  type cashOrderLotQuery,
  type cashOrderSellerBody,
} from '@clinica/domain';
import { queryRows } from '../../db/client';
import { cashOrder, cosmetologyCommission } from '../../db/schema';
import { audit, changesBetween } from '../../platform/audit';
import { actorOf, type Context } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { branchForWrite, inScope } from '../../platform/write';
import { refuseClosedDay } from '../orders/closed-day';
import { cashFolioOf, readCashOrder } from './cash-order-read';
import { MODULE } from './cash-order.service';

/**
 * PATCH /cash-order/{id}/update-seller (CONTRACT §12): the sale and its commission rows move to
 * another active Cosmetóloga of the sale's branch (404 code 5 otherwise), under the cash order's
 * lock; refused when the sale's day is closed (409 code 45); audited with `changes.sellerId`.
 * And GET /cash-order/lots, the lot picker: the branch's lots with units of products sold to
 * customers, soonest expiry first, read from the live-lots index.
 */

export async function updateCashOrderSeller(
  ctx: Context,
  id: number,
  body: z.output<typeof cashOrderSellerBody>,
): Promise<CashOrderRecord> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        id: cashOrder.id,
        orderNumber: cashOrder.orderNumber,
        branchId: cashOrder.branchId,
        sellerId: cashOrder.sellerId,
        paidDate: cashOrder.paidDate,
      })
      .from(cashOrder)
      .where(and(eq(cashOrder.id, id), inScope(ctx.session, cashOrder.branchId)))
      .for('update');
    if (!row) throw notFound(NotFound.cashOrder);
    const target = await queryRows<{ id: number }>(
      tx,
      sql`
      SELECT u.id FROM "user" u
      JOIN role r ON r.id = u.role_id
      JOIN kardex k ON k.user_id = u.id
      WHERE u.id = ${body.userId} AND u.deleted_at IS NULL AND u.status = 'activo'
        AND r.key = 'cosmetologist' AND k.branch_id = ${row.branchId}
      FOR KEY SHARE OF u`,
    );
    if (target.length === 0) throw notFound(NotFound.doctorRequired);
    await refuseClosedDay(tx, row.branchId, row.paidDate);
    await tx
      .update(cashOrder)
      .set({ sellerId: body.userId, updatedAt: now })
      .where(eq(cashOrder.id, id));
    await tx
      .update(cosmetologyCommission)
      .set({ userId: body.userId })
      .where(eq(cosmetologyCommission.cashOrderId, id));
    await audit(
      tx,
      actorOf(ctx, row.branchId),
      {
        module: MODULE,
        action: 'update',
        recordId: id,
        order: cashFolioOf(row.orderNumber),
        changes: changesBetween({ sellerId: row.sellerId }, { sellerId: body.userId }),
      },
      now,
    );
    return readCashOrder(tx, id);
  });
}

export async function cashOrderLots(
  ctx: Context,
  query: z.output<typeof cashOrderLotQuery>,
): Promise<CashOrderLot[]> {
  const branchId = branchForWrite(ctx, query.branchId);
  const search = query.search ? `%${query.search.replace(/[%_\\]/g, '\\$&')}%` : null;
  const rows = await queryRows<{
    stock_id: number;
    allotment: string;
    expires_in: string | null;
    quantity: number;
    product_id: number;
    sku: string;
    name: string;
    sale_price: string;
    tax: number;
    product_type: string;
  }>(
    ctx.db,
    sql`
    SELECT s.id AS stock_id, s.allotment, s.expires_in::text AS expires_in, s.quantity,
           p.id AS product_id, p.sku, p.name, p.sale_price, p.tax, pt.name AS product_type
    FROM stock s
    JOIN product p ON p.id = s.product_id
    JOIN product_type pt ON pt.id = p.product_type_id
    WHERE s.branch_id = ${branchId} AND s.deleted_at IS NULL AND s.quantity > 0
      AND p.deleted_at IS NULL AND p.status AND p.approved_at IS NOT NULL
      AND p.sale_price IS NOT NULL
      AND pt.name IN (${sql.join(
        CASH_ORDER_PRODUCT_TYPES.map((type) => sql`${type}`),
        sql`, `,
      )})
      ${query.productId ? sql`AND p.id = ${query.productId}` : sql``}
      ${search ? sql`AND (p.name ILIKE ${search} OR p.sku ILIKE ${search})` : sql``}
    ORDER BY p.name, p.id
    LIMIT 500`,
  );
  const lots = rows.map((row) => ({
    stockId: Number(row.stock_id),
    allotment: row.allotment,
    expiresIn: row.expires_in,
    quantity: Number(row.quantity),
    product: {
      id: Number(row.product_id),
      sku: row.sku,
      name: row.name,
      salePrice: Number(row.sale_price),
      tax: Number(row.tax),
      productType: row.product_type,
    },
  }));
  // Per product (by name), its lots soonest expiry first (FEFO).
  const byProduct = new Map<number, CashOrderLot[]>();
  for (const lot of lots)
    byProduct.set(lot.product.id, [...(byProduct.get(lot.product.id) ?? []), lot]);
  return [...byProduct.values()].flatMap((group) => byExpiry(group));
}
