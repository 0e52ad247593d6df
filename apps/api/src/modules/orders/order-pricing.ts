import type { z } from 'zod';
import {
  MAX_INTEGER,
  MAX_MONEY,
  formatMoney,
  isPaymentProblem,
  orderTotals,
  settlePayments,
  type PaymentProblem,
  type orderBody,
} from '@clinica/domain';
import type { Tx } from '../../db/client';
import { invalid } from '../../platform/errors';
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

function paymentRefusal(problem: PaymentProblem) {
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

/** Prices the order and checks its payments, at a branch and an instant. */
export async function priceOrder(tx: Tx, body: Body, sale: { branchId: number; at: Date }) {
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
  const settlement = settlePayments(totals.total, body.payments, rate);
  if (isPaymentProblem(settlement)) throw paymentRefusal(settlement);
  if (settlement.paidMxn > MAX_MONEY)
    throw invalid({ field: 'payments', message: 'Los pagos exceden el monto permitido' });
  return { lines, totals, coupon, rate, settlement };
}
