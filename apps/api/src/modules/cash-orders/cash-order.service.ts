import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  COSMETOLOGY_SALE_TYPE,
  cosmetologyCommission as commissionOf,
  formatMoney,
  localDay,
  type CashOrderRecord,
  type cashOrderBody,
} from '@clinica/domain';
import type { Tx } from '../../db/client';
import {
  cashOrder,
  cashOrderDetail,
  cashOrderPayment,
  cosmetologyCommission,
  couponUse,
  setting,
} from '../../db/schema';
import { audit, changesBetween } from '../../platform/audit';
import { actorOf, type Context } from '../../platform/context';
import { branchForWrite } from '../../platform/write';
import { moveStock } from '../inventory/ledger';
import { refuseClosedDay } from '../orders/closed-day';
import { countSale } from '../orders/day-money';
import { earnPoints, spendPoints } from '../orders/points';
import { prepareCashSale } from './cash-order-pricing';
import { cashFolioOf, readCashOrder } from './cash-order-read';

/**
 * POST /cash-order/create (CONTRACT §12 "Cash orders"): one transaction. `prepareCashSale` locks
 * and checks (buyer, branch, seller, the lots `FOR UPDATE` in id order, coupon, prices, payments);
 * then the day's closing is checked, the cash order, lines and payments written, each line's units
 * taken out of its lot through the ledger (`moveStock`, a `cash-order` movement naming the sale;
 * the ledger's conditional update and `CHECK (quantity >= 0)` stand behind the check), points
 * spent and earned, each `Cosmetólogo/Venta` line's commission written, and the audit entry.
 */

type Body = z.output<typeof cashOrderBody>;

export const MODULE = 'sales';

/** The settings' cosmetology commission percent in force now. */
export async function commissionPercent(tx: Tx): Promise<number> {
  const [row] = await tx
    .select({ percent: setting.cosmetologyCommissionPercent })
    .from(setting)
    .where(eq(setting.id, 1));
  return Number(row?.percent ?? 0);
}

/** What the history shows of a cash order. */
export function cashHeader(record: CashOrderRecord) {
  return {
    orderNumber: record.folio,
    branch: record.branch.name,
    customer: record.customer
      ? [record.customer.name, record.customer.lastName, record.customer.motherLastName]
          .filter(Boolean)
          .join(' ')
      : null,
    seller: record.seller?.name ?? null,
    coupon: record.coupon?.code ?? null,
    subtotal: record.subtotal,
    taxes: record.taxes,
    total: record.total,
    points: record.points,
    paymentMethod: record.paymentMethod,
    changeAmount: record.changeAmount,
    cashOrderDetails: record.cashOrderDetails
      .map(
        (line) =>
          `${line.product.name} (lote ${line.allotment || 'sin lote'}): ${line.quantity} × ${formatMoney(line.salePrice)}` +
          (line.discount > 0 ? ` (−${formatMoney(line.discount)})` : ''),
      )
      .join('; '),
  };
}

export async function createCashOrder(ctx: Context, body: Body): Promise<CashOrderRecord> {
  const branchId = branchForWrite(ctx, body.branchId);
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const prepared = await prepareCashSale(tx, body, branchId, now);
    if (prepared.problem) throw prepared.problem;
    const { site, lines, totals, coupon, rate, buyer } = prepared;
    const settlement = prepared.settlement!;
    const today = localDay(now, site.zone);
    await refuseClosedDay(tx, site.id, today);

    const [created] = await tx
      .insert(cashOrder)
      .values({
        branchId,
        customerId: buyer?.id ?? null,
        sellerId: body.sellerId,
        userId: ctx.session.userId,
        couponId: coupon?.couponId ?? null,
        subtotal: totals.subtotal,
        discountTotal: totals.discountTotal,
        taxes: totals.taxes,
        total: totals.total,
        points: buyer ? totals.points : 0,
        paymentStatus: 'paid',
        paymentMethod: settlement.paymentMethod,
        payReference: body.payments.find((payment) => payment.reference)?.reference ?? null,
        exchangeRate: rate,
        changeAmount: settlement.change,
        paidAt: now,
        paidDate: today,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: cashOrder.id, orderNumber: cashOrder.orderNumber });
    const id = created!.id;
    const folio = cashFolioOf(created!.orderNumber);
    if (coupon)
      await tx.update(couponUse).set({ cashOrderId: id }).where(eq(couponUse.id, coupon.useId));

    const details = await tx
      .insert(cashOrderDetail)
      .values(
        lines.map((line) => ({
          cashOrderId: id,
          productId: line.lot.productId,
          stockId: line.lot.stockId,
          quantity: line.quantity,
          salePrice: line.salePrice,
          price: line.price,
          discount: line.discount,
          tax: line.tax,
          taxes: line.taxes,
          points: line.points ?? 0,
        })),
      )
      .returning({ id: cashOrderDetail.id });
    if (body.payments.length > 0)
      await tx.insert(cashOrderPayment).values(
        body.payments.map((payment, index) => ({
          cashOrderId: id,
          paymentMethod: payment.paymentMethod,
          currency: payment.currency,
          amount: payment.amount,
          amountMxn: settlement.amountsMxn[index]!,
          reference: payment.reference ?? null,
        })),
      );

    // The lots are already locked (in id order); they are moved in that order too.
    const document = { type: 'cash-order', id, number: folio };
    for (const line of [...lines].sort((a, b) => a.lot.stockId - b.lot.stockId))
      await moveStock(
        tx,
        {
          stockId: line.lot.stockId,
          quantity: -line.quantity,
          cause: 'cash-order',
          document,
          userId: ctx.session.userId,
        },
        { branchId },
        now,
      );

    if (buyer) {
      const movement = {
        customerId: buyer.id,
        cashOrderId: id,
        userId: ctx.session.userId,
        at: now,
      };
      if (settlement.points > 0) await spendPoints(tx, settlement.points, movement);
      if (totals.points > 0) await earnPoints(tx, totals.points, movement);
    }

    const cosmetic = lines
      .map((line, index) => ({ line, detailId: details[index]!.id }))
      .filter(({ line }) => line.lot.productType === COSMETOLOGY_SALE_TYPE);
    if (cosmetic.length > 0) {
      const percent = await commissionPercent(tx);
      await tx.insert(cosmetologyCommission).values(
        cosmetic.map(({ line, detailId }) => ({
          cashOrderId: id,
          cashOrderDetailId: detailId,
          userId: body.sellerId,
          branchId,
          productId: line.lot.productId,
          kind: 'sale',
          salePrice: line.price,
          percent,
          commission: commissionOf(line.price, percent),
          date: today,
          createdAt: now,
        })),
      );
    }

    // The read model last: its branch-day row is the one every sale of the day locks, so it is
    // taken after every other lock and held only until the commit (no lock-order deadlock).
    await countSale(tx, 'cash-order', id);
    const record = await readCashOrder(tx, id);
    await audit(
      tx,
      actorOf(ctx, branchId),
      {
        module: MODULE,
        action: 'create',
        recordId: id,
        order: folio,
        changes: changesBetween(null, cashHeader(record)),
      },
      now,
    );
    return record;
  });
}
