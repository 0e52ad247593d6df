import { Descriptions, Typography } from 'antd';
import type { DescriptionsProps } from 'antd';
import type { AuditEntry } from '@clinica/domain';
import { formatDateTime } from '../../shared/format';
import { fullNameOf } from '../../shared/people';
import { ToneTag } from '../../shared/Tone';
import { ChangesTable } from '../../shared/ChangesTable';
import { actionLabel, actionTone, recordLabel } from '../../shared/auditLabels';

export const userOf = (entry: AuditEntry) => (entry.user ? fullNameOf(entry.user) : 'Sistema');

type Item = NonNullable<DescriptionsProps['items']>[number];

/**
 * What a stock flow moved (spec 001 §3 history entry): product, lot, the branches units left and
 * reached, and the order. Only the ones the entry recorded; most entries are not about stock.
 */
export function stockFlowItems(entry: AuditEntry): Item[] {
  const items: Item[] = [];
  if (entry.product) {
    items.push({
      key: 'product',
      label: 'Producto',
      children: `${entry.product.name} (${entry.product.sku})`,
    });
  }
  if (entry.stock)
    items.push({ key: 'stock', label: 'Lote', children: entry.stock.allotment || '—' });
  if (entry.originBranch) {
    items.push({ key: 'origin', label: 'Sucursal origen', children: entry.originBranch.name });
  }
  if (entry.destinationBranch) {
    items.push({
      key: 'destination',
      label: 'Sucursal destino',
      children: entry.destinationBranch.name,
    });
  }
  if (entry.order) items.push({ key: 'order', label: 'Orden', children: entry.order });
  // The last one fills its row, so the full-width 'Detalle' after it starts a row of its own.
  const last = items.at(-1);
  if (last) last.span = 'filled';
  return items;
}

/** The detail of one history entry: who, when, where, what it touched, and its changes. */
export function EntryDetail({ entry }: { entry: AuditEntry }) {
  return (
    <>
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2 }}
        bordered
        items={[
          {
            key: 'date',
            label: 'Fecha',
            children: formatDateTime(entry.created_at, 'DD-MM-YYYY HH:mm:ss'),
          },
          { key: 'module', label: 'Módulo', children: entry.module.name },
          {
            key: 'action',
            label: 'Acción',
            children: (
              <ToneTag tone={actionTone(entry.action)}>{actionLabel(entry.action)}</ToneTag>
            ),
          },
          { key: 'record', label: 'Registro', children: recordLabel(entry) },
          { key: 'user', label: 'Usuario', children: userOf(entry) },
          { key: 'branch', label: 'Sucursal', children: entry.branch?.name ?? '—' },
          ...stockFlowItems(entry),
          { key: 'detail', label: 'Detalle', children: entry.detail ?? '—', span: 2 },
        ]}
      />
      <Typography.Title level={2} style={{ fontSize: 16, margin: '20px 0 12px' }}>
        Cambios
      </Typography.Title>
      <ChangesTable changes={entry.changes} module={entry.module.alias} />
    </>
  );
}
