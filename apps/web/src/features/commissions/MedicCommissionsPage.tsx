import { useMemo, useState } from 'react';
import { ROLES } from '@clinica/domain';
import { PageHeader } from '../../shared/PageHeader';
import { ResourceList } from '../../shared/list/ResourceList';
import { moneyColumn, textColumn } from '../../shared/list/columns';
import type { ListColumn, ListFilter } from '../../shared/list/types';
import { fullNameOf } from '../../shared/people';
import { usePrivileges, useSession } from '../../shared/session/hooks';
import {
  fetchMedicRows,
  fetchMedicTotals,
  medicKeys,
  reassignMedic,
  type MedicRow,
  type MedicTotals,
} from './api';
import { ReassignDialog, type Reassigning } from './ReassignDialog';
import {
  DETAIL_SIZES,
  datesOnly,
  detailSearch,
  payeeColumn,
  totalsSearch,
  totalsSort,
  useCommissionFilters,
  useTotalsFilters,
} from './listSetup';

const LIST_KEY = medicKeys.all[0];
const detailSort = { field: 'date', order: 'DESC' } as const;

const totalsColumns: ListColumn<MedicTotals>[] = [
  textColumn<MedicTotals>('employeeNumber', 'No. de empleado', (row) => row.employeeNumber ?? '—', {
    sort: true,
    mono: true,
    opensDetail: true,
  }),
  textColumn<MedicTotals>('name', 'Nombre', (row) => row.name, { sort: true }),
  textColumn<MedicTotals>('lastName', 'Apellido paterno', (row) => row.lastName, { sort: true }),
  textColumn<MedicTotals>('motherLastName', 'Apellido materno', (row) => row.motherLastName ?? ''),
  textColumn<MedicTotals>('count', 'Citas', (row) => row.count, { sort: true, whole: true }),
  moneyColumn<MedicTotals>('total', 'Total', (row) => row.total, { sort: true }),
  moneyColumn<MedicTotals>('isr', 'ISR', (row) => row.isr),
  moneyColumn<MedicTotals>('subtotal', 'Neto a pagar', (row) => row.subtotal),
];

/** The detail's columns; the doctor's only for those who see several medics. */
function rowColumns(doctor: ListColumn<MedicRow> | null): ListColumn<MedicRow>[] {
  return [
    textColumn<MedicRow>('appointment', 'No. de cita', (row) => row.appointment.folio, {
      mono: true,
    }),
    textColumn<MedicRow>('branch', 'Sucursal', (row) => row.branch.name),
    textColumn<MedicRow>('date', 'Fecha', (row) => row.date, { sort: true, whole: true }),
    textColumn<MedicRow>('startTime', 'Hora', (row) => row.startTime, { whole: true }),
    textColumn<MedicRow>('customer', 'Cliente', (row) => fullNameOf(row.customer)),
    textColumn<MedicRow>('treatment', 'Tratamiento', (row) => row.treatment.name),
    ...(doctor ? [doctor] : []),
    moneyColumn<MedicRow>('commission', 'Comisión', (row) => row.commission),
    moneyColumn<MedicRow>('isr', 'ISR', (row) => row.isr),
    moneyColumn<MedicRow>('subtotal', 'Neto', (row) => row.subtotal),
  ];
}

/** One medic's rows under the totals list's filters, 5, 10 or 15 a page. */
function MedicRows({
  totals,
  filters,
  onReassign,
}: {
  totals: MedicTotals;
  filters: ListFilter[];
  onReassign: ((row: MedicRow) => void) | null;
}) {
  const fixedQuery = useTotalsFilters(LIST_KEY, filters);
  const columns = useMemo(
    () => rowColumns(payeeColumn<MedicRow>('Médico', (row) => row.user, onReassign)),
    [onReassign],
  );
  return (
    <ResourceList<MedicRow>
      listKey={`${LIST_KEY}-user-${totals.userId}`}
      resource="medic_comission"
      title={`Comisiones de ${fullNameOf(totals)}`}
      exportName={`comisiones-medicas-${totals.employeeNumber ?? totals.userId}`}
      fetchPage={(query, signal) => fetchMedicRows(totals.userId, query, signal)}
      fixedQuery={fixedQuery}
      rowKey={(row) => row.id}
      rowLabel={(row) => `comisión de la cita ${row.appointment.folio}`}
      columns={columns}
      searchFields={detailSearch}
      searchPlaceholder="Nombre del cliente"
      defaultSort={detailSort}
      pageSizes={DETAIL_SIZES}
      emptyText="Sin comisiones con estos filtros"
    />
  );
}

/** A medic's own commissions, straight in the list (spec 002 §2: no doctor column). */
function OwnCommissions({ userId }: { userId: number }) {
  const columns = useMemo(() => rowColumns(null), []);
  return (
    <ResourceList<MedicRow>
      listKey={`${LIST_KEY}-own`}
      resource="medic_comission"
      title="Mis comisiones médicas"
      exportName="mis-comisiones-medicas"
      fetchPage={(query, signal) => fetchMedicRows(userId, query, signal)}
      rowKey={(row) => row.id}
      rowLabel={(row) => `comisión de la cita ${row.appointment.folio}`}
      columns={columns}
      filters={datesOnly}
      searchFields={detailSearch}
      searchPlaceholder="Nombre del cliente"
      defaultSort={detailSort}
      pageSizes={DETAIL_SIZES}
      emptyText="Sin comisiones con estos filtros"
    />
  );
}

function MedicTotalsList() {
  const { can } = usePrivileges();
  const filters = useCommissionFilters('medic_comission');
  const [reassigning, setReassigning] = useState<Reassigning | null>(null);
  const onReassign = useMemo(
    () =>
      can('medic_comission', 'edit')
        ? (row: MedicRow) =>
            setReassigning({
              subject: `la comisión de la cita ${row.appointment.folio}`,
              branch: row.branch,
              currentUserId: row.user.id,
              save: (userId) => reassignMedic(row.id, userId),
            })
        : null,
    [can],
  );
  return (
    <>
      <ResourceList<MedicTotals>
        listKey={LIST_KEY}
        resource="medic_comission"
        title="Comisiones médicas"
        exportName="comisiones-medicas"
        fetchPage={fetchMedicTotals}
        rowKey={(row) => row.userId}
        rowLabel={(row) => `comisiones de ${fullNameOf(row)}`}
        columns={totalsColumns}
        searchFields={totalsSearch}
        searchPlaceholder="Nombre o número de empleado"
        filters={filters}
        defaultSort={totalsSort}
        detail={{
          title: (row) => `Comisiones de ${fullNameOf(row)}`,
          width: 1150,
          render: (row) => <MedicRows totals={row} filters={filters} onReassign={onReassign} />,
        }}
        emptyText="No hay comisiones médicas con estos filtros"
      />
      <ReassignDialog
        kind="medic"
        reassigning={reassigning}
        listKeys={[LIST_KEY]}
        onClose={() => setReassigning(null)}
      />
    </>
  );
}

/**
 * `/dashboard/comisiones-medicas` (spec 002 §2, CONTRACT §12): the medical commissions per medic
 * (employee number, names, total, ISR, net), each medic's appointments in the detail and, with
 * `edit`, the doctor reassigned from there. A medic sees only her own rows, in the list directly.
 */
export function MedicCommissionsPage() {
  const session = useSession();
  const medic = session?.user.role === ROLES.medic.name;
  return (
    <>
      <PageHeader
        title="Comisiones médicas"
        description="Honorarios médicos de las citas terminadas, con su ISR y el neto a pagar."
      />
      {/* Signed out (the session just ended), nothing is read. */}
      {session && (medic ? <OwnCommissions userId={session.user.userId} /> : <MedicTotalsList />)}
    </>
  );
}
