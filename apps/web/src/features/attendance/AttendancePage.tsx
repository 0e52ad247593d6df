import { useMemo } from 'react';
import { PageHeader } from '../../shared/PageHeader';
import { ResourceList } from '../../shared/list/ResourceList';
import { dateColumn, textColumn } from '../../shared/list/columns';
import { dateRangeFilter } from '../../shared/list/filters';
import { formatDateTime } from '../../shared/format';
import { fullNameOf } from '../../shared/people';
import { attendanceKeys, fetchAttendancePage, type AttendanceEntry } from './api';
import { useBranchFilter, useBranchScope } from '../../shared/lookups';

const ARRIVAL_FORMAT = 'DD-MM-YYYY HH:mm';

const columns = [
  dateColumn<AttendanceEntry>('checkedInAt', 'Entrada', (entry) => entry.checkedInAt, {
    sort: true,
    width: 170,
    format: ARRIVAL_FORMAT,
  }),
  textColumn<AttendanceEntry>('name', 'Empleado', (entry) => fullNameOf(entry.user), {
    sort: true,
  }),
  textColumn<AttendanceEntry>('username', 'Usuario', (entry) => entry.user.username),
  textColumn<AttendanceEntry>('branch', 'Sucursal', (entry) => entry.branch.name),
];

/**
 * `/dashboard/asistencia`: who arrived when, as registered with 'Registrar Entrada' (issue 2: the
 * attendance record, listed for managers). Roles fixed to a branch see their branch only; the
 * server scopes the list, the branch filter is offered to those who see several.
 */
export function AttendancePage() {
  const scope = useBranchScope();
  const branchFilter = useBranchFilter();

  const filters = useMemo(() => [...branchFilter, dateRangeFilter()], [branchFilter]);

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
