import { describe, expect, it } from 'vitest';
import { formatLocalDate, formatMoney, formatPersonName } from './format';

describe('money and dates as the documents print them (es-MX)', () => {
  it('writes money with a dollar sign, thousands commas and two decimals', () => {
    expect(formatMoney(1234.5)).toBe('$1,234.50');
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney('98765.4')).toBe('$98,765.40');
    expect(formatMoney(null)).toBe('');
    expect(formatMoney('abc')).toBe('');
  });

  it('writes a branch-local date day first', () => {
    expect(formatLocalDate('2026-11-05')).toBe('05-11-2026');
    expect(formatLocalDate(null)).toBe('');
    expect(formatLocalDate('5/11/2026')).toBe('');
  });

  it('writes a person by full name, leaving out a missing last name', () => {
    expect(formatPersonName({ name: 'Daniela', lastName: 'Castro', motherLastName: 'Vega' })).toBe(
      'Daniela Castro Vega',
    );
    expect(formatPersonName({ name: 'Luis', lastName: 'Herrera', motherLastName: null })).toBe(
      'Luis Herrera',
    );
    expect(formatPersonName(null)).toBe('');
  });
});
