import { useMemo, useState } from 'react';
import { Button } from 'antd';
import {
  FileExclamationOutlined,
  FileTextOutlined,
  PlusOutlined,
  RollbackOutlined,
} from '@ant-design/icons';
import { SALE_PAYMENT_METHODS } from '@clinica/domain';
import { PageHeader } from '../../shared/PageHeader';
import { ResourceList } from '../../shared/list/ResourceList';
import { moneyColumn, tagColumn, textColumn } from '../../shared/list/columns';
import { selectFilter } from '../../shared/list/filters';
import { detailAction, rowAction } from '../../shared/list/rowActions';
import type { ListColumn, ListFilter } from '../../shared/list/types';
import { useBranchFilter } from '../../shared/lookups';
import { notifyError } from '../../shared/notify';
import { fullNameOf } from '../../shared/people';
import { canBeRefunded, SaleTypeTag, saleTypeOf } from '../../shared/sales/PaymentStatusTag';
import { RefundDialog } from '../../shared/sales/RefundDialog';
import { openCashOrderRefundTicket, openCashOrderTicket } from '../../shared/sales/tickets';
import { usePrivileges } from '../../shared/session/hooks';
import { cashOrderKeys, fetchCashOrderPage, type CashOrder } from './api';
import { CashOrderDetail } from './CashOrderDetail';
import { NewCashSale } from './NewCashSale';

const columns: ListColumn<CashOrder>[] = [
  textColumn<CashOrder>('orderNumber', 'Folio', (order) => order.folio, {
    sort: true,
    mono: true,
    opensDetail: true,
  }),
  textColumn<CashOrder>('created_at', 'Fecha', (order) => `${order.date} ${order.time}`, {
    sort: true,
    whole: true,
  }),
  textColumn<CashOrder>('customer', 'Cliente', (order) =>
    order.customer ? fullNameOf(order.customer) : 'Público en general',
  ),
  textColumn<CashOrder>('branch', 'Sucursal', (order) => order.branch.name, { sort: true }),
  textColumn<CashOrder>('seller', 'Vendedor', (order) => order.seller?.name ?? '—'),
  textColumn<CashOrder>('coupon', 'Cupón', (order) => order.coupon?.code ?? '—', { mono: true }),
  moneyColumn<CashOrder>('subtotal', 'Subtotal', (order) => order.subtotal),
  moneyColumn<CashOrder>('taxes', 'IVA', (order) => order.taxes),
  moneyColumn<CashOrder>('total', 'Total', (order) => order.total, { sort: true }),
  textColumn<CashOrder>('paymentMethod', 'Método de pago', (order) => order.paymentMethod ?? '—'),
  tagColumn<CashOrder>(
    'type',
    'Tipo',
    (order) => <SaleTypeTag order={order} />,
    (order) => saleTypeOf(order),
    { pinned: true },
  ),
];

const searchFields = [
  { value: 'orderNumber', label: 'Folio' },
  { value: 'customer', label: 'Cliente' },
];
const defaultSort = { field: 'created_at', order: 'DESC' } as const;
const ticketFailed = (error: unknown) => notifyError(error);

/**
 * `/dashboard/ventas-sucursal-producto` (spec 002 §2, CONTRACT §12): the products sold at the
 * counter, with the orders' filters; the detail, the tickets, the refund, and 'Nueva venta de
 * productos'.
 */
export function CashSalesPage() {
  const { can } = usePrivileges();
  const branchFilter = useBranchFilter({ clinicsOnly: true });
  const [refunding, setRefunding] = useState<CashOrder | null>(null);
  const [selling, setSelling] = useState(false);

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
      detailAction<CashOrder>(),
      rowAction<CashOrder>('ticket', 'Ticket', 'show', <FileTextOutlined />, {
        onSelect: (order) => void openCashOrderTicket(order).catch(ticketFailed),
      }),
      rowAction<CashOrder>(
        'refundTicket',
        'Ticket de devolución',
        'show',
        <FileExclamationOutlined />,
        {
          visible: (order) => order.refundedAt !== null,
          onSelect: (order) => void openCashOrderRefundTicket(order).catch(ticketFailed),
        },
      ),
      rowAction<CashOrder>('refund', 'Devolución', 'refund', <RollbackOutlined />, {
        visible: canBeRefunded,
        onSelect: setRefunding,
      }),
    ],
    [],
  );

  return (
    <>
      <PageHeader
        title="Ventas de productos"
        description="Cremas y productos de cuidado vendidos en mostrador, de los lotes de la sucursal."
        extra={
          can('sales', 'create') ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setSelling(true)}>
              Nueva venta de productos
            </Button>
          ) : undefined
        }
      />
      <ResourceList<CashOrder>
        listKey={cashOrderKeys.all[0]}
        resource="sales"
        title="Ventas de productos"
        exportName="ventas-sucursal-producto"
        fetchPage={fetchCashOrderPage}
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
          render: (order) => <CashOrderDetail order={order} onRefund={setRefunding} />,
        }}
        emptyText="No hay ventas de productos con estos filtros"
      />
      <RefundDialog kind="cashOrder" order={refunding} onClose={() => setRefunding(null)} />
      <NewCashSale open={selling} onClose={() => setSelling(false)} />
    </>
  );
}
