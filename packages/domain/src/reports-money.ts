/**
 * The money of a branch-day (CONTRACT §14) as the read model keeps it: whole cents in thirteen
 * columns, each sale and refund adding its delta. The delta is the closing's own arithmetic
 * (`closingFigures`) over that one document, sorted into the columns of its channel, and the
 * closing's figures are additive, so Σ deltas of a day's documents = the figures of the whole day:
 * `ddcTotal` is the closing's `total` and `totalDcccProduct` its `products.total`, to the cent.
 */

import {
  closingFigures,
  type ClosingMoney,
  type ClosingPaymentInput,
  type ClosingRefundInput,
  type ClosingSaleInput,
} from './cash-closings';
import type { OrderOrigin } from './orders';
import type { SalesMoney } from './schemas/reports-money';

/** The stored columns (whole cents); the reports' totals are derived from them. */
export const DAY_MONEY_COLUMNS = [
  'mxnTx',
  'dlsTx',
  'dlsToMxTx',
  'tdc',
  'tdd',
  'otherTx',
  'online',
  'app',
  'mxnProduct',
  'dlsProduct',
  'dlsToMxnProduct',
  'cardProduct',
  'otherProduct',
] as const;
export type DayMoneyColumn = (typeof DAY_MONEY_COLUMNS)[number];
/** A branch-day's money, or one document's delta to it, in whole cents. */
export type DayMoneyCents = Record<DayMoneyColumn, number>;

/** Where a document's money goes: an order by its origin, or a cash order (`Product`). */
export type MoneyChannel = OrderOrigin | 'cash-order';

export const zeroDayMoney = (): DayMoneyCents =>
  Object.fromEntries(DAY_MONEY_COLUMNS.map((column) => [column, 0])) as DayMoneyCents;

const cents = (value: number) => Math.round(value * 100);

/**
 * The delta of documents of one channel (one sale with its payments and change, one refund, or
 * any number of them summed): the closing's figures over them, sorted into the channel's columns.
 * Point-of-sale and counter sales split by method, net of their refunds by refund method (points
 * returned with the other methods); app and online take the whole net total.
 */
export function dayMoneyDelta(
  channel: MoneyChannel,
  payments: readonly ClosingPaymentInput[],
  sales: readonly ClosingSaleInput[],
  refunds: readonly ClosingRefundInput[],
): DayMoneyCents {
  const f = closingFigures(payments, sales, refunds);
  const c = (field: keyof ClosingMoney) => cents(f[field]);
  const delta = zeroDayMoney();
  if (channel === 'APP') delta.app = c('total');
  else if (channel === 'LINEA') delta.online = c('total');
  else {
    const cash = c('cashTotal') - c('refundCash');
    const other =
      c('transferTotal') +
      c('depositTotal') +
      c('pointsTotal') -
      c('refundTransfer') -
      c('refundDeposit') -
      c('refundPoints');
    if (channel === 'SUCURSAL') {
      delta.mxnTx = cash;
      delta.dlsTx = c('cashTotalDollars');
      delta.dlsToMxTx = c('cashTotalDollarsMxn');
      delta.tdc = c('creditCardTotal') - c('refundCreditCard');
      delta.tdd = c('debitCardTotal') - c('refundDebitCard');
      delta.otherTx = other;
    } else {
      delta.mxnProduct = cash;
      delta.dlsProduct = c('cashTotalDollars');
      delta.dlsToMxnProduct = c('cashTotalDollarsMxn');
      delta.cardProduct =
        c('creditCardTotal') + c('debitCardTotal') - c('refundCreditCard') - c('refundDebitCard');
      delta.otherProduct = other;
    }
  }
  return delta;
}

/** Σ of several branch-days' (or deltas') cents. */
export function addDayMoney(...all: readonly DayMoneyCents[]): DayMoneyCents {
  const sum = zeroDayMoney();
  for (const money of all) for (const column of DAY_MONEY_COLUMNS) sum[column] += money[column];
  return sum;
}

/** The report's money fields (pesos; dollars for dlsTx, dlsProduct) from the stored cents. */
export function salesMoneyOf(money: DayMoneyCents): SalesMoney {
  const cashTotalMx = money.mxnTx + money.dlsToMxTx;
  const totalDccTx = cashTotalMx + money.tdc + money.tdd + money.otherTx + money.online + money.app;
  const totalDcccProduct =
    money.mxnProduct + money.dlsToMxnProduct + money.cardProduct + money.otherProduct;
  const all = { ...money, cashTotalMx, totalDccTx, totalDcccProduct };
  const peso = (value: number) => value / 100;
  return {
    mxnTx: peso(all.mxnTx),
    dlsTx: peso(all.dlsTx),
    dlsToMxTx: peso(all.dlsToMxTx),
    cashTotalMx: peso(cashTotalMx),
    tdc: peso(all.tdc),
    tdd: peso(all.tdd),
    otherTx: peso(all.otherTx),
    online: peso(all.online),
    app: peso(all.app),
    totalDccTx: peso(totalDccTx),
    mxnProduct: peso(all.mxnProduct),
    dlsProduct: peso(all.dlsProduct),
    dlsToMxnProduct: peso(all.dlsToMxnProduct),
    cardProduct: peso(all.cardProduct),
    otherProduct: peso(all.otherProduct),
    totalDcccProduct: peso(totalDcccProduct),
    ddcTotal: peso(totalDccTx + totalDcccProduct),
  };
}

/**
 * The profitability income lines of a month's money (CONTRACT §14), cents: they partition its
 * ddcTotal.
 */
export function incomeConceptsOf(money: DayMoneyCents) {
  return {
    cash: money.mxnTx + money.dlsToMxTx + money.mxnProduct + money.dlsToMxnProduct,
    TPV: money.tdc + money.tdd + money.cardProduct,
    'online pay': money.online,
    'app pay': money.app,
    'individual sales': money.otherTx + money.otherProduct,
  } as const;
}
