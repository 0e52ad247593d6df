import type { ReactNode } from 'react';
import type { Action, Resource } from '@clinica/domain';
import type { ApiResult } from '../api/client';
import type { ListPage, ListQueryParams } from './fetchAll';
import type { FilterValue } from './listState';

export interface ListColumn<T> {
  key: string;
  title: string;
  render: (row: T) => ReactNode;
  /** The `field` the API sorts by; the column is sortable when given. */
  sortField?: string;
  /** Plain text for CSV and print; the column is left out of exports without it. */
  exportValue?: (row: T) => string | number | null | undefined;
  /** The identifying cell: clicking it opens the detail (spec 000 §2). */
  opensDetail?: boolean;
  width?: number | string;
  align?: 'left' | 'right' | 'center';
  /**
   * Stays at the table's right edge beside the row actions (the status): only when it is among
   * the last columns, which are pinned together.
   */
  pinned?: boolean;
  /** Codes, amounts and dates stay on one line; other text wraps at the cell's width. */
  nowrap?: boolean;
  /**
   * Plain text that gives way when the table is short of room: one line, cut with an ellipsis at
   * the width the table can spare (its whole value in the tooltip and to a screen reader).
   */
  shrinks?: boolean;
  /** An amount in pesos: the Excel export formats the column as money. */
  money?: boolean;
}

export interface SelectFilter {
  kind: 'select';
  name: string;
  label: string;
  options: { value: string | number; label: string }[];
  loading?: boolean;
  width?: number;
  /** What is typed, for options searched on the server as one types (products). */
  onSearch?: (text: string) => void;
}

export interface DateRangeFilter {
  kind: 'dateRange';
  /** The state key; the query gets `fromParam` and `toParam` as `YYYY-MM-DD`. */
  name: string;
  label: string;
  fromParam: string;
  toParam: string;
}

export type ListFilter = SelectFilter | DateRangeFilter;

export interface RowAction<T> {
  key: string;
  label: string;
  /** The privilege on the list's resource this action needs. */
  action: Action;
  icon?: ReactNode;
  /** A link, usually `/dashboard/{path}/{id}`. */
  to?: (row: T) => string;
  onSelect?: (row: T) => void;
  /** Opens the list's detail modal or drawer. */
  opensDetail?: boolean;
  /** Hidden for rows it does not apply to. */
  visible?: (row: T) => boolean;
}

export interface ResourceListProps<T> {
  /** The query-key root of the resource; also names the kept list state. */
  listKey: string;
  resource: Resource;
  /** Used in exports, the detail's default title and row labels. */
  title: string;
  fetchPage: (query: ListQueryParams, signal?: AbortSignal) => Promise<ListPage<T>>;
  rowKey: (row: T) => string | number;
  /** Short text naming the row for screen readers ("Acciones de …"). */
  rowLabel: (row: T) => string;
  columns: ListColumn<T>[];
  searchFields?: { value: string; label: string }[];
  searchPlaceholder?: string;
  filters?: ListFilter[];
  /** Values the list starts with (spec 000 §7: the default list filter sends status 1). */
  defaultFilters?: Record<string, FilterValue>;
  defaultSort?: { field: string; order: 'ASC' | 'DESC' };
  /** The page size a list starts with when the spec fixes one (customers: 5). */
  defaultTake?: number;
  /** Fixed query values the user cannot change (a scoped view of a resource). */
  fixedQuery?: ListQueryParams;
  rowActions?: RowAction<T>[];
  /** Soft delete behind '¿Deseas eliminar este elemento?'; needs the delete privilege. */
  remove?: (row: T) => Promise<ApiResult<unknown>>;
  /** Rows that can never be deleted (the distribution centre) offer no 'Eliminar'. */
  canRemove?: (row: T) => boolean;
  detail?: {
    title?: (row: T) => string;
    kind?: 'modal' | 'drawer';
    width?: number;
    render: (row: T) => ReactNode;
  };
  /** 'Nuevo' leads here; needs the create privilege. */
  createPath?: string;
  /**
   * A class for a row that stands out (the inventory's expiry and max/min colours). Colour is
   * never the only sign: the row also says it in text (a tag in one of its cells).
   */
  rowClassName?: (row: T) => string | undefined;
  /** Shown between the toolbar and the table (a legend of the rows' colours). */
  legend?: ReactNode;
  /** Page sizes other than the general tables' (spec 001 §9: transfers 10–80, 20 first). */
  pageSizes?: { sizes: readonly number[]; initial: number; all: boolean };
  /** Base name of exported files. */
  exportName: string;
  emptyText?: string;
}
