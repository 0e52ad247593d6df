import { Button, type TableProps } from 'antd';
import type { ListState } from './listState';
import type { ListColumn } from './types';

/**
 * The list's columns as antd's: sortable ones tied to the kept sort, the identifying cell a link.
 * Text wraps at the cell's width (`list-cell`) rather than stretching the table past the screen;
 * plain text (`shrinks`) gives way to an ellipsis when the row is short of room; the trailing
 * pinned columns (the status) stay at the right edge with the row actions.
 */
export function tableColumnsOf<T>(
  columns: ListColumn<T>[],
  state: ListState,
  onOpen: ((row: T) => void) | null,
  pin = true,
): NonNullable<TableProps<T>['columns']> {
  let firstPinned = columns.length;
  while (pin && firstPinned > 0 && columns[firstPinned - 1]?.pinned) firstPinned -= 1;
  return columns.map((column, index) => ({
    key: column.key,
    title: column.title,
    width: column.width,
    align: column.align,
    ...(column.shrinks ? { className: 'list-col--shrinks' } : {}),
    ...(index >= firstPinned ? { fixed: 'right' as const } : {}),
    sorter: Boolean(column.sortField),
    sortDirections: ['ascend', 'descend'],
    showSorterTooltip: column.sortField ? { title: `Ordenar por ${column.title}` } : false,
    sortOrder:
      column.sortField && state.field === column.sortField
        ? state.order === 'ASC'
          ? 'ascend'
          : 'descend'
        : null,
    render: (_: unknown, row: T) => (
      <div
        className={
          column.nowrap
            ? 'list-cell list-cell--nowrap'
            : column.shrinks
              ? 'list-cell list-cell--shrinks'
              : 'list-cell'
        }
      >
        {column.opensDetail && onOpen ? (
          <Button type="link" className="list-cell__open" onClick={() => onOpen(row)}>
            {column.render(row)}
          </Button>
        ) : (
          column.render(row)
        )}
      </div>
    ),
  }));
}
