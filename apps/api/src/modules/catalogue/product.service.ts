import {
  and,
  count,
  eq,
  exists,
  inArray,
  isNotNull,
  isNull,
  not,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import {
  BadRequest,
  NotFound,
  PRODUCT_UPDATE_PATHS,
  type ProductRecord,
  type ProductTypeName,
  type productBody,
  type productQuery,
} from '@clinica/domain';
import type { Executor } from '../../db/client';
import { product, productCategory, productProvider, productType } from '../../db/schema';
import { audit, changesBetween, softDeleteChanges } from '../../platform/audit';
import { AppError, invalid, notFound, whenViolated } from '../../platform/errors';
import { planList, runList, type ListSpec } from '../../platform/list';
import type { Session } from '../../platform/session';
import {
  assertProductReferences,
  branchesHoldingStock,
  presentProducts,
  productBase,
  replaceProductLinks,
} from './product-relations';
import { actorOf } from './shared';

const spec: ListSpec = {
  sortable: {
    name: product.name,
    sku: product.sku,
    brand: product.brand,
    cost: product.cost,
    type: productType.name,
    id: product.id,
    created_at: product.createdAt,
  },
  defaultSort: 'created_at',
  searchable: {
    sku: product.sku,
    name: product.name,
    brand: product.brand,
    barCode: product.barCode,
  },
  defaultSearch: ['sku', 'name', 'brand', 'barCode'],
  active: product.status,
  deletedAt: product.deletedAt,
  tieBreaker: product.id,
};

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
export async function listProducts(app: FastifyInstance, query: z.output<typeof productQuery>) {
  const byProvider = (providerId: number) =>
    exists(
      app.db
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
      app.db
        .select({ one: sql`1` })
        .from(productCategory)
        .where(
          and(
            eq(productCategory.productId, product.id),
            eq(productCategory.categoryId, categoryId),
          ),
        ),
    );
  const filters: (SQL | undefined)[] = [
    approvalFilter(query.isApproved),
    query.providerId ? byProvider(query.providerId) : undefined,
    query.categoryId ? byCategory(query.categoryId) : undefined,
    query.productTypeId ? eq(product.productTypeId, query.productTypeId) : undefined,
    query.excludeType && query.excludeType.length > 0
      ? not(inArray(product.productTypeId, query.excludeType))
      : undefined,
  ];
  const plan = planList(spec, query, ...filters);
  const page = await runList(plan, {
    rows: ({ where, orderBy, limit, offset }) =>
      productBase(app.db)
        .where(where)
        .orderBy(...orderBy)
        .limit(limit)
        .offset(offset),
    count: async (where) =>
      (
        await app.db
          .select({ total: count() })
          .from(product)
          .innerJoin(productType, eq(productType.id, product.productTypeId))
          .where(where)
      )[0]?.total ?? 0,
  });
  return { meta: page.meta, items: await presentProducts(app.db, page.items) };
}

/** One live product, its type's name typed; 404 code 13 otherwise. `lock` holds the row for a change. */
export async function findProduct(
  executor: Executor,
  id: number,
  options: { lock?: boolean } = {},
): Promise<ProductRecord & { typeName: ProductTypeName }> {
  const query = productBase(executor).where(and(eq(product.id, id), isNull(product.deletedAt)));
  const [row] = options.lock ? await query.for('update', { of: product }) : await query;
  if (!row) throw notFound(NotFound.product);
  const [record] = await presentProducts(executor, [row]);
  return { ...record!, typeName: row.productType.name as ProductTypeName };
}

export async function getProduct(app: FastifyInstance, id: number): Promise<ProductRecord> {
  const { typeName: _typeName, ...record } = await findProduct(app.db, id);
  return record;
}

export const skuTaken = new AppError(400, BadRequest.skuExists, [
  { field: 'sku', message: 'El SKU ya existe' },
]);

async function assertProductType(executor: Executor, typeId: number) {
  const [found] = await executor
    .select({ name: productType.name })
    .from(productType)
    .where(eq(productType.id, typeId));
  if (!found || !(found.name in PRODUCT_UPDATE_PATHS))
    throw invalid({ field: 'productTypeId', message: 'El tipo de producto no existe' });
}

/** POST /product/create: the product starts pending and active; an approver sets its prices later. */
export async function createProduct(
  app: FastifyInstance,
  session: Session,
  body: z.output<typeof productBody>,
) {
  await assertProductType(app.db, body.productTypeId);
  await assertProductReferences(app.db, body);
  const now = app.clock.now();
  const { providersIds, categoriesIds, ...fields } = body;
  return whenViolated(
    () =>
      app.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(product)
          .values({ ...fields, status: true, createdAt: now, updatedAt: now })
          .returning({ id: product.id });
        await replaceProductLinks(tx, row!.id, { providersIds, categoriesIds });
        const { typeName: _typeName, ...record } = await findProduct(tx, row!.id);
        await audit(
          tx,
          actorOf(session),
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
export async function deleteProduct(app: FastifyInstance, session: Session, id: number) {
  const now = app.clock.now();
  await app.db.transaction(async (tx) => {
    await findProduct(tx, id, { lock: true });
    if ((await branchesHoldingStock(tx, id)) > 0) throw notFound(NotFound.productInStock);
    await tx.update(product).set({ deletedAt: now, updatedAt: now }).where(eq(product.id, id));
    await audit(
      tx,
      actorOf(session),
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
