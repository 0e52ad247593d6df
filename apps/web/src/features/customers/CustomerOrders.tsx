import { useState } from 'react';
import { Button, Flex, Table } from 'antd';
import { FileExclamationOutlined, FileTextOutlined, RollbackOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { ORDER_ORIGIN_LABELS, type CustomerOrder } from '@clinica/domain';
import { formatDateTime, formatMoney } from '../../shared/format';
import { notifyError } from '../../shared/notify';
import { canBeRefunded, PaymentStatusTag, SaleTypeTag } from '../../shared/sales/PaymentStatusTag';
import { RefundDialog } from '../../shared/sales/RefundDialog';
import { openOrderTicket, openRefundTicket } from '../../shared/sales/tickets';
import { usePrivileges } from '../../shared/session/hooks';
import { customerKeys, fetchOrders, type Customer } from './api';

/**
 * The customer's Órdenes tab (spec 002 §2): each order a 'Venta' or a 'Devolución', with its
 * ticket, its refund ticket once refunded, and the refund (`sales.refund`, a paid order only).
 */
export function Orders({ customer }: { customer: Customer }) {
  const { can } = usePrivileges();
  const [refunding, setRefunding] = useState<CustomerOrder | null>(null);
  const orders = useQuery({
    queryKey: customerKeys.orders(customer.id),
    queryFn: ({ signal }) => fetchOrders(customer.id, signal),
  });
  const failed = (error: unknown) => notifyError(error);
  const tickets = can('sales', 'show');
  return (
    <>
      <Table<CustomerOrder>
        size="small"
        rowKey="id"
        loading={orders.isLoading}
        dataSource={orders.data?.orders ?? []}
        pagination={{ pageSize: 5, showSizeChanger: false }}
        locale={{ emptyText: 'Sin órdenes' }}
        scroll={{ x: 'max-content' }}
        columns={[
          { key: 'orderNumber', title: 'No. orden', render: (_, row) => row.orderNumber },
          { key: 'type', title: 'Tipo', render: (_, row) => <SaleTypeTag order={row} /> },
          {
            key: 'total',
            title: 'Total',
            align: 'right',
            render: (_, row) => formatMoney(row.total),
          },
          { key: 'points', title: 'Puntos', align: 'right', render: (_, row) => row.points },
          { key: 'date', title: 'Fecha', render: (_, row) => formatDateTime(row.created_at) },
          {
            key: 'status',
            title: 'Estatus de pago',
            render: (_, row) => <PaymentStatusTag status={row.paymentStatus} />,
          },
          { key: 'method', title: 'Método de pago', render: (_, row) => row.paymentMethod ?? '—' },
          { key: 'origin', title: 'Origen', render: (_, row) => ORDER_ORIGIN_LABELS[row.origin] },
          {
            key: 'actions',
            title: 'Acciones',
            render: (_, row) => (
              <Flex gap={4}>
                {tickets && (
                  <Button
                    size="small"
                    icon={<FileTextOutlined />}
                    aria-label={`Ticket de la orden ${row.orderNumber}`}
                    title="Ticket"
                    onClick={() => void openOrderTicket(row).catch(failed)}
                  />
                )}
                {tickets && row.refundedAt && (
                  <Button
                    size="small"
                    icon={<FileExclamationOutlined />}
                    aria-label={`Ticket de devolución de la orden ${row.orderNumber}`}
                    title="Ticket de devolución"
                    onClick={() => void openRefundTicket(row).catch(failed)}
                  />
                )}
                {can('sales', 'refund') && canBeRefunded(row) && (
                  <Button
                    size="small"
                    danger
                    icon={<RollbackOutlined />}
                    aria-label={`Devolución de la orden ${row.orderNumber}`}
                    title="Devolución"
                    onClick={() => setRefunding(row)}
                  />
                )}
              </Flex>
            ),
          },
        ]}
      />
      <RefundDialog order={refunding} onClose={() => setRefunding(null)} />
    </>
  );
}
