import type { z } from 'zod';
import type { CashOrderQuote, cashOrderBody } from '@clinica/domain';
import type { Context } from '../../platform/context';
import type { AppError } from '../../platform/errors';
import { branchForWrite } from '../../platform/write';
import { prepareCashSale } from './cash-order-pricing';

/**
 * POST /cash-order/quote: the cash order as create would price it, through the very path create
 * takes (`prepareCashSale`), in a transaction always rolled back: every refusal create would
 * answer, and nothing kept (coupon use, points, folio).
 */

class QuoteDone extends Error {
  constructor(readonly quote: CashOrderQuote) {
    super('quote');
  }
}

export async function quoteCashOrder(
  ctx: Context,
  body: z.output<typeof cashOrderBody>,
): Promise<CashOrderQuote> {
  const branchId = branchForWrite(ctx, body.branchId);
  const now = ctx.clock.now();
  try {
    await ctx.db.transaction(async (tx) => {
      const { buyer, lines, totals, coupon, rate, settlement, tally, problem } =
        await prepareCashSale(tx, body, branchId, now);
      throw new QuoteDone({
        branchId,
        customerId: buyer?.id ?? null,
        lines: lines.map((line) => ({
          product: { id: line.lot.productId, sku: line.lot.sku, name: line.lot.name },
          productType: line.lot.productType,
          stockId: line.lot.stockId,
          allotment: line.lot.allotment,
          expiresIn: line.lot.expiresIn,
          quantity: line.quantity,
          salePrice: line.salePrice,
          price: line.price,
          discount: line.discount,
          tax: line.tax,
          taxes: line.taxes,
          points: line.points ?? 0,
        })),
        coupon: coupon
          ? { id: coupon.couponId, code: coupon.code, discount: coupon.discount }
          : null,
        subtotal: totals.subtotal,
        discountTotal: totals.discountTotal,
        taxes: totals.taxes,
        total: totals.total,
        exchangeRate: rate,
        payments: body.payments.map((payment, index) => ({
          paymentMethod: payment.paymentMethod,
          currency: payment.currency,
          amount: payment.amount,
          amountMxn: tally.amountsMxn[index]!,
        })),
        paidMxn: tally.paidMxn,
        owed: tally.owed,
        change: settlement?.change ?? 0,
        paymentMethod: settlement?.paymentMethod ?? null,
        pointsSpent: settlement?.points ?? 0,
        pointsEarned: buyer ? totals.points : 0,
        customerPoints: buyer?.points ?? null,
        paymentProblem: problem ? problemOf(problem) : null,
      });
    });
  } catch (error) {
    if (error instanceof QuoteDone) return error.quote;
    throw error;
  }
  throw new Error('quoteCashOrder: the transaction ended without its answer');
}

function problemOf(error: AppError): { field: string; message: string } {
  const detail = error.details?.[0];
  return { field: detail?.field ?? 'payments', message: detail?.message ?? error.message };
}
