import { useEffect, useMemo, useRef } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchAllPages } from './fetchAll';
import { ALL_OPTION, filtersInAddress, listQueryOf } from './listQuery';
import { defaultListState, useListState } from './listState';
import type { ResourceListProps } from './types';

/** The props a list's kept state is named and started from. */
export type KeptListProps = Pick<
  ResourceListProps<unknown>,
  | 'listKey'
  | 'fixedQuery'
  | 'pageSizes'
  | 'searchFields'
  | 'defaultFilters'
  | 'defaultSort'
  | 'defaultTake'
>;

/**
 * A list's kept state (page, size, sort, search, filters) under the list's key: the list reads and
 * changes it; an export beside the list reads the same search and filters.
 */
export function useKeptListState(props: KeptListProps) {
  const { listKey, searchFields = [] } = props;
  return useListState(
    `${listKey}:${JSON.stringify(props.fixedQuery ?? {})}`,
    defaultListState({
      ...(props.pageSizes ? { take: props.pageSizes.initial } : {}),
      searchField: searchFields[0]?.value ?? null,
      filters: props.defaultFilters ?? {},
      field: props.defaultSort?.field ?? null,
      order: props.defaultSort?.order ?? 'DESC',
      ...(props.defaultTake ? { take: props.defaultTake } : {}),
    }),
  );
}

/**
 * A list's kept state (page, size, sort, search, filters) and the page it shows: one query per
 * state, the previous page kept on screen while the next one loads.
 */
export function useListQuery<T>(props: ResourceListProps<T>) {
  const { listKey, fetchPage, filters = [] } = props;
  const [state, update] = useKeptListState(props);
  // A link that names filters (`?filtro.color=danger`) opens the list with them, once.
  const preset = useRef(
    typeof window === 'undefined' ? null : filtersInAddress(window.location.search, filters),
  );
  useEffect(() => {
    const named = preset.current;
    if (!named) return;
    preset.current = null;
    update({ filters: { ...state.filters, ...named }, page: 1 });
  }, [state.filters, update]);

  const query = useMemo(
    () => listQueryOf(state, filters, props.fixedQuery),
    [state, filters, props.fixedQuery],
  );

  const list = useQuery({
    queryKey: [listKey, 'list', query, state.take, state.take === ALL_OPTION ? 1 : state.page],
    queryFn: ({ signal }) =>
      state.take === ALL_OPTION
        ? fetchAllPages(fetchPage, query, signal)
        : fetchPage({ ...query, page: state.page, take: state.take }, signal),
    placeholderData: keepPreviousData,
    // Not before the address's filters are applied: one request, the filtered one.
    enabled: preset.current === null,
  });

  const meta = list.data?.meta;
  useEffect(() => {
    // After a delete or a narrower filter the kept page may be past the end.
    if (meta && meta.pageCount > 0 && state.page > meta.pageCount) update({ page: meta.pageCount });
  }, [meta, state.page, update]);

  return { state, update, query, list };
}
