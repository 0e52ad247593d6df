import { useMemo, useState } from 'react';
import { Button } from 'antd';
import { FilePdfOutlined, PlusOutlined } from '@ant-design/icons';
import { PageHeader } from '../../shared/PageHeader';
import { ResourceList } from '../../shared/list/ResourceList';
import { moneyColumn, tagColumn, textColumn } from '../../shared/list/columns';
import { detailAction, rowAction } from '../../shared/list/rowActions';
import type { ListColumn, ListFilter } from '../../shared/list/types';
import { formatLocalDate, formatMoney } from '../../shared/format';
import { useBranchFilter } from '../../shared/lookups';
import { notifyError } from '../../shared/notify';
import { usePrivileges } from '../../shared/session/hooks';
import {
  closingKeys,
  fetchClosingPage,
  fetchProductClosingPage,
  openClosingPdf,
  type ClosingRecord,
} from './api';
import { ClosingDetail, Difference } from './ClosingDetail';
import { dollars } from './ClosingFigures';
import { NewClosing } from './NewClosing';

const columns = (products: boolean): ListColumn<ClosingRecord>[] => [
  textColumn<ClosingRecord>('number', 'Folio', (row) => row.folio, {
    sort: true,
    mono: true,
    opensDetail: true,
  }),
  textColumn<ClosingRecord>('date', 'Día', (row) => formatLocalDate(row.date), {
    sort: true,
    whole: true,
  }),
  textColumn<ClosingRecord>('branch', 'Sucursal', (row) => row.branch.name, { sort: true }),
  moneyColumn<ClosingRecord>('cashTotal', 'Efectivo', (row) => row.cashTotal),
  textColumn<ClosingRecord>('cashTotalDollars', 'Dólares', (row) => dollars(row.cashTotalDollars), {
    whole: true,
  }),
  moneyColumn<ClosingRecord>('creditCardTotal', 'T. crédito', (row) => row.creditCardTotal),
  moneyColumn<ClosingRecord>('debitCardTotal', 'T. débito', (row) => row.debitCardTotal),
  moneyColumn<ClosingRecord>('transferTotal', 'Transferencia', (row) => row.transferTotal),
  moneyColumn<ClosingRecord>('depositTotal', 'Depósito', (row) => row.depositTotal),
  moneyColumn<ClosingRecord>('pointsTotal', 'Puntos', (row) => row.pointsTotal),
  moneyColumn<ClosingRecord>('refundTotal', 'Devoluciones', (row) => row.refundTotal),
  moneyColumn<ClosingRecord>('total', 'Total', (row) => row.total, { sort: true }),
  ...(products
    ? []
    : [
        tagColumn<ClosingRecord>(
          'difference',
          'Diferencia',
          (row) => <Difference value={row.difference} />,
          (row) => (row.difference === null ? 'Sin conteo' : formatMoney(row.difference)),
        ),
      ]),
  textColumn<ClosingRecord>('user', 'Cerró', (row) => row.user.name),
];

const searchFields = [{ value: 'number', label: 'Folio' }];
const defaultSort = { field: 'date', order: 'DESC' } as const;

/**
 * `/dashboard/corte-sucursal` and `/dashboard/corte-de-productos` (spec 002 §2, CONTRACT §12):
 * the closings by branch and day; the second shows each money figure over the cash orders only.
 * The detail (figures, count, difference, payments 5 a page), the PDF, and 'Nuevo corte'.
 */
export function ClosingsPage({ products = false }: { products?: boolean }) {
  const { can } = usePrivileges();
  const branchFilter = useBranchFilter({ clinicsOnly: true });
  const [closing, setClosing] = useState(false);
  const title = products ? 'Corte de productos' : 'Corte de caja';
  const filters = useMemo<ListFilter[]>(
    () => [
      ...branchFilter,
      {
        kind: 'dateRange',
        name: 'dates',
        label: 'Día',
        fromParam: 'startDate',
        toParam: 'endDate',
      },
    ],
    [branchFilter],
  );
  const rowActions = useMemo(
    () => [
      detailAction<ClosingRecord>(),
      rowAction<ClosingRecord>('pdf', 'Descargar PDF', 'show', <FilePdfOutlined />, {
        onSelect: (row) => void openClosingPdf(row).catch((error: unknown) => notifyError(error)),
      }),
    ],
    [],
  );
  return (
    <>
      <PageHeader
        title={title}
        description={
          products
            ? 'Los cortes de caja con las cifras de las ventas de productos en mostrador.'
            : 'El cierre de caja de cada sucursal y día: cifras por método de pago, conteo y diferencia.'
        }
        extra={
          !products && can('cashClosing', 'create') ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setClosing(true)}>
              Nuevo corte
            </Button>
          ) : undefined
        }
      />
      <ResourceList<ClosingRecord>
        listKey={`${closingKeys.all[0]}${products ? '-cash' : ''}`}
        resource="cashClosing"
        title={title}
        exportName={products ? 'corte-de-productos' : 'corte-sucursal'}
        fetchPage={products ? fetchProductClosingPage : fetchClosingPage}
        rowKey={(row) => row.id}
        rowLabel={(row) => `corte ${row.folio}`}
        columns={columns(products)}
        searchFields={searchFields}
        searchPlaceholder="Folio"
        filters={filters}
        defaultSort={defaultSort}
        rowActions={rowActions}
        detail={{
          title: (row) => `Corte de caja ${row.folio}`,
          width: 1150,
          render: (row) => <ClosingDetail record={row} />,
        }}
        emptyText="No hay cortes de caja con estos filtros"
      />
      {!products && <NewClosing open={closing} onClose={() => setClosing(false)} />}
    </>
  );
}

/** `/dashboard/corte-de-productos`: the same records with the cash orders' figures. */
export function ProductClosingsPage() {
  return <ClosingsPage products />;
}
