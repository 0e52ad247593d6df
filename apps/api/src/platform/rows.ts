/** Small helpers for shaping database rows into answers, shared by every module. */

/** An instant as the API answers it (ISO 8601), or null. */
export const iso = (value: Date | null): string | null => value?.toISOString() ?? null;

/** Groups `{ owner, ...item }` rows into a map from owner id to its items. */
export function groupBy<R, K extends keyof R>(rows: R[], key: K): Map<R[K], Omit<R, K>[]> {
  const groups = new Map<R[K], Omit<R, K>[]>();
  for (const row of rows) {
    const { [key]: owner, ...rest } = row;
    const list = groups.get(owner) ?? [];
    list.push(rest as Omit<R, K>);
    groups.set(owner, list);
  }
  return groups;
}
