import { useMemo, useState } from 'react';
import { Button, Modal, Typography } from 'antd';
import { DiffOutlined, EyeOutlined } from '@ant-design/icons';
import type { AuditEntry } from '@clinica/domain';
import { PageHeader } from '../../shared/PageHeader';
import { ResourceList } from '../../shared/list/ResourceList';
import type { ListColumn, ListFilter, RowAction } from '../../shared/list/types';
import { formatDateTime } from '../../shared/format';
import { fetchAuditPage, historyKeys } from './api';
import { ToneTag } from '../../shared/Tone';
import { ChangesTable } from './ChangesTable';
import { EntryDetail, userOf } from './EntryDetail';
import {
  AUDIT_ACTIONS,
  EXTRA_AUDIT_MODULES,
  actionTone,
  actionLabel,
} from '../../shared/auditLabels';
import { useModules } from '../../shared/lookups';

const hasChanges = (entry: AuditEntry) => Object.keys(entry.changes ?? {}).length > 0;

/** `/dashboard/historial`: every audited change and sign-in event, with its before and after. */
export function HistoryPage() {
  const modules = useModules();
  const [changesOf, setChangesOf] = useState<AuditEntry | null>(null);

  const filters = useMemo<ListFilter[]>(
    () => [
      {
        kind: 'select',
        name: 'module',
        label: 'Módulo',
        loading: modules.isLoading,
        width: 200,
        options: [
          ...EXTRA_AUDIT_MODULES,
          ...(modules.data ?? []).map((entry) => ({ value: entry.alias, label: entry.name })),
        ],
      },
      {
        kind: 'select',
        name: 'action',
        label: 'Acción',
        width: 220,
        options: Object.entries(AUDIT_ACTIONS).map(([value, { label }]) => ({ value, label })),
      },
      { kind: 'dateRange', name: 'dates', label: 'Fecha', fromParam: 'from', toParam: 'to' },
    ],
    [modules.data, modules.isLoading],
  );

  const columns: ListColumn<AuditEntry>[] = [
    {
      key: 'created_at',
      title: 'Fecha',
      sortField: 'created_at',
      opensDetail: true,
      render: (entry) => formatDateTime(entry.created_at, 'DD-MM-YYYY HH:mm:ss'),
      exportValue: (entry) => formatDateTime(entry.created_at, 'DD-MM-YYYY HH:mm:ss'),
    },
    {
      key: 'module',
      title: 'Módulo',
      sortField: 'module',
      render: (entry) => entry.module.name,
      exportValue: (entry) => entry.module.name,
    },
    {
      key: 'action',
      title: 'Acción',
      sortField: 'action',
      render: (entry) => (
        <ToneTag tone={actionTone(entry.action)}>{actionLabel(entry.action)}</ToneTag>
      ),
      exportValue: (entry) => actionLabel(entry.action),
    },
    {
      key: 'record',
      title: 'Registro',
      align: 'right',
      render: (entry) => (entry.recordId === null ? '—' : `#${entry.recordId}`),
      exportValue: (entry) => entry.recordId,
    },
    { key: 'user', title: 'Usuario', render: userOf, exportValue: userOf },
    {
      key: 'branch',
      title: 'Sucursal',
      render: (entry) => entry.branch?.name ?? '—',
      exportValue: (entry) => entry.branch?.name ?? '',
    },
    {
      key: 'detail',
      title: 'Detalle',
      render: (entry) => entry.detail ?? '—',
      exportValue: (entry) => entry.detail ?? '',
    },
    {
      key: 'changes',
      title: 'Cambios',
      align: 'center',
      render: (entry) =>
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
      exportValue: (entry) =>
        Object.entries(entry.changes ?? {})
          .map(
            ([field, change]) =>
              `${field}: ${JSON.stringify(change.before)} → ${JSON.stringify(change.after)}`,
          )
          .join(' | '),
    },
  ];

  const rowActions: RowAction<AuditEntry>[] = [
    {
      key: 'changes',
      label: 'Ver cambios',
      action: 'show',
      icon: <DiffOutlined />,
      onSelect: setChangesOf,
      visible: hasChanges,
    },
    {
      key: 'detail',
      label: 'Ver detalle',
      action: 'show',
      icon: <EyeOutlined />,
      opensDetail: true,
    },
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
              {changesOf.recordId === null ? '' : ` · registro #${changesOf.recordId}`} ·{' '}
              {userOf(changesOf)} · {formatDateTime(changesOf.created_at, 'DD-MM-YYYY HH:mm:ss')}
            </Typography.Paragraph>
            <ChangesTable changes={changesOf.changes} module={changesOf.module.alias} />
          </>
        )}
      </Modal>
    </>
  );
}
