import { Button, type TableProps } from 'antd';
import type { ListState } from './listState';
import type { ListColumn } from './types';

/** The list's columns as antd's: sortable ones tied to the kept sort, the identifying cell a link. */
export function tableColumnsOf<T>(
  columns: ListColumn<T>[],
  state: ListState,
  onOpen: ((row: T) => void) | null,
): NonNullable<TableProps<T>['columns']> {
  return columns.map((column) => ({
    key: column.key,
    title: column.title,
    width: column.width,
    align: column.align,
    sorter: Boolean(column.sortField),
    sortDirections: ['ascend', 'descend'],
    showSorterTooltip: column.sortField ? { title: `Ordenar por ${column.title}` } : false,
    sortOrder:
      column.sortField && state.field === column.sortField
        ? state.order === 'ASC'
          ? 'ascend'
          : 'descend'
        : null,
    render: (_: unknown, row: T) =>
      column.opensDetail && onOpen ? (
        <Button
          type="link"
          style={{ padding: 0, height: 'auto', fontWeight: 500 }}
          onClick={() => onOpen(row)}
        >
          {column.render(row)}
        </Button>
      ) : (
        column.render(row)
      ),
  }));
}
