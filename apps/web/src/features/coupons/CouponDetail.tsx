import { Descriptions, Flex, Skeleton, Table, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import {
  COUPON_ORDERS_PAGE_SIZE,
  COUPON_TYPE_LABELS,
  type CouponDetail as Detail,
} from '@clinica/domain';
import { formatDateTime, formatLocalDate, formatMoney } from '../../shared/format';
import { couponKeys, fetchCoupon, type Coupon } from './api';
import { CouponStatusTag, CouponTypeTag, couponItemName } from './CouponTags';
import '../../shared/price-tiles.css';

type Order = Detail['orders'][number];
interface UsedIn extends Order {
  kind: 'Orden' | 'Orden en efectivo';
}

const orderColumns = [
  { key: 'orderNumber', title: 'Orden', render: (order: UsedIn) => order.orderNumber },
  { key: 'kind', title: 'Tipo', render: (order: UsedIn) => order.kind },
  {
    key: 'date',
    title: 'Fecha',
    render: (order: UsedIn) => formatDateTime(order.created_at),
  },
  { key: 'customer', title: 'Cliente', render: (order: UsedIn) => order.customer?.name ?? '—' },
  { key: 'branch', title: 'Sucursal', render: (order: UsedIn) => order.branch.name },
  { key: 'user', title: 'Encargado', render: (order: UsedIn) => order.user?.name ?? '—' },
];

/**
 * The coupon's detail modal (spec 002 §2): code, uses (limit − used remaining), name, description,
 * expiry, branches, type, item, prices and status, then the orders and cash orders that used it,
 * 3 per page.
 */
export function CouponDetail({ coupon }: { coupon: Coupon }) {
  const detail = useQuery({
    queryKey: couponKeys.detail(coupon.id),
    queryFn: ({ signal }) => fetchCoupon(coupon.id, signal),
  });
  const shown = detail.data ?? coupon;
  const usedIn: UsedIn[] = [
    ...(detail.data?.orders ?? []).map((order) => ({ ...order, kind: 'Orden' as const })),
    ...(detail.data?.cashOrders ?? []).map((order) => ({
      ...order,
      kind: 'Orden en efectivo' as const,
    })),
  ];
  return (
    <Flex vertical gap={16}>
      <div>
        <Flex align="center" gap={8} wrap>
          <Typography.Title level={3} style={{ margin: 0, fontSize: 20, fontFamily: 'monospace' }}>
            {shown.code}
          </Typography.Title>
          <CouponTypeTag type={shown.type} />
          <CouponStatusTag coupon={shown} />
        </Flex>
        <Typography.Text type="secondary">{shown.name}</Typography.Text>
      </div>
      <div className="price-tiles">
        <div className="price-tile">
          <span>Precio regular</span>
          <strong>{formatMoney(shown.regularPrice)}</strong>
        </div>
        <div className="price-tile price-tile--accent">
          <span>Con descuento ({shown.discount}%)</span>
          <strong>{formatMoney(shown.discountPrice)}</strong>
        </div>
        <div className="price-tile">
          <span>Usos restantes</span>
          <strong>
            {shown.remaining} de {shown.limit}
          </strong>
        </div>
      </div>
      <Descriptions
        bordered
        size="small"
        column={1}
        items={[
          { key: 'code', label: 'Código', children: shown.code },
          {
            key: 'uses',
            label: 'Usos',
            children: `${shown.used} usados de ${shown.limit} · ${shown.remaining} restantes`,
          },
          { key: 'name', label: 'Nombre', children: shown.name },
          { key: 'description', label: 'Descripción', children: shown.description },
          { key: 'expire', label: 'Vencimiento', children: formatLocalDate(shown.expireDate) },
          {
            key: 'branches',
            label: 'Sucursales válidas',
            children: shown.branches.map((branch) => branch.name).join(', ') || '—',
          },
          { key: 'type', label: 'Tipo', children: COUPON_TYPE_LABELS[shown.type] },
          {
            key: 'item',
            label: shown.type === 'Treatment' ? 'Tratamiento' : 'Producto',
            children: couponItemName(shown),
          },
          { key: 'status', label: 'Estatus', children: <CouponStatusTag coupon={shown} /> },
        ]}
      />
      <div>
        <Typography.Title level={4} style={{ fontSize: 16 }}>
          Órdenes que usaron el cupón
        </Typography.Title>
        {detail.isLoading ? (
          <Skeleton active title={false} paragraph={{ rows: 3 }} />
        ) : (
          <Table<UsedIn>
            size="small"
            rowKey={(order) => `${order.kind}-${order.id}`}
            columns={orderColumns}
            dataSource={usedIn}
            pagination={{ pageSize: COUPON_ORDERS_PAGE_SIZE, hideOnSinglePage: true }}
            locale={{
              // antd's own empty text is too faint to read (axe: colour contrast).
              emptyText: (
                <span style={{ color: '#3f4d4c' }}>Ninguna orden ha usado este cupón</span>
              ),
            }}
            scroll={{ x: 'max-content' }}
          />
        )}
      </div>
    </Flex>
  );
}
