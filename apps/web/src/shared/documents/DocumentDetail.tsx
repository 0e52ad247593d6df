import { useState, type ReactNode } from 'react';
import { Button, Descriptions, Flex, Table, Typography, type DescriptionsProps } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { FilePdfOutlined } from '@ant-design/icons';
import { formatDateTime, formatLocalDate, formatMoney } from '../format';
import { notifyError } from '../notify';
import { fullNameOf } from '../people';
import './documents.css';

/**
 * The pieces of a stock document's detail (purchase, sale and assortment orders, transfers; spec
 * 001 §2): its heading with the folio, the PDF button, its facts, its steps, its lines and totals.
 * Each document lays out its own fields with them.
 */

const MONO = { fontFamily: 'monospace' } as const;

/** A text that may be empty, or a dash. */
export const dash = (value: string | null | undefined) => value || '—';

/** A `YYYY-MM-DD…` date as the chain reads it, or a dash. */
export const localDate = (value: string | null | undefined) =>
  value ? formatLocalDate(value.slice(0, 10)) : '—';

type Person = { name: string; lastName?: string | null; motherLastName?: string | null } | null;

/** A step of the document: '24-11-2026 10:15 · Ana López', or a dash when it has not happened. */
export function stepOf(at: string | null, person: Person): string {
  if (!at) return '—';
  return `${formatDateTime(at)}${person ? ` · ${fullNameOf(person)}` : ''}`;
}

/** 'Descargar PDF' (spec 001 §6), opened in a new tab; nothing for who may not print it. */
export function PdfButton({ allowed, open }: { allowed: boolean; open: () => Promise<unknown> }) {
  const [opening, setOpening] = useState(false);
  if (!allowed) return null;
  return (
    <Button
      icon={<FilePdfOutlined />}
      loading={opening}
      onClick={() => {
        setOpening(true);
        open()
          .catch(notifyError)
          .finally(() => setOpening(false));
      }}
    >
      Descargar PDF
    </Button>
  );
}

/** The folio with its status tag, and the actions (the PDF) at the other end. */
export function DocumentHeading({
  folio,
  tag,
  actions,
}: {
  folio: string;
  tag?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Flex justify="space-between" align="center" wrap gap={12}>
      <Flex align="center" gap={8} wrap>
        <Typography.Text strong style={{ fontSize: 18, ...MONO }}>
          {folio}
        </Typography.Text>
        {tag}
      </Flex>
      {actions}
    </Flex>
  );
}

type Item = NonNullable<DescriptionsProps['items']>[number];

/**
 * The document's facts, two columns on a wide screen, then when it was deleted (if it was) and
 * its comments across the whole width.
 */
export function DocumentFacts({
  items,
  deletedAt,
  comments,
  oneColumn = false,
}: {
  items: Item[];
  deletedAt: string | null;
  comments: string | null;
  oneColumn?: boolean;
}) {
  return (
    <Descriptions
      bordered
      size="small"
      column={oneColumn ? 1 : { xs: 1, sm: 1, md: 1, lg: 2, xl: 2, xxl: 2 }}
      items={[
        ...items,
        ...(deletedAt
          ? [{ key: 'deleted', label: 'Eliminada', children: formatDateTime(deletedAt) }]
          : []),
        { key: 'comments', label: 'Comentarios', children: dash(comments), span: 'filled' },
      ]}
    />
  );
}

/** The document's lines, titled 'Productos' (with what else the title says). */
export function DocumentLines<T extends { id: number }>({
  lines,
  columns,
  titleExtra,
  summary,
}: {
  lines: T[];
  columns: ColumnType<T>[];
  titleExtra?: ReactNode;
  summary?: () => ReactNode;
}) {
  return (
    <Table<T>
      rowKey={(line) => line.id}
      size="small"
      columns={columns}
      dataSource={lines}
      pagination={false}
      scroll={{ x: 'max-content' }}
      title={() => (
        <Flex gap={8} align="center">
          <Typography.Text strong>Productos</Typography.Text>
          {titleExtra}
        </Flex>
      )}
      summary={summary}
    />
  );
}

/** The product of a line: its name over its SKU. */
export function productColumn<
  T extends { product: { name: string; sku: string } },
>(): ColumnType<T> {
  return {
    key: 'product',
    title: 'Producto',
    render: (_: unknown, line: T) => (
      <Flex vertical>
        <span>{line.product.name}</span>
        <Typography.Text type="secondary" style={{ fontSize: 12, ...MONO }}>
          {line.product.sku}
        </Typography.Text>
      </Flex>
    ),
  };
}

/** A lot's code over its expiry ('Cad. 31-08-2027'), or what the line says when it has none. */
export function LotCell({
  lot,
  expiryPrefix = 'Cad.',
  none = 'Sin lote',
}: {
  lot: { allotment: string | null; expiresIn: string | null } | null;
  expiryPrefix?: string;
  none?: string;
}) {
  if (!lot) return <Typography.Text type="secondary">{none}</Typography.Text>;
  return (
    <Flex vertical>
      <span style={MONO}>{lot.allotment || none}</span>
      {lot.expiresIn && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {expiryPrefix} {localDate(lot.expiresIn)}
        </Typography.Text>
      )}
    </Flex>
  );
}

/** A right-aligned number of the line (units ordered, sent, received). */
export function numberColumn<T>(
  key: string,
  title: string,
  value: (line: T) => ReactNode,
): ColumnType<T> {
  return { key, title, align: 'right', render: (_: unknown, line: T) => value(line) };
}

/** A right-aligned amount of the line, on one line. */
export function moneyColumn<T>(
  key: string,
  title: string,
  value: (line: T) => number,
): ColumnType<T> {
  return {
    key,
    title,
    align: 'right',
    render: (_: unknown, line: T) => (
      <span style={{ whiteSpace: 'nowrap' }}>{formatMoney(value(line))}</span>
    ),
  };
}

/** Units sent that did not arrive: '−3' in the warning colour, '0', or a dash before receiving. */
export function differenceColumn<T>(difference: (line: T) => number | null): ColumnType<T> {
  return numberColumn('difference', 'Diferencia', (line: T) => {
    const units = difference(line);
    if (units === null) return <Typography.Text type="secondary">—</Typography.Text>;
    return units > 0 ? <strong className="document-short">−{units}</strong> : '0';
  });
}

/** A document's totals: label and amount per row, the last one the main; a warning under them. */
export function TotalsBox({
  rows,
  children,
  live = false,
}: {
  rows: { label: string; value: ReactNode; testId?: string }[];
  children?: ReactNode;
  live?: boolean;
}) {
  return (
    <div
      className="document-totals"
      role={live ? 'status' : undefined}
      aria-live={live ? 'polite' : undefined}
    >
      <dl>
        {rows.map((row, index) => (
          <div
            key={row.label}
            className={
              rows.length === 1
                ? 'document-totals__sole'
                : index === rows.length - 1
                  ? 'document-totals__main'
                  : undefined
            }
          >
            <dt>{row.label}</dt>
            <dd data-testid={row.testId}>{row.value}</dd>
          </div>
        ))}
      </dl>
      {children}
    </div>
  );
}
