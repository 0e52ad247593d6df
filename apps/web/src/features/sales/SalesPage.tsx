import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from 'antd';
import {
  FileTextOutlined,
  PlusOutlined,
  RollbackOutlined,
  FileExclamationOutlined,
} from '@ant-design/icons';
import { PAYMENT_STATUSES, PAYMENT_STATUS_LABELS, SALE_PAYMENT_METHODS } from '@clinica/domain';
import { PageHeader } from '../../shared/PageHeader';
import { ResourceList } from '../../shared/list/ResourceList';
import { moneyColumn, tagColumn, textColumn } from '../../shared/list/columns';
import { selectFilter } from '../../shared/list/filters';
import { detailAction, rowAction } from '../../shared/list/rowActions';
import type { ListColumn, ListFilter } from '../../shared/list/types';
import { useBranchFilter } from '../../shared/lookups';
import { notifyError } from '../../shared/notify';
import {
  canBeRefunded,
  PaymentStatusTag,
  SaleTypeTag,
  saleTypeOf,
} from '../../shared/sales/PaymentStatusTag';
import { RefundDialog } from '../../shared/sales/RefundDialog';
import { openOrderTicket, openRefundTicket } from '../../shared/sales/tickets';
import { usePrivileges } from '../../shared/session/hooks';
import { fullNameOf } from '../../shared/people';
import { CHANNELS, fetchOrderPage, orderKeys, type Channel, type Order } from './api';
import { OrderDetail } from './OrderDetail';

const columns: ListColumn<Order>[] = [
  textColumn<Order>('orderNumber', 'Folio', (order) => order.folio, {
    sort: true,
    mono: true,
    opensDetail: true,
  }),
  textColumn<Order>('created_at', 'Fecha', (order) => `${order.date} ${order.time}`, {
    sort: true,
    whole: true,
  }),
  textColumn<Order>('customer', 'Cliente', (order) => fullNameOf(order.customer)),
  textColumn<Order>('branch', 'Sucursal', (order) => order.branch.name, { sort: true }),
  textColumn<Order>('seller', 'Vendedor', (order) => order.seller?.name ?? '—'),
  textColumn<Order>('coupon', 'Cupón', (order) => order.coupon?.code ?? '—', { mono: true }),
  moneyColumn<Order>('total', 'Total', (order) => order.total, { sort: true }),
  textColumn<Order>('paymentMethod', 'Método de pago', (order) => order.paymentMethod ?? '—', {
    whole: true,
  }),
  tagColumn<Order>(
    'type',
    'Tipo',
    (order) => <SaleTypeTag order={order} />,
    (order) => saleTypeOf(order),
  ),
  tagColumn<Order>(
    'paymentStatus',
    'Estatus de pago',
    (order) => <PaymentStatusTag status={order.paymentStatus} />,
    (order) => PAYMENT_STATUS_LABELS[order.paymentStatus],
    { sort: true, pinned: true },
  ),
];

const searchFields = [
  { value: 'orderNumber', label: 'Folio' },
  { value: 'customer', label: 'Cliente' },
];
const defaultSort = { field: 'created_at', order: 'DESC' } as const;

const ticketFailed = (error: unknown) => notifyError(error);

/**
 * The sales of one channel (spec 002 §2: `/dashboard/ventas-en-sucursal`, `…-en-app`,
 * `…-en-linea`; CONTRACT §12): branch, dates in the branch's zone, payment status and method,
 * search by folio or customer; the detail, the tickets and the refund.
 */
function SalesList({ channel }: { channel: Channel }) {
  const navigate = useNavigate();
  const { can } = usePrivileges();
  const branchFilter = useBranchFilter({ clinicsOnly: true });
  const [refunding, setRefunding] = useState<Order | null>(null);
  const meta = CHANNELS[channel];

  const filters = useMemo<ListFilter[]>(
    () => [
      ...branchFilter,
      {
        kind: 'dateRange',
        name: 'dates',
        label: 'Fecha',
        fromParam: 'startDate',
        toParam: 'endDate',
      },
      selectFilter(
        'paymentStatus',
        'Estatus de pago',
        PAYMENT_STATUSES.map((status) => ({ value: status, label: PAYMENT_STATUS_LABELS[status] })),
        { width: 170 },
      ),
      selectFilter(
        'paymentMethod',
        'Método de pago',
        SALE_PAYMENT_METHODS.map((method) => ({ value: method, label: method })),
        { width: 200 },
      ),
    ],
    [branchFilter],
  );

  const rowActions = useMemo(
    () => [
      detailAction<Order>(),
      rowAction<Order>('ticket', 'Ticket', 'show', <FileTextOutlined />, {
        onSelect: (order) => void openOrderTicket(order).catch(ticketFailed),
      }),
      rowAction<Order>(
        'refundTicket',
        'Ticket de devolución',
        'show',
        <FileExclamationOutlined />,
        {
          visible: (order) => order.refundedAt !== null,
          onSelect: (order) => void openRefundTicket(order).catch(ticketFailed),
        },
      ),
      rowAction<Order>('refund', 'Devolución', 'refund', <RollbackOutlined />, {
        visible: canBeRefunded,
        onSelect: setRefunding,
      }),
    ],
    [],
  );

  const newSale = channel === 'POS' && can('sales', 'create');
  return (
    <>
      <PageHeader
        title={meta.title}
        description={meta.description}
        extra={
          newSale ? (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => navigate(`/dashboard/${meta.path}/nueva`)}
            >
              Nueva venta
            </Button>
          ) : undefined
        }
      />
      <ResourceList<Order>
        listKey={orderKeys.all[0]}
        fixedQuery={{ saleType: channel }}
        resource="sales"
        title={meta.title}
        exportName={meta.path}
        fetchPage={fetchOrderPage}
        rowKey={(order) => order.id}
        rowLabel={(order) => `venta ${order.folio}`}
        columns={columns}
        searchFields={searchFields}
        searchPlaceholder="Folio o cliente"
        filters={filters}
        defaultSort={defaultSort}
        rowActions={rowActions}
        detail={{
          title: (order) => `${saleTypeOf(order)} ${order.folio}`,
          width: 1150,
          render: (order) => <OrderDetail order={order} onRefund={setRefunding} />,
        }}
        emptyText="No hay ventas con estos filtros"
      />
      <RefundDialog order={refunding} onClose={() => setRefunding(null)} />
    </>
  );
}

export const PosSalesPage = () => <SalesList channel="POS" />;
export const AppSalesPage = () => <SalesList channel="App" />;
export const OnlineSalesPage = () => <SalesList channel="online" />;
