import { useMemo, useState } from 'react';
import { Button, Modal, Typography } from 'antd';
import { DiffOutlined } from '@ant-design/icons';
import type { AuditEntry } from '@clinica/domain';
import { PageHeader } from '../../shared/PageHeader';
import { ResourceList } from '../../shared/list/ResourceList';
import { dateColumn, tagColumn, textColumn } from '../../shared/list/columns';
import { dateRangeFilter, selectFilter } from '../../shared/list/filters';
import { detailAction, rowAction } from '../../shared/list/rowActions';
import { formatDateTime } from '../../shared/format';
import { fetchAuditPage, historyKeys } from './api';
import { ToneTag } from '../../shared/Tone';
import { ChangesTable } from '../../shared/ChangesTable';
import { EntryDetail, userOf } from './EntryDetail';
import {
  AUDIT_ACTIONS,
  EXTRA_AUDIT_MODULES,
  actionTone,
  actionLabel,
  changeSummary,
  recordLabel,
} from '../../shared/auditLabels';
import {
  useBranchFilter,
  useModules,
  useProductPicker,
  useStaffOptions,
} from '../../shared/lookups';
import { lookupFilter } from '../../shared/list/filters';
import { lookupEndpoints } from '../../shared/lookups/endpoints';
import { usePrivileges } from '../../shared/session/hooks';

const hasChanges = (entry: AuditEntry) => Object.keys(entry.changes ?? {}).length > 0;

/** `/dashboard/historial`: every audited change and sign-in event, with its before and after. */
export function HistoryPage() {
  const { canCall } = usePrivileges();
  const modules = useModules();
  const staff = useStaffOptions();
  const products = useProductPicker();
  const branchFilter = useBranchFilter();
  const [changesOf, setChangesOf] = useState<AuditEntry | null>(null);

  const filters = useMemo(
    () => [
      selectFilter(
        'module',
        'Módulo',
        [
          ...EXTRA_AUDIT_MODULES,
          ...(modules.data ?? []).map((entry) => ({ value: entry.alias, label: entry.name })),
        ],
        { width: 200, loading: modules.isLoading },
      ),
      selectFilter(
        'action',
        'Acción',
        Object.entries(AUDIT_ACTIONS).map(([value, { label }]) => ({ value, label })),
        { width: 220 },
      ),
      // The auditQuery's userId, productId and branchId (only what the session may list).
      ...(canCall(lookupEndpoints.staff) ? [lookupFilter('userId', 'Usuario', staff, 220)] : []),
      ...(canCall(lookupEndpoints.products)
        ? [
            selectFilter(
              'productId',
              'Producto',
              products.products.map((product) => ({ value: product.id, label: product.name })),
              { width: 220, loading: products.isLoading, onSearch: products.onSearch },
            ),
          ]
        : []),
      ...branchFilter,
      dateRangeFilter(),
    ],
    [
      modules.data,
      modules.isLoading,
      staff.data,
      staff.isLoading,
      products.products,
      products.isLoading,
      products.onSearch,
      branchFilter,
      canCall,
    ],
  );

  const columns = [
    dateColumn<AuditEntry>('created_at', 'Fecha', (entry) => entry.created_at, {
      sort: true,
      opensDetail: true,
      format: 'DD-MM-YYYY HH:mm:ss',
    }),
    textColumn<AuditEntry>('module', 'Módulo', (entry) => entry.module.name, { sort: true }),
    tagColumn<AuditEntry>(
      'action',
      'Acción',
      (entry) => <ToneTag tone={actionTone(entry.action)}>{actionLabel(entry.action)}</ToneTag>,
      (entry) => actionLabel(entry.action),
      { sort: true },
    ),
    tagColumn<AuditEntry>(
      'record',
      'Registro',
      (entry) => recordLabel(entry),
      (entry) => recordLabel(entry),
    ),
    // The stock flows' own columns (issue 12): the order, the product, the lot and the branches.
    textColumn<AuditEntry>('order', 'Orden', (entry) => entry.order ?? '—', { mono: true }),
    textColumn<AuditEntry>('product', 'Producto', (entry) =>
      entry.product ? `${entry.product.name} (${entry.product.sku})` : '—',
    ),
    textColumn<AuditEntry>('stock', 'Lote', (entry) => entry.stock?.allotment || '—'),
    textColumn<AuditEntry>('originBranch', 'Origen', (entry) => entry.originBranch?.name ?? '—'),
    textColumn<AuditEntry>(
      'destinationBranch',
      'Destino',
      (entry) => entry.destinationBranch?.name ?? '—',
    ),
    textColumn<AuditEntry>('user', 'Usuario', userOf),
    tagColumn<AuditEntry>(
      'branch',
      'Sucursal',
      (entry) => entry.branch?.name ?? '—',
      (entry) => entry.branch?.name ?? '',
    ),
    tagColumn<AuditEntry>(
      'detail',
      'Detalle',
      (entry) => entry.detail ?? '—',
      (entry) => entry.detail ?? '',
    ),
    tagColumn<AuditEntry>(
      'changes',
      'Cambios',
      (entry) =>
        hasChanges(entry) ? (
          <Button
            size="small"
            icon={<DiffOutlined />}
            onClick={() => setChangesOf(entry)}
            aria-label={`Ver cambios del registro del ${formatDateTime(entry.created_at)}`}
          >
            Ver
          </Button>
        ) : (
          '—'
        ),
      (entry) => changeSummary(entry),
      { align: 'center' },
    ),
  ];

  const rowActions = [
    rowAction<AuditEntry>('changes', 'Ver cambios', 'show', <DiffOutlined />, {
      onSelect: setChangesOf,
      visible: hasChanges,
    }),
    detailAction<AuditEntry>(),
  ];

  return (
    <>
      <PageHeader
        title="Historial"
        description="Cada cambio y cada acceso queda registrado: quién, cuándo, en qué sucursal y qué cambió."
      />
      <ResourceList<AuditEntry>
        listKey={historyKeys.all[0]}
        resource="history"
        title="Historial"
        exportName="historial"
        fetchPage={fetchAuditPage}
        rowKey={(entry) => entry.id}
        rowLabel={(entry) => `${actionLabel(entry.action)} del ${formatDateTime(entry.created_at)}`}
        columns={columns}
        searchFields={[
          { value: 'detail', label: 'Detalle' },
          { value: 'user', label: 'Usuario (correo)' },
          { value: 'module', label: 'Módulo' },
          { value: 'action', label: 'Acción' },
        ]}
        filters={filters}
        defaultSort={{ field: 'created_at', order: 'DESC' }}
        rowActions={rowActions}
        detail={{
          title: (entry) => `${entry.module.name} · ${actionLabel(entry.action)}`,
          width: 760,
          render: (entry) => <EntryDetail entry={entry} />,
        }}
      />
      <Modal
        title="Cambios"
        open={changesOf !== null}
        width={760}
        onCancel={() => setChangesOf(null)}
        footer={<Button onClick={() => setChangesOf(null)}>Cerrar</Button>}
      >
        {changesOf && (
          <>
            <Typography.Paragraph style={{ color: '#51605f' }}>
              {changesOf.module.name} · {actionLabel(changesOf.action)}
              {changesOf.recordId === null ? '' : ` · ${recordLabel(changesOf)}`} ·{' '}
              {userOf(changesOf)} · {formatDateTime(changesOf.created_at, 'DD-MM-YYYY HH:mm:ss')}
            </Typography.Paragraph>
            <ChangesTable changes={changesOf.changes} module={changesOf.module.alias} />
          </>
        )}
      </Modal>
    </>
  );
}
