import { useEffect, useSyncExternalStore } from 'react';

/**
 * What the record's breadcrumb says when the screen is not an edit: a record's form may open as a
 * review ('Revisar'), an approval ('Aprobar') or a receipt ('Confirmar recepción'), which only the
 * loaded record decides. The screen names itself here; the layout's breadcrumb reads it.
 */

let current: string | null = null;
const listeners = new Set<() => void>();

function publish(label: string | null) {
  if (current === label) return;
  current = label;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Names the open record's breadcrumb while the screen is shown (null: the default wording). */
export function useRecordCrumb(label: string | null): void {
  useEffect(() => {
    publish(label);
    return () => publish(null);
  }, [label]);
}

/** The open record's breadcrumb as its screen named it, or null. */
export function useRecordCrumbLabel(): string | null {
  return useSyncExternalStore(subscribe, () => current);
}
