import { and, eq, inArray } from 'drizzle-orm';
import { NotFound } from '@clinica/domain';
import type { Tx } from '../../db/client';
import { appliance, branch, category, product, provider } from '../../db/schema';
import type { Context } from '../../platform/context';
import { invalid } from '../../platform/errors';
import { lockReferences, resource } from '../../platform/write';

/** Helpers the catalogue's services share. */

export const iso = (value: Date | null): string | null => value?.toISOString() ?? null;

/**
 * The records a catalogue entry links to, as the write path locks them (`lockReferences`, FOR KEY
 * SHARE): their delete waits for the link to commit and then sees it.
 */
export const categoryRefs = resource({
  table: category,
  module: 'category',
  notFound: NotFound.category,
});
export const providerRefs = resource({
  table: provider,
  module: 'providers',
  notFound: NotFound.provider,
});
export const applianceRefs = resource({
  table: appliance,
  module: 'appliances',
  notFound: NotFound.appliance,
});
export const productRefs = resource({
  table: product,
  module: 'products',
  notFound: NotFound.product,
});
export const branchRefs = resource({ table: branch, module: 'branch', notFound: NotFound.branch });

/**
 * Links to live categories of the given type (products use 'product', treatments 'treatment'),
 * holding them FOR KEY SHARE so a category delete waits and then sees the link (404 code 34).
 */
export async function lockCategories(
  tx: Tx,
  ctx: Pick<Context, 'session'>,
  ids: number[],
  type: 'product' | 'treatment',
) {
  if (ids.length === 0) return;
  const label = type === 'product' ? 'de producto' : 'de tratamiento';
  const missing = invalid({
    field: 'categoriesIds',
    message: `Alguna categoría no existe o no es ${label}`,
  });
  await lockReferences(tx, ctx, categoryRefs, ids, missing);
  const ofType = await tx
    .select({ id: category.id })
    .from(category)
    .where(and(inArray(category.id, ids), eq(category.type, type)));
  if (ofType.length !== new Set(ids).size) throw missing;
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
