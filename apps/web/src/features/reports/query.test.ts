import { describe, expect, it } from 'vitest';
import { individualCosmetologyFeesReport, occupationReport } from './defs/activity';
import { inventoryReport } from './defs/inventory';
import { profitabilityReport } from './defs/money';
import { initialFilters, queryOf } from './query';

const values = { ...initialFilters('2026-11-28'), branchId: 4 };

describe("a report's query (CONTRACT §14)", () => {
  it('sends the filters the report declares, from the 1st of the month to today', () => {
    expect(queryOf(occupationReport, values, false)).toEqual({
      startDate: '2026-11-01',
      endDate: '2026-11-28',
      branchId: 4,
    });
    expect(queryOf(profitabilityReport, { ...values, type: 'income' }, false)).toEqual({
      year: '2026',
      branchId: 4,
      type: 'income',
    });
  });

  it('never sends a branch for a role fixed to its own', () => {
    expect(queryOf(occupationReport, values, true)).toEqual({
      startDate: '2026-11-01',
      endDate: '2026-11-28',
    });
    expect(queryOf(inventoryReport, { ...values, branchId: null }, true)).toEqual({});
  });

  it('waits for the inventory branch of who chooses it', () => {
    expect(queryOf(inventoryReport, { ...values, branchId: null }, false)).toBeNull();
  });

  it("asks a person or a branch for the chain's individual fees beyond 31 days", () => {
    const check = individualCosmetologyFeesReport.check!;
    const year = { startDate: '2026-01-01', endDate: '2026-12-31' };
    expect(check(year, false)).toMatch(/.+/);
    expect(check({ ...year, branchId: 4 }, false)).toBeNull();
    expect(check(year, true)).toBeNull();
    expect(check({ startDate: '2026-11-01', endDate: '2026-11-28' }, false)).toBeNull();
  });
});
