import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import {
  Conflict,
  NotFound,
  PRODUCT_UPDATE_PATHS,
  approvalMessages,
  expectedFranchisePrice,
  financialProblems,
  financialLabels,
  hasPrivilege,
  productEditRules,
  reviewRefusal,
  type FinancialField,
  type ProductFinancials,
  type ProductUpdatePath,
  type productApproveBody,
  type productRejectBody,
  type productUpdateBody,
} from '@clinica/domain';
import type { Executor } from '../../db/client';
import { catalogPhoto, product } from '../../db/schema';
import { audit, changesBetween } from '../../platform/audit';
import { actorOf, type Context } from '../../platform/context';
import { AppError, forbidden, invalid, notFound, whenViolated } from '../../platform/errors';
import { lockProductLinks, replaceProductLinks } from './product-relations';
import { lockProduct, readProduct, recordOf, skuTaken, type Product } from './product.service';

/** Editing a product by its type's path, and the approver's decisions (spec 001 §4–§5). */

const FINANCIAL_FIELDS = Object.keys(financialLabels) as FinancialField[];

const stateConflict = (message: string) =>
  new AppError(409, Conflict.saveFailed, [{ field: 'approvalStatus', message }]);

/** The financial fields as stored, with the body's changes, and the franchise price from the formula. */
function pricedFinancials(
  current: Product,
  sent: ProductFinancials,
  prices: { cost: number; tax: number },
) {
  const merged: ProductFinancials = {};
  for (const field of FINANCIAL_FIELDS)
    merged[field] = sent[field] === undefined ? current[field] : sent[field];
  return { ...merged, franchisePrice: expectedFranchisePrice(merged, prices) };
}

/** The financial fields a body sends that differ from the stored ones. */
function changedFinancials(current: Product, body: ProductFinancials): FinancialField[] {
  return FINANCIAL_FIELDS.filter(
    (field) => body[field] !== undefined && body[field] !== current[field],
  );
}

function assertFinancials(
  current: Product,
  values: ProductFinancials,
  prices: { cost: number; tax: number },
) {
  const problems = financialProblems(current.typeName, values, prices);
  if (problems.length > 0) throw new AppError(400, 0, problems);
}

/**
 * The columns an edit sets, checked against the product as locked and the approval rules of
 * `packages/domain` (the form shows the same): the path must be its type's, financial fields need
 * approve and a product that is not rejected, a rejected product keeps its active flag and goes
 * back to pending, and the franchise price follows the formula whenever cost, tax or a
 * percentage changes.
 */
function productChanges(
  current: Product,
  ctx: Context,
  path: ProductUpdatePath,
  body: z.output<typeof productUpdateBody>,
) {
  const expected = PRODUCT_UPDATE_PATHS[current.typeName];
  if (path !== expected) {
    throw new AppError(400, 0, [
      {
        field: 'productTypeId',
        message: `El producto es de tipo ${current.typeName}: se actualiza con ${expected}`,
      },
    ]);
  }
  const canApprove = hasPrivilege(ctx.session.privileges, 'products', 'approve');
  const rules = productEditRules(current.approvalStatus, canApprove);
  const touched = changedFinancials(current, body);
  if (touched.length > 0 && !canApprove) throw forbidden();
  if (touched.length > 0 && !rules.financials) {
    throw invalid(
      ...touched.map((field) => ({ field, message: approvalMessages.financialsWhileRejected })),
    );
  }
  if (!rules.activeToggle && body.status !== undefined && body.status !== current.status) {
    throw invalid({ field: 'status', message: approvalMessages.activeWhileRejected });
  }
  const prices = { cost: body.cost ?? current.cost, tax: body.tax ?? current.tax };
  const financials = pricedFinancials(current, body, prices);
  if (touched.length > 0)
    assertFinancials(
      current,
      { ...financials, franchisePrice: body.franchisePrice ?? null },
      prices,
    );
  // SKU and type are locked on edit; the lists and photos are written apart.
  const {
    sku: _sku,
    productTypeId: _type,
    providersIds: _providers,
    categoriesIds: _categories,
    removedPhotosIds: _photos,
    status,
    ...fields
  } = body;
  return {
    ...Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)),
    ...financials,
    ...(status !== undefined && rules.activeToggle ? { status } : {}),
    // Saving a rejected product asks for approval again (spec 001 §4).
    ...(rules.resubmits ? { rejectedAt: null, reviewedById: null } : {}),
  };
}

/** Deletes the product's photos the edit lists; one that is not the product's is 404 code 15. */
async function removePhotos(executor: Executor, productId: number, photoIds: number[] | undefined) {
  if (!photoIds || photoIds.length === 0) return;
  const removed = await executor
    .delete(catalogPhoto)
    .where(and(inArray(catalogPhoto.id, photoIds), eq(catalogPhoto.productId, productId)))
    .returning({ id: catalogPhoto.id });
  if (removed.length !== new Set(photoIds).size) throw notFound(NotFound.photo);
}

/**
 * PUT /product/{id}/update-{medical|cosmetic|cabain|input}-product. The product row is locked
 * first, so the edit is checked against the product as it is and an approval in between cannot be
 * overwritten; its providers and categories are held FOR KEY SHARE.
 */
export async function updateProduct(
  ctx: Context,
  id: number,
  path: ProductUpdatePath,
  body: z.output<typeof productUpdateBody>,
) {
  const now = ctx.clock.now();
  return whenViolated(
    () =>
      ctx.db.transaction(async (tx) => {
        const current = await lockProduct(tx, ctx, id);
        const changes = productChanges(current, ctx, path, body);
        await lockProductLinks(tx, ctx, body);
        await tx
          .update(product)
          .set({ ...changes, updatedAt: now })
          .where(eq(product.id, id));
        await replaceProductLinks(tx, id, body);
        await removePhotos(tx, id, body.removedPhotosIds);
        const record = recordOf(await readProduct(tx, id));
        const changed = changesBetween(recordOf(current), record);
        if (Object.keys(changed).length > 0) {
          await audit(
            tx,
            actorOf(ctx),
            { module: 'products', action: 'update', recordId: id, productId: id, changes: changed },
            now,
          );
        }
        return record;
      }),
    { product_sku_unique: skuTaken },
  );
}

/**
 * Reviews a product with its row locked, so two approvers deciding at once cannot both win: the
 * second finds it reviewed (409). `decide` gives the columns to set from the row as locked.
 */
async function review(
  ctx: Context,
  id: number,
  decision: 'approve' | 'reject',
  decide: (current: Product) => Partial<typeof product.$inferInsert>,
  detail: string | null,
) {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const current = await lockProduct(tx, ctx, id);
    const refusal = reviewRefusal(current.approvalStatus, decision);
    if (refusal) throw stateConflict(refusal);
    const set = decide(current);
    const timestamp = decision === 'approve' ? { approvedAt: now } : { rejectedAt: now };
    await tx
      .update(product)
      .set({ ...set, ...timestamp, reviewedById: ctx.session.userId, updatedAt: now })
      .where(eq(product.id, id));
    const record = recordOf(await readProduct(tx, id));
    await audit(
      tx,
      actorOf(ctx),
      {
        module: 'products',
        action: decision,
        recordId: id,
        productId: id,
        changes: changesBetween(recordOf(current), record),
        detail,
      },
      now,
    );
    return record;
  });
}

/** PUT /product/{id}/approve: only while pending, with the financial fields of the product's type. */
export async function approveProduct(
  ctx: Context,
  id: number,
  body: z.output<typeof productApproveBody>,
) {
  // Checked against the product as locked, so the prices are those of the row being approved.
  const financials = (current: Product) => {
    const prices = { cost: current.cost, tax: current.tax };
    const values: ProductFinancials = { ...body };
    assertFinancials(current, values, prices);
    return pricedFinancials(current, values, prices);
  };
  return review(ctx, id, 'approve', financials, null);
}

/** PUT /product/{id}/reject: only while pending; the reason, if any, goes to the audit entry. */
export async function rejectProduct(
  ctx: Context,
  id: number,
  body: z.output<typeof productRejectBody> | null | undefined,
) {
  return review(ctx, id, 'reject', () => ({}), body?.reason ?? null);
}
