import { describe, expect, it } from 'vitest';
import { INDIVIDUAL_FEES_OPEN_DAYS, individualFeesScopeError } from './reports-activity';

/** The individual fees' limit: beyond 31 days of the whole chain, a person or a branch. */
describe('individualFeesScopeError', () => {
  it('lets a person, a branch, a fixed role, a day or up to 31 days through', () => {
    expect(INDIVIDUAL_FEES_OPEN_DAYS).toBe(31);
    expect(individualFeesScopeError({ userId: 3 }, false)).toBeNull();
    expect(individualFeesScopeError({ branchId: 2 }, false)).toBeNull();
    expect(individualFeesScopeError({}, true)).toBeNull();
    expect(individualFeesScopeError({ date: '2027-06-07' }, false)).toBeNull();
    expect(
      individualFeesScopeError({ startDate: '2027-01-01', endDate: '2027-01-31' }, false),
    ).toBeNull();
    // Across a change of year and a leap day.
    expect(
      individualFeesScopeError({ startDate: '2028-02-01', endDate: '2028-03-02' }, false),
    ).toBeNull();
  });

  it('names userId for an open period or one over 31 days', () => {
    for (const query of [
      {},
      { startDate: '2027-01-01' },
      { endDate: '2027-01-31' },
      { startDate: '2027-01-01', endDate: '2027-02-01' },
      { startDate: '2026-01-01', endDate: '2026-12-31' },
    ])
      expect(individualFeesScopeError(query, false)?.field, JSON.stringify(query)).toBe('userId');
  });
});
