/**
 * A route's breadcrumb: a fixed label, or 'record' for the `/{id}` and `/crear` segment, shown
 * as 'Editar' when an id is present and 'Crear' otherwise (spec 000 §2).
 */
export type Crumb = string;

export interface CrumbHandle {
  crumb?: Crumb;
}

export function crumbLabel(crumb: Crumb, params: Record<string, string | undefined>): string {
  if (crumb !== 'record') return crumb;
  return params.id && params.id !== 'crear' ? 'Editar' : 'Crear';
}
