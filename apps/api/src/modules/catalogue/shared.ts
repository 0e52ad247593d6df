import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { category } from '../../db/schema';
import type { Context } from '../../platform/context';
import { invalid } from '../../platform/errors';
import { categoryRefs } from '../../platform/references';
import { lockReferences } from '../../platform/write';

/** What the catalogue's services share. */

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
