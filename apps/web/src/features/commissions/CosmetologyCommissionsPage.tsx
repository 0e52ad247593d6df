import { useMemo, useState } from 'react';
import { ROLES } from '@clinica/domain';
import { PageHeader } from '../../shared/PageHeader';
import { ResourceList } from '../../shared/list/ResourceList';
import { moneyColumn, textColumn } from '../../shared/list/columns';
import type { ListColumn, ListFilter } from '../../shared/list/types';
import { fullNameOf } from '../../shared/people';
import { usePrivileges, useSession } from '../../shared/session/hooks';
import {
  cosmetologyKeys,
  fetchCosmetologyRows,
  fetchCosmetologyTotals,
  reassignSeller,
  type CosmetologyRow,
  type CosmetologyTotals,
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

const LIST_KEY = cosmetologyKeys.all[0];
const detailSort = { field: 'date', order: 'DESC' } as const;

const totalsColumns: ListColumn<CosmetologyTotals>[] = [
  textColumn<CosmetologyTotals>(
    'employeeNumber',
    'No. de empleado',
    (row) => row.employeeNumber ?? '—',
    { sort: true, mono: true, opensDetail: true },
  ),
  textColumn<CosmetologyTotals>('name', 'Nombre', (row) => row.name, { sort: true }),
  textColumn<CosmetologyTotals>('lastName', 'Apellido paterno', (row) => row.lastName, {
    sort: true,
  }),
  textColumn<CosmetologyTotals>(
    'motherLastName',
    'Apellido materno',
    (row) => row.motherLastName ?? '',
  ),
  textColumn<CosmetologyTotals>('count', 'Líneas', (row) => row.count, { sort: true, whole: true }),
  moneyColumn<CosmetologyTotals>('salePrice', 'Ventas sin IVA', (row) => row.salePrice),
  moneyColumn<CosmetologyTotals>('total', 'Total', (row) => row.total, { sort: true }),
];

function rowColumns(seller: ListColumn<CosmetologyRow> | null): ListColumn<CosmetologyRow>[] {
  return [
    textColumn<CosmetologyRow>('cashOrder', 'Folio', (row) => row.cashOrder.folio, { mono: true }),
    textColumn<CosmetologyRow>('kind', 'Tipo', (row) =>
      row.kind === 'sale' ? 'Venta' : 'Devolución',
    ),
    textColumn<CosmetologyRow>('branch', 'Sucursal', (row) => row.branch.name),
    textColumn<CosmetologyRow>('date', 'Fecha', (row) => row.date, { sort: true, whole: true }),
    textColumn<CosmetologyRow>('time', 'Hora', (row) => row.time, { whole: true }),
    textColumn<CosmetologyRow>('customer', 'Cliente', (row) =>
      row.customer ? fullNameOf(row.customer) : 'Público en general',
    ),
    textColumn<CosmetologyRow>('product', 'Producto', (row) => row.product.name),
    ...(seller ? [seller] : []),
    moneyColumn<CosmetologyRow>('salePrice', 'Precio sin IVA', (row) => row.salePrice),
    textColumn<CosmetologyRow>('percent', 'Porcentaje', (row) => `${row.percent} %`, {
      whole: true,
    }),
    moneyColumn<CosmetologyRow>('commission', 'Comisión', (row) => row.commission),
  ];
}

function SellerRows({
  totals,
  filters,
  onReassign,
}: {
  totals: CosmetologyTotals;
  filters: ListFilter[];
  onReassign: ((row: CosmetologyRow) => void) | null;
}) {
  const fixedQuery = useTotalsFilters(LIST_KEY, filters);
  const columns = useMemo(
    () => rowColumns(payeeColumn<CosmetologyRow>('Vendedora', (row) => row.user, onReassign)),
    [onReassign],
  );
  return (
    <ResourceList<CosmetologyRow>
      listKey={`${LIST_KEY}-user-${totals.userId}`}
      resource="cosmetologic_comission"
      title={`Comisiones de ${fullNameOf(totals)}`}
      exportName={`comisiones-cosmetologicas-${totals.employeeNumber ?? totals.userId}`}
      fetchPage={(query, signal) => fetchCosmetologyRows(totals.userId, query, signal)}
      fixedQuery={fixedQuery}
      rowKey={(row) => row.id}
      rowLabel={(row) => `comisión de la venta ${row.cashOrder.folio}`}
      columns={columns}
      searchFields={detailSearch}
      searchPlaceholder="Nombre del cliente"
      defaultSort={detailSort}
      pageSizes={DETAIL_SIZES}
      emptyText="Sin comisiones con estos filtros"
    />
  );
}

function OwnCommissions({ userId }: { userId: number }) {
  const columns = useMemo(() => rowColumns(null), []);
  return (
    <ResourceList<CosmetologyRow>
      listKey={`${LIST_KEY}-own`}
      resource="cosmetologic_comission"
      title="Mis comisiones cosmetológicas"
      exportName="mis-comisiones-cosmetologicas"
      fetchPage={(query, signal) => fetchCosmetologyRows(userId, query, signal)}
      rowKey={(row) => row.id}
      rowLabel={(row) => `comisión de la venta ${row.cashOrder.folio}`}
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

function SellerTotalsList() {
  const { can } = usePrivileges();
  const filters = useCommissionFilters('cosmetologic_comission');
  const [reassigning, setReassigning] = useState<Reassigning | null>(null);
  const onReassign = useMemo(
    () =>
      can('cosmetologic_comission', 'edit')
        ? (row: CosmetologyRow) =>
            setReassigning({
              subject: `la venta ${row.cashOrder.folio} y sus comisiones`,
              branch: row.branch,
              currentUserId: row.user.id,
              save: (userId) => reassignSeller(row.cashOrder.id, userId),
            })
        : null,
    [can],
  );
  return (
    <>
      <ResourceList<CosmetologyTotals>
        listKey={LIST_KEY}
        resource="cosmetologic_comission"
        title="Comisiones cosmetológicas"
        exportName="comisiones-cosmetologicas"
        fetchPage={fetchCosmetologyTotals}
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
          render: (row) => <SellerRows totals={row} filters={filters} onReassign={onReassign} />,
        }}
        emptyText="No hay comisiones cosmetológicas con estos filtros"
      />
      <ReassignDialog
        kind="cosmetologist"
        reassigning={reassigning}
        listKeys={[LIST_KEY]}
        onClose={() => setReassigning(null)}
      />
    </>
  );
}

/**
 * `/dashboard/comisiones-cosmetologicas` (spec 002 §2, CONTRACT §12): the commissions of the
 * counter sales per seller (refunds subtract), each seller's lines in the detail and, with `edit`,
 * the sale moved to another cosmetologist (update-seller). A cosmetologist sees only her own.
 */
export function CosmetologyCommissionsPage() {
  const session = useSession();
  const own = session?.user.role === ROLES.cosmetologist.name;
  return (
    <>
      <PageHeader
        title="Comisiones cosmetológicas"
        description="Comisiones de las ventas de productos de cosmetología en mostrador."
      />
      {/* Signed out (the session just ended), nothing is read. */}
      {session && (own ? <OwnCommissions userId={session.user.userId} /> : <SellerTotalsList />)}
    </>
  );
}
