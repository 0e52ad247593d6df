import { and, eq, exists, inArray, isNotNull, isNull, not, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  BadRequest,
  NotFound,
  PRODUCT_UPDATE_PATHS,
  productRoutes,
  type ProductRecord,
  type ProductTypeName,
  type productBody,
  type productQuery,
} from '@clinica/domain';
import type { Executor, Tx } from '../../db/client';
import { product, productCategory, productProvider, productType } from '../../db/schema';
import { audit, changesBetween, softDeleteChanges } from '../../platform/audit';
import { actorOf, type Context } from '../../platform/context';
import { AppError, invalid, notFound, whenViolated } from '../../platform/errors';
import { listPage, listSpec } from '../../platform/list';
import { found, live, lockLive, resource } from '../../platform/write';
import {
  branchesHoldingStock,
  lockProductLinks,
  presentProducts,
  productBase,
  productColumns,
  replaceProductLinks,
  type ProductRow,
} from './product-relations';

/** Products (spec 001 §2–§9): soft-deleted, refused while a branch holds them in stock. */
export const products = resource({
  table: product,
  module: 'products',
  notFound: NotFound.product,
});

const spec = listSpec(productRoutes.list.list, {
  sortable: {
    name: product.name,
    sku: product.sku,
    brand: product.brand,
    cost: product.cost,
    type: productType.name,
    id: product.id,
    created_at: product.createdAt,
  },
  searchable: {
    sku: product.sku,
    name: product.name,
    brand: product.brand,
    barCode: product.barCode,
  },
  active: product.status,
  deletedAt: product.deletedAt,
  tieBreaker: product.id,
});

/** isApproved: pending, approved or rejected; '1' approved and '0' not approved (pending or rejected). */
function approvalFilter(value: z.output<typeof productQuery>['isApproved']): SQL | undefined {
  switch (value) {
    case 'approved':
    case '1':
      return isNotNull(product.approvedAt);
    case '0':
      return isNull(product.approvedAt);
    case 'pending':
      return and(isNull(product.approvedAt), isNull(product.rejectedAt));
    case 'rejected':
      return isNotNull(product.rejectedAt);
    default:
      return undefined;
  }
}

/** GET /product (spec 001 §7): search by SKU, name, brand, barcode; approval, provider and type filters. */
export async function listProducts(ctx: Context, query: z.output<typeof productQuery>) {
  const byProvider = (providerId: number) =>
    exists(
      ctx.db
        .select({ one: sql`1` })
        .from(productProvider)
        .where(
          and(
            eq(productProvider.productId, product.id),
            eq(productProvider.providerId, providerId),
          ),
        ),
    );
  const byCategory = (categoryId: number) =>
    exists(
      ctx.db
        .select({ one: sql`1` })
        .from(productCategory)
        .where(
          and(
            eq(productCategory.productId, product.id),
            eq(productCategory.categoryId, categoryId),
          ),
        ),
    );
  const page = await listPage<typeof productColumns, ProductRow>(ctx, spec, query, {
    columns: productColumns,
    from: (select) =>
      select
        .from(product)
        .innerJoin(productType, eq(productType.id, product.productTypeId))
        .$dynamic(),
    filters: [
      approvalFilter(query.isApproved),
      query.providerId ? byProvider(query.providerId) : undefined,
      query.categoryId ? byCategory(query.categoryId) : undefined,
      query.productTypeId ? eq(product.productTypeId, query.productTypeId) : undefined,
      query.excludeType && query.excludeType.length > 0
        ? not(inArray(product.productTypeId, query.excludeType))
        : undefined,
    ],
  });
  return { meta: page.meta, items: presentProducts(page.items) };
}

export type Product = ProductRecord & { typeName: ProductTypeName };

/** A product as the API answers it, with its type's name typed, read by id (no live check). */
export async function readProduct(executor: Executor, id: number): Promise<Product> {
  const [row] = await productBase(executor).where(eq(product.id, id));
  const [record] = presentProducts([row!]);
  return { ...record!, typeName: row!.productType.name as ProductTypeName };
}

/** The record without the type name the rules read. */
export const recordOf = ({ typeName: _typeName, ...record }: Product): ProductRecord => record;

/** GET /product/{id}: a live product, else 404 code 13. */
export async function getProduct(ctx: Context, id: number): Promise<ProductRecord> {
  const [row] = await productBase(ctx.db).where(live(ctx, products, id));
  return presentProducts([found(products, row)])[0]!;
}

/**
 * Locks a live product for a change (404 code 13 otherwise) and reads it as locked: a change of
 * the product (edit, approve, reject, photos, delete) starts here, inside its transaction.
 */
export async function lockProduct(tx: Tx, ctx: Context, id: number): Promise<Product> {
  await lockLive(tx, ctx, products, id);
  return readProduct(tx, id);
}

export const skuTaken = new AppError(400, BadRequest.skuExists, [
  { field: 'sku', message: 'El SKU ya existe' },
]);

async function assertProductType(tx: Tx, typeId: number) {
  const [type] = await tx
    .select({ name: productType.name })
    .from(productType)
    .where(eq(productType.id, typeId))
    .for('key share');
  if (!type || !(type.name in PRODUCT_UPDATE_PATHS))
    throw invalid({ field: 'productTypeId', message: 'El tipo de producto no existe' });
}

/**
 * POST /product/create: the product starts pending and active; an approver sets its prices later.
 * Its type, providers and categories are checked and held FOR KEY SHARE in the transaction.
 */
export async function createProduct(ctx: Context, body: z.output<typeof productBody>) {
  const now = ctx.clock.now();
  const { providersIds, categoriesIds, ...fields } = body;
  return whenViolated(
    () =>
      ctx.db.transaction(async (tx) => {
        await assertProductType(tx, body.productTypeId);
        await lockProductLinks(tx, ctx, body);
        const [row] = await tx
          .insert(product)
          .values({ ...fields, status: true, createdAt: now, updatedAt: now })
          .returning({ id: product.id });
        await replaceProductLinks(tx, row!.id, { providersIds, categoriesIds });
        const record = recordOf(await readProduct(tx, row!.id));
        await audit(
          tx,
          actorOf(ctx),
          {
            module: 'products',
            action: 'create',
            recordId: row!.id,
            productId: row!.id,
            changes: changesBetween(null, record),
          },
          now,
        );
        return record;
      }),
    { product_sku_unique: skuTaken },
  );
}

/**
 * POST|DELETE /product/{id}/delete: soft delete, refused while a branch holds it in stock
 * (404 code 35). The stock check and the delete share one transaction with the row locked.
 */
export async function deleteProduct(ctx: Context, id: number) {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    await lockLive(tx, ctx, products, id);
    if ((await branchesHoldingStock(tx, id)) > 0) throw notFound(NotFound.productInStock);
    await tx.update(product).set({ deletedAt: now, updatedAt: now }).where(eq(product.id, id));
    await audit(
      tx,
      actorOf(ctx),
      {
        module: 'products',
        action: 'delete',
        recordId: id,
        productId: id,
        changes: softDeleteChanges(now),
      },
      now,
    );
  });
  return { id };
}
