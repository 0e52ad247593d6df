import { Empty, Table, Typography } from 'antd';
import {
  RESOURCES,
  actionLabels,
  type Action,
  type AuditEntry,
  type Resource,
} from '@clinica/domain';

import { fieldLabel } from '../../shared/auditLabels';

type Changes = NonNullable<AuditEntry['changes']>;

/** A value as a person reads it: text as is, nothing as a dash, lists and objects compactly. */
export function displayValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Sí' : 'No';
  if (Array.isArray(value)) return value.length === 0 ? '—' : value.map(displayValue).join(', ');
  if (typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>)
      .map(([key, inner]) => `${key}: ${displayValue(inner)}`)
      .join('; ');
  }
  return String(value);
}

/**
 * A role's change is a privilege map: its fields are resource keys and its values action keys,
 * shown with the names the role editor uses.
 */
function readable(
  module: string,
  field: string,
  value: unknown,
): { field: string; value: unknown } {
  if (module !== 'role') return { field: fieldLabel(module, field), value };
  const resource = RESOURCES[field as Resource];
  return {
    field: resource?.name ?? field,
    value: Array.isArray(value)
      ? value.map((action: unknown) => actionLabels[action as Action] ?? action)
      : value,
  };
}

/** The 'Cambios' view (spec 001 §2): before and after, one row per field. */
export function ChangesTable({
  changes,
  module = '',
}: {
  changes: Changes | null;
  module?: string;
}) {
  const rows = Object.entries(changes ?? {}).map(([key, change]) => {
    const before = readable(module, key, change.before);
    const after = readable(module, key, change.after);
    return { key, field: before.field, before: before.value, after: after.value };
  });
  if (rows.length === 0) {
    return <Empty description="Este movimiento no registró cambios de campos" />;
  }
  return (
    <Table
      size="small"
      rowKey="key"
      pagination={false}
      dataSource={rows}
      scroll={{ x: 'max-content' }}
      columns={[
        {
          key: 'field',
          title: 'Campo',
          render: (_, row) => <Typography.Text strong>{row.field}</Typography.Text>,
        },
        {
          key: 'before',
          title: 'Antes',
          render: (_, row) => (
            <Typography.Text style={{ color: '#8a3b12' }}>
              {displayValue(row.before)}
            </Typography.Text>
          ),
        },
        {
          key: 'after',
          title: 'Después',
          render: (_, row) => (
            <Typography.Text style={{ color: '#0b5d3b' }}>
              {displayValue(row.after)}
            </Typography.Text>
          ),
        },
      ]}
    />
  );
}
