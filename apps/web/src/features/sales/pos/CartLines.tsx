import { Button, InputNumber, Table, Typography } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { formatMoney } from '../../../shared/format';
import type { CartLine } from './cart';
import type { Quote } from './useQuote';

type Priced = Quote['lines'][number];

const money = (value: number | undefined) =>
  value === undefined ? <Typography.Text type="secondary">—</Typography.Text> : formatMoney(value);

/**
 * The cart's lines: what was chosen and how many, with the unit price, discount and amount the
 * quote answered for each (the quote keeps the lines' order); nothing is priced here.
 */
export function CartLines({
  lines,
  priced,
  onQuantity,
  onRemove,
}: {
  lines: CartLine[];
  priced: Priced[] | undefined;
  onQuantity: (index: number, quantity: number) => void;
  onRemove: (index: number) => void;
}) {
  const rows = lines.map((line, index) => ({ line, index, price: priced?.[index] }));
  return (
    <Table
      size="small"
      className="pos__lines"
      rowKey={(row) => `${row.line.kind}:${row.line.id}`}
      dataSource={rows}
      pagination={false}
      // antd's placeholder grey is too faint (WCAG AA): the secondary text colour instead.
      locale={{
        emptyText: (
          <Typography.Text type="secondary">
            Agrega un tratamiento, paquete o promoción
          </Typography.Text>
        ),
      }}
      scroll={{ x: 'max-content' }}
      columns={[
        {
          key: 'name',
          title: 'Concepto',
          render: (_, row) => (
            <>
              <div>{row.line.name}</div>
              <Typography.Text type="secondary">
                {row.line.kind === 'treatment' ? 'Tratamiento' : 'Paquete o promoción'}
              </Typography.Text>
            </>
          ),
        },
        {
          key: 'quantity',
          title: 'Cantidad',
          width: 76,
          render: (_, row) => (
            <InputNumber<number>
              aria-label={`Cantidad de ${row.line.name}`}
              min={1}
              max={100}
              precision={0}
              value={row.line.quantity}
              onChange={(value) => value && onQuantity(row.index, value)}
              style={{ width: 64 }}
            />
          ),
        },
        {
          key: 'unit',
          title: 'Precio',
          align: 'right',
          render: (_, row) => money(row.price?.salePrice),
        },
        {
          key: 'discount',
          title: 'Descuento',
          align: 'right',
          render: (_, row) => money(row.price?.discount),
        },
        {
          key: 'amount',
          title: 'Importe',
          align: 'right',
          render: (_, row) => money(row.price?.amount),
        },
        {
          key: 'remove',
          title: 'Quitar',
          width: 56,
          render: (_, row) => (
            <Button
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label={`Quitar ${row.line.name}`}
              onClick={() => onRemove(row.index)}
            />
          ),
        },
      ]}
    />
  );
}
