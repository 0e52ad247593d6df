import { useMemo } from 'react';
import { Flex } from 'antd';
import {
  AuditOutlined,
  CheckSquareOutlined,
  EditOutlined,
  FilePdfOutlined,
} from '@ant-design/icons';
import {
  FLOW_STATUSES,
  TRANSFER_DEFAULT_TAKE,
  TRANSFER_PAGE_SIZES,
  transferMenu,
} from '@clinica/domain';
import { fullNameOf } from '../../shared/people';
import { PageHeader } from '../../shared/PageHeader';
import { ResourceList } from '../../shared/list/ResourceList';
import { dateColumn, tagColumn, textColumn } from '../../shared/list/columns';
import { lookupFilter, selectFilter } from '../../shared/list/filters';
import { detailAction, rowAction } from '../../shared/list/rowActions';
import type { ListFilter } from '../../shared/list/types';
import { useAllBranchOptions } from '../../shared/lookups';
import { notifyError } from '../../shared/notify';
import { usePrivileges } from '../../shared/session/hooks';
import { ToneTag } from '../../shared/Tone';
import { useTransferActor } from './actor';
import {
  fetchTransferPage,
  folioOf,
  isDeleted,
  openTransferPdf,
  removeTransfer,
  TRANSFERS,
  transferKeys,
  type Transfer,
} from './api';
import { TransferDetail } from './TransferDetail';
import { TransferStatusTag, transferStatusText } from './TransferStatusTag';
import './transfers.css';

const unitsOf = (transfer: Transfer) =>
  transfer.transferProducts.reduce((sum, line) => sum + line.stockedQuantity, 0);

/** The legend of the highlighted rows: the colour and the tag they carry. */
function DifferenceLegend() {
  return (
    <Flex
      wrap
      gap={8}
      align="center"
      className="transfer-legend"
      role="note"
      aria-label="Leyenda de las transferencias resaltadas"
    >
      <span className="transfer-legend__swatch" aria-hidden="true" />
      <ToneTag tone="orange">Con diferencia</ToneTag>
      <span>Terminada con menos unidades recibidas que enviadas</span>
    </Flex>
  );
}

/**
 * `/dashboard/transferencias` (spec 001 §2, §4, §6): the transfers the user's branch sends or
 * receives (every one for the roles that see every branch), their row menu by the domain's
 * `transferMenu`, the row modal with the lines, and the finished ones with a difference
 * highlighted.
 */
export function TransfersPage() {
  const { can } = usePrivileges();
  const actor = useTransferActor();
  // Origin and destination filters: for who approves or reports (spec 001 §6).
  const branchFilters = can('transfers', 'approve') || can('transfers', 'reports');
  const branches = useAllBranchOptions(branchFilters);

  const columns = useMemo(
    () => [
      textColumn<Transfer>('transferNumber', 'Folio', folioOf, {
        sort: true,
        mono: true,
        opensDetail: true,
      }),
      textColumn<Transfer>('originBranch', 'Origen', (row) => row.originBranch.name, {
        sort: true,
      }),
      textColumn<Transfer>('destinyBranch', 'Destino', (row) => row.destinyBranch.name, {
        sort: true,
      }),
      textColumn<Transfer>('lines', 'Productos', (row) => row.transferProducts.length, {
        align: 'right',
      }),
      textColumn<Transfer>('units', 'Unidades', unitsOf, { align: 'right' }),
      textColumn<Transfer>('createdBy', 'Solicitó', (row) =>
        row.createdBy ? fullNameOf(row.createdBy) : '—',
      ),
      dateColumn<Transfer>('created_at', 'Creada', (row) => row.created_at, { sort: true }),
      tagColumn<Transfer>(
        'status',
        'Estatus',
        (row) => <TransferStatusTag transfer={row} />,
        (row) => transferStatusText(row, actor.branchId),
        { sort: true, pinned: true },
      ),
    ],
    [actor.branchId],
  );

  const filters = useMemo<ListFilter[]>(
    () => [
      ...(branchFilters
        ? [
            lookupFilter('originBranchId', 'Origen', branches, 200),
            lookupFilter('destinyBranchId', 'Destino', branches, 200),
          ]
        : []),
      selectFilter(
        'orderStatus',
        'Estatus',
        FLOW_STATUSES.map((status) => ({ value: status, label: status })),
        { width: 150 },
      ),
      {
        kind: 'dateRange',
        name: 'created',
        label: 'Creada',
        fromParam: 'startDate',
        toParam: 'endDate',
      },
    ],
    [branchFilters, branches],
  );

  const menuOf = (row: Transfer) => transferMenu(actor, row);
  const rowActions = [
    detailAction<Transfer>('Ver detalle'),
    rowAction<Transfer>('review', 'Revisar', 'approve', <AuditOutlined />, {
      to: (row) => `${TRANSFERS}/${row.id}`,
      visible: (row) => menuOf(row).review,
    }),
    rowAction<Transfer>('edit', 'Editar', 'edit', <EditOutlined />, {
      to: (row) => `${TRANSFERS}/${row.id}`,
      visible: (row) => menuOf(row).edit,
    }),
    rowAction<Transfer>('confirm', 'Confirmar recepción', 'edit', <CheckSquareOutlined />, {
      to: (row) => `${TRANSFERS}/${row.id}`,
      // The review link leads to the same form, where the Super Administrador also confirms.
      visible: (row) => menuOf(row).confirm && !menuOf(row).review,
    }),
    rowAction<Transfer>('pdf', 'Descargar PDF', 'reports', <FilePdfOutlined />, {
      onSelect: (row) => void openTransferPdf(row).catch(notifyError),
      visible: (row) => !isDeleted(row),
    }),
  ];

  return (
    <>
      <PageHeader
        title="Transferencias"
        description="Productos que una sucursal envía a otra: se crean en el origen, se aprueban y el destino confirma lo recibido."
      />
      <ResourceList<Transfer>
        listKey={transferKeys.all[0]}
        resource="transfers"
        title="Transferencias"
        exportName="transferencias"
        fetchPage={fetchTransferPage}
        rowKey={(row) => row.id}
        rowLabel={(row) => `${folioOf(row)} (${row.originBranch.name} a ${row.destinyBranch.name})`}
        columns={columns}
        searchFields={[
          { value: 'transferNumber', label: 'Folio' },
          { value: 'originBranch', label: 'Origen' },
          { value: 'destinyBranch', label: 'Destino' },
        ]}
        searchPlaceholder="Folio (TR-000042 o 42) o sucursal"
        filters={filters}
        defaultSort={{ field: 'created_at', order: 'DESC' }}
        pageSizes={{ sizes: TRANSFER_PAGE_SIZES, initial: TRANSFER_DEFAULT_TAKE, all: false }}
        rowActions={rowActions}
        remove={removeTransfer}
        canRemove={(row) => menuOf(row).remove}
        createPath={`${TRANSFERS}/crear`}
        rowClassName={(row) => (row.hasDifference ? 'transfer-row--difference' : undefined)}
        legend={<DifferenceLegend />}
        detail={{
          kind: 'modal',
          width: 900,
          title: (row) => `Transferencia ${folioOf(row)}`,
          render: (row) => <TransferDetail transfer={row} />,
        }}
        emptyText="No hay transferencias con estos filtros"
      />
    </>
  );
}
