import type { Action, Resource } from '@clinica/domain';

/**
 * Where each figure of the home leads: the screen that holds it, opened on that branch and day
 * (the lists read `filtro.<name>` from the address: shared/list/listQuery.ts), or nothing when the
 * user may not open that screen.
 */

type Can = (resource: Resource, action: Action) => boolean;

const query = (entries: Record<string, string | number>) =>
  new URLSearchParams(
    Object.entries(entries).map(([key, value]) => [key, String(value)] as [string, string]),
  ).toString();

export function homeLinks(can: Can, branchId: number, day: string) {
  const onDay = `${day},${day}`;
  return {
    agenda: can('agenda', 'view') ? `/dashboard/agenda?${query({ date: day, branchId })}` : null,
    sales: can('sales', 'view')
      ? `/dashboard/ventas-en-sucursal?${query({ 'filtro.branchId': branchId, 'filtro.dates': onDay })}`
      : null,
    dailySales: can('reports', 'view') ? '/dashboard/reportes?reporte=daily-sales' : null,
    goals: can('goal', 'view') ? '/dashboard/metas' : null,
    expiring: can('inventory', 'view')
      ? `/dashboard/inventario?${query({ 'filtro.branchId': branchId, 'filtro.color': 'danger' })}`
      : null,
    belowMin: can('inventory', 'view')
      ? `/dashboard/inventario?${query({ 'filtro.branchId': branchId, 'filtro.color': 'volcano' })}`
      : null,
    closings: can('cashClosing', 'view')
      ? `/dashboard/corte-sucursal?${query({ 'filtro.branchId': branchId, 'filtro.dates': onDay })}`
      : null,
  };
}

export type HomeLinks = ReturnType<typeof homeLinks>;
