import { Alert, Descriptions, Empty, Flex, Skeleton, Table, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { AppointmentFinishRecord, AppointmentRecord } from '@clinica/domain';
import { formatDateTime, formatLocalDate, formatMoney, formatNumber } from '../../shared/format';
import { agendaKeys, fetchAppointment } from './api';
import { ConsentButton } from '../../shared/consent/ConsentButton';

type Product = AppointmentFinishRecord['products'][number];

const productColumns = [
  { key: 'product', title: 'Producto', render: (_: unknown, p: Product) => p.product.name },
  { key: 'allotment', title: 'Lote', render: (_: unknown, p: Product) => p.allotment || '—' },
  {
    key: 'expiresIn',
    title: 'Caducidad',
    render: (_: unknown, p: Product) =>
      p.expiresIn ? formatLocalDate(p.expiresIn.slice(0, 10)) : 'Sin caducidad',
  },
  {
    key: 'quantity',
    title: 'Cantidad',
    align: 'right' as const,
    render: (_: unknown, p: Product) => formatNumber(p.quantity),
  },
];

/** What a finish recorded: its sessions and areas, the lots used, the consent, the commission. */
export function FinishRecordView({
  finish,
  appointmentId,
}: {
  finish: AppointmentFinishRecord;
  appointmentId: number;
}) {
  return (
    <Flex vertical gap={12}>
      <Descriptions
        size="small"
        bordered
        column={1}
        items={[
          ...finish.sessions.map((session) => ({
            key: `session-${session.number}`,
            label: `Sesión ${session.number}`,
            children:
              session.areas.map((area) => `${area.name} (${area.place})`).join(', ') || 'Sin áreas',
          })),
          {
            key: 'consent',
            label: 'Consentimiento',
            children: finish.consent ? (
              <Flex gap={8} align="center" wrap>
                <span>
                  {finish.consent.name} · firmado el {formatDateTime(finish.consent.signedAt)}
                </span>
                <ConsentButton
                  consentId={finish.consent.id}
                  appointmentId={appointmentId}
                  label="Consentimiento (PDF)"
                />
              </Flex>
            ) : (
              'No lo pide el tratamiento'
            ),
          },
          ...(finish.commission
            ? [
                {
                  key: 'commission',
                  label: 'Comisión médica',
                  children: `${finish.commission.user.name} · honorario ${formatMoney(
                    finish.commission.fee,
                  )} · ISR ${formatMoney(finish.commission.isr)} · neto ${formatMoney(
                    finish.commission.net,
                  )}`,
                },
              ]
            : []),
        ]}
      />
      <Table<Product>
        size="small"
        rowKey={(p) => p.stockId}
        columns={productColumns}
        dataSource={finish.products}
        pagination={false}
        scroll={{ x: 'max-content' }}
        aria-label="Productos usados"
        locale={{
          emptyText: (
            <Empty description="No se usaron productos" image={Empty.PRESENTED_IMAGE_SIMPLE} />
          ),
        }}
      />
    </Flex>
  );
}

/**
 * The finish of a finished appointment, read from GET /appointment/{id} (lists do not carry it),
 * under its own heading; nothing for an appointment not finished.
 */
export function AppointmentFinishSection({ appointment }: { appointment: AppointmentRecord }) {
  const finished = appointment.status === 'finished';
  const detail = useQuery({
    queryKey: agendaKeys.detail(appointment.id),
    queryFn: ({ signal }) => fetchAppointment(appointment.id, signal),
    enabled: finished && appointment.finish === undefined,
  });
  if (!finished) return null;
  const finish = appointment.finish ?? detail.data?.finish;
  return (
    <section aria-labelledby={`finish-record-${appointment.id}`} style={{ marginTop: 16 }}>
      <Typography.Title level={3} id={`finish-record-${appointment.id}`} style={{ fontSize: 15 }}>
        Cita terminada
      </Typography.Title>
      {detail.isError && (
        <Alert type="error" showIcon message="No se pudo cargar lo que registró la cita." />
      )}
      {finish === undefined && !detail.isError && (
        <div role="status" aria-label="Cargando">
          <Skeleton active paragraph={{ rows: 3 }} />
        </div>
      )}
      {finish === null && (
        <Typography.Paragraph type="secondary">
          La cita no tiene registro de su terminación.
        </Typography.Paragraph>
      )}
      {finish && <FinishRecordView finish={finish} appointmentId={appointment.id} />}
    </section>
  );
}
