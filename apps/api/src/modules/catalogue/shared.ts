import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { category } from '../../db/schema';
import type { AuditActor } from '../../platform/audit';
import { invalid } from '../../platform/errors';
import type { Session } from '../../platform/session';

/** Helpers the catalogue's services share. */

export const actorOf = (session: Session): AuditActor => ({
  userId: session.userId,
  branchId: session.branchId,
});

export const iso = (value: Date | null): string | null => value?.toISOString() ?? null;

/** Keeps only the keys whose value was sent: an update leaves out what it does not change. */
export function sentOnly<T extends Record<string, unknown>>(values: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(values).filter(([, value]) => value !== undefined),
  ) as Partial<T>;
}

/** Every id must be a live category of the given type (products use 'product', treatments 'treatment'). */
export async function assertCategories(
  executor: Executor,
  ids: number[],
  type: 'product' | 'treatment',
) {
  if (ids.length === 0) return;
  const found = await executor
    .select({ id: category.id })
    .from(category)
    .where(and(inArray(category.id, ids), eq(category.type, type), isNull(category.deletedAt)));
  if (found.length !== ids.length) {
    const label = type === 'product' ? 'de producto' : 'de tratamiento';
    throw invalid({
      field: 'categoriesIds',
      message: `Alguna categoría no existe o no es ${label}`,
    });
  }
}

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
