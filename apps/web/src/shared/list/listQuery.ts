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
