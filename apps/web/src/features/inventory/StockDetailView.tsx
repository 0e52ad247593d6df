import { useState } from 'react';
import { Alert, Button, Descriptions, Empty, Flex, Skeleton, Table, Typography } from 'antd';
import { NodeIndexOutlined } from '@ant-design/icons';
import { STOCK_CAUSE_LABELS, stockRoutes, type StockMovementRecord } from '@clinica/domain';
import { usePrivileges } from '../../shared/session/hooks';
import { formatDateTime, formatLocalDate, formatMoney, formatNumber } from '../../shared/format';
import { useStockDetail, type StockDetail } from './api';
import { LotColorTag } from './colors';
import { ScrollRegion } from './ScrollRegion';
import { maxMinText } from './stockText';
import { StockTraceDialog } from './StockTraceDialog';

type Lot = StockDetail['lots'][number];

/** `+5` in green for units in, `−3` in red for units out: never the colour alone. */
export function SignedQuantity({ value }: { value: number }) {
  if (value === 0) return <span>0</span>;
  return (
    <span className={value > 0 ? 'stock-quantity--in' : 'stock-quantity--out'}>
      {value > 0 ? `+${formatNumber(value)}` : `−${formatNumber(Math.abs(value))}`}
    </span>
  );
}

function daysLeftText(lot: Lot): string {
  if (lot.daysLeft === null) return 'Sin caducidad';
  if (lot.daysLeft < 0) return `Caducó hace ${Math.abs(lot.daysLeft)} días`;
  if (lot.daysLeft === 0) return 'Caduca hoy';
  return lot.daysLeft === 1 ? '1 día' : `${lot.daysLeft} días`;
}

const lotColumns = [
  { key: 'allotment', title: 'Lote', render: (_: unknown, lot: Lot) => lot.allotment || '—' },
  {
    key: 'quantity',
    title: 'Cantidad',
    align: 'right' as const,
    render: (_: unknown, lot: Lot) => formatNumber(lot.quantity),
  },
  {
    key: 'color',
    title: 'Estado',
    render: (_: unknown, lot: Lot) => <LotColorTag color={lot.color} />,
  },
  {
    key: 'expiresIn',
    title: 'Caducidad',
    render: (_: unknown, lot: Lot) => formatLocalDate(lot.expiresIn) || '—',
  },
  { key: 'daysLeft', title: 'Días restantes', render: (_: unknown, lot: Lot) => daysLeftText(lot) },
];

const userName = (movement: StockMovementRecord) =>
  movement.user ? `${movement.user.name} ${movement.user.lastName}` : 'Sistema';

const movementColumns = [
  {
    key: 'created_at',
    title: 'Fecha',
    render: (_: unknown, movement: StockMovementRecord) => (
      <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(movement.created_at)}</span>
    ),
  },
  {
    key: 'cause',
    title: 'Movimiento',
    render: (_: unknown, movement: StockMovementRecord) => STOCK_CAUSE_LABELS[movement.cause],
  },
  {
    key: 'quantity',
    title: 'Cantidad',
    align: 'right' as const,
    render: (_: unknown, movement: StockMovementRecord) => (
      <SignedQuantity value={movement.quantity} />
    ),
  },
  {
    key: 'balance',
    title: 'Saldo',
    align: 'right' as const,
    render: (_: unknown, movement: StockMovementRecord) => formatNumber(movement.balance),
  },
  {
    key: 'allotment',
    title: 'Lote',
    render: (_: unknown, movement: StockMovementRecord) => movement.allotment || '—',
  },
  {
    key: 'document',
    title: 'Documento',
    render: (_: unknown, movement: StockMovementRecord) => (
      <span style={{ whiteSpace: 'nowrap' }}>{movement.documentNumber ?? '—'}</span>
    ),
  },
  { key: 'user', title: 'Usuario', render: (_: unknown, m: StockMovementRecord) => userName(m) },
];

/**
 * The detail of a product in a branch (spec 001 §2, §4; CONTRACT §9): its lots with the days left
 * and their colour (0 / 30 / 60 days), and its recent movements.
 */
export function StockDetailView({ branchId, productId }: { branchId: number; productId: number }) {
  const detail = useStockDetail(branchId, productId);
  const { canCall } = usePrivileges();
  const [tracing, setTracing] = useState<number | null>(null);
  const columns = canCall(stockRoutes.trace)
    ? [
        ...lotColumns,
        {
          key: 'trace',
          title: 'Rastreo',
          render: (_: unknown, lot: Lot) => (
            <Button
              size="small"
              icon={<NodeIndexOutlined />}
              aria-label={`Rastrear el lote ${lot.allotment || 'sin lote'}`}
              onClick={() => setTracing(lot.stockId)}
            >
              Rastrear
            </Button>
          ),
        },
      ]
    : lotColumns;
  if (detail.isError) {
    return <Alert type="error" showIcon message="No se pudo cargar el detalle del inventario." />;
  }
  if (!detail.data) {
    return (
      <div role="status" aria-label="Cargando el detalle">
        <Skeleton active paragraph={{ rows: 6 }} />
      </div>
    );
  }
  const stock = detail.data;
  return (
    <Flex vertical gap={20}>
      <Descriptions
        size="small"
        bordered
        column={{ xs: 1, sm: 2 }}
        items={[
          { key: 'sku', label: 'SKU', children: stock.sku },
          { key: 'branch', label: 'Sucursal', children: stock.branch },
          { key: 'quantity', label: 'Existencia', children: formatNumber(stock.quantity) },
          { key: 'maxmin', label: 'Máximo / mínimo', children: maxMinText(stock) },
          ...(stock.unitPrice === undefined
            ? []
            : [{ key: 'price', label: 'Precio unitario', children: formatMoney(stock.unitPrice) }]),
        ]}
      />
      <section aria-labelledby="stock-detail-lots">
        <Typography.Title level={2} id="stock-detail-lots" style={{ fontSize: 16 }}>
          Lotes
        </Typography.Title>
        <ScrollRegion label="Lotes del producto">
          <Table<Lot>
            size="small"
            rowKey={(lot) => lot.stockId}
            columns={columns}
            dataSource={stock.lots}
            pagination={false}
            locale={{
              emptyText: <Empty description="Sin lotes" image={Empty.PRESENTED_IMAGE_SIMPLE} />,
            }}
          />
        </ScrollRegion>
      </section>
      <section aria-labelledby="stock-detail-movements">
        <Typography.Title level={2} id="stock-detail-movements" style={{ fontSize: 16 }}>
          Movimientos recientes
        </Typography.Title>
        <ScrollRegion label="Movimientos recientes del producto">
          <Table<StockMovementRecord>
            size="small"
            rowKey={(movement) => movement.id}
            columns={movementColumns}
            dataSource={stock.movements}
            pagination={false}
            locale={{
              emptyText: (
                <Empty description="Sin movimientos" image={Empty.PRESENTED_IMAGE_SIMPLE} />
              ),
            }}
          />
        </ScrollRegion>
      </section>
      <StockTraceDialog stockId={tracing} onClose={() => setTracing(null)} />
    </Flex>
  );
}
