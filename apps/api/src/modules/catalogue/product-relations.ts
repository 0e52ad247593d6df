import { eq, sql } from 'drizzle-orm';
import {
  approvalLabels,
  approvalStatusOf,
  contentLabel,
  costWithTax,
  type ProductRecord,
} from '@clinica/domain';
import type { Executor, Tx } from '../../db/client';
import type { Context } from '../../platform/context';
import { lockReferences } from '../../platform/write';
import {
  catalogPhoto,
  category,
  product,
  productCategory,
  productProvider,
  productType,
  provider,
} from '../../db/schema';
import { invalid } from '../../platform/errors';
import { jsonRows } from '../../platform/json-rows';
import { lotsWithUnits } from '../inventory/holdings';
import { providerRefs } from '../../platform/references';
import { iso } from '../../platform/rows';
import { lockCategories } from './shared';

type Named = { id: number; name: string };

/**
 * A product's row with its type and its lists (providers, categories, photos), read in the same
 * statement: a list page is one round trip (the lists were three more queries a page).
 */
export const productColumns = {
  id: product.id,
  sku: product.sku,
  name: product.name,
  brand: product.brand,
  barCode: product.barCode,
  description: product.description,
  contentType: product.contentType,
  content: product.content,
  measureUnit: product.measureUnit,
  cost: product.cost,
  tax: product.tax,
  productType: { id: productType.id, name: productType.name },
  status: product.status,
  approvedAt: product.approvedAt,
  rejectedAt: product.rejectedAt,
  indirectExpenses: product.indirectExpenses,
  franchiseTax: product.franchiseTax,
  additionalCostFranchise: product.additionalCostFranchise,
  franchisePrice: product.franchisePrice,
  profitPorcentage: product.profitPorcentage,
  salePrice: product.salePrice,
  points: product.points,
  createdAt: product.createdAt,
  deletedAt: product.deletedAt,
  providers: jsonRows<Named>(
    { id: provider.id, name: provider.name },
    sql`FROM ${productProvider} JOIN ${provider} ON ${provider.id} = ${productProvider.providerId}
        WHERE ${productProvider.productId} = ${product.id}`,
    [provider.name, provider.id],
  ),
  categories: jsonRows<Named>(
    { id: category.id, name: category.name },
    sql`FROM ${productCategory} JOIN ${category} ON ${category.id} = ${productCategory.categoryId}
        WHERE ${productCategory.productId} = ${product.id}`,
    [category.name, category.id],
  ),
  photos: jsonRows<Named>(
    { id: catalogPhoto.id, name: catalogPhoto.name },
    sql`FROM ${catalogPhoto} WHERE ${catalogPhoto.productId} = ${product.id}`,
    [catalogPhoto.id],
  ),
};

export const productBase = (executor: Executor) =>
  executor
    .select(productColumns)
    .from(product)
    .innerJoin(productType, eq(productType.id, product.productTypeId));
export type ProductRow = Awaited<ReturnType<ReturnType<typeof productBase>['execute']>>[number];

/** The records of some product rows, with the approval label and the computed prices. */
export function presentProducts(rows: ProductRow[]): ProductRecord[] {
  return rows.map(
    ({ approvedAt, rejectedAt, createdAt, deletedAt, contentType, measureUnit, ...row }) => {
      const approvalStatus = approvalStatusOf({ approved_at: approvedAt, rejected_at: rejectedAt });
      return {
        ...row,
        contentType: contentType as ProductRecord['contentType'],
        measureUnit: measureUnit as ProductRecord['measureUnit'],
        contentLabel: contentLabel(row.content, measureUnit, contentType),
        costWithTax: costWithTax(row.cost, row.tax),
        approvalStatus,
        approvalLabel: approvalLabels[approvalStatus],
        approved_at: iso(approvedAt),
        rejected_at: iso(rejectedAt),
        created_at: createdAt.toISOString(),
        deleted_at: iso(deletedAt),
      };
    },
  );
}

/**
 * Links a product to live providers and product categories, holding them FOR KEY SHARE until the
 * write commits, so their delete waits and then sees the link.
 */
export async function lockProductLinks(
  tx: Tx,
  ctx: Pick<Context, 'session'>,
  links: { providersIds?: number[]; categoriesIds?: number[] },
) {
  await lockReferences(
    tx,
    ctx,
    providerRefs,
    links.providersIds ?? [],
    invalid({ field: 'providersIds', message: 'Algún proveedor no existe' }),
  );
  await lockCategories(tx, ctx, links.categoriesIds ?? [], 'product');
}

/** Replaces the lists the body sends; a list left out keeps its rows. */
export async function replaceProductLinks(
  executor: Executor,
  productId: number,
  links: { providersIds?: number[]; categoriesIds?: number[] },
) {
  if (links.providersIds) {
    await executor.delete(productProvider).where(eq(productProvider.productId, productId));
    await executor
      .insert(productProvider)
      .values(links.providersIds.map((providerId) => ({ productId, providerId })));
  }
  if (links.categoriesIds) {
    await executor.delete(productCategory).where(eq(productCategory.productId, productId));
    await executor
      .insert(productCategory)
      .values(links.categoriesIds.map((categoryId) => ({ productId, categoryId })));
  }
}

/**
 * How many branches hold the product in stock, which forbids deleting it (spec 001 §8, 404 code
 * 35). Call it with the product row locked FOR UPDATE (see `lotsWithUnits`).
 */
export async function branchesHoldingStock(executor: Executor, productId: number): Promise<number> {
  const lots = await lotsWithUnits(executor, { productId });
  return new Set(lots.map((lot) => lot.branchId)).size;
}
