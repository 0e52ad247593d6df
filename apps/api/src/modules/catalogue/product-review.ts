import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import {
  Conflict,
  NotFound,
  PRODUCT_UPDATE_PATHS,
  expectedFranchisePrice,
  financialProblems,
  financialLabels,
  hasPrivilege,
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
import { AppError, forbidden, notFound, whenViolated } from '../../platform/errors';
import type { Session } from '../../platform/session';
import { assertProductReferences, replaceProductLinks } from './product-relations';
import { findProduct, skuTaken } from './product.service';
import { actorOf } from './shared';

/** Editing a product by its type's path, and the approver's decisions (spec 001 §4–§5). */

const FINANCIAL_FIELDS = Object.keys(financialLabels) as FinancialField[];

type Product = Awaited<ReturnType<typeof findProduct>>;

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
 * The columns an edit sets, checked against the product as stored: the path must be its type's,
 * financial fields need approve, a rejected product keeps its active flag and goes back to
 * pending, and the franchise price follows the formula whenever cost, tax or a percentage changes.
 */
function productChanges(
  current: Product,
  session: Session,
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
  const touched = changedFinancials(current, body);
  if (touched.length > 0 && !hasPrivilege(session.privileges, 'products', 'approve'))
    throw forbidden();
  const rejected = current.approvalStatus === 'rejected';
  if (rejected && body.status !== undefined && body.status !== current.status) {
    throw new AppError(400, 0, [
      { field: 'status', message: 'Un producto rechazado no se puede activar ni desactivar' },
    ]);
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
    ...(status !== undefined && !rejected ? { status } : {}),
    // Saving a rejected product asks for approval again (spec 001 §4).
    ...(rejected ? { rejectedAt: null, reviewedById: null } : {}),
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
 * while the edit is checked and written, so an approval in between cannot be overwritten.
 */
export async function updateProduct(
  app: FastifyInstance,
  session: Session,
  id: number,
  path: ProductUpdatePath,
  body: z.output<typeof productUpdateBody>,
) {
  const now = app.clock.now();
  return whenViolated(
    () =>
      app.db.transaction(async (tx) => {
        const current = await findProduct(tx, id, { lock: true });
        const changes = productChanges(current, session, path, body);
        await assertProductReferences(tx, body);
        await tx
          .update(product)
          .set({ ...changes, updatedAt: now })
          .where(eq(product.id, id));
        await replaceProductLinks(tx, id, body);
        await removePhotos(tx, id, body.removedPhotosIds);
        const { typeName: _typeName, ...record } = await findProduct(tx, id);
        const { typeName: _before, ...before } = current;
        await audit(
          tx,
          actorOf(session),
          {
            module: 'products',
            action: 'update',
            recordId: id,
            productId: id,
            changes: changesBetween(before, record),
          },
          now,
        );
        return record;
      }),
    { product_sku_unique: skuTaken },
  );
}

/**
 * Reviews a pending product with its row locked, so two approvers deciding at once cannot both
 * win; `decide` gives the columns to set from the row as locked.
 */
async function review(
  app: FastifyInstance,
  session: Session,
  id: number,
  decision: 'approve' | 'reject',
  decide: (current: Product) => Partial<typeof product.$inferInsert>,
  detail: string | null,
) {
  const now = app.clock.now();
  return app.db.transaction(async (tx) => {
    const current = await findProduct(tx, id, { lock: true });
    if (current.approvalStatus !== 'pending') {
      throw stateConflict(
        current.approvalStatus === 'approved'
          ? 'El producto ya fue aprobado'
          : 'El producto ya fue rechazado',
      );
    }
    const set = decide(current);
    const timestamp = decision === 'approve' ? { approvedAt: now } : { rejectedAt: now };
    const [changed] = await tx
      .update(product)
      .set({ ...set, ...timestamp, reviewedById: session.userId, updatedAt: now })
      .where(and(eq(product.id, id), isNull(product.approvedAt), isNull(product.rejectedAt)))
      .returning({ id: product.id });
    if (!changed) throw stateConflict('El producto ya fue revisado');
    const { typeName: _typeName, ...record } = await findProduct(tx, id);
    const { typeName: _before, ...before } = current;
    await audit(
      tx,
      actorOf(session),
      {
        module: 'products',
        action: decision,
        recordId: id,
        productId: id,
        changes: changesBetween(before, record),
        detail,
      },
      now,
    );
    return record;
  });
}

/** PUT /product/{id}/approve: only while pending, with the financial fields of the product's type. */
export async function approveProduct(
  app: FastifyInstance,
  session: Session,
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
  return review(app, session, id, 'approve', financials, null);
}

/** PUT /product/{id}/reject: only while pending; the reason, if any, goes to the audit entry. */
export async function rejectProduct(
  app: FastifyInstance,
  session: Session,
  id: number,
  body: z.output<typeof productRejectBody> | null | undefined,
) {
  return review(app, session, id, 'reject', () => ({}), body?.reason ?? null);
}
