import { describe, expect, it } from 'vitest';
import { filtersInAddress } from './listQuery';
import type { ListFilter } from './types';

const FILTERS: ListFilter[] = [
  { kind: 'select', name: 'branchId', label: 'Sucursal', options: [] },
  { kind: 'select', name: 'color', label: 'Color', options: [] },
  { kind: 'dateRange', name: 'dates', label: 'Día', fromParam: 'startDate', toParam: 'endDate' },
];

describe('a link opens a list already filtered (issue 28: the home’s figures)', () => {
  it('takes the list’s own filters from `filtro.<name>`, numbers as numbers, a range as two days', () => {
    expect(
      filtersInAddress(
        '?filtro.branchId=3&filtro.color=danger&filtro.dates=2026-11-29,2026-11-29&date=x',
        FILTERS,
      ),
    ).toEqual({ branchId: 3, color: 'danger', dates: ['2026-11-29', '2026-11-29'] });
  });

  it('ignores what the list does not filter by, empty values and half ranges', () => {
    expect(
      filtersInAddress('?filtro.status=1&filtro.color=&filtro.dates=2026-11-29', FILTERS),
    ).toBe(null);
    expect(filtersInAddress('', FILTERS)).toBe(null);
  });
});
