import { describe, expect, it } from 'vitest';
import { daysInMonth, goalProgress, periodLabel } from './goals';
import { goalBody, goalQuery } from './schemas/goals';

describe('days of the goal month (spec 002 §9: daily goal = goal ÷ days of the month)', () => {
  it.each([
    [2026, 1, 31],
    [2026, 4, 30],
    [2026, 2, 28],
    [2024, 2, 29],
    [2000, 2, 29],
    [1900, 2, 28],
    [2100, 2, 28],
    [2026, 12, 31],
  ])('%i-%i has %i days', (year, month, days) => {
    expect(daysInMonth(year, month)).toBe(days);
  });

  it('refuses a month outside 1–12', () => {
    expect(() => daysInMonth(2026, 13)).toThrow(RangeError);
    expect(() => daysInMonth(2026, 0)).toThrow(RangeError);
  });
});

describe('goal progress', () => {
  it('divides the goal by the days of its month, to the cent', () => {
    expect(goalProgress({ goal: 1000, totalSale: 0, year: '2026', month: '11' }).dailyGoal).toBe(
      33.33,
    );
    expect(goalProgress({ goal: 290_000, totalSale: 0, year: '2024', month: '02' }).dailyGoal).toBe(
      10_000,
    );
    expect(goalProgress({ goal: 280_000, totalSale: 0, year: '2026', month: '02' }).dailyGoal).toBe(
      10_000,
    );
    expect(goalProgress({ goal: 310_000, totalSale: 0, year: '2026', month: '01' }).dailyGoal).toBe(
      10_000,
    );
  });

  it('percentage = total sale ÷ goal × 100 with 2 decimals', () => {
    expect(goalProgress({ goal: 3, totalSale: 1, year: '2026', month: '11' }).percentage).toBe(
      33.33,
    );
    expect(goalProgress({ goal: 3, totalSale: 2, year: '2026', month: '11' }).percentage).toBe(
      66.67,
    );
    expect(
      goalProgress({ goal: 150_000, totalSale: 0, year: '2026', month: '11' }).percentage,
    ).toBe(0);
    expect(
      goalProgress({ goal: 100_000, totalSale: 125_000.5, year: '2026', month: '11' }).percentage,
    ).toBe(125);
  });

  it('remaining = goal − total sale, never below 0', () => {
    expect(
      goalProgress({ goal: 1234.5, totalSale: 234.25, year: '2026', month: '11' }).remaining,
    ).toBe(1000.25);
    expect(goalProgress({ goal: 0.3, totalSale: 0.1, year: '2026', month: '11' }).remaining).toBe(
      0.2,
    );
    expect(goalProgress({ goal: 1000, totalSale: 1500, year: '2026', month: '11' }).remaining).toBe(
      0,
    );
  });

  it('names the month in Spanish', () => {
    expect(periodLabel({ year: '2026', month: '02' })).toBe('febrero 2026');
  });
});

describe('goal body (spec 002 §5: amount, branch, month and year are required)', () => {
  const valid = { goal: 150_000, branchId: 2, month: '11', year: '2026' };

  it('accepts two-digit months and four-digit years', () => {
    expect(goalBody.safeParse(valid).success).toBe(true);
  });

  it.each([
    [{ month: '1' }, 'month', 'El campo Mes debe tener dos dígitos, de 01 a 12'],
    [{ month: '13' }, 'month', 'El campo Mes debe tener dos dígitos, de 01 a 12'],
    [{ month: '' }, 'month', 'El campo Mes es obligatorio'],
    [{ year: '26' }, 'year', 'El campo Año debe tener cuatro dígitos, de 2000 a 2100'],
    [{ year: 2026 }, 'year', 'El campo Año debe tener cuatro dígitos, de 2000 a 2100'],
    [{ goal: 0 }, 'goal', 'El campo Meta debe ser mayor o igual a 0.01'],
    [{ goal: 10.005 }, 'goal', 'El campo Meta admite máximo dos decimales'],
    [{ goal: undefined }, 'goal', 'El campo Meta es obligatorio'],
    [{ branchId: undefined }, 'branchId', 'El campo Sucursal es obligatorio'],
  ])('refuses %o on %s', (change, field, message) => {
    const result = goalBody.safeParse({ ...valid, ...change });
    expect(result.success).toBe(false);
    expect(result.error!.issues.find((issue) => issue.path[0] === field)?.message).toBe(message);
  });

  it('filters the list by month and year in the same shapes', () => {
    expect(goalQuery.safeParse({ month: '02', year: '2024' }).success).toBe(true);
    expect(goalQuery.safeParse({ month: '2' }).success).toBe(false);
  });
});
