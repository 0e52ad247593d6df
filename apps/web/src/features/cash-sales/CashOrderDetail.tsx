import { Button, Descriptions, Flex, Skeleton, Table, Typography } from 'antd';
import { FileExclamationOutlined, FileTextOutlined, RollbackOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { formatDateTime, formatMoney } from '../../shared/format';
import { notifyError } from '../../shared/notify';
import { fullNameOf } from '../../shared/people';
import { canBeRefunded, SaleTypeTag } from '../../shared/sales/PaymentStatusTag';
import { openCashOrderRefundTicket, openCashOrderTicket } from '../../shared/sales/tickets';
import { usePrivileges } from '../../shared/session/hooks';
import { cashOrderKeys, fetchCashOrder, type CashOrder, type CashOrderRecord } from './api';

type Line = CashOrderRecord['cashOrderDetails'][number];

/**
 * A cash order's detail (spec 002 §3 "Cash order", CONTRACT §12): header with subtotal, IVA and
 * total; each line with its lot and expiry (3 per page); payments; the commission rows; the refund.
 */
export function CashOrderDetail({
  order,
  onRefund,
}: {
  order: CashOrder;
  onRefund?: (order: CashOrder) => void;
}) {
  const { can } = usePrivileges();
  const detail = useQuery({
    queryKey: cashOrderKeys.detail(order.id),
    queryFn: ({ signal }) => fetchCashOrder(order.id, signal),
  });
  const record = detail.data;
  const failed = (error: unknown) => notifyError(error);
  return (
    <Flex vertical gap={16}>
      <Flex gap={8} wrap justify="flex-end">
        <Button
          icon={<FileTextOutlined />}
          onClick={() => void openCashOrderTicket(order).catch(failed)}
        >
          Ticket
        </Button>
        {order.refundedAt && (
          <Button
            icon={<FileExclamationOutlined />}
            onClick={() => void openCashOrderRefundTicket(order).catch(failed)}
          >
            Ticket de devolución
          </Button>
        )}
        {onRefund && can('sales', 'refund') && canBeRefunded(order) && (
          <Button danger icon={<RollbackOutlined />} onClick={() => onRefund(order)}>
            Devolución
          </Button>
        )}
      </Flex>
      <Descriptions size="small" bordered column={{ xs: 1, md: 2, lg: 3 }}>
        <Descriptions.Item label="Folio">{order.folio}</Descriptions.Item>
        <Descriptions.Item label="Tipo">
          <SaleTypeTag order={order} />
        </Descriptions.Item>
        <Descriptions.Item label="Fecha">
          {order.date} {order.time}
        </Descriptions.Item>
        <Descriptions.Item label="Sucursal">{order.branch.name}</Descriptions.Item>
        <Descriptions.Item label="Cliente">
          {order.customer
            ? `${fullNameOf(order.customer)} (no. ${order.customer.customerId})`
            : 'Público en general'}
        </Descriptions.Item>
        <Descriptions.Item label="Vendedor">{order.seller?.name ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="Cupón">{order.coupon?.code ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="Subtotal">{formatMoney(order.subtotal)}</Descriptions.Item>
        <Descriptions.Item label="IVA">{formatMoney(order.taxes)}</Descriptions.Item>
        <Descriptions.Item label="Total">
          <strong>{formatMoney(order.total)}</strong>
        </Descriptions.Item>
        <Descriptions.Item label="Puntos ganados">{order.points}</Descriptions.Item>
        <Descriptions.Item label="Método de pago">{order.paymentMethod ?? '—'}</Descriptions.Item>
      </Descriptions>
      {!record ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : (
        <>
          <section aria-label="Productos">
            <Typography.Title level={5}>Productos</Typography.Title>
            <Table<Line>
              size="small"
              rowKey="id"
              dataSource={record.cashOrderDetails}
              pagination={{ pageSize: 3, showSizeChanger: false, hideOnSinglePage: true }}
              scroll={{ x: 'max-content' }}
              columns={[
                { key: 'product', title: 'Producto', render: (_, line) => line.product.name },
                { key: 'lot', title: 'Lote', render: (_, line) => line.allotment || 'Sin lote' },
                { key: 'expiry', title: 'Caducidad', render: (_, line) => line.expiresIn ?? '—' },
                { key: 'quantity', title: 'Cantidad', align: 'right', dataIndex: 'quantity' },
                {
                  key: 'salePrice',
                  title: 'Precio',
                  align: 'right',
                  render: (_, line) => formatMoney(line.salePrice),
                },
                {
                  key: 'discount',
                  title: 'Descuento',
                  align: 'right',
                  render: (_, line) => formatMoney(line.discount),
                },
                {
                  key: 'price',
                  title: 'Importe',
                  align: 'right',
                  render: (_, line) => formatMoney(line.price),
                },
                {
                  key: 'taxes',
                  title: 'IVA',
                  align: 'right',
                  render: (_, line) => `${formatMoney(line.taxes)} (${line.tax}%)`,
                },
              ]}
            />
          </section>
          <section aria-label="Pagos">
            <Typography.Title level={5}>Pagos</Typography.Title>
            <Table
              size="small"
              rowKey="id"
              dataSource={record.payments}
              pagination={false}
              columns={[
                { key: 'method', title: 'Método', dataIndex: 'paymentMethod' },
                { key: 'currency', title: 'Moneda', dataIndex: 'currency' },
                {
                  key: 'amountMxn',
                  title: 'Monto (MXN)',
                  align: 'right',
                  render: (_, payment) => formatMoney(payment.amountMxn),
                },
              ]}
            />
            <Typography.Text>Cambio: {formatMoney(record.changeAmount)}</Typography.Text>
          </section>
          {record.refundedAt && (
            <Descriptions size="small" bordered title="Devolución" column={{ xs: 1, md: 2 }}>
              <Descriptions.Item label="Fecha">
                {formatDateTime(record.refundedAt)}
              </Descriptions.Item>
              <Descriptions.Item label="Motivo">{record.refundReason}</Descriptions.Item>
              <Descriptions.Item label="Método">{record.refundMethod}</Descriptions.Item>
              <Descriptions.Item label="Monto">
                {formatMoney(record.refundAmount ?? 0)}
              </Descriptions.Item>
              <Descriptions.Item label="Devolvió">{record.refundedBy?.name}</Descriptions.Item>
            </Descriptions>
          )}
        </>
      )}
    </Flex>
  );
}
