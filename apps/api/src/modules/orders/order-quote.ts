import { inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { OrderQuote, orderBody } from '@clinica/domain';
import { offer, treatment } from '../../db/schema';
import type { Context } from '../../platform/context';
import type { AppError } from '../../platform/errors';
import { branchForWrite } from '../../platform/write';
import { prepareSale, refusePointsOutsideBranch } from './order.service';

/**
 * POST /order/quote (CONTRACT §12): the order as the sale would price it, through the very path
 * the sale takes (`prepareSale`: buyer, branch, seller, lines, coupon, payments, the charged
 * appointment), inside a transaction that is always rolled back. So a quote answers every refusal
 * the sale would, and writes nothing: the coupon's use and count, the points and the order number
 * are never kept (the sequence is not even read: the number is drawn by the sale's insert).
 * Payments that do not yet cover the total are not a refusal here: `owed` says what is missing and
 * `paymentProblem` what the sale would answer.
 */

type Body = z.output<typeof orderBody>;

/** Carries the answer out of the transaction it rolls back. */
class QuoteDone extends Error {
  constructor(readonly quote: OrderQuote) {
    super('quote');
  }
}

export async function quoteOrder(ctx: Context, body: Body): Promise<OrderQuote> {
  refusePointsOutsideBranch(body);
  const branchId = branchForWrite(ctx, body.branchId);
  const now = ctx.clock.now();
  try {
    await ctx.db.transaction(async (tx) => {
      const { buyer, priced } = await prepareSale(tx, body, branchId, now);
      const { lines, totals, coupon, rate, settlement, tally, problem } = priced;
      const treatmentIds = lines.flatMap((line) => (line.treatmentId ? [line.treatmentId] : []));
      const packageIds = lines.flatMap((line) => (line.packageId ? [line.packageId] : []));
      const names = new Map<string, { name: string; type?: string }>();
      if (treatmentIds.length > 0)
        for (const row of await tx
          .select({ id: treatment.id, name: treatment.name })
          .from(treatment)
          .where(inArray(treatment.id, treatmentIds)))
          names.set(`t${row.id}`, { name: row.name });
      if (packageIds.length > 0)
        for (const row of await tx
          .select({ id: offer.id, name: offer.name, type: offer.type })
          .from(offer)
          .where(inArray(offer.id, packageIds)))
          names.set(`p${row.id}`, { name: row.name, type: row.type });
      throw new QuoteDone({
        origin: body.origin,
        branchId,
        customerId: body.customerId,
        lines: lines.map((line, index) => ({
          treatment: line.treatmentId
            ? { id: line.treatmentId, name: names.get(`t${line.treatmentId}`)?.name ?? '' }
            : null,
          package: line.packageId
            ? {
                id: line.packageId,
                name: names.get(`p${line.packageId}`)?.name ?? '',
                type: names.get(`p${line.packageId}`)?.type ?? '',
              }
            : null,
          quantity: line.quantity,
          price: line.price,
          salePrice: line.salePrice,
          discount: totals.discounts[index]!,
          amount:
            (Math.round(line.salePrice * 100) * line.quantity -
              Math.round(totals.discounts[index]! * 100)) /
            100,
          points: line.points,
        })),
        coupon: coupon
          ? { id: coupon.couponId, code: coupon.code, discount: coupon.discount }
          : null,
        subtotal: totals.subtotal,
        discountTotal: totals.discountTotal,
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
        pointsEarned: totals.points,
        customerPoints: buyer.points,
        paymentProblem: problem ? problemOf(problem) : null,
      });
    });
  } catch (error) {
    if (error instanceof QuoteDone) return error.quote;
    throw error;
  }
  throw new Error('quoteOrder: the transaction ended without its answer');
}

function problemOf(error: AppError): { field: string; message: string } {
  const detail = error.details?.[0];
  return { field: detail?.field ?? 'payments', message: detail?.message ?? error.message };
}
