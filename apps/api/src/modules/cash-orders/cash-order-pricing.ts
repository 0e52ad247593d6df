import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  CASH_ORDER_PRODUCT_TYPES,
  MAX_MONEY,
  NotFound,
  POINTS_METHOD,
  ROLES,
  ROLE_KEYS,
  Unprocessable,
  cashOrderTotals,
  formatMoney,
  isPaymentProblem,
  settlePayments,
  toMxn,
  type cashOrderBody,
} from '@clinica/domain';
import { queryRows, type Tx } from '../../db/client';
import { AppError, invalid } from '../../platform/errors';
import { redeemCoupon } from '../coupons/redeem';
import { paymentRefusal } from '../orders/order-pricing';
import { holdBranch, lockBuyer } from '../orders/order.service';
import { rateAt } from '../settings-goals/exchange-rate';

/**
 * Everything a cash order checks before it writes (CONTRACT §12 "Cash orders"), one path for the
 * sale and its quote: the buyer (when named) locked, the branch and the seller held, then the lots
 * locked `FOR UPDATE` in `stockId` order (so two sales of the same lots queue and never deadlock),
 * and only then the checks on what the locks hold: each lot live and of the branch (404 code 1),
 * its product of a type sold to customers (400), enough units for every line naming it (422 code 1).
 * The coupon is redeemed, the lines priced from the catalogue (`cashOrderTotals`, IVA per line)
 * and the payments settled; a payment problem is answered, not thrown, for the quote to show.
 */

type Body = z.output<typeof cashOrderBody>;

const BRANCH_FIXED_ROLES = ROLE_KEYS.filter((key) => ROLES[key].branchFixed);

export interface LockedLot {
  stockId: number;
  branchId: number;
  productId: number;
  allotment: string;
  expiresIn: string | null;
  quantity: number;
  sku: string;
  name: string;
  salePrice: number | null;
  tax: number | null;
  points: number | null;
  productType: string;
}

/** The seller: an active staff member of the branch, or of a role that works at every branch. */
async function holdSeller(tx: Tx, sellerId: number, branchId: number) {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`
    SELECT u.id FROM "user" u JOIN role r ON r.id = u.role_id
    WHERE u.id = ${sellerId} AND u.deleted_at IS NULL AND u.status = 'activo'
      AND (r.key NOT IN (${sql.join(
        BRANCH_FIXED_ROLES.map((key) => sql`${key}`),
        sql`, `,
      )})
           OR EXISTS (SELECT 1 FROM kardex k WHERE k.user_id = u.id AND k.branch_id = ${branchId}))
    FOR KEY SHARE OF u`,
  );
  if (rows.length === 0)
    throw new AppError(404, NotFound.user, [
      { field: 'sellerId', message: 'El vendedor no es personal activo de la sucursal' },
    ]);
}

async function lockLots(tx: Tx, body: Body, branchId: number): Promise<Map<number, LockedLot>> {
  const ids = [...new Set(body.cashOrderDetails.map((line) => line.stockId))].sort((a, b) => a - b);
  const rows = await queryRows<{
    id: number;
    branch_id: number;
    product_id: number;
    allotment: string;
    expires_in: string | null;
    quantity: number;
    sku: string;
    name: string;
    sale_price: string | null;
    tax: number | null;
    points: number | null;
    product_type: string;
  }>(
    tx,
    sql`
    SELECT s.id, s.branch_id, s.product_id, s.allotment, s.expires_in::text AS expires_in,
           s.quantity, p.sku, p.name, p.sale_price, p.tax, p.points, pt.name AS product_type
    FROM stock s
    JOIN product p ON p.id = s.product_id
    JOIN product_type pt ON pt.id = p.product_type_id
    WHERE s.id IN (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )}) AND s.deleted_at IS NULL
    ORDER BY s.id
    FOR UPDATE OF s`,
  );
  const lots = new Map<number, LockedLot>();
  for (const row of rows)
    lots.set(Number(row.id), {
      stockId: Number(row.id),
      branchId: Number(row.branch_id),
      productId: Number(row.product_id),
      allotment: row.allotment,
      expiresIn: row.expires_in,
      quantity: Number(row.quantity),
      sku: row.sku,
      name: row.name,
      salePrice: row.sale_price === null ? null : Number(row.sale_price),
      tax: row.tax === null ? null : Number(row.tax),
      points: row.points === null ? null : Number(row.points),
      productType: row.product_type,
    });
  const wanted = new Map<number, number>();
  body.cashOrderDetails.forEach((line, index) => {
    const lot = lots.get(line.stockId);
    const field = `cashOrderDetails.${index}.stockId`;
    if (!lot || lot.branchId !== branchId)
      throw new AppError(404, NotFound.stock, [
        { field, message: 'El lote no existe en la sucursal' },
      ]);
    if (!(CASH_ORDER_PRODUCT_TYPES as readonly string[]).includes(lot.productType))
      throw invalid({ field, message: `${lot.name} no es un producto de venta al cliente` });
    if (lot.salePrice === null)
      throw invalid({ field, message: `${lot.name} no tiene precio de venta` });
    wanted.set(line.stockId, (wanted.get(line.stockId) ?? 0) + line.quantity);
  });
  body.cashOrderDetails.forEach((line, index) => {
    const lot = lots.get(line.stockId)!;
    if (wanted.get(line.stockId)! > lot.quantity)
      throw new AppError(422, Unprocessable.insufficientInventory, [
        {
          field: `cashOrderDetails.${index}.quantity`,
          message: `El lote ${lot.allotment || 'sin lote'} de ${lot.name} tiene ${lot.quantity} unidades`,
        },
      ]);
  });
  return lots;
}

const cents = (value: number) => Math.round(value * 100);

export async function prepareCashSale(tx: Tx, body: Body, branchId: number, now: Date) {
  const buyer = body.customerId ? await lockBuyer(tx, body.customerId) : null;
  const site = await holdBranch(tx, branchId);
  await holdSeller(tx, body.sellerId, branchId);
  const lots = await lockLots(tx, body, branchId);

  const code = body.couponCode ?? null;
  if (code && !buyer)
    throw invalid({ field: 'couponCode', message: 'Para usar un cupón indica el cliente' });
  const coupon =
    code && buyer
      ? await redeemCoupon(tx, { code, customerId: buyer.id, branchId, at: now })
      : null;
  const inputs = body.cashOrderDetails.map((line) => {
    const lot = lots.get(line.stockId)!;
    return {
      lot,
      quantity: line.quantity,
      salePrice: lot.salePrice!,
      tax: lot.tax,
      points: lot.points,
      couponApplies: coupon?.type === 'Product' && coupon.productId === lot.productId,
    };
  });
  if (coupon && !inputs.some((line) => line.couponApplies))
    throw invalid({
      field: 'couponCode',
      message: `El cupón ${coupon.code} no aplica a ningún producto de la venta`,
    });
  const totals = cashOrderTotals(inputs, coupon?.discount ?? null);
  if (totals.total > MAX_MONEY)
    throw invalid({
      field: 'cashOrderDetails',
      message: `El total de la venta debe ser menor o igual a ${formatMoney(MAX_MONEY)}`,
    });

  const rate = (await rateAt(tx, now)).exchangeRate;
  const amountsMxn = body.payments.map((payment) => toMxn(payment.amount, payment.currency, rate));
  const paid = amountsMxn.reduce((sum, amount) => sum + cents(amount), 0);
  const tally = {
    amountsMxn,
    paidMxn: paid / 100,
    owed: Math.max(0, cents(totals.total) - paid) / 100,
  };
  if (tally.paidMxn > MAX_MONEY)
    throw invalid({ field: 'payments', message: 'Los pagos exceden el monto permitido' });
  const settled = settlePayments(totals.total, body.payments, rate);
  const settlement = isPaymentProblem(settled) ? null : settled;
  const usesPoints = body.payments.some((payment) => payment.paymentMethod === POINTS_METHOD);
  const problem = isPaymentProblem(settled)
    ? paymentRefusal(settled)
    : usesPoints && !buyer
      ? invalid({ field: 'payments', message: 'Para pagar con puntos indica el cliente' })
      : buyer && settled.points > buyer.points
        ? new AppError(422, Unprocessable.insufficientPoints, [
            { field: 'payments', message: 'El cliente no tiene puntos suficientes' },
          ])
        : null;
  const lines = inputs.map((input, index) => ({ ...input, ...totals.lines[index]! }));
  return { buyer, site, lines, totals, coupon, rate, settlement, tally, problem };
}

export type PreparedCashSale = Awaited<ReturnType<typeof prepareCashSale>>;
