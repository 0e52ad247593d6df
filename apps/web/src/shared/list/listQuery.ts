import type { ListQueryParams } from './fetchAll';
import type { ListState } from './listState';
import type { ListFilter } from './types';

/** The page-size option that reads every page at once. */
export const ALL_OPTION = 'all';

/** The API query for a list state: non-empty values only, search as `{ field, value }`. */
export function listQueryOf(
  state: ListState,
  filters: ListFilter[],
  fixedQuery: ListQueryParams = {},
): ListQueryParams {
  const query: ListQueryParams = { order: state.order };
  if (state.field) query.field = state.field;
  const value = state.searchValue.trim();
  if (value) query.search = state.searchField ? { field: state.searchField, value } : { value };
  for (const filter of filters) {
    const current = state.filters[filter.name];
    if (current === null || current === undefined || current === '') continue;
    if (filter.kind === 'dateRange') {
      if (Array.isArray(current) && current.length === 2) {
        query[filter.fromParam] = String(current[0]);
        query[filter.toParam] = String(current[1]);
      }
    } else {
      query[filter.name] = Array.isArray(current) ? current.join(',') : current;
    }
  }
  return { ...query, ...fixedQuery };
}

/**
 * The filters a link names in the address, `?filtro.<name>=<value>` (a date range as
 * `from,to`; a number as a number): a figure elsewhere (the home) opens the list already
 * filtered. Only the list's own filters are taken; null when the address names none.
 */
export function filtersInAddress(
  search: string,
  filters: ListFilter[],
): Record<string, string | number | string[]> | null {
  const params = new URLSearchParams(search);
  const found: Record<string, string | number | string[]> = {};
  for (const filter of filters) {
    const value = params.get(`filtro.${filter.name}`);
    if (value === null || value === '') continue;
    if (filter.kind === 'dateRange') {
      const range = value.split(',');
      if (range.length === 2) found[filter.name] = range;
    } else found[filter.name] = /^\d+$/.test(value) ? Number(value) : value;
  }
  return Object.keys(found).length > 0 ? found : null;
}
