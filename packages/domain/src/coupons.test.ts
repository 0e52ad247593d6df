import { describe, expect, it } from 'vitest';
import {
  couponCondition,
  couponDiscountAmount,
  couponDiscountedPrice,
  couponRefusal,
  couponRemainingUses,
  parseDiscountMask,
} from './coupons';

describe('price with discount = price − price × discount / 100 (spec 002 §9)', () => {
  it.each([
    [1000, 10, 100, 900],
    [1000, 100, 1000, 0],
    [1999.99, 15, 300, 1699.99],
    [0.1, 50, 0.05, 0.05],
    [99.99, 33.33, 33.33, 66.66],
    [10.05, 50, 5.03, 5.02],
    [1.01, 0.5, 0.01, 1],
    [2500, 12.5, 312.5, 2187.5],
  ])('%d at %d %% takes %d off and leaves %d', (price, discount, amount, discounted) => {
    expect(couponDiscountAmount(price, discount)).toBe(amount);
    expect(couponDiscountedPrice(price, discount)).toBe(discounted);
  });

  it('rounds half up to the cent, without float error', () => {
    // 0.15 × 10 % = 0.015 → 0.02 (a float product gives 0.015000000000000001 or 0.0149999…)
    expect(couponDiscountAmount(0.15, 10)).toBe(0.02);
    expect(couponDiscountedPrice(0.15, 10)).toBe(0.13);
    expect(couponDiscountedPrice(9_999_999_999.99, 99.99)).toBe(1_000_000);
  });
});

describe('remaining uses = limit − used (spec 002 §9)', () => {
  it('counts down and never below zero', () => {
    expect(couponRemainingUses(10, 3)).toBe(7);
    expect(couponRemainingUses(10, 10)).toBe(0);
    expect(couponRemainingUses(2, 5)).toBe(0);
  });
});

describe('a coupon is redeemed only active, in date, at its branches, with uses left', () => {
  const coupon = { status: true, expireDate: '2026-11-30', limit: 3, used: 1, branchIds: [1, 2] };
  const at = { branchId: 1, today: '2026-11-20' };

  it('redeems a valid coupon, on its last day too', () => {
    expect(couponRefusal(coupon, at)).toBeNull();
    expect(couponRefusal(coupon, { branchId: 2, today: '2026-11-30' })).toBeNull();
  });
  it('inactive, deleted, expired or another branch read as not found (404 code 30)', () => {
    expect(couponRefusal({ ...coupon, status: false }, at)).toBe('notFound');
    expect(couponRefusal({ ...coupon, deleted: true }, at)).toBe('notFound');
    expect(couponRefusal(coupon, { branchId: 1, today: '2026-12-01' })).toBe('notFound');
    expect(couponRefusal(coupon, { branchId: 3, today: '2026-11-20' })).toBe('notFound');
  });
  it('no uses left is exhausted (400 code 10), after the not-found reasons', () => {
    expect(couponRefusal({ ...coupon, used: 3 }, at)).toBe('exhausted');
    expect(couponRefusal({ ...coupon, used: 3, status: false }, at)).toBe('notFound');
  });
  it('names its condition for the list', () => {
    expect(couponCondition(coupon, '2026-11-20')).toBe('active');
    expect(couponCondition({ ...coupon, status: false }, '2026-11-20')).toBe('inactive');
    expect(couponCondition(coupon, '2026-12-01')).toBe('expired');
    expect(couponCondition({ ...coupon, used: 3 }, '2026-11-20')).toBe('exhausted');
  });
});

describe('the discount mask (spec 002 §5): an empty mask counts as 0', () => {
  it.each([
    ['', 0],
    [undefined, 0],
    ['15', 15],
    ['12.5 %', 12.5],
    ['12,5', 12.5],
    ['abc', 0],
    [40, 40],
  ])('%s → %d', (input, value) => {
    expect(parseDiscountMask(input)).toBe(value);
  });
});
