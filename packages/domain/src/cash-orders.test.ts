import { describe, expect, it } from 'vitest';
import { byExpiry, cashOrderTotals, cosmetologyCommission, taxOf } from './cash-orders';

describe('cashOrderTotals (CONTRACT §12)', () => {
  it('prices before IVA, taxes per line rounded, total = subtotal + taxes', () => {
    const totals = cashOrderTotals(
      [
        { salePrice: 250, quantity: 2, tax: 16, points: 5 },
        { salePrice: 99.99, quantity: 3, tax: 8 },
        { salePrice: 10.01, quantity: 1, tax: 0, points: 1 },
      ],
      null,
    );
    expect(totals.lines).toEqual([
      { price: 500, discount: 0, taxes: 80, tax: 16 },
      { price: 299.97, discount: 0, taxes: 24, tax: 8 },
      { price: 10.01, discount: 0, taxes: 0, tax: 0 },
    ]);
    expect(totals.subtotal).toBe(809.98);
    expect(totals.taxes).toBe(104);
    expect(totals.total).toBe(913.98);
    expect(totals.points).toBe(11);
  });

  it('a product without tax pays 16', () => {
    expect(taxOf(null)).toBe(16);
    expect(taxOf(0)).toBe(0);
    expect(cashOrderTotals([{ salePrice: 100, quantity: 1, tax: null }], null).taxes).toBe(16);
  });

  it('the coupon discounts each unit of its lines, before IVA', () => {
    const totals = cashOrderTotals(
      [
        { salePrice: 333.33, quantity: 3, tax: 16, couponApplies: true },
        { salePrice: 100, quantity: 1, tax: 16 },
      ],
      15,
    );
    // 15% of 333.33 = 49.9995 → 50.00 a unit.
    expect(totals.lines[0]).toEqual({ price: 849.99, discount: 150, taxes: 136, tax: 16 });
    expect(totals.discountTotal).toBe(150);
    expect(totals.subtotal).toBe(949.99);
    expect(totals.taxes).toBe(152);
    expect(totals.total).toBe(1101.99);
  });

  it('rounds each line’s taxes half up to the cent', () => {
    // 0.05 × 16% = 0.008 → 0.01
    expect(cashOrderTotals([{ salePrice: 0.05, quantity: 1, tax: 16 }], null).taxes).toBe(0.01);
  });
});

describe('cosmetologyCommission', () => {
  it('is salePrice × percent / 100 to the cent, signed', () => {
    expect(cosmetologyCommission(849.99, 10)).toBe(85);
    expect(cosmetologyCommission(100, 12.5)).toBe(12.5);
    expect(cosmetologyCommission(33.33, 7.5)).toBe(2.5);
    expect(cosmetologyCommission(-100, 12.5)).toBe(-12.5);
  });
});

describe('byExpiry', () => {
  it('suggests the soonest expiry first, lots without expiry last', () => {
    const lots = [
      { stockId: 3, expiresIn: null },
      { stockId: 2, expiresIn: '2027-01-01' },
      { stockId: 1, expiresIn: '2026-12-01' },
      { stockId: 4, expiresIn: '2026-12-01' },
    ];
    expect(byExpiry(lots).map((lot) => lot.stockId)).toEqual([1, 4, 2, 3]);
  });
});
