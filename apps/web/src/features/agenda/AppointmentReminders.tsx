import { useState } from 'react';
import { Button, Table, Typography } from 'antd';
import { SendOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  REMINDER_CHANNEL_LABELS,
  REMINDER_STATUS_LABELS,
  type AppointmentRecord,
  type ReminderRecord,
  type ReminderStatus,
} from '@clinica/domain';
import { ScrollRegion } from '../../shared/ScrollRegion';
import { formatPhone } from '../../shared/phone';
import { ToneTag, type Tone } from '../../shared/Tone';
import { formatDateTime } from '../../shared/format';
import { notifyError, notifySuccessText } from '../../shared/notify';
import { agendaKeys, fetchReminders, resendReminders } from './api';
import { useAgendaCan } from './can';

const STATUS_TONES: Record<ReminderStatus, Tone> = {
  pending: 'gold',
  sent: 'green',
  failed: 'red',
  cancelled: 'gray',
};

/** What the resend said, in one line per channel. */
function outcomeText(items: ReminderRecord[]): string {
  return items
    .map(
      (item) =>
        `${REMINDER_CHANNEL_LABELS[item.channel]}: ${REMINDER_STATUS_LABELS[item.status].toLowerCase()}` +
        (item.lastError ? ` (${item.lastError})` : ''),
    )
    .join(' · ');
}

/**
 * An appointment's reminders (CONTRACT §15, `GET /appointment/{id}/reminders`): channel, status,
 * when due and sent, attempts and the last error; 'Reenviar' plans and sends a new one per
 * channel at once (`…/reminders/resend`), for a scheduled appointment not yet started.
 */
export function AppointmentReminders({
  appointment,
  resendable,
}: {
  appointment: AppointmentRecord;
  resendable: boolean;
}) {
  const can = useAgendaCan();
  const queryClient = useQueryClient();
  const [sending, setSending] = useState(false);
  const reminders = useQuery({
    queryKey: agendaKeys.reminders(appointment.id),
    queryFn: ({ signal }) => fetchReminders(appointment.id, signal),
    enabled: can('show'),
  });
  if (!can('show')) return null;

  async function resend() {
    setSending(true);
    try {
      const items = await resendReminders(appointment.id);
      notifySuccessText(`Recordatorio reenviado. ${outcomeText(items)}`);
      await queryClient.invalidateQueries({ queryKey: agendaKeys.reminders(appointment.id) });
      // The grid's mark of a failed reminder follows the new outcome.
      await queryClient.invalidateQueries({ queryKey: agendaKeys.all });
    } catch (error) {
      notifyError(error);
    } finally {
      setSending(false);
    }
  }

  return (
    <section aria-labelledby={`reminders-${appointment.id}`} style={{ marginTop: 16 }}>
      <Typography.Title level={5} id={`reminders-${appointment.id}`} style={{ marginTop: 0 }}>
        Recordatorios
      </Typography.Title>
      <ScrollRegion label="Recordatorios de la cita">
        <Table<ReminderRecord>
          size="small"
          rowKey="id"
          pagination={false}
          loading={reminders.isLoading}
          dataSource={reminders.data ?? []}
          tableLayout="auto"
          locale={{
            // antd greys an empty table's text below AA: this one is read, so it keeps its ink.
            emptyText: (
              <span style={{ color: '#4b5563' }}>
                {reminders.isError
                  ? 'No se pudieron leer los recordatorios'
                  : 'Sin recordatorios (la cita empieza en menos de 2 horas o no hay correo ni celular)'}
              </span>
            ),
          }}
          columns={[
            {
              title: 'Canal',
              dataIndex: 'channel',
              render: (_, row) => (
                <>
                  {REMINDER_CHANNEL_LABELS[row.channel]}
                  <div style={{ color: '#4b5563', fontSize: 12 }}>
                    {row.channel === 'whatsapp' ? formatPhone(row.to) : row.to}
                  </div>
                </>
              ),
            },
            {
              title: 'Estatus',
              dataIndex: 'status',
              render: (_, row) => (
                <ToneTag tone={STATUS_TONES[row.status]}>
                  {REMINDER_STATUS_LABELS[row.status]}
                </ToneTag>
              ),
            },
            {
              title: 'Programado',
              dataIndex: 'sendAt',
              render: (value: string) => formatDateTime(value),
            },
            {
              title: 'Enviado',
              dataIndex: 'sentAt',
              render: (value: string | null) => (value ? formatDateTime(value) : '—'),
            },
            { title: 'Intentos', dataIndex: 'attempts', align: 'right' },
            {
              title: 'Último error',
              dataIndex: 'lastError',
              render: (value: string | null) => value ?? '—',
            },
          ]}
        />
      </ScrollRegion>
      {can('edit') && resendable && (
        <Button
          icon={<SendOutlined />}
          loading={sending}
          style={{ marginTop: 8 }}
          onClick={() => void resend()}
        >
          Reenviar
        </Button>
      )}
    </section>
  );
}
