import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, count, eq, isNull } from 'drizzle-orm';
import type { CouponRecord } from '@clinica/domain';
import { coupon, couponUse, treatment } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { branchId, call, createTestApp, signInAs, type TestApp } from '../../test/harness';
import { customersAt } from '../../test/factories';
import { onPostgres } from '../../test/races';
import { redeemCoupon, releaseCouponUse, type RedeemCoupon } from './redeem';

/**
 * Redeeming a coupon (CONTRACT §7, §11), as the sales will call it inside their order's
 * transaction: exhausted 400 code 10, a customer's second use 400 code 11, expired, inactive or
 * not valid at the branch 404 code 30; `used` never passes `limit`, even under concurrency.
 */

let t: TestApp;
let admin: string;
let zonaRio: number;
let playas: number;
let treatmentItem: { id: number; price: number };
/** The file's own customers: each customer number a test names is one of them (a real foreign key). */
let customers: number[] = [];
const named = new Map<number, number>();
function real(customerId: number): number {
  if (!named.has(customerId)) named.set(customerId, customers[named.size]!);
  return named.get(customerId)!;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = (await signInAs(t.app, 'superAdmin')).token;
  zonaRio = await branchId(t.app, 'Zona Río');
  playas = await branchId(t.app, 'Playas de Tijuana');
  const [first] = await t.app.db
    .select({ id: treatment.id, price: treatment.price })
    .from(treatment)
    .where(and(isNull(treatment.deletedAt), eq(treatment.active, true)))
    .orderBy(asc(treatment.id))
    .limit(1);
  treatmentItem = first!;
  customers = await customersAt(t.app, zonaRio, 130);
  // The demo seed runs first; on a busy machine it takes longer than the usual hook timeout.
}, 240_000);
afterAll(async () => {
  await t?.close();
});

let serial = 0;
async function newCoupon(overrides: Record<string, unknown> = {}): Promise<CouponRecord> {
  serial += 1;
  const answer = await call<CouponRecord>(t.app, 'POST', '/v1/coupon/create', {
    token: admin,
    body: {
      code: `CANJE${String(serial).padStart(4, '0')}`,
      name: 'Canje de prueba',
      description: 'Cupón para probar el canje',
      branchesIds: [zonaRio],
      limit: 3,
      type: 'Treatment',
      treatmentId: treatmentItem.id,
      discount: 20,
      expireDate: '2026-11-30',
      ...overrides,
    },
  });
  if (answer.status !== 201) throw new Error(JSON.stringify(answer.body));
  return answer.body.data;
}

/** Noon of 20 November 2026 in Tijuana. */
const AT = new Date('2026-11-20T20:00:00Z');

const redeem = (input: Partial<RedeemCoupon> & { customerId: number }) =>
  t.app.db.transaction((tx) =>
    redeemCoupon(tx, { branchId: zonaRio, at: AT, ...input, customerId: real(input.customerId) }),
  );

async function refusal(promise: Promise<unknown>): Promise<[number, number]> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return [error.status, error.code];
    throw error;
  }
  throw new Error('El canje debía rechazarse');
}

async function usedOf(id: number) {
  const [row] = await t.app.db.select({ used: coupon.used }).from(coupon).where(eq(coupon.id, id));
  const [uses] = await t.app.db
    .select({ total: count() })
    .from(couponUse)
    .where(eq(couponUse.couponId, id));
  return { used: row!.used, uses: uses!.total };
}

describe('redeeming a coupon', () => {
  it('by its code in any case: counts the use and answers the discount to apply', async () => {
    const created = await newCoupon();
    const redemption = await redeem({ code: created.code.toLowerCase(), customerId: 101 });
    expect(redemption).toMatchObject({
      couponId: created.id,
      code: created.code,
      type: 'Treatment',
      treatmentId: treatmentItem.id,
      productId: null,
      discount: 20,
      regularPrice: treatmentItem.price,
      discountAmount: Math.round(treatmentItem.price * 20) / 100,
      discountPrice: Math.round(treatmentItem.price * 80) / 100,
    });
    expect(await usedOf(created.id)).toEqual({ used: 1, uses: 1 });
    const [use] = await t.app.db.select().from(couponUse).where(eq(couponUse.id, redemption.useId));
    expect(use).toMatchObject({ customerId: real(101), branchId: zonaRio, usedAt: AT });
    const detail = await call<CouponRecord>(t.app, 'GET', `/v1/coupons/${created.id}`, {
      token: admin,
    });
    expect(detail.body.data).toMatchObject({ used: 1, remaining: 2 });
  });

  it('a customer uses a coupon once (400 code 11), and the refusal counts nothing', async () => {
    const created = await newCoupon();
    await redeem({ couponId: created.id, customerId: 7 });
    expect(await refusal(redeem({ couponId: created.id, customerId: 7 }))).toEqual([400, 11]);
    expect(await usedOf(created.id)).toEqual({ used: 1, uses: 1 });
  });

  it('no uses left is 400 code 10 (code 11 for the customer who already used it)', async () => {
    const created = await newCoupon({ limit: 2 });
    await redeem({ couponId: created.id, customerId: 1 });
    await redeem({ couponId: created.id, customerId: 2 });
    expect(await refusal(redeem({ couponId: created.id, customerId: 3 }))).toEqual([400, 10]);
    expect(await refusal(redeem({ couponId: created.id, customerId: 2 }))).toEqual([400, 11]);
    expect(await usedOf(created.id)).toEqual({ used: 2, uses: 2 });
  });

  it('expired after its last day in the branch’s time zone: 404 code 30', async () => {
    const created = await newCoupon({ expireDate: '2026-11-30' });
    // 23:30 of 30 November in Tijuana is 07:30 of 1 December in UTC: still its last day.
    const lastMinutes = new Date('2026-12-01T07:30:00Z');
    await redeem({ couponId: created.id, customerId: 1, at: lastMinutes });
    const nextDay = new Date('2026-12-01T08:30:00Z');
    expect(await refusal(redeem({ couponId: created.id, customerId: 2, at: nextDay }))).toEqual([
      404, 30,
    ]);
  });

  it('inactive, deleted, unknown or not valid at the branch: 404 code 30', async () => {
    const inactive = await newCoupon({ status: 0 });
    expect(await refusal(redeem({ couponId: inactive.id, customerId: 1 }))).toEqual([404, 30]);
    const elsewhere = await newCoupon();
    expect(
      await refusal(redeem({ couponId: elsewhere.id, customerId: 1, branchId: playas })),
    ).toEqual([404, 30]);
    const deleted = await newCoupon();
    await call(t.app, 'DELETE', `/v1/coupons/${deleted.id}/delete`, { token: admin });
    expect(await refusal(redeem({ code: deleted.code, customerId: 1 }))).toEqual([404, 30]);
    expect(await refusal(redeem({ couponId: deleted.id, customerId: 1 }))).toEqual([404, 30]);
    expect(await refusal(redeem({ code: 'NO-EXISTE', customerId: 1 }))).toEqual([404, 30]);
    expect(await refusal(redeem({ code: '  ', customerId: 1 }))).toEqual([404, 30]);
    expect(await refusal(redeem({ couponId: 999_999, customerId: 1 }))).toEqual([404, 30]);
    for (const { id } of [inactive, elsewhere])
      expect(await usedOf(id)).toEqual({ used: 0, uses: 0 });
  });

  it('a refusal leaves the caller’s transaction usable (the redemption runs in a savepoint)', async () => {
    const created = await newCoupon({ limit: 1 });
    await redeem({ couponId: created.id, customerId: 1 });
    const outcome = await t.app.db.transaction(async (tx) => {
      const refused = await refusal(
        redeemCoupon(tx, { couponId: created.id, customerId: real(2), branchId: zonaRio, at: AT }),
      );
      // The sale goes on without the coupon in the same transaction.
      await tx.update(coupon).set({ name: 'Sigue la venta' }).where(eq(coupon.id, created.id));
      return refused;
    });
    expect(outcome).toEqual([400, 10]);
    expect(await usedOf(created.id)).toEqual({ used: 1, uses: 1 });
  });

  it('a refund gives the use back, once', async () => {
    const created = await newCoupon({ limit: 1 });
    const { useId } = await redeem({ couponId: created.id, customerId: 9 });
    expect(await t.app.db.transaction((tx) => releaseCouponUse(tx, useId))).toBe(true);
    expect(await t.app.db.transaction((tx) => releaseCouponUse(tx, useId))).toBe(false);
    expect(await usedOf(created.id)).toEqual({ used: 0, uses: 0 });
    // The same customer may use it again after the refund.
    await redeem({ couponId: created.id, customerId: 9 });
    expect(await usedOf(created.id)).toEqual({ used: 1, uses: 1 });
  });
});

describe.runIf(onPostgres)('redemptions under concurrency (PostgreSQL, CONTRACT §7)', () => {
  it('100 concurrent redemptions of a coupon with limit 10: exactly 10 succeed and used = 10', async () => {
    const created = await newCoupon({ limit: 10 });
    const outcomes = await Promise.all(
      Array.from({ length: 100 }, (_, index) =>
        redeem({ couponId: created.id, customerId: 1000 + index }).then(
          () => 'ok' as const,
          (error: unknown) => {
            if (error instanceof AppError) return `${error.status}/${error.code}`;
            throw error;
          },
        ),
      ),
    );
    expect(outcomes.filter((outcome) => outcome === 'ok')).toHaveLength(10);
    expect(outcomes.filter((outcome) => outcome === '400/10')).toHaveLength(90);
    expect(await usedOf(created.id)).toEqual({ used: 10, uses: 10 });
  });

  it('the same customer twice at once: one succeeds, the other is 400 code 11', async () => {
    const created = await newCoupon({ limit: 5 });
    for (let round = 0; round < 5; round += 1) {
      const customerId = 5000 + round;
      const outcomes = await Promise.all(
        [0, 1, 2].map(() =>
          redeem({ couponId: created.id, customerId }).then(
            () => 'ok',
            (error: unknown) => (error instanceof AppError ? `${error.status}/${error.code}` : 'x'),
          ),
        ),
      );
      expect(outcomes.sort()).toEqual(['400/11', '400/11', 'ok']);
    }
    expect(await usedOf(created.id)).toEqual({ used: 5, uses: 5 });
  });

  it('a limit lowered while redemptions run never falls below the uses', async () => {
    const created = await newCoupon({ limit: 20 });
    const answers = await Promise.all([
      ...Array.from({ length: 15 }, (_, index) =>
        redeem({ couponId: created.id, customerId: 7000 + index }).then(
          () => 200,
          () => 400,
        ),
      ),
      call(t.app, 'PUT', `/v1/coupon/${created.id}/update`, {
        token: admin,
        body: { limit: 8 },
      }).then((answer) => answer.status),
    ]);
    const { used } = await usedOf(created.id);
    const [row] = await t.app.db
      .select({ limit: coupon.usageLimit })
      .from(coupon)
      .where(eq(coupon.id, created.id));
    expect(used).toBeLessThanOrEqual(row!.limit);
    expect(answers.slice(0, 15).filter((status) => status === 200)).toHaveLength(used);
  });
});
