import { useMemo } from 'react';
import { CheckCircleOutlined, FilePdfOutlined } from '@ant-design/icons';
import { PAY_STATUSES } from '@clinica/domain';
import { formatLocalDate } from '../../shared/format';
import { PageHeader } from '../../shared/PageHeader';
import { ResourceList } from '../../shared/list/ResourceList';
import { moneyColumn, tagColumn, textColumn } from '../../shared/list/columns';
import { lookupFilter, selectFilter } from '../../shared/list/filters';
import { detailAction, editAction, rowAction } from '../../shared/list/rowActions';
import type { ListFilter } from '../../shared/list/types';
import { useProviderOptions } from '../../shared/lookups';
import { lookupEndpoints } from '../../shared/lookups/endpoints';
import { notifyError } from '../../shared/notify';
import { usePrivileges } from '../../shared/session/hooks';
import {
  fetchPurchaseOrderPage,
  folioOf,
  isDeleted,
  isPaid,
  openPurchaseOrderPdf,
  purchaseOrderKeys,
  removePurchaseOrder,
  type PurchaseOrder,
} from './api';
import { PayStatusTag } from './PayStatusTag';
import { PurchaseOrderDetail } from './PurchaseOrderDetail';

const LIST = '/dashboard/ordenes-de-compra';
const localDate = (value: string | null) => (value ? formatLocalDate(value.slice(0, 10)) : '');

const columns = [
  textColumn<PurchaseOrder>('orderNumber', 'Folio', folioOf, {
    sort: true,
    mono: true,
    opensDetail: true,
  }),
  textColumn<PurchaseOrder>('invoiceNumber', 'Factura', (order) => order.invoiceNumber, {
    sort: true,
    mono: true,
  }),
  textColumn<PurchaseOrder>('provider', 'Proveedor', (order) => order.provider.name, {
    sort: true,
  }),
  textColumn<PurchaseOrder>('arrivedAt', 'Llegada', (order) => localDate(order.arrivedAt), {
    sort: true,
  }),
  textColumn<PurchaseOrder>('creditExpiration', 'Vence crédito', (order) =>
    localDate(order.creditExpiration),
  ),
  moneyColumn<PurchaseOrder>('amount', 'Total', (order) => order.amount, { sort: true }),
  tagColumn<PurchaseOrder>(
    'payStatus',
    'Pago',
    (order) => <PayStatusTag order={order} />,
    (order) => (isDeleted(order) ? `${order.payStatus} (Eliminado)` : order.payStatus),
    { pinned: true },
  ),
];

/** `/dashboard/ordenes-de-compra` (spec 001 §2, §4): the folio opens the 900-wide drawer. */
export function PurchaseOrdersPage() {
  const { canCall } = usePrivileges();
  const providers = useProviderOptions();
  // Only for those who may read the providers: the filter would call what they cannot use.
  const providersReadable = canCall(lookupEndpoints.providers);

  const filters = useMemo<ListFilter[]>(
    () => [
      ...(providersReadable ? [lookupFilter('providerId', 'Proveedor', providers, 220)] : []),
      selectFilter(
        'payStatus',
        'Pago',
        PAY_STATUSES.map((status) => ({ value: status, label: status })),
        { width: 150 },
      ),
      {
        kind: 'dateRange',
        name: 'arrival',
        label: 'Llegada',
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
    [providers.data, providers.isLoading, providersReadable],
  );

  const rowActions = useMemo(
    () => [
      detailAction<PurchaseOrder>('Ver'),
      rowAction<PurchaseOrder>('approve', 'Aprobar', 'approve', <CheckCircleOutlined />, {
        to: (order) => `${LIST}/${order.id}`,
        // Paying is what an unpaid order waits for (spec 001 §4).
        visible: (order) => !isPaid(order) && !isDeleted(order),
      }),
      {
        ...editAction<PurchaseOrder>((order) => `${LIST}/${order.id}`),
        visible: (order: PurchaseOrder) => isPaid(order) && !isDeleted(order),
      },
      rowAction<PurchaseOrder>('pdf', 'Descargar PDF', 'reports', <FilePdfOutlined />, {
        onSelect: (order) => void openPurchaseOrderPdf(order).catch(notifyError),
        visible: (order) => !isDeleted(order),
      }),
    ],
    [],
  );

  return (
    <>
      <PageHeader
        title="Órdenes de compra"
        description="Las facturas de los proveedores cuyos productos entran al CEDIS, su crédito y su pago."
      />
      <ResourceList<PurchaseOrder>
        listKey={purchaseOrderKeys.all[0]}
        resource="purchaseOrder"
        title="Órdenes de compra"
        exportName="ordenes-de-compra"
        fetchPage={fetchPurchaseOrderPage}
        rowKey={(order) => order.id}
        rowLabel={(order) => `${folioOf(order)} (${order.provider.name})`}
        columns={columns}
        searchPlaceholder="Folio (OC-000042), factura o proveedor"
        filters={filters}
        defaultSort={{ field: 'created_at', order: 'DESC' }}
        rowActions={rowActions}
        remove={removePurchaseOrder}
        // Only an unpaid, live order may be deleted (spec 001 §4; the API answers 409 code 11
        // when its units have left their lots).
        canRemove={(order) => !isPaid(order) && !isDeleted(order)}
        createPath={`${LIST}/crear`}
        detail={{
          kind: 'drawer',
          width: 900,
          title: folioOf,
          render: (order) => <PurchaseOrderDetail order={order} />,
        }}
        emptyText="No hay órdenes de compra con estos filtros"
      />
    </>
  );
}
