import type { ReactNode } from 'react';
import { EditOutlined, EyeOutlined } from '@ant-design/icons';
import type { Action } from '@clinica/domain';
import type { RowAction } from './types';

/**
 * Row-action helpers. Each action names the privilege it needs on the list's resource, and the
 * list offers it only to who holds it; 'Eliminar' comes from the list's `remove` (privilege
 * `delete`) and never needs declaring.
 */

/** Opens the list's detail (privilege `show`). */
export function detailAction<T>(label = 'Ver detalle'): RowAction<T> {
  return { key: 'detail', label, action: 'show', icon: <EyeOutlined />, opensDetail: true };
}

/** Goes to the record's form (privilege `edit`). */
export function editAction<T>(to: (row: T) => string): RowAction<T> {
  return { key: 'edit', label: 'Editar', action: 'edit', icon: <EditOutlined />, to };
}

/** Any other action, behind the privilege it names. */
export function rowAction<T>(
  key: string,
  label: string,
  action: Action,
  icon: ReactNode,
  run: Pick<RowAction<T>, 'to' | 'onSelect' | 'opensDetail' | 'visible'>,
): RowAction<T> {
  return { key, label, action, icon, ...run };
}

/** 'Ver detalle' and 'Editar' at `{listPath}/{id}`: what most lists offer. */
export function recordActions<T extends { id: number }>(listPath: string): RowAction<T>[] {
  return [detailAction<T>(), editAction<T>((row) => `${listPath}/${row.id}`)];
}
