import { MAX_TAKE, type ListMeta } from '@clinica/domain';

export interface ListPage<T> {
  items: T[];
  meta: ListMeta;
}

export type ListQueryParams = Record<string, string | number | boolean | object | undefined>;

/** Rows an export or the 'Todos' page size will fetch at most. */
export const ALL_ROWS_LIMIT = 5_000;

/**
 * Every row of a filtered list, page by page at the API's largest page size (it caps `take` at
 * 100), for the 'Todos' page size and the exports.
 */
export async function fetchAllPages<T>(
  fetchPage: (query: ListQueryParams, signal?: AbortSignal) => Promise<ListPage<T>>,
  query: ListQueryParams,
  signal?: AbortSignal,
): Promise<ListPage<T>> {
  const items: T[] = [];
  let page = 1;
  let last: ListPage<T>;
  do {
    last = await fetchPage({ ...query, page, take: MAX_TAKE }, signal);
    items.push(...last.items);
    page += 1;
  } while (last.meta.hasNextPage && items.length < ALL_ROWS_LIMIT);
  return {
    items,
    meta: {
      ...last.meta,
      page: 1,
      take: items.length,
      pageCount: 1,
      hasPreviousPage: false,
      hasNextPage: false,
    },
  };
}
