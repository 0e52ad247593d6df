import { useState } from 'react';
import { Alert, Button, Descriptions, Flex, Table, Typography } from 'antd';
import { FilePdfOutlined } from '@ant-design/icons';
import { formatDateTime, formatLocalDate, formatMoney } from '../../shared/format';
import { notifyError } from '../../shared/notify';
import { usePrivileges } from '../../shared/session/hooks';
import {
  folioOf,
  isDeleted,
  openPurchaseOrderPdf,
  type PurchaseOrder,
  type PurchaseOrderLine,
} from './api';
import { PayStatusTag } from './PayStatusTag';
import { totalsDiffer } from './purchaseOrderForm';

const dash = (value: string | null | undefined) => value || '—';
const localDate = (value: string | null | undefined) =>
  value ? formatLocalDate(value.slice(0, 10)) : '—';

/** 'Descargar PDF' (spec 001 §6: needs reports), opened in a new tab. */
export function PdfButton({ order }: { order: PurchaseOrder }) {
  const { can } = usePrivileges();
  const [opening, setOpening] = useState(false);
  if (!can('purchaseOrder', 'reports') || isDeleted(order)) return null;
  return (
    <Button
      icon={<FilePdfOutlined />}
      loading={opening}
      onClick={() => {
        setOpening(true);
        openPurchaseOrderPdf(order)
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
    render: (_: unknown, line: PurchaseOrderLine) => (
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
    render: (_: unknown, line: PurchaseOrderLine) =>
      line.allotment ? (
        <span style={{ fontFamily: 'monospace' }}>{line.allotment}</span>
      ) : (
        <Typography.Text type="secondary">Sin lote</Typography.Text>
      ),
  },
  {
    key: 'expiresAt',
    title: 'Caducidad',
    render: (_: unknown, line: PurchaseOrderLine) => localDate(line.expiresAt),
  },
  {
    key: 'quantity',
    title: 'Cantidad',
    align: 'right' as const,
    render: (_: unknown, line: PurchaseOrderLine) => line.quantity,
  },
  {
    key: 'price',
    title: 'Precio',
    align: 'right' as const,
    render: (_: unknown, line: PurchaseOrderLine) => formatMoney(line.price),
  },
  {
    key: 'subtotal',
    title: 'Subtotal con IVA',
    align: 'right' as const,
    render: (_: unknown, line: PurchaseOrderLine) => (
      <span style={{ whiteSpace: 'nowrap' }}>{formatMoney(line.subtotal)}</span>
    ),
  },
];

/** The detail drawer of an order (spec 001 §2: 900 wide, titled with its folio). */
export function PurchaseOrderDetail({ order }: { order: PurchaseOrder }) {
  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={12}>
        <Flex align="center" gap={8} wrap>
          <Typography.Text strong style={{ fontSize: 18, fontFamily: 'monospace' }}>
            {folioOf(order)}
          </Typography.Text>
          <PayStatusTag order={order} />
        </Flex>
        <PdfButton order={order} />
      </Flex>
      <Descriptions
        bordered
        size="small"
        column={{ xs: 1, sm: 1, md: 1, lg: 2, xl: 2, xxl: 2 }}
        items={[
          { key: 'invoice', label: 'Número de factura', children: order.invoiceNumber },
          {
            key: 'provider',
            label: 'Proveedor',
            children: `${order.provider.name} · ${order.provider.payConditions} días de crédito`,
          },
          { key: 'method', label: 'Método de pago', children: order.payMethod },
          { key: 'branch', label: 'Recibe', children: order.branch.name },
          { key: 'arrived', label: 'Llegada', children: localDate(order.arrivedAt) },
          {
            key: 'credit',
            label: 'Vencimiento del crédito',
            children: localDate(order.creditExpiration),
          },
          { key: 'paid', label: 'Fecha de pago', children: localDate(order.payedAt) },
          {
            key: 'created',
            label: 'Registrada',
            children: `${formatDateTime(order.created_at)}${order.createdBy ? ` · ${order.createdBy.name}` : ''}`,
          },
          ...(order.deleted_at
            ? [{ key: 'deleted', label: 'Eliminada', children: formatDateTime(order.deleted_at) }]
            : []),
          {
            key: 'comments',
            label: 'Comentarios',
            children: dash(order.comments),
            span: 'filled' as const,
          },
        ]}
      />
      <Table<PurchaseOrderLine>
        rowKey={(line) => line.id}
        size="small"
        columns={lineColumns}
        dataSource={order.purchaseOrderProducts}
        pagination={false}
        scroll={{ x: 'max-content' }}
        title={() => <Typography.Text strong>Productos</Typography.Text>}
      />
      <div className="po-totals">
        <dl>
          <div>
            <dt>Total de los productos (con IVA)</dt>
            <dd>{formatMoney(order.linesTotal)}</dd>
          </div>
          <div>
            <dt>IVA de la factura</dt>
            <dd>{formatMoney(order.tax)}</dd>
          </div>
          <div className="po-totals__main">
            <dt>Total de la factura</dt>
            <dd>{formatMoney(order.amount)}</dd>
          </div>
        </dl>
        {totalsDiffer(order.amount, order.linesTotal) && (
          <Alert
            type="warning"
            showIcon
            title="El total de la factura no coincide con el de los productos"
          />
        )}
      </div>
    </Flex>
  );
}
