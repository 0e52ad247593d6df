import { describe, expect, it } from 'vitest';
import { occupationColor, occupationOf, sumFields } from './reports-activity';
import { customersReportQuery, individualMedicalFeesQuery } from './schemas/reports-activity';

describe('occupation (spec 002 §9, CONTRACT §14)', () => {
  it('confirmed is yes + whatsapp, over every answer, to two decimals', () => {
    expect(occupationOf({ yes: 1, no: 1, voicemail: 0, whatsapp: 1 })).toEqual({
      yes: 1,
      no: 1,
      voicemail: 0,
      whatsapp: 1,
      confirmed: 2,
      percentage: 66.67,
      color: 'yellow',
    });
    expect(occupationOf({ yes: 1, no: 7, voicemail: 0, whatsapp: 0 }).percentage).toBe(12.5);
    expect(occupationOf({ yes: 0, no: 0, voicemail: 3, whatsapp: 0 }).percentage).toBe(0);
  });

  it('is 0 (red) when no appointment was asked', () => {
    expect(occupationOf({ yes: 0, no: 0, voicemail: 0, whatsapp: 0 })).toMatchObject({
      confirmed: 0,
      percentage: 0,
      color: 'red',
    });
  });

  it.each([
    [0, 'red'],
    [49.99, 'red'],
    [50, 'yellow'],
    [69.99, 'yellow'],
    [70, 'green'],
    [100, 'green'],
  ] as const)('%d %% is %s', (percentage, color) => {
    expect(occupationColor(percentage)).toBe(color);
  });

  it('rounds a half up: 1 of 8 000 is 0.01 %, 2 of 3 is 66.67 %', () => {
    expect(occupationOf({ yes: 1, no: 7_999, voicemail: 0, whatsapp: 0 }).percentage).toBe(0.01);
    expect(occupationOf({ yes: 1, no: 19_999, voicemail: 0, whatsapp: 0 }).percentage).toBe(0.01);
    expect(occupationOf({ yes: 1, no: 20_001, voicemail: 0, whatsapp: 0 }).percentage).toBe(0);
  });
});

describe('totals', () => {
  it('sums money in whole cents', () => {
    const rows = Array.from({ length: 10 }, () => ({ commission: 0.1, isr: 0.01 }));
    expect(sumFields(rows, ['commission', 'isr'])).toEqual({ commission: 1, isr: 0.1 });
    expect(sumFields([], ['commission'])).toEqual({ commission: 0 });
  });
});

describe('filters', () => {
  it('the individual medical fees take one day or a range, not both', () => {
    expect(individualMedicalFeesQuery.safeParse({ date: '2027-06-07' }).success).toBe(true);
    const both = individualMedicalFeesQuery.safeParse({
      date: '2027-06-07',
      endDate: '2027-06-08',
    });
    expect(both.error?.issues[0]?.path).toEqual(['date']);
  });

  it('the customers report pages as any list and sorts only by its fields', () => {
    expect(customersReportQuery.parse({ page: '2', take: '5' })).toMatchObject({
      page: 2,
      take: 5,
    });
    const bad = customersReportQuery.safeParse({ field: 'email' });
    expect(bad.error?.issues[0]?.path).toEqual(['field']);
    const range = customersReportQuery.safeParse({
      startDate: '2027-02-01',
      endDate: '2027-01-31',
    });
    expect(range.error?.issues[0]?.path).toEqual(['endDate']);
  });
});
