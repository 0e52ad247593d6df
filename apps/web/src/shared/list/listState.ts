import { useCallback, useRef, useSyncExternalStore } from 'react';
import { DEFAULT_TAKE } from '@clinica/domain';
import { onSessionEnd } from '../session/store';

/**
 * Each list's page, size, sort, search and filters, kept for the session (spec 000 §3: the
 * session's local state carries pagination and filters) so they survive going to a form and
 * back, and a reload of the tab. They are forgotten when the session ends.
 */

export type FilterValue = string | number | boolean | (string | number)[] | null;

export interface ListState {
  page: number;
  /** A page size, or 'all' for the total option. */
  take: number | 'all';
  order: 'ASC' | 'DESC';
  field: string | null;
  searchField: string | null;
  searchValue: string;
  filters: Record<string, FilterValue>;
}

export function defaultListState(overrides: Partial<ListState> = {}): ListState {
  return {
    page: 1,
    take: DEFAULT_TAKE,
    order: 'DESC',
    field: null,
    searchField: null,
    searchValue: '',
    filters: {},
    ...overrides,
  };
}

const STORAGE_KEY = 'clinica.lists';
const listeners = new Set<() => void>();
let states: Record<string, ListState> = read();

function read(): Record<string, ListState> {
  try {
    const text = typeof sessionStorage === 'undefined' ? null : sessionStorage.getItem(STORAGE_KEY);
    return text ? (JSON.parse(text) as Record<string, ListState>) : {};
  } catch {
    return {};
  }
}

function write(next: Record<string, ListState>): void {
  states = next;
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(next));
  } catch {
    // A full or disabled storage only costs the memory across reloads.
  }
  for (const listener of listeners) listener();
}

onSessionEnd(() => {
  sessionStorage.removeItem(STORAGE_KEY);
  write({});
});

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function resetListStates(): void {
  write({});
}

export function useListState(key: string, defaults: ListState) {
  // The defaults are the screen's configuration: the first ones given hold for the list's life.
  const initial = useRef(defaults);
  const snapshot = useSyncExternalStore(
    subscribe,
    () => states[key],
    () => states[key],
  );
  const state = snapshot ?? initial.current;
  const update = useCallback(
    (change: Partial<ListState>) => {
      write({ ...states, [key]: { ...(states[key] ?? initial.current), ...change } });
    },
    [key],
  );
  return [state, update] as const;
}
