import { useMemo } from 'react';
import { PageHeader } from '../../shared/PageHeader';
import { ResourceList } from '../../shared/list/ResourceList';
import type { ListColumn, ListFilter } from '../../shared/list/types';
import { formatDateTime } from '../../shared/format';
import { fullNameOf } from '../../shared/people';
import { attendanceKeys, fetchAttendancePage, type AttendanceEntry } from './api';
import { useBranchFilter, useBranchScope } from '../../shared/lookups';

const ARRIVAL_FORMAT = 'DD-MM-YYYY HH:mm';

const columns: ListColumn<AttendanceEntry>[] = [
  {
    key: 'checkedInAt',
    title: 'Entrada',
    sortField: 'checkedInAt',
    width: 170,
    render: (entry) => formatDateTime(entry.checkedInAt, ARRIVAL_FORMAT),
    exportValue: (entry) => formatDateTime(entry.checkedInAt, ARRIVAL_FORMAT),
  },
  {
    key: 'name',
    title: 'Empleado',
    sortField: 'name',
    render: (entry) => fullNameOf(entry.user),
    exportValue: (entry) => fullNameOf(entry.user),
  },
  {
    key: 'username',
    title: 'Usuario',
    render: (entry) => entry.user.username,
    exportValue: (entry) => entry.user.username,
  },
  {
    key: 'branch',
    title: 'Sucursal',
    render: (entry) => entry.branch.name,
    exportValue: (entry) => entry.branch.name,
  },
];

/**
 * `/dashboard/asistencia`: who arrived when, as registered with 'Registrar Entrada' (issue 2: the
 * attendance record, listed for managers). Roles fixed to a branch see their branch only; the
 * server scopes the list, the branch filter is offered to those who see several.
 */
export function AttendancePage() {
  const scope = useBranchScope();
  const branchFilter = useBranchFilter();

  const filters = useMemo<ListFilter[]>(
    () => [
      ...branchFilter,
      { kind: 'dateRange', name: 'dates', label: 'Fecha', fromParam: 'from', toParam: 'to' },
    ],
    [branchFilter],
  );

  return (
    <>
      <PageHeader
        title="Asistencia"
        description={
          scope.showsBranchFilter
            ? 'Las entradas registradas en cada sucursal con «Registrar Entrada».'
            : `Las entradas registradas en ${scope.branchName} con «Registrar Entrada».`
        }
      />
      <ResourceList<AttendanceEntry>
        listKey={attendanceKeys.all[0]}
        resource="users"
        title="Asistencia"
        exportName="asistencia"
        fetchPage={fetchAttendancePage}
        rowKey={(entry) => entry.id}
        rowLabel={(entry) => `${fullNameOf(entry.user)}, ${formatDateTime(entry.checkedInAt)}`}
        columns={columns}
        searchFields={[
          { value: 'name', label: 'Nombre' },
          { value: 'lastName', label: 'Apellido' },
          { value: 'username', label: 'Usuario' },
        ]}
        filters={filters}
        defaultSort={{ field: 'checkedInAt', order: 'DESC' }}
        emptyText="No hay entradas registradas con estos filtros"
      />
    </>
  );
}
