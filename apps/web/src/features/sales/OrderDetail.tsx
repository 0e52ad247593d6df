import { Button, Descriptions, Flex, Skeleton, Table, Typography } from 'antd';
import { FileExclamationOutlined, FileTextOutlined, RollbackOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import {
  ORDER_ORIGIN_LABELS,
  PURCHASED_PRODUCT_STATUS_LABELS,
  type OrderRecord,
} from '@clinica/domain';
import { ConsentButton } from '../../shared/consent/ConsentButton';
import { formatDateTime, formatMoney } from '../../shared/format';
import { notifyError } from '../../shared/notify';
import { fullNameOf } from '../../shared/people';
import { canBeRefunded, PaymentStatusTag, SaleTypeTag } from '../../shared/sales/PaymentStatusTag';
import { openOrderTicket, openRefundTicket } from '../../shared/sales/tickets';
import { usePrivileges } from '../../shared/session/hooks';
import { fetchOrder, orderKeys, type Order } from './api';

type Line = OrderRecord['orderDetails'][number];
type Payment = OrderRecord['payments'][number];
type Purchased = OrderRecord['purchasedProducts'][number];

const lineName = (line: Line) =>
  line.treatment?.name ?? (line.package ? `${line.package.name}` : '—');

/** A line's amount: its sale price by the quantity, less its discount, in whole cents. */
const lineAmount = (line: Line) =>
  (Math.round(line.salePrice * 100) * line.quantity - Math.round(line.discount * 100)) / 100;

/**
 * The order's detail (spec 002 §2, §9: 1150 wide, its lines 3 per page): header, lines, payments,
 * the purchased products it created, the consents signed on them at their sessions' finish (the
 * spec's consent document of a sale) and, once refunded, the refund.
 */
export function OrderDetail({
  order,
  onRefund,
}: {
  order: Order;
  onRefund?: (order: Order) => void;
}) {
  const { can } = usePrivileges();
  const detail = useQuery({
    queryKey: orderKeys.detail(order.id),
    queryFn: ({ signal }) => fetchOrder(order.id, signal),
  });
  const record = detail.data;
  const failed = (error: unknown) => notifyError(error);

  return (
    <Flex vertical gap={16}>
      <Flex gap={8} wrap justify="flex-end">
        <Button
          icon={<FileTextOutlined />}
          onClick={() => void openOrderTicket(order).catch(failed)}
        >
          Ticket
        </Button>
        {order.refundedAt && (
          <Button
            icon={<FileExclamationOutlined />}
            onClick={() => void openRefundTicket(order).catch(failed)}
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
        <Descriptions.Item label="Estatus de pago">
          <PaymentStatusTag status={order.paymentStatus} />
        </Descriptions.Item>
        <Descriptions.Item label="Fecha">
          {order.date} {order.time}
        </Descriptions.Item>
        <Descriptions.Item label="Canal">{ORDER_ORIGIN_LABELS[order.origin]}</Descriptions.Item>
        <Descriptions.Item label="Sucursal">{order.branch.name}</Descriptions.Item>
        <Descriptions.Item label="Cliente">
          {fullNameOf(order.customer)} (no. {order.customer.customerId})
        </Descriptions.Item>
        <Descriptions.Item label="Vendedor">{order.seller?.name ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="Cupón">{order.coupon?.code ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="Subtotal">{formatMoney(order.subtotal)}</Descriptions.Item>
        <Descriptions.Item label="Descuento">{formatMoney(order.discountTotal)}</Descriptions.Item>
        <Descriptions.Item label="Total">
          <strong>{formatMoney(order.total)}</strong>
        </Descriptions.Item>
        <Descriptions.Item label="Puntos ganados">{order.points}</Descriptions.Item>
        <Descriptions.Item label="Método de pago">{order.paymentMethod ?? '—'}</Descriptions.Item>
        {record && (
          <Descriptions.Item label="Cambio">{formatMoney(record.changeAmount)}</Descriptions.Item>
        )}
      </Descriptions>
      {!record ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : (
        <>
          <section aria-label="Conceptos">
            <Typography.Title level={5}>Conceptos</Typography.Title>
            <Table<Line>
              size="small"
              rowKey="id"
              dataSource={record.orderDetails}
              pagination={{ pageSize: 3, showSizeChanger: false, hideOnSinglePage: true }}
              scroll={{ x: 'max-content' }}
              columns={[
                { key: 'item', title: 'Concepto', render: (_, line) => lineName(line) },
                {
                  key: 'kind',
                  title: 'Tipo',
                  render: (_, line) =>
                    line.treatment
                      ? 'Tratamiento'
                      : line.package?.type === 'Promotion'
                        ? 'Promoción'
                        : 'Paquete',
                },
                { key: 'quantity', title: 'Cantidad', align: 'right', dataIndex: 'quantity' },
                {
                  key: 'listPrice',
                  title: 'Precio de lista',
                  align: 'right',
                  render: (_, line) => formatMoney(line.price),
                },
                {
                  key: 'salePrice',
                  title: 'Precio de venta',
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
                  key: 'amount',
                  title: 'Importe',
                  align: 'right',
                  render: (_, line) => formatMoney(lineAmount(line)),
                },
                { key: 'points', title: 'Puntos', align: 'right', dataIndex: 'points' },
              ]}
            />
          </section>
          <section aria-label="Pagos">
            <Typography.Title level={5}>Pagos</Typography.Title>
            <Table<Payment>
              size="small"
              rowKey="id"
              dataSource={record.payments}
              pagination={false}
              locale={{ emptyText: 'Sin pagos' }}
              scroll={{ x: 'max-content' }}
              columns={[
                { key: 'method', title: 'Método', dataIndex: 'paymentMethod' },
                { key: 'currency', title: 'Moneda', dataIndex: 'currency' },
                {
                  key: 'amount',
                  title: 'Monto',
                  align: 'right',
                  render: (_, payment) =>
                    payment.currency === 'DLS'
                      ? `US${formatMoney(payment.amount)}`
                      : formatMoney(payment.amount),
                },
                {
                  key: 'rate',
                  title: 'Tipo de cambio',
                  align: 'right',
                  render: (_, payment) =>
                    payment.currency === 'DLS' ? formatMoney(record.exchangeRate) : '—',
                },
                {
                  key: 'mxn',
                  title: 'En pesos',
                  align: 'right',
                  render: (_, payment) => formatMoney(payment.amountMxn),
                },
                {
                  key: 'reference',
                  title: 'Referencia',
                  render: (_, payment) => payment.reference ?? '—',
                },
              ]}
            />
          </section>
          <section aria-label="Productos adquiridos">
            <Typography.Title level={5}>Productos adquiridos</Typography.Title>
            <Table<Purchased>
              size="small"
              rowKey="id"
              dataSource={record.purchasedProducts}
              pagination={{ pageSize: 3, showSizeChanger: false, hideOnSinglePage: true }}
              locale={{ emptyText: 'Sin productos adquiridos' }}
              scroll={{ x: 'max-content' }}
              columns={[
                { key: 'treatment', title: 'Tratamiento', render: (_, row) => row.treatment.name },
                { key: 'package', title: 'Paquete', render: (_, row) => row.package?.name ?? '—' },
                {
                  key: 'sessions',
                  title: 'Sesiones',
                  align: 'right',
                  render: (_, row) => `${row.currentSession} de ${row.sessions}`,
                },
                {
                  key: 'status',
                  title: 'Estatus',
                  render: (_, row) => PURCHASED_PRODUCT_STATUS_LABELS[row.status],
                },
              ]}
            />
          </section>
          {record.consents.length > 0 && (
            <section aria-label="Consentimientos">
              <Typography.Title level={5}>Consentimientos</Typography.Title>
              <Flex gap={8} wrap>
                {record.consents.map((signed) => (
                  <ConsentButton
                    key={signed.appointmentId}
                    consentId={signed.consentId}
                    appointmentId={signed.appointmentId}
                    label={`${signed.treatment} · ${formatDateTime(signed.signedAt)}`}
                  />
                ))}
              </Flex>
            </section>
          )}
          {record.refundedAt && (
            <section aria-label="Devolución">
              <Typography.Title level={5}>Devolución</Typography.Title>
              <Descriptions size="small" bordered column={{ xs: 1, md: 2 }}>
                <Descriptions.Item label="Fecha">
                  {formatDateTime(record.refundedAt)}
                </Descriptions.Item>
                <Descriptions.Item label="Motivo">{record.refundReason ?? '—'}</Descriptions.Item>
                <Descriptions.Item label="Método">{record.refundMethod ?? '—'}</Descriptions.Item>
                <Descriptions.Item label="Monto devuelto">
                  {record.refundAmount === null ? '—' : formatMoney(record.refundAmount)}
                </Descriptions.Item>
                <Descriptions.Item label="Hecha por">
                  {record.refundedBy?.name ?? '—'}
                </Descriptions.Item>
              </Descriptions>
            </section>
          )}
        </>
      )}
    </Flex>
  );
}
