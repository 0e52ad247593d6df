import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from 'antd';
import { EditOutlined, LockOutlined } from '@ant-design/icons';
import { LOCK_DAY_LABELS, LOCK_TYPES, LOCK_TYPE_LABELS, type LockRecord } from '@clinica/domain';
import { defaultListState, useListState } from '../../shared/list/listState';
import { PageHeader } from '../../shared/PageHeader';
import { ResourceList } from '../../shared/list/ResourceList';
import { dateColumn, textColumn } from '../../shared/list/columns';
import { rowAction } from '../../shared/list/rowActions';
import { formatLocalDate } from '../../shared/format';
import { useBranchFilter, useBranchScope } from '../../shared/lookups';
import { usePrivileges } from '../../shared/session/hooks';
import { agendaKeys, fetchLockPage, removeLock, useDayCabins } from './api';
import { LockModal } from './LockModal';

/** When a lock applies, in words: its date or its weekdays, and its hours. */
export function lockWhen(lock: LockRecord): string {
  const days = lock.days.map((day) => LOCK_DAY_LABELS[day] ?? day).join(', ');
  const on = lock.recurrent || lock.type === 'days_range' ? days : formatLocalDate(lock.date);
  const hours =
    lock.type === 'hours_range'
      ? lock.time.join('–')
      : lock.type === 'hour'
        ? lock.time.join(', ')
        : 'Todo el día';
  return `${on} · ${hours}`;
}

const columns = [
  textColumn<LockRecord>('type', 'Tipo', (lock) => LOCK_TYPE_LABELS[lock.type], { sort: true }),
  textColumn<LockRecord>('cabain', 'Cabina', (lock) => lock.cabain.name),
  textColumn<LockRecord>('when', 'Cuándo', lockWhen),
  textColumn<LockRecord>('reason', 'Motivo', (lock) => lock.reason),
  textColumn<LockRecord>('reasonDescription', 'Descripción', (lock) => lock.reasonDescription),
  textColumn<LockRecord>('recurrent', 'Recurrente', (lock) => (lock.recurrent ? 'Sí' : 'No')),
  textColumn<LockRecord>('branch', 'Sucursal', (lock) => lock.branch.name),
  textColumn<LockRecord>('user', 'Creó', (lock) => lock.user?.name ?? '—'),
  dateColumn<LockRecord>('created_at', 'Creado', (lock) => lock.created_at, { sort: true }),
];

/** `/dashboard/bloqueos` (spec 002 §2, §5): the cabins' locks; 'Mis bloqueos' with ?mine=true. */
export function LocksPage() {
  const [params] = useSearchParams();
  const mine = params.get('mine') === 'true';
  const scope = useBranchScope();
  const { can } = usePrivileges();
  const branchFilter = useBranchFilter({ clinicsOnly: true });
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<LockRecord | null>(null);
  // The cabins come from the agenda's day of the branch (the filtered one, else the user's own):
  // a call every agenda user may make, unlike the cabins' catalogue (GET /cabain).
  const [listState] = useListState(
    `${agendaKeys.locks[0]}:${JSON.stringify(mine ? { mine: 'true' } : {})}`,
    defaultListState({ field: 'created_at', order: 'DESC' }),
  );
  const filteredBranch = Number(listState.filters.branchId) || null;
  const cabins = useDayCabins(filteredBranch ?? scope.branchId);
  const editingCabins = useDayCabins(editing?.branchId ?? null);
  const filters = useMemo(
    () => [
      ...branchFilter,
      {
        kind: 'select' as const,
        name: 'type',
        label: 'Tipo',
        options: LOCK_TYPES.map((value) => ({ value, label: LOCK_TYPE_LABELS[value] })),
      },
      {
        kind: 'select' as const,
        name: 'cabainId',
        label: 'Cabina',
        options: (cabins.data ?? []).map((cabin) => ({ value: cabin.id, label: cabin.name })),
      },
    ],
    [branchFilter, cabins.data],
  );
  const canCreate = can('blockers', 'create') || can('agenda', 'create');
  return (
    <>
      <PageHeader
        title={mine ? 'Mis bloqueos' : 'Bloqueos'}
        description="El tiempo bloqueado de las cabinas: por hora, rango de horas, día, rango de días o la cabina completa."
        extra={
          canCreate && (
            <Button type="primary" icon={<LockOutlined />} onClick={() => setCreating(true)}>
              Bloquear
            </Button>
          )
        }
      />
      <ResourceList<LockRecord>
        listKey={agendaKeys.locks[0]}
        resource="blockers"
        title="Bloqueos"
        exportName="bloqueos"
        fetchPage={fetchLockPage}
        rowKey={(lock) => lock.id}
        rowLabel={(lock) => `Bloqueo de ${lock.cabain.name}, ${lockWhen(lock)}`}
        columns={columns}
        searchFields={[{ value: 'reasonDescription', label: 'Descripción' }]}
        filters={filters}
        fixedQuery={mine ? { mine: 'true' } : {}}
        defaultSort={{ field: 'created_at', order: 'DESC' }}
        remove={removeLock}
        rowActions={[
          rowAction<LockRecord>('edit', 'Editar', 'edit', <EditOutlined />, {
            onSelect: setEditing,
          }),
        ]}
        emptyText="No hay bloqueos con estos filtros"
      />
      {editing && (
        <LockModal
          open
          lock={editing}
          onClose={() => setEditing(null)}
          branchId={editing.branchId}
          cabins={[
            ...(editingCabins.data ?? []).filter((cabin) => cabin.id !== editing.cabainId),
            editing.cabain,
          ]}
        />
      )}
      {creating && (
        <LockModal
          open
          onClose={() => setCreating(false)}
          branchId={filteredBranch ?? scope.branchId}
          cabins={cabins.data ?? []}
        />
      )}
    </>
  );
}
