import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { NotFound, type assortmentProductChoice } from '@clinica/domain';
import { branch, maxMin, product } from '../../db/schema';
import type { Context } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { branchForWrite } from '../../platform/write';

/**
 * GET /assortment-order/products: what a branch may ask the distribution centre for (every live,
 * active, approved product) with the branch's max and min of each, so the order form offers them
 * and refuses a quantity above the max before the create does (spec 001 §5; the create checks it
 * again). A role fixed to its branch reads its own (another is 404 code 6, as if it did not
 * exist); the others the one they name, or their session's. Read without the products' list
 * privilege: a franchisee orders without seeing the catalogue.
 */
export async function assortmentOrderProducts(
  ctx: Context,
  query: { branchId?: number },
): Promise<z.input<typeof assortmentProductChoice>[]> {
  const branchId = branchForWrite(ctx, query.branchId);
  const [at] = await ctx.db
    .select({ id: branch.id })
    .from(branch)
    .where(and(eq(branch.id, branchId), isNull(branch.deletedAt)));
  if (!at) throw notFound(NotFound.branch);
  return ctx.db
    .select({
      productId: product.id,
      sku: product.sku,
      name: product.name,
      max: maxMin.max,
      min: maxMin.min,
    })
    .from(product)
    .leftJoin(
      maxMin,
      and(
        eq(maxMin.productId, product.id),
        eq(maxMin.branchId, branchId),
        isNull(maxMin.deletedAt),
      ),
    )
    .where(and(isNull(product.deletedAt), eq(product.status, true), isNotNull(product.approvedAt)))
    .orderBy(asc(product.name), asc(product.id));
}
