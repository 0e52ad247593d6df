import { Flex, Typography } from 'antd';
import {
  DocumentFacts,
  DocumentHeading,
  DocumentLines,
  LotCell,
  PdfButton,
  dash,
  differenceColumn,
  numberColumn,
  productColumn,
  stepOf,
} from '../../shared/documents/DocumentDetail';
import { usePrivileges } from '../../shared/session/hooks';
import {
  folioOf,
  openAssortmentOrderPdf,
  type AssortmentOrder,
  type AssortmentOrderLine,
} from './api';
import { DifferenceTag, OrderStatusTag } from './OrderStatusTag';
import { differenceOf } from './orderRules';

const quantity = (value: number | null) =>
  value === null ? <Typography.Text type="secondary">—</Typography.Text> : value;

const lineColumns = [
  productColumn<AssortmentOrderLine>(),
  {
    key: 'lot',
    title: 'Lote del CEDIS',
    render: (_: unknown, line: AssortmentOrderLine) => (
      <LotCell lot={line.productStock} expiryPrefix="Caduca" none="Por asignar" />
    ),
  },
  numberColumn('ordered', 'Pedida', (line: AssortmentOrderLine) => quantity(line.orderedQuantity)),
  numberColumn('sent', 'Enviada', (line: AssortmentOrderLine) => quantity(line.stockedQuantity)),
  numberColumn('received', 'Recibida', (line: AssortmentOrderLine) =>
    quantity(line.receivedQuantity),
  ),
  differenceColumn((line: AssortmentOrderLine) =>
    differenceOf(line.stockedQuantity, line.receivedQuantity),
  ),
];

/** The order's detail (spec 001 §2: the list's drawer, 900 wide), also `/resurtidos/{id}`. */
export function AssortmentOrderDetail({ order }: { order: AssortmentOrder }) {
  const { can } = usePrivileges();
  return (
    <Flex vertical gap={16}>
      <DocumentHeading
        folio={folioOf(order)}
        tag={<OrderStatusTag order={order} />}
        actions={
          // Printing needs reports (spec 001 §6).
          <PdfButton
            allowed={can('assortmentOrder', 'reports') && order.deleted_at === null}
            open={() => openAssortmentOrderPdf(order)}
          />
        }
      />
      <DocumentFacts
        deletedAt={order.deleted_at}
        comments={order.comments}
        items={[
          { key: 'type', label: 'Tipo de orden', children: order.orderType },
          { key: 'branch', label: 'Sucursal que recibe', children: order.branch.name },
          { key: 'origin', label: 'Surte', children: order.originBranch?.name ?? 'CEDIS' },
          {
            key: 'created',
            label: 'Solicitada',
            children: stepOf(order.created_at, order.orderBy),
          },
          {
            key: 'approved',
            label: 'Aprobada',
            children: stepOf(order.approvedAt, order.approvedBy),
          },
          {
            key: 'finished',
            label: 'Recibida',
            children: stepOf(order.finishedAt, order.receivedBy),
          },
          ...(order.rejectedAt
            ? [
                {
                  key: 'rejected',
                  label: 'Rechazada',
                  children: stepOf(order.rejectedAt, order.rejectedBy),
                },
                { key: 'reason', label: 'Motivo', children: dash(order.rejectReason) },
              ]
            : []),
        ]}
      />
      <DocumentLines
        lines={order.assortmentOrderProducts}
        columns={lineColumns}
        titleExtra={order.hasDifference && <DifferenceTag />}
      />
    </Flex>
  );
}
