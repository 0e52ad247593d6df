import { useMemo } from 'react';
import { COUPON_TYPES, COUPON_TYPE_LABELS } from '@clinica/domain';
import { formatLocalDate } from '../../shared/format';
import { PageHeader } from '../../shared/PageHeader';
import { ResourceList } from '../../shared/list/ResourceList';
import { moneyColumn, tagColumn, textColumn } from '../../shared/list/columns';
import { ExcelButton } from '../../shared/list/ExcelButton';
import { selectFilter, statusFilter } from '../../shared/list/filters';
import { recordActions } from '../../shared/list/rowActions';
import type { ListColumn } from '../../shared/list/types';
import { usePrivileges } from '../../shared/session/hooks';
import { couponKeys, fetchCouponPage, removeCoupon, type Coupon } from './api';
import { CouponDetail } from './CouponDetail';
import { CouponStatusTag, CouponTypeTag, couponConditionText, couponItemName } from './CouponTags';

const columns: ListColumn<Coupon>[] = [
  textColumn<Coupon>('code', 'Código', (coupon) => coupon.code, {
    sort: true,
    mono: true,
    opensDetail: true,
  }),
  textColumn<Coupon>('limit', 'Límite', (coupon) => coupon.limit, { sort: true, align: 'right' }),
  textColumn<Coupon>('used', 'Usados', (coupon) => coupon.used, { sort: true, align: 'right' }),
  textColumn<Coupon>('name', 'Nombre', (coupon) => coupon.name, { sort: true }),
  textColumn<Coupon>('expireDate', 'Vencimiento', (coupon) => formatLocalDate(coupon.expireDate), {
    sort: true,
  }),
  tagColumn<Coupon>(
    'type',
    'Tipo',
    (coupon) => <CouponTypeTag type={coupon.type} />,
    (coupon) => COUPON_TYPE_LABELS[coupon.type],
    { sort: true },
  ),
  textColumn<Coupon>('item', 'Producto o tratamiento', couponItemName),
  moneyColumn<Coupon>('regularPrice', 'Precio regular', (coupon) => coupon.regularPrice),
  moneyColumn<Coupon>('discountPrice', 'Precio con descuento', (coupon) => coupon.discountPrice),
  textColumn<Coupon>('discount', 'Descuento', (coupon) => `${coupon.discount}%`, {
    sort: true,
    align: 'right',
  }),
  tagColumn<Coupon>(
    'status',
    'Estatus',
    (coupon) => <CouponStatusTag coupon={coupon} />,
    couponConditionText,
    { sort: true, pinned: true },
  ),
];

const rowActions = recordActions<Coupon>('/dashboard/cupones');
const searchFields = [
  { value: 'code', label: 'Código' },
  { value: 'name', label: 'Nombre' },
];
const defaultSort = { field: 'created_at', order: 'DESC' } as const;

/** `/dashboard/cupones` (spec 002 §2): the code opens the detail; edit and delete by privilege. */
export function CouponsPage() {
  const { can } = usePrivileges();
  const filters = useMemo(
    () => [
      selectFilter(
        'type',
        'Tipo',
        COUPON_TYPES.map((type) => ({ value: type, label: COUPON_TYPE_LABELS[type] })),
        { width: 150 },
      ),
      statusFilter(),
    ],
    [],
  );

  return (
    <>
      <PageHeader
        title="Cupones"
        description="Descuentos por código para un tratamiento o un producto: sucursales, usos y vigencia."
        extra={
          can('coupons', 'reports') ? (
            <ExcelButton<Coupon>
              listKey={couponKeys.all[0]}
              title="Cupones"
              exportName="cupones"
              fetchPage={fetchCouponPage}
              columns={columns}
              searchFields={searchFields}
              filters={filters}
              defaultSort={defaultSort}
              doneText="Cupones exportados a Excel"
            />
          ) : undefined
        }
      />
      <ResourceList<Coupon>
        listKey={couponKeys.all[0]}
        resource="coupons"
        title="Cupones"
        exportName="cupones"
        fetchPage={fetchCouponPage}
        rowKey={(coupon) => coupon.id}
        rowLabel={(coupon) => `cupón ${coupon.code}`}
        columns={columns}
        searchFields={searchFields}
        filters={filters}
        defaultSort={defaultSort}
        rowActions={rowActions}
        remove={removeCoupon}
        createPath="/dashboard/cupones/crear"
        detail={{
          title: (coupon) => `Cupón ${coupon.code}`,
          width: 760,
          render: (coupon) => <CouponDetail coupon={coupon} />,
        }}
        emptyText="No hay cupones con estos filtros"
      />
    </>
  );
}
