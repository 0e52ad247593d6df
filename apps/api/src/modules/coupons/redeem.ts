import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  BadRequest,
  NotFound,
  couponDiscountAmount,
  couponDiscountedPrice,
  couponRefusal,
  localDay,
  type CouponType,
} from '@clinica/domain';
import type { Tx } from '../../db/client';
import { branch, coupon, couponBranch, couponUse, product, treatment } from '../../db/schema';
import { AppError, notFound } from '../../platform/errors';

/**
 * Redeeming a coupon (CONTRACT §7, §11), for the sales to call inside their order's transaction.
 *
 First the customer's use is written, a row of `coupon_use` with UNIQUE (coupon, customer): a
 * second use by the same customer, concurrent or not, waits on the first's key and then conflicts
 * (400 code 11). Then it is counted by one conditional
 * `UPDATE coupon SET used = used + 1 WHERE … used < usage_limit`: its row lock queues concurrent
 * redemptions of a coupon, and each re-reads `used` once the one before it commits, so of 100 at
 * once on a coupon of 10 uses exactly 10 pass (`CHECK used <= usage_limit` stands behind it).
 * Nothing is checked before it is written; the reason for a refusal is read afterwards, only to
 * name it (not found before already used before exhausted).
 *
 * The redemption runs in a savepoint: refused, it leaves the caller's transaction as it was, so a
 * sale may go on without the coupon or roll back, as it decides.
 */

export interface RedeemCoupon {
  /** The code the customer gives (any case), or the coupon's id. */
  code?: string;
  couponId?: number;
  customerId: number;
  /** The branch the sale is made at: the coupon must be valid there. */
  branchId: number;
  orderId?: number | null;
  cashOrderId?: number | null;
  /** The sale's instant; the expiry is read on its day in the branch's time zone. */
  at: Date;
}

export interface CouponRedemption {
  couponId: number;
  useId: number;
  code: string;
  type: CouponType;
  treatmentId: number | null;
  productId: number | null;
  /** Percent off the item's price. */
  discount: number;
  /** The item's current price, the amount taken off and the price with discount. */
  regularPrice: number | null;
  discountAmount: number | null;
  discountPrice: number | null;
}

const couponNotFound = () => notFound(NotFound.coupon);

async function couponIdOf(tx: Tx, input: RedeemCoupon): Promise<number> {
  if (input.couponId !== undefined) {
    const [row] = await tx
      .select({ id: coupon.id })
      .from(coupon)
      .where(eq(coupon.id, input.couponId));
    if (!row) throw couponNotFound();
    return row.id;
  }
  const code = input.code?.trim() ?? '';
  if (code === '') throw couponNotFound();
  const [row] = await tx
    .select({ id: coupon.id })
    .from(coupon)
    .where(and(sql`lower(${coupon.code}) = lower(${code})`, isNull(coupon.deletedAt)));
  if (!row) throw couponNotFound();
  return row.id;
}

/** Why the conditional update matched nothing: 404 code 30 or 400 code 10. */
async function refusalOf(tx: Tx, couponId: number, branchId: number, today: string) {
  const [row] = await tx
    .select({
      status: coupon.status,
      expireDate: coupon.expireDate,
      limit: coupon.usageLimit,
      used: coupon.used,
      deletedAt: coupon.deletedAt,
    })
    .from(coupon)
    .where(eq(coupon.id, couponId));
  if (!row) return couponNotFound();
  const branches = await tx
    .select({ id: couponBranch.branchId })
    .from(couponBranch)
    .where(eq(couponBranch.couponId, couponId));
  const reason = couponRefusal(
    { ...row, deleted: row.deletedAt !== null, branchIds: branches.map((b) => b.id) },
    { branchId, today },
  );
  return reason === 'notFound' ? couponNotFound() : new AppError(400, BadRequest.couponExhausted);
}

/**
 * Counts one use of a coupon by a customer at a branch and answers the discount to apply.
 * Refusals: exhausted 400 code 10; already used by the customer 400 code 11; unknown, deleted,
 * inactive, expired or not valid at the branch 404 code 30.
 */
export async function redeemCoupon(outer: Tx, input: RedeemCoupon): Promise<CouponRedemption> {
  return outer.transaction(async (tx) => {
    const [site] = await tx
      .select({ zone: branch.zone })
      .from(branch)
      .where(and(eq(branch.id, input.branchId), isNull(branch.deletedAt)));
    if (!site) throw couponNotFound();
    const today = localDay(input.at, site.zone);
    const couponId = await couponIdOf(tx, input);

    const [use] = await tx
      .insert(couponUse)
      .values({
        couponId,
        customerId: input.customerId,
        branchId: input.branchId,
        orderId: input.orderId ?? null,
        cashOrderId: input.cashOrderId ?? null,
        usedAt: input.at,
      })
      .onConflictDoNothing({ target: [couponUse.couponId, couponUse.customerId] })
      .returning({ id: couponUse.id });
    // The customer's earlier use, committed first (a concurrent one is waited for on the key).
    if (!use) {
      const refusal = await refusalOf(tx, couponId, input.branchId, today);
      throw refusal.status === 404 ? refusal : new AppError(400, BadRequest.couponAlreadyUsed);
    }

    const [counted] = await tx
      .update(coupon)
      .set({ used: sql`${coupon.used} + 1`, updatedAt: input.at })
      .where(
        and(
          eq(coupon.id, couponId),
          isNull(coupon.deletedAt),
          eq(coupon.status, true),
          sql`${coupon.used} < ${coupon.usageLimit}`,
          sql`${coupon.expireDate} >= ${today}::date`,
          sql`EXISTS (SELECT 1 FROM ${couponBranch} WHERE ${couponBranch.couponId} = ${coupon.id} AND ${couponBranch.branchId} = ${input.branchId})`,
        ),
      )
      .returning({
        code: coupon.code,
        type: coupon.type,
        treatmentId: coupon.treatmentId,
        productId: coupon.productId,
        discount: coupon.discount,
      });
    // The savepoint takes the customer's use back with the refusal.
    if (!counted) throw await refusalOf(tx, couponId, input.branchId, today);

    const regularPrice = await itemPrice(tx, counted);
    return {
      couponId,
      useId: use.id,
      code: counted.code,
      type: counted.type as CouponType,
      treatmentId: counted.treatmentId,
      productId: counted.productId,
      discount: counted.discount,
      regularPrice,
      discountAmount:
        regularPrice === null ? null : couponDiscountAmount(regularPrice, counted.discount),
      discountPrice:
        regularPrice === null ? null : couponDiscountedPrice(regularPrice, counted.discount),
    };
  });
}

async function itemPrice(
  tx: Tx,
  item: { treatmentId: number | null; productId: number | null },
): Promise<number | null> {
  if (item.treatmentId !== null) {
    const [row] = await tx
      .select({ price: treatment.price })
      .from(treatment)
      .where(eq(treatment.id, item.treatmentId));
    return row?.price ?? null;
  }
  const [row] = await tx
    .select({ price: product.salePrice })
    .from(product)
    .where(eq(product.id, item.productId!));
  return row?.price ?? null;
}

/**
 * Gives a use back (a refunded sale, CONTRACT §12): the customer's use is removed and `used`
 * drops by one, in the caller's transaction. Answers false when the use was already given back.
 */
export async function releaseCouponUse(tx: Tx, useId: number): Promise<boolean> {
  const [removed] = await tx
    .delete(couponUse)
    .where(eq(couponUse.id, useId))
    .returning({ couponId: couponUse.couponId });
  if (!removed) return false;
  await tx
    .update(coupon)
    .set({ used: sql`${coupon.used} - 1` })
    .where(eq(coupon.id, removed.couponId));
  return true;
}
