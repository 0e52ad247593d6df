import { eq, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  BadRequest,
  NotFound,
  minAboveMax,
  type maxMinBody,
  type maxMinRecord,
  type maxMinUpdateBody,
} from '@clinica/domain';
import type { Executor } from '../../db/client';
import { branch, maxMin, product } from '../../db/schema';
import type { Context } from '../../platform/context';
import { AppError, notFound } from '../../platform/errors';
import {
  branchForWrite,
  createRecord,
  found,
  live,
  lockReferences,
  resource,
  setColumns,
  updateRecord,
} from '../../platform/write';
import { branchRefs, productRefs } from '../../platform/references';

/**
 * A branch's max/min of one product (spec 001 §5, CONTRACT §9). One live record per branch and
 * product, kept by the unique index `max_min_branch_product_unique`: of two creates at once one
 * inserts and the other meets the index (400 code 8), with no check before the insert to race.
 */
export const maxMins = resource({
  table: maxMin,
  module: 'inventory',
  notFound: NotFound.maxMin,
  branch: maxMin.branchId,
});

type MaxMinRecord = z.input<typeof maxMinRecord>;

const exists = () => new AppError(400, BadRequest.maxMinExists);
const minOverMax = () => new AppError(400, BadRequest.minGreaterThanMax);
const violations = { max_min_branch_product_unique: exists(), max_min_order: minOverMax() };

async function select(executor: Executor, where: SQL): Promise<MaxMinRecord | undefined> {
  const [row] = await executor
    .select({
      id: maxMin.id,
      max: maxMin.max,
      min: maxMin.min,
      productId: maxMin.productId,
      branchId: maxMin.branchId,
      product: { id: product.id, name: product.name },
      branch: { id: branch.id, name: branch.name },
    })
    .from(maxMin)
    .innerJoin(product, eq(product.id, maxMin.productId))
    .innerJoin(branch, eq(branch.id, maxMin.branchId))
    .where(where);
  return row ? { ...row, mmId: row.id } : undefined;
}

const read = async (executor: Executor, id: number) => (await select(executor, eq(maxMin.id, id)))!;

/** The entry names the product, so the log's product filter finds a max/min's changes. */
const auditAlso = (record: MaxMinRecord) => ({ productId: record.productId });

/** `GET /stock/{mmId}/get-max-min-by-branch`: another branch's is 404 code 27 for a fixed role. */
export async function getMaxMin(ctx: Context, id: number): Promise<MaxMinRecord> {
  return found(maxMins, await select(ctx.db, live(ctx, maxMins, id)));
}

/** `POST /stock/create-max-min`: 400 code 7 when min > max (max 0 has no limit), 8 when one exists. */
export async function createMaxMin(
  ctx: Context,
  body: z.output<typeof maxMinBody>,
): Promise<MaxMinRecord> {
  if (minAboveMax(body.max, body.min)) throw minOverMax();
  const branchId = branchForWrite(ctx, body.branchId);
  return createRecord(ctx, maxMins, {
    violations,
    read,
    auditAlso,
    branchId,
    insert: async (tx, now) => {
      await lockReferences(tx, ctx, branchRefs, [branchId], notFound(NotFound.branch));
      await lockReferences(tx, ctx, productRefs, [body.productId], notFound(NotFound.product));
      const [row] = await tx
        .insert(maxMin)
        .values({
          branchId,
          productId: body.productId,
          max: body.max,
          min: body.min,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: maxMin.id });
      return row!.id;
    },
  });
}

/** `PUT /stock/{mmId}/update-max-min`: 400 code 7 when min > max. */
export async function updateMaxMin(
  ctx: Context,
  id: number,
  body: z.output<typeof maxMinUpdateBody>,
): Promise<MaxMinRecord> {
  if (minAboveMax(body.max, body.min)) throw minOverMax();
  return updateRecord(ctx, maxMins, id, {
    violations,
    read,
    auditAlso,
    apply: (tx, _before, now) => setColumns(tx, maxMins, id, { max: body.max, min: body.min }, now),
  });
}
