import type { z } from 'zod';
import {
  MAX_INTEGER,
  MAX_MONEY,
  formatMoney,
  isPaymentProblem,
  orderTotals,
  settlePayments,
  toMxn,
  Unprocessable,
  type PaymentProblem,
  type orderBody,
} from '@clinica/domain';
import type { Tx } from '../../db/client';
import { AppError, invalid } from '../../platform/errors';
import { redeemCoupon, type CouponRedemption } from '../coupons/redeem';
import { rateAt } from '../settings-goals/exchange-rate';
import { priceLines, type OrderLine } from './order-lines';

/**
 * What an order costs and how it is paid (CONTRACT §12), inside the sale's transaction: the lines
 * priced from the catalogue, the coupon redeemed and applied to its treatment's lines, the totals
 * (domain's `orderTotals`), the rate in force, and the payments checked against the total
 * (`settlePayments`). Any refusal is a 400 naming the field, a catalogue code, or the coupon's.
 */

type Body = z.output<typeof orderBody>;

export function paymentRefusal(problem: PaymentProblem) {
  switch (problem.kind) {
    case 'short':
      return invalid({
        field: 'payments',
        message: `Los pagos (${formatMoney(problem.paid)}) no cubren el total de la orden (${formatMoney(problem.total)})`,
      });
    case 'overpaid':
      return invalid({
        field: 'payments',
        message: `Los pagos (${formatMoney(problem.paid)}) exceden el total (${formatMoney(problem.total)}); solo un pago en efectivo puede dar cambio`,
      });
    case 'pointsWhole':
      return invalid({
        field: `payments.${problem.index}.amount`,
        message: 'El pago con puntos debe ser un número entero de puntos',
      });
    case 'pointsCurrency':
      return invalid({
        field: `payments.${problem.index}.currency`,
        message: 'El pago con puntos se hace en MXN (1 punto = 1 MXN)',
      });
  }
}

/** Marks the lines a treatment coupon discounts: the bare lines of its treatment. */
function applyCoupon(lines: OrderLine[], coupon: CouponRedemption | null, code: string) {
  if (!coupon) return lines;
  const marked = lines.map((line) => ({
    ...line,
    couponApplies:
      coupon.type === 'Treatment' &&
      line.treatmentId !== null &&
      line.treatmentId === coupon.treatmentId,
  }));
  if (!marked.some((line) => line.couponApplies))
    throw invalid({
      field: 'couponCode',
      message: `El cupón ${code} no aplica a ningún tratamiento de la orden`,
    });
  return marked;
}

const cents = (value: number) => Math.round(value * 100);

/**
 * What the payments so far leave, whether or not they cover the total (the quote shows it while
 * the cart is being paid): each in MXN at the rate, the sum, what is still owed.
 */
function tallyOf(total: number, body: Body, rate: number) {
  const amountsMxn = body.payments.map((payment) => toMxn(payment.amount, payment.currency, rate));
  const paid = amountsMxn.reduce((sum, amount) => sum + cents(amount), 0);
  return { amountsMxn, paidMxn: paid / 100, owed: Math.max(0, cents(total) - paid) / 100 };
}

/**
 * Prices the order and checks its payments, at a branch and an instant: the one path both the
 * sale (which refuses on `problem`) and the quote (which shows it) go through. `customerPoints` is
 * the buyer's balance, so paying with more points than held is a problem the quote can show
 * before the sale's conditional update refuses it.
 */
export async function priceOrder(
  tx: Tx,
  body: Body,
  sale: { branchId: number; at: Date; customerPoints: number },
) {
  const methods = [...new Set(body.payments.map((payment) => payment.paymentMethod))];
  const priced = await priceLines(tx, body.orderDetails, { ...sale, methods });
  const code = body.couponCode ?? null;
  const coupon = code
    ? await redeemCoupon(tx, { code, customerId: body.customerId, ...sale })
    : null;
  const lines = applyCoupon(priced, coupon, code ?? '');
  const totals = orderTotals(lines, coupon?.discount ?? null);
  if (totals.subtotal > MAX_MONEY)
    throw invalid({
      field: 'orderDetails',
      message: `El total de la orden debe ser menor o igual a ${formatMoney(MAX_MONEY)}`,
    });
  if (totals.points > MAX_INTEGER)
    throw invalid({ field: 'orderDetails', message: 'La orden excede los puntos permitidos' });
  const rate = (await rateAt(tx, sale.at)).exchangeRate;
  const tally = tallyOf(totals.total, body, rate);
  if (tally.paidMxn > MAX_MONEY)
    throw invalid({ field: 'payments', message: 'Los pagos exceden el monto permitido' });
  const settled = settlePayments(totals.total, body.payments, rate);
  const settlement = isPaymentProblem(settled) ? null : settled;
  const problem = isPaymentProblem(settled)
    ? paymentRefusal(settled)
    : settled.points > sale.customerPoints
      ? new AppError(422, Unprocessable.insufficientPoints, [
          { field: 'payments', message: 'El cliente no tiene puntos suficientes' },
        ])
      : null;
  return { lines, totals, coupon, rate, settlement, tally, problem };
}

export type PricedOrder = Awaited<ReturnType<typeof priceOrder>>;
