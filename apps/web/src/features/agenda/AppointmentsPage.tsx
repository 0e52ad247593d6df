import { useMemo } from 'react';
import { Descriptions } from 'antd';
import { CheckCircleOutlined, UserDeleteOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import {
  APPOINTMENT_OPTION_LABELS,
  APPOINTMENT_STATUSES,
  APPOINTMENT_STATUS_COLORS,
  APPOINTMENT_STATUS_LABELS,
  APPOINTMENT_TYPES,
  CANCELLATION_REASON_LABELS,
  CANCELLATION_TYPE_LABELS,
  CONFIRM_METHOD_LABELS,
  type AppointmentRecord,
} from '@clinica/domain';
import { ToneTag, type Tone } from '../../shared/Tone';
import { PageHeader } from '../../shared/PageHeader';
import { ResourceList } from '../../shared/list/ResourceList';
import { tagColumn, textColumn } from '../../shared/list/columns';
import { detailAction, rowAction } from '../../shared/list/rowActions';
import { defaultListState, useListState } from '../../shared/list/listState';
import { formatDateTime, formatLocalDate, todayInBranch } from '../../shared/format';
import { useBranchFilter, useStaffOptions } from '../../shared/lookups';
import { useBranchScope } from '../../shared/lookups';
import { agendaKeys, fetchAppointmentPage, fetchDay } from './api';
import { customerName, treatmentNames } from './grid';
import { AppointmentFinishSection } from './FinishRecord';
import { AppointmentReminders } from './AppointmentReminders';
import { canFinish, canMarkAbsence, useFinishActions } from './StatusChange';

const statusTag = (appointment: AppointmentRecord) => (
  <ToneTag tone={APPOINTMENT_STATUS_COLORS[appointment.status] as Tone}>
    {APPOINTMENT_STATUS_LABELS[appointment.status]}
  </ToneTag>
);

const columns = [
  textColumn<AppointmentRecord>('appointmentNumber', 'No. cita', (a) => a.appointmentNumber, {
    sort: true,
    mono: true,
    opensDetail: true,
  }),
  textColumn<AppointmentRecord>('date', 'Fecha', (a) => formatLocalDate(a.date), { sort: true }),
  textColumn<AppointmentRecord>(
    'startTime',
    'Horario',
    (a) => `${a.startTime.slice(0, 5)}–${a.endTime.slice(0, 5)}`,
    { sort: true },
  ),
  textColumn<AppointmentRecord>('customer', 'Paciente', (a) => customerName(a.customer)),
  textColumn<AppointmentRecord>('treatments', 'Tratamientos', treatmentNames),
  textColumn<AppointmentRecord>('appointmentType', 'Tipo', (a) => a.appointmentType, {
    sort: true,
  }),
  textColumn<AppointmentRecord>('cabain', 'Cabina', (a) => a.cabain.name),
  textColumn<AppointmentRecord>('branch', 'Sucursal', (a) => a.branch.name),
  textColumn<AppointmentRecord>('attendedBy', 'Atiende', (a) => a.attendedBy?.name ?? '—'),
  tagColumn<AppointmentRecord>(
    'status',
    'Estatus',
    statusTag,
    (a) => APPOINTMENT_STATUS_LABELS[a.status],
    { sort: true, pinned: true },
  ),
];

/** The appointment's detail (spec 002 §2 "detail modal"), with its cancellations. */
export function AppointmentDetail({ appointment: a }: { appointment: AppointmentRecord }) {
  return (
    <>
      <Descriptions size="small" column={{ xs: 1, md: 2 }} bordered>
        <Descriptions.Item label="Paciente">{customerName(a.customer)}</Descriptions.Item>
        <Descriptions.Item label="Estatus">{statusTag(a)}</Descriptions.Item>
        <Descriptions.Item label="Fecha">{formatLocalDate(a.date)}</Descriptions.Item>
        <Descriptions.Item label="Horario">
          {a.startTime.slice(0, 5)}–{a.endTime.slice(0, 5)} ({a.term})
        </Descriptions.Item>
        <Descriptions.Item label="Sucursal">{a.branch.name}</Descriptions.Item>
        <Descriptions.Item label="Cabina">{a.cabain.name}</Descriptions.Item>
        <Descriptions.Item label="Tipo">{a.appointmentType}</Descriptions.Item>
        <Descriptions.Item label="Método">{a.appointmentMethod}</Descriptions.Item>
        <Descriptions.Item label="Opción">
          {APPOINTMENT_OPTION_LABELS[a.appointmentOption]}
        </Descriptions.Item>
        <Descriptions.Item label="Paquete o promoción">
          {a.package?.name ?? a.promotion?.name ?? a.purchasedProduct?.treatment.name ?? '—'}
        </Descriptions.Item>
        <Descriptions.Item label="Tratamientos" span={2}>
          {treatmentNames(a) || '—'}
        </Descriptions.Item>
        <Descriptions.Item label="Categorías" span={2}>
          {a.categories.map((category) => category.name).join(', ') || '—'}
        </Descriptions.Item>
        <Descriptions.Item label="Atiende">{a.attendedBy?.name ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="Confirmación">
          {a.confirmMethod ? CONFIRM_METHOD_LABELS[a.confirmMethod] : 'Sin confirmar'}
        </Descriptions.Item>
        <Descriptions.Item label="Agendó">{a.user?.name ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="Creada">{formatDateTime(a.created_at)}</Descriptions.Item>
        <Descriptions.Item label="Observaciones" span={2}>
          {a.observations || '—'}
        </Descriptions.Item>
        {a.cancellations.map((cancellation) => (
          <Descriptions.Item
            key={cancellation.id}
            label={CANCELLATION_TYPE_LABELS[cancellation.type]}
            span={2}
          >
            {CANCELLATION_REASON_LABELS[cancellation.cancellationReason]}
            {cancellation.comment ? `: ${cancellation.comment}` : ''} ·{' '}
            {cancellation.customerCancellation ? 'por el cliente' : 'por la clínica'} ·{' '}
            {formatDateTime(cancellation.created_at)}
          </Descriptions.Item>
        ))}
      </Descriptions>
      <AppointmentFinishSection appointment={a} />
      {/* Started ones the server refuses (409/39), said in the notice. */}
      <AppointmentReminders appointment={a} resendable={a.status === 'scheduled'} />
    </>
  );
}

/** `/dashboard/citas` (spec 002 §2): every appointment with filters and its detail. */
export function AppointmentsPage() {
  const branchFilter = useBranchFilter({ clinicsOnly: true });
  const scope = useBranchScope();
  const staff = useStaffOptions();
  const finish = useFinishActions();
  // The cabins of the branch filtered (else the user's own), from the day's call the grid shares;
  // its `today` (the branch's zone) says which appointments may change status.
  const [listState] = useListState(
    `${agendaKeys.all[0]}:{}`,
    defaultListState({ field: 'date', order: 'DESC' }),
  );
  const filteredBranch = Number(listState.filters.branchId) || null;
  const branchId = filteredBranch ?? scope.branchId;
  const localToday = todayInBranch();
  const day = useQuery({
    queryKey: agendaKeys.day(branchId, localToday),
    queryFn: ({ signal }) => fetchDay(branchId, localToday, signal),
  });
  const today = day.data?.day?.today ?? localToday;
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
        name: 'status',
        label: 'Estatus',
        options: APPOINTMENT_STATUSES.map((value) => ({
          value,
          label: APPOINTMENT_STATUS_LABELS[value],
        })),
      },
      {
        kind: 'select' as const,
        name: 'appointmentType',
        label: 'Tipo',
        options: APPOINTMENT_TYPES.map((value) => ({ value, label: value })),
      },
      {
        kind: 'select' as const,
        name: 'cabainId',
        label: 'Cabina',
        options: (day.data?.day?.cabins ?? []).map((cabin) => ({
          value: cabin.id,
          label: cabin.name,
        })),
      },
      {
        kind: 'select' as const,
        name: 'attendedById',
        label: 'Atiende',
        width: 200,
        loading: staff.isLoading,
        options: (staff.data ?? []).map((member) => ({ value: member.id, label: member.name })),
      },
    ],
    [branchFilter, day.data, staff.data, staff.isLoading],
  );
  return (
    <>
      <PageHeader
        title="Citas"
        description="Todas las citas: búscalas por paciente o número y filtra por fecha, estatus, cabina o personal."
      />
      <ResourceList<AppointmentRecord>
        listKey={agendaKeys.all[0]}
        resource="appointment"
        title="Citas"
        exportName="citas"
        fetchPage={fetchAppointmentPage}
        rowKey={(a) => a.id}
        rowLabel={(a) => `Cita ${a.appointmentNumber} de ${customerName(a.customer)}`}
        columns={columns}
        searchFields={[
          { value: 'customer', label: 'Paciente' },
          { value: 'appointmentNumber', label: 'No. cita' },
        ]}
        filters={filters}
        defaultSort={{ field: 'date', order: 'DESC' }}
        rowActions={[
          detailAction<AppointmentRecord>(),
          rowAction<AppointmentRecord>('absence', 'Inasistencia', 'edit', <UserDeleteOutlined />, {
            onSelect: (a) => finish.confirmAbsence(a),
            visible: (a) => canMarkAbsence(a, today),
          }),
          rowAction<AppointmentRecord>('finish', 'Terminar', 'edit', <CheckCircleOutlined />, {
            onSelect: finish.startFinish,
            visible: (a) => canFinish(a, today),
          }),
        ]}
        detail={{
          title: (a) => `Cita ${a.appointmentNumber}`,
          width: 820,
          render: (a) => <AppointmentDetail appointment={a} />,
        }}
        emptyText="No hay citas con estos filtros"
      />
      {finish.elements}
    </>
  );
}
