import { useState } from 'react';
import { Button, Descriptions, Flex, Table, Typography } from 'antd';
import { FilePdfOutlined } from '@ant-design/icons';
import { formatDateTime, formatLocalDate } from '../../shared/format';
import { notifyError } from '../../shared/notify';
import { fullNameOf } from '../../shared/people';
import { usePrivileges } from '../../shared/session/hooks';
import {
  folioOf,
  openAssortmentOrderPdf,
  type AssortmentOrder,
  type AssortmentOrderLine,
} from './api';
import { DifferenceTag, OrderStatusTag } from './OrderStatusTag';
import { differenceOf } from './orderRules';

const dash = (value: string | null | undefined) => value || '—';
const when = (at: string | null, who: AssortmentOrder['orderBy']) =>
  at ? `${formatDateTime(at)}${who ? ` · ${fullNameOf(who)}` : ''}` : '—';

/** 'Descargar PDF' (spec 001 §6: needs reports), opened in a new tab. */
export function PdfButton({ order }: { order: AssortmentOrder }) {
  const { can } = usePrivileges();
  const [opening, setOpening] = useState(false);
  if (!can('assortmentOrder', 'reports') || order.deleted_at !== null) return null;
  return (
    <Button
      icon={<FilePdfOutlined />}
      loading={opening}
      onClick={() => {
        setOpening(true);
        openAssortmentOrderPdf(order)
          .catch(notifyError)
          .finally(() => setOpening(false));
      }}
    >
      Descargar PDF
    </Button>
  );
}

const quantity = (value: number | null) =>
  value === null ? <Typography.Text type="secondary">—</Typography.Text> : value;

const lineColumns = [
  {
    key: 'product',
    title: 'Producto',
    render: (_: unknown, line: AssortmentOrderLine) => (
      <Flex vertical>
        <span>{line.product.name}</span>
        <Typography.Text type="secondary" style={{ fontSize: 12, fontFamily: 'monospace' }}>
          {line.product.sku}
        </Typography.Text>
      </Flex>
    ),
  },
  {
    key: 'lot',
    title: 'Lote del CEDIS',
    render: (_: unknown, line: AssortmentOrderLine) =>
      line.productStock ? (
        <Flex vertical>
          <span style={{ fontFamily: 'monospace' }}>{line.productStock.allotment}</span>
          {line.productStock.expiresIn && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              Caduca {formatLocalDate(line.productStock.expiresIn.slice(0, 10))}
            </Typography.Text>
          )}
        </Flex>
      ) : (
        <Typography.Text type="secondary">Por asignar</Typography.Text>
      ),
  },
  {
    key: 'ordered',
    title: 'Pedida',
    align: 'right' as const,
    render: (_: unknown, line: AssortmentOrderLine) => quantity(line.orderedQuantity),
  },
  {
    key: 'sent',
    title: 'Enviada',
    align: 'right' as const,
    render: (_: unknown, line: AssortmentOrderLine) => quantity(line.stockedQuantity),
  },
  {
    key: 'received',
    title: 'Recibida',
    align: 'right' as const,
    render: (_: unknown, line: AssortmentOrderLine) => quantity(line.receivedQuantity),
  },
  {
    key: 'difference',
    title: 'Diferencia',
    align: 'right' as const,
    render: (_: unknown, line: AssortmentOrderLine) => {
      const difference = differenceOf(line.stockedQuantity, line.receivedQuantity);
      if (difference === null) return quantity(null);
      return difference > 0 ? (
        <Typography.Text strong style={{ color: '#9a3412' }}>
          −{difference}
        </Typography.Text>
      ) : (
        0
      );
    },
  },
];

/** The order's detail (spec 001 §2: the list's drawer, 900 wide), also `/resurtidos/{id}`. */
export function AssortmentOrderDetail({ order }: { order: AssortmentOrder }) {
  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={12}>
        <Flex align="center" gap={8} wrap>
          <Typography.Text strong style={{ fontSize: 18, fontFamily: 'monospace' }}>
            {folioOf(order)}
          </Typography.Text>
          <OrderStatusTag order={order} />
        </Flex>
        <PdfButton order={order} />
      </Flex>
      <Descriptions
        bordered
        size="small"
        column={{ xs: 1, sm: 1, md: 1, lg: 2, xl: 2, xxl: 2 }}
        items={[
          { key: 'type', label: 'Tipo de orden', children: order.orderType },
          { key: 'branch', label: 'Sucursal que recibe', children: order.branch.name },
          { key: 'origin', label: 'Surte', children: order.originBranch?.name ?? 'CEDIS' },
          { key: 'created', label: 'Solicitada', children: when(order.created_at, order.orderBy) },
          {
            key: 'approved',
            label: 'Aprobada',
            children: when(order.approvedAt, order.approvedBy),
          },
          {
            key: 'finished',
            label: 'Recibida',
            children: when(order.finishedAt, order.receivedBy),
          },
          ...(order.rejectedAt
            ? [
                {
                  key: 'rejected',
                  label: 'Rechazada',
                  children: when(order.rejectedAt, order.rejectedBy),
                },
                { key: 'reason', label: 'Motivo', children: dash(order.rejectReason) },
              ]
            : []),
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
      <Table<AssortmentOrderLine>
        rowKey={(line) => line.id}
        size="small"
        columns={lineColumns}
        dataSource={order.assortmentOrderProducts}
        pagination={false}
        scroll={{ x: 'max-content' }}
        title={() => (
          <Flex gap={8} align="center">
            <Typography.Text strong>Productos</Typography.Text>
            {order.hasDifference && <DifferenceTag />}
          </Flex>
        )}
      />
    </Flex>
  );
}
