import type { QueryValue } from '../../shared/api/client';
import { todayInBranch } from '../../shared/format';
import type { FilterValues, ReportDef } from './types';

/** The filter form's first values: this month, this year, from the 1st to today. */
export function initialFilters(today: string = todayInBranch()): FilterValues {
  const month = today.slice(0, 7);
  return {
    month,
    year: today.slice(0, 4),
    startDate: `${month}-01`,
    endDate: today,
    startMonth: month,
    endMonth: month,
    branchId: null,
    userId: null,
    type: null,
  };
}

/**
 * The query a report sends for these values: only the filters it declares, and never a branch
 * for a role fixed to its own (the API gives it its branch whatever it says). Null while a
 * required filter is missing (the inventory's branch for who chooses it).
 */
export function queryOf(
  report: ReportDef,
  values: FilterValues,
  fixedBranch: boolean,
): Record<string, QueryValue> | null {
  const query: Record<string, QueryValue> = {};
  for (const filter of report.filters) {
    switch (filter) {
      case 'month':
        query.month = values.month;
        break;
      case 'year':
        query.year = values.year;
        break;
      case 'dates':
        query.startDate = values.startDate;
        query.endDate = values.endDate;
        break;
      case 'monthRange':
        query.startDate = values.startMonth;
        query.endDate = values.endMonth;
        break;
      case 'branch':
        if (!fixedBranch && values.branchId !== null) query.branchId = values.branchId;
        break;
      case 'requiredBranch':
        if (!fixedBranch) {
          if (values.branchId === null) return null;
          query.branchId = values.branchId;
        }
        break;
      case 'user':
        if (values.userId !== null) query.userId = values.userId;
        break;
      case 'type':
        if (values.type !== null) query.type = values.type;
        break;
    }
  }
  return query;
}
