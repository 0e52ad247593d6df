import { describe, expect, it } from 'vitest';
import {
  LOYALTY_SCALE_LABELS,
  loyaltyRange,
  loyaltyScaleFor,
  loyaltyThresholdError,
  type LoyaltyThreshold,
} from './loyalty';

const DEMO: LoyaltyThreshold[] = [
  { scale: 'bronze', minimum: 0, position: 1 },
  { scale: 'silver', minimum: 5_000, position: 2 },
  { scale: 'gold', minimum: 15_000, position: 3 },
  { scale: 'platinum', minimum: 40_000, position: 4 },
  { scale: 'diamond', minimum: 80_000, position: 5 },
];

describe('a level follows paid purchases over 365 days against its threshold (CONTRACT §10)', () => {
  it.each([
    [0, 'bronze'],
    [4_999.99, 'bronze'],
    [5_000, 'silver'],
    [14_999.99, 'silver'],
    [15_000, 'gold'],
    [39_999.99, 'gold'],
    [40_000, 'platinum'],
    [79_999.99, 'platinum'],
    [80_000, 'diamond'],
    [1_000_000, 'diamond'],
  ] as const)('%d MXN is %s', (total, scale) => {
    expect(loyaltyScaleFor(total, DEMO)).toBe(scale);
  });

  it('compares whole cents, whatever the float sum', () => {
    expect(loyaltyScaleFor(0.1 + 0.2 + 4_999.7, DEMO)).toBe('silver');
  });

  it('reads the levels by position, in whatever order they come', () => {
    expect(loyaltyScaleFor(20_000, [...DEMO].reverse())).toBe('gold');
  });

  it('is bronze with no levels at all', () => {
    expect(loyaltyScaleFor(100_000, [])).toBe('bronze');
  });

  it('names the levels in Spanish', () => {
    expect(Object.values(LOYALTY_SCALE_LABELS)).toEqual([
      'Bronce',
      'Plata',
      'Oro',
      'Platino',
      'Diamante',
    ]);
  });
});

describe('thresholds increase strictly with position', () => {
  it('accepts a minimum between its neighbours', () => {
    expect(loyaltyThresholdError(DEMO, 'silver', 6_000)).toBeNull();
    expect(loyaltyThresholdError(DEMO, 'diamond', 1_000_000)).toBeNull();
    expect(loyaltyThresholdError(DEMO, 'gold', 5_000.01)).toBeNull();
  });

  it('keeps bronze at 0', () => {
    expect(loyaltyThresholdError(DEMO, 'bronze', 0)).toBeNull();
    expect(loyaltyThresholdError(DEMO, 'bronze', 100)).toBe(
      'El mínimo del nivel Bronce es siempre $0.00',
    );
  });

  it('refuses a minimum equal to or below the level before', () => {
    expect(loyaltyThresholdError(DEMO, 'gold', 5_000)).toBe(
      'El mínimo de Oro debe ser mayor que el de Plata ($5,000.00)',
    );
    expect(loyaltyThresholdError(DEMO, 'silver', 0)).toMatch(/mayor que el de Bronce/);
  });

  it('refuses a minimum equal to or above the level after', () => {
    expect(loyaltyThresholdError(DEMO, 'gold', 40_000)).toBe(
      'El mínimo de Oro debe ser menor que el de Platino ($40,000.00)',
    );
  });
});

describe('the range of a level', () => {
  it('runs from its minimum to the next one, the last open above', () => {
    expect(loyaltyRange(DEMO, 'bronze')).toEqual({ from: 0, below: 5_000 });
    expect(loyaltyRange(DEMO, 'gold')).toEqual({ from: 15_000, below: 40_000 });
    expect(loyaltyRange(DEMO, 'diamond')).toEqual({ from: 80_000, below: null });
  });
});
