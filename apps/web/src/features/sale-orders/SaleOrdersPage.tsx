import { useMemo } from 'react';
import { FilePdfOutlined } from '@ant-design/icons';
import { PageHeader } from '../../shared/PageHeader';
import { ResourceList } from '../../shared/list/ResourceList';
import { moneyColumn, textColumn } from '../../shared/list/columns';
import { selectFilter } from '../../shared/list/filters';
import { detailAction, editAction, rowAction } from '../../shared/list/rowActions';
import type { ListFilter } from '../../shared/list/types';
import { useBranchFilter } from '../../shared/lookups';
import { notifyError } from '../../shared/notify';
import { formatPhone } from '../../shared/phone';
import {
  fetchSaleOrderPage,
  folioOf,
  isDeleted,
  openSaleOrderPdf,
  removeSaleOrder,
  saleOrderKeys,
  type SaleOrder,
} from './api';
import { SaleOrderDetail } from './SaleOrderDetail';

const LIST = '/dashboard/ordenes-de-venta';

/** The columns of spec 001 §2: number with SO, note number, name, RFC, branch, phone. */
const columns = [
  textColumn<SaleOrder>(
    'orderNumber',
    'Folio',
    (order) => (isDeleted(order) ? `${folioOf(order)} (Eliminada)` : folioOf(order)),
    { sort: true, mono: true, opensDetail: true },
  ),
  textColumn<SaleOrder>('note', 'Número de nota', (order) => order.note, {
    sort: true,
    mono: true,
  }),
  textColumn<SaleOrder>('name', 'Razón social', (order) => order.name, { sort: true }),
  textColumn<SaleOrder>('rfc', 'RFC', (order) => order.rfc ?? '—', { mono: true }),
  textColumn<SaleOrder>('branch', 'Sucursal', (order) => order.branch.name, { sort: true }),
  textColumn<SaleOrder>('phone', 'Teléfono', (order) => formatPhone(order.phone), { whole: true }),
  moneyColumn<SaleOrder>('totalAmount', 'Total', (order) => order.totalAmount, { sort: true }),
];

/** `/dashboard/ordenes-de-venta` (spec 001 §2): the folio opens the 700-wide drawer. */
export function SaleOrdersPage() {
  // The branch filter only for roles that see several branches; the server keeps the rest to theirs.
  const branchFilter = useBranchFilter();
  const filters = useMemo<ListFilter[]>(
    () => [
      ...branchFilter,
      {
        kind: 'dateRange',
        name: 'created',
        label: 'Fecha',
        fromParam: 'startDate',
        toParam: 'endDate',
      },
      selectFilter(
        'withDeleted',
        'Eliminadas',
        [
          { value: 'false', label: 'Sin eliminadas' },
          { value: 'true', label: 'Con eliminadas' },
        ],
        { width: 170 },
      ),
    ],
    [branchFilter],
  );

  const rowActions = useMemo(
    () => [
      detailAction<SaleOrder>('Ver'),
      {
        ...editAction<SaleOrder>((order) => `${LIST}/${order.id}`),
        visible: (order: SaleOrder) => !isDeleted(order),
      },
      rowAction<SaleOrder>('pdf', 'Descargar PDF', 'show', <FilePdfOutlined />, {
        onSelect: (order) => void openSaleOrderPdf(order).catch(notifyError),
      }),
    ],
    [],
  );

  return (
    <>
      <PageHeader
        title="Órdenes de venta"
        description="Ventas a clientes empresariales: los productos salen de los lotes de la sucursal que vende."
      />
      <ResourceList<SaleOrder>
        listKey={saleOrderKeys.all[0]}
        resource="saleOrder"
        title="Órdenes de venta"
        exportName="ordenes-de-venta"
        fetchPage={fetchSaleOrderPage}
        rowKey={(order) => order.id}
        rowLabel={(order) => `${folioOf(order)} (${order.name})`}
        columns={columns}
        searchPlaceholder="Folio (SO-000042), teléfono, RFC, razón social o nota"
        filters={filters}
        defaultSort={{ field: 'created_at', order: 'DESC' }}
        rowActions={rowActions}
        remove={removeSaleOrder}
        canRemove={(order) => !isDeleted(order)}
        createPath={`${LIST}/crear`}
        detail={{
          kind: 'drawer',
          width: 700,
          title: folioOf,
          render: (order) => <SaleOrderDetail order={order} />,
        }}
        emptyText="No hay órdenes de venta con estos filtros"
      />
    </>
  );
}
