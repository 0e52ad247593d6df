import { useState } from 'react';
import { Button, Descriptions, Flex, Table, Tag, Typography } from 'antd';
import { FilePdfOutlined } from '@ant-design/icons';
import { formatDateTime, formatLocalDate, formatMoney } from '../../shared/format';
import { notifyError } from '../../shared/notify';
import { formatPhone } from '../../shared/phone';
import { usePrivileges } from '../../shared/session/hooks';
import { folioOf, isDeleted, openSaleOrderPdf, type SaleOrder, type SaleOrderLine } from './api';

const dash = (value: string | null | undefined) => value || '—';

/** 'Descargar PDF' (spec 001 §6: needs show), opened in a new tab. */
export function PdfButton({ order }: { order: SaleOrder }) {
  const { can } = usePrivileges();
  const [opening, setOpening] = useState(false);
  if (!can('saleOrder', 'show')) return null;
  return (
    <Button
      icon={<FilePdfOutlined />}
      loading={opening}
      onClick={() => {
        setOpening(true);
        openSaleOrderPdf(order)
          .catch(notifyError)
          .finally(() => setOpening(false));
      }}
    >
      Descargar PDF
    </Button>
  );
}

const lineColumns = [
  {
    key: 'product',
    title: 'Producto',
    render: (_: unknown, line: SaleOrderLine) => (
      <Flex vertical>
        <span>{line.product.name}</span>
        <Typography.Text type="secondary" style={{ fontSize: 12, fontFamily: 'monospace' }}>
          {line.product.sku}
        </Typography.Text>
      </Flex>
    ),
  },
  {
    key: 'allotment',
    title: 'Lote',
    render: (_: unknown, line: SaleOrderLine) => (
      <Flex vertical>
        <span style={{ fontFamily: 'monospace' }}>{line.productStock.allotment || 'Sin lote'}</span>
        {line.productStock.expiresIn && (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            Cad. {formatLocalDate(line.productStock.expiresIn)}
          </Typography.Text>
        )}
      </Flex>
    ),
  },
  {
    key: 'quantity',
    title: 'Cantidad',
    align: 'right' as const,
    render: (_: unknown, line: SaleOrderLine) => line.quantity,
  },
  {
    key: 'price',
    title: 'Precio',
    align: 'right' as const,
    render: (_: unknown, line: SaleOrderLine) => formatMoney(line.price),
  },
  {
    key: 'subtotal',
    title: 'Subtotal',
    align: 'right' as const,
    render: (_: unknown, line: SaleOrderLine) => (
      <span style={{ whiteSpace: 'nowrap' }}>{formatMoney(line.subtotal)}</span>
    ),
  },
];

/** The detail drawer of an order (spec 001 §2: 700 wide, titled with its folio). */
export function SaleOrderDetail({ order }: { order: SaleOrder }) {
  const person = order.createdBy;
  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={12}>
        <Flex align="center" gap={8} wrap>
          <Typography.Text strong style={{ fontSize: 18, fontFamily: 'monospace' }}>
            {folioOf(order)}
          </Typography.Text>
          {isDeleted(order) && <Tag color="red">Eliminada</Tag>}
        </Flex>
        <PdfButton order={order} />
      </Flex>
      <Descriptions
        bordered
        size="small"
        column={1}
        items={[
          { key: 'name', label: 'Razón social', children: order.name },
          {
            key: 'rfc',
            label: 'RFC',
            children: <span style={{ fontFamily: 'monospace' }}>{dash(order.rfc)}</span>,
          },
          { key: 'phone', label: 'Teléfono', children: formatPhone(order.phone) },
          { key: 'note', label: 'Número de nota', children: order.note },
          { key: 'branch', label: 'Sucursal', children: order.branch.name },
          {
            key: 'created',
            label: 'Registrada',
            children: `${formatDateTime(order.created_at)}${
              person ? ` por ${[person.name, person.lastName].join(' ')}` : ''
            }`,
          },
          ...(order.deleted_at
            ? [{ key: 'deleted', label: 'Eliminada', children: formatDateTime(order.deleted_at) }]
            : []),
          { key: 'comments', label: 'Comentarios', children: dash(order.comments) },
        ]}
      />
      <Table<SaleOrderLine>
        size="small"
        rowKey="id"
        pagination={false}
        columns={lineColumns}
        dataSource={order.saleOrderProducts}
        scroll={{ x: 'max-content' }}
        summary={() => (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0} colSpan={4} align="right">
              <strong>Total</strong>
            </Table.Summary.Cell>
            <Table.Summary.Cell index={1} align="right">
              <strong style={{ whiteSpace: 'nowrap' }}>{formatMoney(order.totalAmount)}</strong>
            </Table.Summary.Cell>
          </Table.Summary.Row>
        )}
      />
    </Flex>
  );
}
