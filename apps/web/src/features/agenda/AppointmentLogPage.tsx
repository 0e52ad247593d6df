import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { Descriptions } from 'antd';
import {
  APPOINTMENT_LOG_ACTIONS,
  APPOINTMENT_LOG_ACTION_LABELS,
  APPOINTMENT_STATUS_COLORS,
  APPOINTMENT_STATUS_LABELS,
  type AppointmentLogEntry,
} from '@clinica/domain';
import { ChangesTable } from '../../shared/ChangesTable';
import { ToneTag, type Tone } from '../../shared/Tone';
import { PageHeader } from '../../shared/PageHeader';
import { ResourceList } from '../../shared/list/ResourceList';
import { dateColumn, tagColumn, textColumn } from '../../shared/list/columns';
import { detailAction } from '../../shared/list/rowActions';
import { formatLocalDate } from '../../shared/format';
import { useBranchFilter, useStaffOptions } from '../../shared/lookups';
import { agendaKeys, fetchLogPage } from './api';

const columns = [
  dateColumn<AppointmentLogEntry>('created_at', 'Fecha del cambio', (entry) => entry.created_at, {
    sort: true,
  }),
  textColumn<AppointmentLogEntry>(
    'appointmentNumber',
    'No. cita',
    (entry) => entry.appointmentNumber,
    { sort: true, mono: true, opensDetail: true },
  ),
  textColumn<AppointmentLogEntry>(
    'action',
    'Acción',
    (entry) => APPOINTMENT_LOG_ACTION_LABELS[entry.action],
  ),
  textColumn<AppointmentLogEntry>('customer', 'Paciente', (entry) => entry.customer.name),
  textColumn<AppointmentLogEntry>(
    'when',
    'Cita',
    (entry) => `${formatLocalDate(entry.date)} ${entry.time.slice(0, 5)}`,
  ),
  textColumn<AppointmentLogEntry>('treatment', 'Tratamientos', (entry) => entry.treatment),
  textColumn<AppointmentLogEntry>('user', 'Usuario', (entry) => entry.user?.name ?? '—'),
  textColumn<AppointmentLogEntry>('branch', 'Sucursal', (entry) => entry.branch.name),
  tagColumn<AppointmentLogEntry>(
    'status',
    'Estatus',
    (entry) => (
      <ToneTag tone={APPOINTMENT_STATUS_COLORS[entry.status] as Tone}>
        {APPOINTMENT_STATUS_LABELS[entry.status]}
      </ToneTag>
    ),
    (entry) => APPOINTMENT_STATUS_LABELS[entry.status],
  ),
];

/** `/dashboard/bitacora` (spec 002 §2): each change of an appointment, before and after. */
export function AppointmentLogPage() {
  const [params] = useSearchParams();
  const appointmentId = Number(params.get('appointmentId')) || null;
  const branchFilter = useBranchFilter({ clinicsOnly: true });
  const staff = useStaffOptions();
  const filters = useMemo(
    () => [
      ...branchFilter,
      {
        kind: 'dateRange' as const,
        name: 'dates',
        label: 'Fechas',
        fromParam: 'dateFrom',
        toParam: 'dateTo',
      },
      {
        kind: 'select' as const,
        name: 'action',
        label: 'Acción',
        options: APPOINTMENT_LOG_ACTIONS.map((value) => ({
          value,
          label: APPOINTMENT_LOG_ACTION_LABELS[value],
        })),
      },
      {
        kind: 'select' as const,
        name: 'userId',
        label: 'Usuario',
        width: 200,
        loading: staff.isLoading,
        options: (staff.data ?? []).map((member) => ({ value: member.id, label: member.name })),
      },
    ],
    [branchFilter, staff.data, staff.isLoading],
  );
  return (
    <>
      <PageHeader
        title={appointmentId ? 'Historial de la cita' : 'Bitácora'}
        description="Cada cambio de una cita: quién lo hizo, cuándo y los valores antes y después."
      />
      <ResourceList<AppointmentLogEntry>
        listKey={agendaKeys.log[0]}
        resource="appointment"
        title="Bitácora"
        exportName="bitacora-citas"
        fetchPage={fetchLogPage}
        rowKey={(entry) => entry.id}
        rowLabel={(entry) =>
          `${APPOINTMENT_LOG_ACTION_LABELS[entry.action]}, cita ${entry.appointmentNumber}`
        }
        columns={columns}
        searchFields={[
          { value: 'customer', label: 'Paciente' },
          { value: 'appointmentNumber', label: 'No. cita' },
        ]}
        filters={filters}
        fixedQuery={appointmentId ? { appointmentId } : {}}
        defaultSort={{ field: 'created_at', order: 'DESC' }}
        rowActions={[detailAction<AppointmentLogEntry>()]}
        detail={{
          title: (entry) =>
            `${APPOINTMENT_LOG_ACTION_LABELS[entry.action]} · cita ${entry.appointmentNumber}`,
          width: 760,
          render: (entry) => (
            <>
              <Descriptions size="small" column={1} style={{ marginBottom: 12 }}>
                <Descriptions.Item label="Paciente">{entry.customer.name}</Descriptions.Item>
                <Descriptions.Item label="Usuario">{entry.user?.name ?? '—'}</Descriptions.Item>
                <Descriptions.Item label="Comentarios">{entry.comments || '—'}</Descriptions.Item>
              </Descriptions>
              <ChangesTable changes={entry.changes} module="appointment" />
            </>
          ),
        }}
        emptyText="No hay cambios con estos filtros"
      />
    </>
  );
}
