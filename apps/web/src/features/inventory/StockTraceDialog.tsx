import type { ReactNode } from 'react';
import { Alert, Descriptions, Modal, Empty, Flex, Skeleton, Table, Typography } from 'antd';
import { STOCK_CAUSE_LABELS, type StockMovementRecord, type StockTrace } from '@clinica/domain';
import { formatDateTime, formatLocalDate, formatNumber } from '../../shared/format';
import { useStockTrace } from './api';
import { ScrollRegion } from './ScrollRegion';
import { SignedQuantity } from './StockDetailView';

type BranchLot = StockTrace['lots'][number];
type Use = StockTrace['customers'][number];
type Sale = StockTrace['sales'][number];

const empty = (text: string) => ({
  emptyText: <Empty description={text} image={Empty.PRESENTED_IMAGE_SIMPLE} />,
});
const nowrap = (text: string) => <span style={{ whiteSpace: 'nowrap' }}>{text}</span>;
const right = 'right' as const;

const lotColumns = [
  { key: 'branch', title: 'Sucursal', render: (_: unknown, lot: BranchLot) => lot.branch.name },
  {
    key: 'quantity',
    title: 'Unidades',
    align: right,
    render: (_: unknown, lot: BranchLot) => formatNumber(lot.quantity),
  },
];

const movementColumns = [
  {
    key: 'created_at',
    title: 'Fecha',
    render: (_: unknown, m: StockMovementRecord) => nowrap(formatDateTime(m.created_at)),
  },
  { key: 'branch', title: 'Sucursal', render: (_: unknown, m: StockMovementRecord) => m.branch },
  {
    key: 'cause',
    title: 'Movimiento',
    render: (_: unknown, m: StockMovementRecord) => STOCK_CAUSE_LABELS[m.cause],
  },
  {
    key: 'document',
    title: 'Documento',
    render: (_: unknown, m: StockMovementRecord) => nowrap(m.documentNumber ?? '—'),
  },
  {
    key: 'quantity',
    title: 'Cantidad',
    align: right,
    render: (_: unknown, m: StockMovementRecord) => <SignedQuantity value={m.quantity} />,
  },
  {
    key: 'balance',
    title: 'Saldo',
    align: right,
    render: (_: unknown, m: StockMovementRecord) => formatNumber(m.balance),
  },
];

const customerColumns = [
  {
    key: 'customer',
    title: 'Paciente',
    render: (_: unknown, use: Use) => `${use.customer.name} (${use.customer.customerId})`,
  },
  {
    key: 'appointment',
    title: 'No. cita',
    render: (_: unknown, use: Use) => nowrap(String(use.appointment.appointmentNumber)),
  },
  {
    key: 'date',
    title: 'Fecha',
    render: (_: unknown, use: Use) => nowrap(formatLocalDate(use.appointment.date.slice(0, 10))),
  },
  {
    key: 'branch',
    title: 'Sucursal',
    render: (_: unknown, use: Use) => use.appointment.branch.name,
  },
  {
    key: 'treatment',
    title: 'Tratamiento',
    render: (_: unknown, use: Use) => use.appointment.treatment ?? '—',
  },
  {
    key: 'quantity',
    title: 'Unidades',
    align: right,
    render: (_: unknown, use: Use) => formatNumber(use.quantity),
  },
];

const saleColumns = [
  {
    key: 'folio',
    title: 'Folio',
    render: (_: unknown, sale: Sale) => nowrap(sale.cashOrder.folio),
  },
  {
    key: 'customer',
    title: 'Cliente',
    render: (_: unknown, sale: Sale) =>
      sale.customer ? `${sale.customer.name} (${sale.customer.customerId})` : 'Sin cliente',
  },
  {
    key: 'date',
    title: 'Fecha',
    render: (_: unknown, sale: Sale) => nowrap(formatLocalDate(sale.cashOrder.date.slice(0, 10))),
  },
  {
    key: 'branch',
    title: 'Sucursal',
    render: (_: unknown, sale: Sale) => sale.cashOrder.branch.name,
  },
  {
    key: 'quantity',
    title: 'Unidades',
    align: right,
    render: (_: unknown, sale: Sale) => formatNumber(sale.quantity),
  },
];

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <Typography.Title level={3} id={id} style={{ fontSize: 15 }}>
        {title}
      </Typography.Title>
      {children}
    </section>
  );
}

/**
 * 'Rastrear' a lot (CONTRACT §13: a lot is traceable to every customer it was used on): the
 * product, lot and expiry; its rows at each branch that held it; every movement; the
 * appointments whose customers it served; and the counter sales that sold its units. A dialog over the stock detail, like the app's details.
 */
export function StockTraceDialog({
  stockId,
  onClose,
}: {
  stockId: number | null;
  onClose: () => void;
}) {
  const trace = useStockTrace(stockId);
  const data = trace.data;
  return (
    <Modal
      open={stockId !== null}
      onCancel={onClose}
      footer={null}
      title="Rastreo del lote"
      width={880}
      destroyOnHidden
    >
      {trace.isError && (
        <Alert type="error" showIcon message="No se pudo cargar el rastreo del lote." />
      )}
      {!data && !trace.isError && (
        <div role="status" aria-label="Cargando el rastreo">
          <Skeleton active paragraph={{ rows: 8 }} />
        </div>
      )}
      {data && (
        <Flex vertical gap={20}>
          <Descriptions
            size="small"
            bordered
            column={{ xs: 1, sm: 3 }}
            items={[
              {
                key: 'product',
                label: 'Producto',
                children: `${data.product.name} (${data.product.sku})`,
              },
              { key: 'allotment', label: 'Lote', children: data.allotment || '—' },
              {
                key: 'expiresIn',
                label: 'Caducidad',
                children: data.expiresIn
                  ? formatLocalDate(data.expiresIn.slice(0, 10))
                  : 'Sin caducidad',
              },
            ]}
          />
          <Section id="trace-lots" title="Existencia por sucursal">
            <ScrollRegion label="Existencia del lote por sucursal">
              <Table<BranchLot>
                size="small"
                rowKey={(lot) => lot.stockId}
                columns={lotColumns}
                dataSource={data.lots}
                pagination={false}
                locale={empty('El lote no está en ninguna sucursal')}
              />
            </ScrollRegion>
          </Section>
          <Section id="trace-customers" title="Pacientes en los que se usó">
            <ScrollRegion label="Pacientes en los que se usó el lote">
              <Table<Use>
                size="small"
                rowKey={(use) => `${use.appointment.id}-${use.stockId}`}
                columns={customerColumns}
                dataSource={data.customers}
                pagination={false}
                locale={empty('El lote no se ha usado en ninguna cita')}
              />
            </ScrollRegion>
          </Section>
          <Section id="trace-sales" title="Ventas en mostrador">
            <ScrollRegion label="Ventas en mostrador del lote">
              <Table<Sale>
                size="small"
                rowKey={(sale) => `${sale.cashOrder.id}-${sale.stockId}`}
                columns={saleColumns}
                dataSource={data.sales}
                pagination={false}
                locale={empty('El lote no se ha vendido en mostrador')}
              />
            </ScrollRegion>
          </Section>
          <Section id="trace-movements" title="Movimientos">
            <ScrollRegion label="Movimientos del lote">
              <Table<StockMovementRecord>
                size="small"
                rowKey={(movement) => movement.id}
                columns={movementColumns}
                dataSource={data.movements}
                pagination={
                  data.movements.length > 20 ? { pageSize: 20, showSizeChanger: false } : false
                }
                locale={empty('El lote no tiene movimientos')}
              />
            </ScrollRegion>
          </Section>
        </Flex>
      )}
    </Modal>
  );
}
