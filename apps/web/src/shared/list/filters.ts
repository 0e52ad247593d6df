import type { DateRangeFilter, SelectFilter } from './types';

/** Filter helpers: a list's filters in a line each. */

type Option = { value: string | number; label: string };

export function selectFilter(
  name: string,
  label: string,
  options: Option[],
  extra: { width?: number; loading?: boolean; onSearch?: (text: string) => void } = {},
): SelectFilter {
  return { kind: 'select', name, label, options, ...extra };
}

/** A lookup's records (id and name) to filter by, loading while the lookup loads. */
export function lookupFilter(
  name: string,
  label: string,
  lookup: { data?: { id: number; name: string }[]; isLoading: boolean },
  width?: number,
): SelectFilter {
  return selectFilter(
    name,
    label,
    (lookup.data ?? []).map((row) => ({ value: row.id, label: row.name })),
    { width, loading: lookup.isLoading },
  );
}

/** 'Estatus': active (`status=1`) or inactive (`0`); `feminine` for sucursales and cabinas. */
export function statusFilter({ feminine = false, width = 140 } = {}): SelectFilter {
  const ending = feminine ? 'as' : 'os';
  return selectFilter(
    'status',
    'Estatus',
    [
      { value: '1', label: `Activ${ending}` },
      { value: '0', label: `Inactiv${ending}` },
    ],
    { width },
  );
}

/** A date range sent as `from` and `to` (`YYYY-MM-DD`). */
export function dateRangeFilter(label = 'Fecha', name = 'dates'): DateRangeFilter {
  return { kind: 'dateRange', name, label, fromParam: 'from', toParam: 'to' };
}
