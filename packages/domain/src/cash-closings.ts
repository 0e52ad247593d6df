/**
 * The figures of a daily cash closing (CONTRACT §12 "Daily cash closing"): pure arithmetic in
 * whole cents over the day's payments, change and refunds, so a property test can hold it against
 * an independent sum. The API reads these inputs from the branch-day's orders and cash orders
 * (`paidDate` the day for sales, `refundDate` the day for refunds); an input row may be one
 * payment or the sum of several of one kind, method and currency, the result is the same.
 */

import { formatOrderNumber } from './constants';
import { CASH_METHOD, POINTS_METHOD, type OrderCurrency } from './orders';

/** Which document a figure comes from: an order (treatments) or a cash order (products). */
export type ClosingDocument = 'order' | 'cash-order';

/** A payment of a sale paid that day (or the sum of several alike). */
export interface ClosingPaymentInput {
  document: ClosingDocument;
  paymentMethod: string;
  currency: OrderCurrency;
  amount: number;
  amountMxn: number;
}

/** A sale paid that day: its change handed back (summed per document kind is fine). */
export interface ClosingSaleInput {
  document: ClosingDocument;
  changeAmount: number;
  /** How many sales this row stands for (1 for one sale). */
  count: number;
}

/** A refund made that day: the amount returned by its method, and the points paid returned. */
export interface ClosingRefundInput {
  document: ClosingDocument;
  refundMethod: string;
  refundAmount: number;
  pointsPaid: number;
  count: number;
}

/** The money fields of a closing (MXN unless the name says Dollars). */
export interface ClosingMoney {
  cashTotal: number;
  cashTotalDollars: number;
  cashTotalDollarsMxn: number;
  creditCardTotal: number;
  debitCardTotal: number;
  transferTotal: number;
  depositTotal: number;
  pointsTotal: number;
  salesTotal: number;
  refundCash: number;
  refundCreditCard: number;
  refundDebitCard: number;
  refundTransfer: number;
  refundDeposit: number;
  refundPoints: number;
  refundTotal: number;
  total: number;
  ordersCount: number;
  cashOrdersCount: number;
  refundsCount: number;
}

export const CLOSING_MONEY_FIELDS = [
  'cashTotal',
  'cashTotalDollars',
  'cashTotalDollarsMxn',
  'creditCardTotal',
  'debitCardTotal',
  'transferTotal',
  'depositTotal',
  'pointsTotal',
  'salesTotal',
  'refundCash',
  'refundCreditCard',
  'refundDebitCard',
  'refundTransfer',
  'refundDeposit',
  'refundPoints',
  'refundTotal',
  'total',
] as const satisfies readonly (keyof ClosingMoney)[];

/** The payment methods by the figure they add to (besides cash and points). */
const METHOD_FIGURE = {
  'Tarjeta de crédito': 'creditCardTotal',
  'Tarjeta de débito': 'debitCardTotal',
  'Transferencia electrónica': 'transferTotal',
  'Depósito bancario': 'depositTotal',
} as const;

const REFUND_FIGURE = {
  Efectivo: 'refundCash',
  'Tarjeta de crédito': 'refundCreditCard',
  'Tarjeta de débito': 'refundDebitCard',
  'Transferencia electrónica': 'refundTransfer',
  'Depósito bancario': 'refundDeposit',
} as const;

const cents = (value: number) => Math.round(value * 100);

/**
 * The closing's figures: cashTotal = Σ Efectivo MXN − Σ change; cashTotalDollars = Σ Efectivo DLS
 * (dollars) and cashTotalDollarsMxn their amountMxn; each other method Σ amountMxn; salesTotal the
 * seven together; each refund method Σ refundAmount, refundPoints Σ points paid; refundTotal the
 * six together; total = salesTotal − refundTotal. A payment of another method in dollars counts in
 * its method's figure at its amountMxn.
 */
export function closingFigures(
  payments: readonly ClosingPaymentInput[],
  sales: readonly ClosingSaleInput[],
  refunds: readonly ClosingRefundInput[],
): ClosingMoney {
  const sum: Record<(typeof CLOSING_MONEY_FIELDS)[number], number> = Object.fromEntries(
    CLOSING_MONEY_FIELDS.map((field) => [field, 0]),
  ) as never;
  for (const payment of payments) {
    if (payment.paymentMethod === CASH_METHOD) {
      if (payment.currency === 'DLS') {
        sum.cashTotalDollars += cents(payment.amount);
        sum.cashTotalDollarsMxn += cents(payment.amountMxn);
      } else sum.cashTotal += cents(payment.amountMxn);
    } else if (payment.paymentMethod === POINTS_METHOD) sum.pointsTotal += cents(payment.amountMxn);
    else {
      const figure = METHOD_FIGURE[payment.paymentMethod as keyof typeof METHOD_FIGURE];
      if (!figure) throw new Error(`Método de pago desconocido: ${payment.paymentMethod}`);
      sum[figure] += cents(payment.amountMxn);
    }
  }
  let ordersCount = 0;
  let cashOrdersCount = 0;
  for (const sale of sales) {
    sum.cashTotal -= cents(sale.changeAmount);
    if (sale.document === 'order') ordersCount += sale.count;
    else cashOrdersCount += sale.count;
  }
  let refundsCount = 0;
  for (const refund of refunds) {
    const figure = REFUND_FIGURE[refund.refundMethod as keyof typeof REFUND_FIGURE];
    if (!figure) throw new Error(`Método de devolución desconocido: ${refund.refundMethod}`);
    sum[figure] += cents(refund.refundAmount);
    sum.refundPoints += cents(refund.pointsPaid);
    refundsCount += refund.count;
  }
  sum.salesTotal =
    sum.cashTotal +
    sum.cashTotalDollarsMxn +
    sum.creditCardTotal +
    sum.debitCardTotal +
    sum.transferTotal +
    sum.depositTotal +
    sum.pointsTotal;
  sum.refundTotal =
    sum.refundCash +
    sum.refundCreditCard +
    sum.refundDebitCard +
    sum.refundTransfer +
    sum.refundDeposit +
    sum.refundPoints;
  sum.total = sum.salesTotal - sum.refundTotal;
  const money = Object.fromEntries(
    CLOSING_MONEY_FIELDS.map((field) => [field, sum[field] / 100]),
  ) as Record<(typeof CLOSING_MONEY_FIELDS)[number], number>;
  return { ...money, ordersCount, cashOrdersCount, refundsCount };
}

/**
 * The closing's differences (CONTRACT §12): counted − (cashTotal − refundCash) in pesos and
 * counted − cashTotalDollars in dollars; null when nothing was counted.
 */
export function closingDifference(
  figures: Pick<ClosingMoney, 'cashTotal' | 'refundCash' | 'cashTotalDollars'>,
  countedCash: number | null | undefined,
  countedCashDollars: number | null | undefined,
): { difference: number | null; differenceDollars: number | null } {
  const expected = cents(figures.cashTotal) - cents(figures.refundCash);
  return {
    difference:
      countedCash === null || countedCash === undefined
        ? null
        : (cents(countedCash) - expected) / 100,
    differenceDollars:
      countedCashDollars === null || countedCashDollars === undefined
        ? null
        : (cents(countedCashDollars) - cents(figures.cashTotalDollars)) / 100,
  };
}

/** The cash a drawer should hold at the close: cashTotal − refundCash. */
export const expectedCash = (figures: Pick<ClosingMoney, 'cashTotal' | 'refundCash'>): number =>
  (cents(figures.cashTotal) - cents(figures.refundCash)) / 100;

/** The printed folio of a closing number: `CC-000042`. */
export const closingFolio = (number: number): string => formatOrderNumber('cashClosing', number);
