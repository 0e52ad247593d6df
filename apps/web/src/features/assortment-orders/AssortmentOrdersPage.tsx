import { useMemo } from 'react';
import { Flex } from 'antd';
import {
  CheckCircleOutlined,
  CloseCircleOutlined,
  FilePdfOutlined,
  InboxOutlined,
} from '@ant-design/icons';
import { ASSORTMENT_ORDER_TYPES, FLOW_STATUSES } from '@clinica/domain';
import { PageHeader } from '../../shared/PageHeader';
import { ResourceList } from '../../shared/list/ResourceList';
import { dateColumn, tagColumn, textColumn } from '../../shared/list/columns';
import { selectFilter } from '../../shared/list/filters';
import { detailAction, editAction, rowAction } from '../../shared/list/rowActions';
import type { ListFilter } from '../../shared/list/types';
import { useBranchFilter } from '../../shared/lookups';
import { notifyError } from '../../shared/notify';
import { fullNameOf } from '../../shared/people';
import { useActor } from './actor';
import {
  assortmentOrderKeys,
  fetchAssortmentOrderPage,
  folioOf,
  openAssortmentOrderPdf,
  removeAssortmentOrder,
  type AssortmentOrder,
} from './api';
import { AssortmentOrderDetail } from './AssortmentOrderDetail';
import { DifferenceTag, OrderStatusTag, statusText } from './OrderStatusTag';
import { orderMenu, removable } from './orderRules';
import { useRejectOrder } from './useRejectOrder';
import './assortment-orders.css';

export const LIST = '/dashboard/ordenes-de-surtido';

const columns = [
  textColumn<AssortmentOrder>('orderNumber', 'Folio', folioOf, {
    sort: true,
    mono: true,
    opensDetail: true,
  }),
  textColumn<AssortmentOrder>('orderType', 'Tipo de orden', (order) => order.orderType, {
    sort: true,
  }),
  textColumn<AssortmentOrder>('branch', 'Sucursal', (order) => order.branch.name, { sort: true }),
  textColumn<AssortmentOrder>('orderBy', 'Solicitó', (order) =>
    order.orderBy ? fullNameOf(order.orderBy) : '',
  ),
  dateColumn<AssortmentOrder>('created_at', 'Fecha', (order) => order.created_at, { sort: true }),
  tagColumn<AssortmentOrder>(
    'status',
    'Estatus',
    (order) => <OrderStatusTag order={order} />,
    statusText,
    { sort: true, pinned: true },
  ),
];

/** What a highlighted row means (spec 001 §4), with the tag the row carries. */
function DifferenceLegend() {
  return (
    <Flex
      wrap
      gap={8}
      align="center"
      className="ao-legend"
      role="note"
      aria-label="Leyenda de las órdenes resaltadas"
    >
      <span className="ao-legend__title">Leyenda:</span>
      <span className="ao-legend__swatch" aria-hidden="true" />
      <DifferenceTag />
      <span>Terminada con menos unidades recibidas que enviadas</span>
    </Flex>
  );
}

/** `/dashboard/ordenes-de-surtido` (spec 001 §2, §4): the folio opens the 900-wide drawer. */
export function AssortmentOrdersPage() {
  const actor = useActor();
  const branchFilter = useBranchFilter({ clinicsOnly: true });
  const { reject, holder } = useRejectOrder();

  const filters = useMemo<ListFilter[]>(
    () => [
      ...branchFilter,
      selectFilter(
        'orderStatus',
        'Estatus',
        FLOW_STATUSES.map((status) => ({ value: status, label: status })),
        { width: 160 },
      ),
      selectFilter(
        'orderType',
        'Tipo de orden',
        ASSORTMENT_ORDER_TYPES.map((type) => ({ value: type, label: type })),
        { width: 220 },
      ),
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
      detailAction<AssortmentOrder>('Ver'),
      rowAction<AssortmentOrder>('approve', 'Aprobar', 'approve', <CheckCircleOutlined />, {
        to: (order) => `${LIST}/${order.id}`,
        visible: (order) => orderMenu(actor, order).approve,
      }),
      {
        ...editAction<AssortmentOrder>((order) => `${LIST}/${order.id}`),
        visible: (order: AssortmentOrder) => orderMenu(actor, order).edit,
      },
      rowAction<AssortmentOrder>('confirm', 'Confirmar recepción', 'edit', <InboxOutlined />, {
        to: (order) => `${LIST}/${order.id}`,
        visible: (order) => orderMenu(actor, order).confirm,
      }),
      rowAction<AssortmentOrder>('reject', 'Rechazar', 'approve', <CloseCircleOutlined />, {
        onSelect: reject,
        visible: (order) => orderMenu(actor, order).reject,
      }),
      rowAction<AssortmentOrder>('pdf', 'Descargar PDF', 'reports', <FilePdfOutlined />, {
        onSelect: (order) => void openAssortmentOrderPdf(order).catch(notifyError),
        visible: (order) => order.deleted_at === null,
      }),
    ],
    [actor.userId, actor.roleKey, actor.branchId, actor.canEdit, actor.canApprove],
  );

  return (
    <>
      {holder}
      <PageHeader
        title="Órdenes de surtido"
        description="Lo que cada sucursal pide al CEDIS: se aprueba eligiendo los lotes a enviar y la sucursal confirma lo que recibió."
      />
      <ResourceList<AssortmentOrder>
        listKey={assortmentOrderKeys.all[0]}
        resource="assortmentOrder"
        title="Órdenes de surtido"
        exportName="ordenes-de-surtido"
        fetchPage={fetchAssortmentOrderPage}
        rowKey={(order) => order.id}
        rowLabel={(order) => `${folioOf(order)} (${order.branch.name})`}
        columns={columns}
        searchPlaceholder="Folio (OR-000042) o sucursal"
        filters={filters}
        defaultSort={{ field: 'created_at', order: 'DESC' }}
        rowActions={rowActions}
        remove={removeAssortmentOrder}
        // Only an order still in process may be deleted (CONTRACT §9: else 409 code 34).
        canRemove={removable}
        createPath={`${LIST}/crear`}
        rowClassName={(order) => (order.hasDifference ? 'ao-row--difference' : undefined)}
        legend={<DifferenceLegend />}
        detail={{
          kind: 'drawer',
          width: 900,
          title: folioOf,
          render: (order) => <AssortmentOrderDetail order={order} />,
        }}
        emptyText="No hay órdenes de surtido con estos filtros"
      />
    </>
  );
}
