import { useMemo } from 'react';
import { Card, Skeleton } from 'antd';
import { EyeOutlined } from '@ant-design/icons';
import { PageHeader } from '../../shared/PageHeader';
import { ResourceList } from '../../shared/list/ResourceList';
import { dateColumn, tagColumn, textColumn } from '../../shared/list/columns';
import { rowAction } from '../../shared/list/rowActions';
import { useBranchOptions, useBranchScope } from '../../shared/lookups';
import {
  assortmentOrderKeys,
  fetchAssortmentOrderPage,
  folioOf,
  removeAssortmentOrder,
  type AssortmentOrder,
} from './api';
import { AssortmentOrderDetail } from './AssortmentOrderDetail';
import { OrderStatusTag, statusText } from './OrderStatusTag';
import { removable } from './orderRules';
import './assortment-orders.css';

export const RESTOCKS = '/dashboard/resurtidos';

/** The columns of spec 001 §2: number, supplier, date, branch and status. */
const columns = [
  textColumn<AssortmentOrder>('orderNumber', 'Número', folioOf, {
    sort: true,
    mono: true,
    opensDetail: true,
  }),
  textColumn<AssortmentOrder>(
    'supplier',
    'Proveedor',
    (order) => order.originBranch?.name ?? 'CEDIS',
  ),
  dateColumn<AssortmentOrder>('created_at', 'Fecha', (order) => order.created_at, { sort: true }),
  textColumn<AssortmentOrder>('branch', 'Sucursal', (order) => order.branch.name),
  tagColumn<AssortmentOrder>(
    'status',
    'Estatus',
    (order) => <OrderStatusTag order={order} />,
    statusText,
    { sort: true, pinned: true },
  ),
];

const rowActions = [
  rowAction<AssortmentOrder>('view', 'Ver', 'show', <EyeOutlined />, {
    to: (order) => `${RESTOCKS}/${order.id}`,
  }),
];

/**
 * `/dashboard/resurtidos` (spec 001 §2): the restocks of the user's branch, its real assortment
 * orders, with view and delete-with-confirmation (only an order still in process). At the
 * distribution centre, the orders it supplies: every branch's.
 */
export function RestocksPage() {
  const scope = useBranchScope();
  const branches = useBranchOptions(!scope.fixed);
  const atCentre =
    !scope.fixed &&
    (branches.data ?? []).some(
      (branch) => branch.id === scope.branchId && branch.distributionCenter,
    );
  const fixedQuery = useMemo(
    () => (atCentre || scope.branchId === null ? {} : { branchId: scope.branchId }),
    [atCentre, scope.branchId],
  );
  const waiting = !scope.fixed && branches.isLoading;

  return (
    <>
      <PageHeader
        title="Resurtidos"
        description={
          atCentre
            ? 'Los resurtidos que el CEDIS surte a las sucursales.'
            : `Los resurtidos de ${scope.branchName || 'tu sucursal'}: lo que pidió al CEDIS y en qué van.`
        }
      />
      {waiting ? (
        <Card>
          <Skeleton active paragraph={{ rows: 6 }} />
        </Card>
      ) : (
        <ResourceList<AssortmentOrder>
          listKey={assortmentOrderKeys.all[0]}
          resource="assortmentOrder"
          title="Resurtidos"
          exportName="resurtidos"
          fetchPage={fetchAssortmentOrderPage}
          fixedQuery={fixedQuery}
          rowKey={(order) => order.id}
          rowLabel={(order) => `${folioOf(order)} (${order.branch.name})`}
          columns={columns}
          searchPlaceholder="Número (OR-000042)"
          defaultSort={{ field: 'created_at', order: 'DESC' }}
          rowActions={rowActions}
          remove={removeAssortmentOrder}
          canRemove={removable}
          createPath={`${RESTOCKS}/crear`}
          rowClassName={(order) => (order.hasDifference ? 'ao-row--difference' : undefined)}
          detail={{
            kind: 'drawer',
            width: 900,
            title: folioOf,
            render: (order) => <AssortmentOrderDetail order={order} />,
          }}
          emptyText="Tu sucursal no tiene resurtidos"
        />
      )}
    </>
  );
}
