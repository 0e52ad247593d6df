import type { ReactNode } from 'react';
import { Typography } from 'antd';
import { formatDateTime, formatMoney } from '../format';
import { ActiveTag } from '../Tone';
import type { ListColumn } from './types';

/**
 * Column helpers, so a list page is its columns and filters: each says what the cell shows and
 * what the exports write, once.
 */

type Cell = string | number | null | undefined;

export interface ColumnOptions {
  /** The API's sort `field`; `true` when it is the column's key. */
  sort?: string | true;
  /** The identifying cell: clicking it opens the detail (spec 000 §2). */
  opensDetail?: boolean;
  width?: number | string;
  align?: 'left' | 'right' | 'center';
  /** Kept at the right edge with the row actions (see `ListColumn.pinned`). */
  pinned?: boolean;
}

function base(key: string, title: string, options: ColumnOptions) {
  const { sort, ...rest } = options;
  return { key, title, ...(sort ? { sortField: sort === true ? key : sort } : {}), ...rest };
}

const MONO = { fontFamily: 'monospace' } as const;
const dash = <Typography.Text type="secondary">—</Typography.Text>;

/**
 * Text as it comes; `mono` for codes (SKU, RFC), `whole` for short values read whole or not at all
 * (a phone number), both on one line. Any other text gives way when the row is short of
 * room: it is cut with an ellipsis at the cell's width, and the whole value stays the cell's text
 * (what a screen reader reads) and its tooltip, so every column of a list stays on screen.
 */
export function textColumn<T>(
  key: string,
  title: string,
  value: (row: T) => Cell,
  options: ColumnOptions & { mono?: boolean; whole?: boolean } = {},
): ListColumn<T> {
  const { mono, whole, ...rest } = options;
  return {
    ...base(key, title, rest),
    ...(mono || whole ? { nowrap: true } : { shrinks: true }),
    render: (row) => {
      const text = value(row);
      if (mono) return <span style={MONO}>{text}</span>;
      if (text === null || text === undefined || text === '') return text;
      return (
        <span className="list-cell__text" title={String(text)}>
          {text}
        </span>
      );
    },
    exportValue: value,
  };
}

/** Money, right-aligned in pesos; a missing amount is a dash, and empty in exports. */
export function moneyColumn<T>(
  key: string,
  title: string,
  value: (row: T) => number | null | undefined,
  options: ColumnOptions = {},
): ListColumn<T> {
  return {
    align: 'right',
    nowrap: true,
    money: true,
    ...base(key, title, options),
    render: (row) => {
      const amount = value(row);
      return amount === null || amount === undefined ? dash : formatMoney(amount);
    },
    exportValue: value,
  };
}

/** A date and time in the branch's zone, shown and exported alike. */
export function dateColumn<T>(
  key: string,
  title: string,
  value: (row: T) => string | null | undefined,
  options: ColumnOptions & { format?: string } = {},
): ListColumn<T> {
  const { format, ...rest } = options;
  const text = (row: T) => formatDateTime(value(row), format);
  return { ...base(key, title, rest), nowrap: true, render: text, exportValue: text };
}

/** A tag (or any element) on screen, and its text in exports (null: left out of them). */
export function tagColumn<T>(
  key: string,
  title: string,
  tag: (row: T) => ReactNode,
  text: ((row: T) => Cell) | null,
  options: ColumnOptions = {},
): ListColumn<T> {
  return { ...base(key, title, options), render: tag, ...(text ? { exportValue: text } : {}) };
}

/** The status switch as 'Activo' or 'Inactivo'. */
export function activeColumn<T>(
  key: string,
  active: (row: T) => boolean | number,
  options: ColumnOptions & { title?: string } = {},
): ListColumn<T> {
  const { title = 'Estatus', pinned = true, ...rest } = options;
  const isActive = (row: T) => active(row) === true || active(row) === 1;
  return tagColumn(
    key,
    title,
    (row) => <ActiveTag active={active(row)} />,
    (row) => (isActive(row) ? 'Activo' : 'Inactivo'),
    { ...rest, pinned },
  );
}
