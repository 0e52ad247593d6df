import { describe, expect, it } from 'vitest';
import { isPaymentProblem, orderTotals, settlePayments, toMxn } from './orders';

describe('order totals (spec 002 §9, CONTRACT §12)', () => {
  it('sums sale prices × quantity and points × quantity', () => {
    const totals = orderTotals(
      [
        { quantity: 2, price: 1200, salePrice: 1200, points: 10 },
        { quantity: 1, price: 3000, salePrice: 2450.5, points: 40 },
      ],
      null,
    );
    expect(totals).toEqual({
      subtotal: 4850.5,
      discountTotal: 0,
      total: 4850.5,
      points: 60,
      discounts: [0, 0],
    });
  });

  it('a coupon takes price × discount / 100 off each unit of its lines, to the cent', () => {
    const totals = orderTotals(
      [
        { quantity: 3, price: 999.99, salePrice: 999.99, points: 0, couponApplies: true },
        { quantity: 1, price: 100, salePrice: 100, points: 0 },
      ],
      12.5,
    );
    // 999.99 × 12.5 % = 124.99875 → 125.00 per unit.
    expect(totals.discounts).toEqual([375, 0]);
    expect(totals.subtotal).toBe(3099.97);
    expect(totals.total).toBe(2724.97);
  });
});

describe('payments (CONTRACT §12)', () => {
  it('converts dollars at the rate, to the cent', () => {
    expect(toMxn(10, 'DLS', 17.4567)).toBe(174.57);
    expect(toMxn(10, 'MXN', 17.4567)).toBe(10);
  });

  it('a cash excess is change; any other overpayment and a short payment are refused', () => {
    const change = settlePayments(
      950,
      [{ paymentMethod: 'Efectivo', amount: 1000, currency: 'MXN' }],
      18,
    );
    expect(change).toMatchObject({ change: 50, paidMxn: 1000, paymentMethod: 'Efectivo' });
    const dollars = settlePayments(
      950,
      [{ paymentMethod: 'Efectivo', amount: 60, currency: 'DLS' }],
      18,
    );
    expect(dollars).toMatchObject({ change: 130, amountsMxn: [1080] });
    const byCard = settlePayments(
      950,
      [{ paymentMethod: 'Tarjeta de crédito', amount: 951, currency: 'MXN' }],
      18,
    );
    expect(isPaymentProblem(byCard) && byCard.kind).toBe('overpaid');
    const short = settlePayments(
      950,
      [{ paymentMethod: 'Efectivo', amount: 949.99, currency: 'MXN' }],
      18,
    );
    expect(isPaymentProblem(short) && short.kind).toBe('short');
  });

  it('points are whole, in MXN, and several methods make the order Mixto', () => {
    const mixed = settlePayments(
      500,
      [
        { paymentMethod: 'Puntos', amount: 120, currency: 'MXN' },
        { paymentMethod: 'Tarjeta de débito', amount: 380, currency: 'MXN' },
      ],
      18,
    );
    expect(mixed).toMatchObject({ points: 120, change: 0, paymentMethod: 'Mixto' });
    const fraction = settlePayments(
      500,
      [{ paymentMethod: 'Puntos', amount: 10.5, currency: 'MXN' }],
      18,
    );
    expect(isPaymentProblem(fraction) && fraction.kind).toBe('pointsWhole');
    const dollars = settlePayments(
      500,
      [{ paymentMethod: 'Puntos', amount: 10, currency: 'DLS' }],
      18,
    );
    expect(isPaymentProblem(dollars) && dollars.kind).toBe('pointsCurrency');
  });
});
