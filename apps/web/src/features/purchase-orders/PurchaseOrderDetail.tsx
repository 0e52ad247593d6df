import { Alert, Flex, Typography } from 'antd';
import {
  DocumentFacts,
  DocumentHeading,
  DocumentLines,
  PdfButton,
  TotalsBox,
  localDate,
  moneyColumn,
  numberColumn,
  productColumn,
} from '../../shared/documents/DocumentDetail';
import { formatDateTime, formatMoney } from '../../shared/format';
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

const lineColumns = [
  productColumn<PurchaseOrderLine>(),
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
  numberColumn('quantity', 'Cantidad', (line: PurchaseOrderLine) => line.quantity),
  moneyColumn('price', 'Precio', (line: PurchaseOrderLine) => line.price),
  moneyColumn('subtotal', 'Subtotal con IVA', (line: PurchaseOrderLine) => line.subtotal),
];

/** The detail drawer of an order (spec 001 §2: 900 wide, titled with its folio). */
export function PurchaseOrderDetail({ order }: { order: PurchaseOrder }) {
  const { can } = usePrivileges();
  return (
    <Flex vertical gap={16}>
      <DocumentHeading
        folio={folioOf(order)}
        tag={<PayStatusTag order={order} />}
        actions={
          // Printing needs reports (spec 001 §6).
          <PdfButton
            allowed={can('purchaseOrder', 'reports') && !isDeleted(order)}
            open={() => openPurchaseOrderPdf(order)}
          />
        }
      />
      <DocumentFacts
        deletedAt={order.deleted_at}
        comments={order.comments}
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
        ]}
      />
      <DocumentLines lines={order.purchaseOrderProducts} columns={lineColumns} />
      <TotalsBox
        rows={[
          { label: 'Total de los productos (con IVA)', value: formatMoney(order.linesTotal) },
          { label: 'IVA de la factura', value: formatMoney(order.tax) },
          { label: 'Total de la factura', value: formatMoney(order.amount) },
        ]}
      >
        {totalsDiffer(order.amount, order.linesTotal) && (
          <Alert
            type="warning"
            showIcon
            title="El total de la factura no coincide con el de los productos"
          />
        )}
      </TotalsBox>
    </Flex>
  );
}
