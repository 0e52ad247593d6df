import { Empty, Table, Typography } from 'antd';
import {
  AUDIT_HIDDEN_FIELDS,
  RESOURCES,
  auditMoneyFields,
  auditValueLabel,
  WEEK_DAYS,
  actionLabels,
  type Action,
  type AuditEntry,
  type Resource,
} from '@clinica/domain';

import { fieldLabel } from './auditLabels';
import { formatMoney } from './format';

type Changes = NonNullable<AuditEntry['changes']>;

/** A nested field's label: `kardex.address` + `city` → 'Ciudad'; the key when none is known. */
type NestedLabel = (key: string) => string;

/**
 * A value as a person reads it: text as is, nothing as a dash, lists and objects compactly. A
 * related record reads as its name, a schedule day as 'Lunes 09:00–20:00', and an object's fields
 * by their labels (`label`), never their keys.
 */
export function displayValue(
  value: unknown,
  label: NestedLabel = (key) => key,
  money: (key: string) => boolean = () => false,
): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Sí' : 'No';
  if (Array.isArray(value)) {
    return value.length === 0
      ? '—'
      : value.map((item) => displayValue(item, label, money)).join(', ');
  }
  if (typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if (typeof record.name === 'string') return record.name;
    if (typeof record.day === 'number' && 'opening' in record && 'closing' in record) {
      const hours = `${String(record.opening).slice(0, 5)}–${String(record.closing).slice(0, 5)}`;
      return `${WEEK_DAYS[record.day] ?? record.day} ${hours === '00:00–00:00' ? 'cerrado' : hours}`;
    }
    return Object.entries(record)
      .map(
        ([key, inner]) =>
          `${label(key)}: ${money(key) && typeof inner === 'number' ? formatMoney(inner) : displayValue(inner, label, money)}`,
      )
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
  if (module !== 'role') {
    return { field: fieldLabel(module, field), value: auditValueLabel(module, field, value) };
  }
  const resource = RESOURCES[field as Resource];
  return {
    field: resource?.name ?? field,
    value: Array.isArray(value)
      ? value.map((action: unknown) => actionLabels[action as Action] ?? action)
      : value,
  };
}

const isEmpty = (value: unknown) =>
  value === null || value === undefined || value === '' || (Array.isArray(value) && !value.length);

const isDay = (value: unknown): value is { day: number } =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { day?: unknown }).day === 'number';

/** Of a week's before and after, the days that changed: a new Saturday reads as just that. */
function changedDaysOnly(before: unknown, after: unknown): [unknown, unknown] {
  if (!Array.isArray(before) || !Array.isArray(after)) return [before, after];
  if (!before.every(isDay) || !after.every(isDay)) return [before, after];
  const text = (entry: unknown) => JSON.stringify(entry);
  const days = new Set([...before, ...after].map((entry) => entry.day));
  const changed = [...days].filter(
    (day) =>
      text(before.find((entry) => entry.day === day)) !==
      text(after.find((entry) => entry.day === day)),
  );
  const keep = (week: { day: number }[]) => week.filter((entry) => changed.includes(entry.day));
  return [keep(before), keep(after)];
}

/** The 'Cambios' view (spec 001 §2): before and after, one row per field. */
export function ChangesTable({
  changes,
  module = '',
}: {
  changes: Changes | null;
  module?: string;
}) {
  const moneyFields = auditMoneyFields(module);
  const rows = Object.entries(changes ?? {})
    .filter(([key]) => !AUDIT_HIDDEN_FIELDS.has(key))
    // A creation lists what was filled in, not every empty field of the record.
    .filter(([, change]) => !(isEmpty(change.before) && isEmpty(change.after)))
    .map(([key, change]) => {
      const before = readable(module, key, change.before);
      const after = readable(module, key, change.after);
      const nested: NestedLabel = (inner) => fieldLabel(module, `${key}.${inner}`, inner);
      const isMoney = (inner: string) => moneyFields.has(`${key}.${inner}`);
      const show = (value: unknown) =>
        moneyFields.has(key) && typeof value === 'number'
          ? formatMoney(value)
          : displayValue(value, nested, isMoney);
      const [was, is] = changedDaysOnly(before.value, after.value);
      return { key, field: before.field, before: show(was), after: show(is) };
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
      // Fixed columns whose text wraps: on a phone 'Después' stays in view instead of scrolling off.
      tableLayout="fixed"
      columns={[
        {
          key: 'field',
          title: 'Campo',
          width: '36%',
          render: (_, row) => <Typography.Text strong>{row.field}</Typography.Text>,
        },
        {
          key: 'before',
          title: 'Antes',
          render: (_, row) => (
            <Typography.Text style={{ color: '#8a3b12', overflowWrap: 'anywhere' }}>
              {row.before}
            </Typography.Text>
          ),
        },
        {
          key: 'after',
          title: 'Después',
          render: (_, row) => (
            <Typography.Text style={{ color: '#0b5d3b', overflowWrap: 'anywhere' }}>
              {row.after}
            </Typography.Text>
          ),
        },
      ]}
    />
  );
}
