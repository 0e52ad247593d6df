import { and, asc, eq, exists, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  BadRequest,
  COUPON_PRODUCT_TYPE,
  NotFound,
  couponDiscountedPrice,
  couponRemainingUses,
  couponRoutes,
  type CouponDetail,
  type CouponRecord,
  type couponBody,
  type couponQuery,
  type couponUpdateBody,
} from '@clinica/domain';
import type { Executor, Tx } from '../../db/client';
import { branch, coupon, couponBranch, product, productType, treatment } from '../../db/schema';
import type { Context } from '../../platform/context';
import { AppError, invalid, notFound } from '../../platform/errors';
import { listPage, listSpec } from '../../platform/list';
import {
  createRecord,
  deleteRecord,
  fixedBranch,
  found,
  live,
  lockReferences,
  resource,
  setColumns,
  updateRecord,
} from '../../platform/write';
import { couponOrders } from './coupon-orders';

/** A coupon is reached through the branches it is valid at (CONTRACT §5). */
export const couponValidAt = (branchId: number) =>
  exists(
    sql`(SELECT 1 FROM ${couponBranch} WHERE ${couponBranch.couponId} = ${coupon.id} AND ${couponBranch.branchId} = ${branchId})`,
  );

/**
 * Coupons (spec 002 §3, CONTRACT §11): a role fixed to its branch sees and writes only the
 * coupons valid at its branch; another's answers 404 code 30.
 */
export const coupons = resource({
  table: coupon,
  module: 'coupons',
  notFound: NotFound.coupon,
  inBranch: couponValidAt,
});

const branchRefs = resource({ table: branch, module: 'branch', notFound: NotFound.branch });

const columns = {
  id: coupon.id,
  code: coupon.code,
  name: coupon.name,
  description: coupon.description,
  limit: coupon.usageLimit,
  used: coupon.used,
  expireDate: coupon.expireDate,
  status: coupon.status,
  discount: coupon.discount,
  type: coupon.type,
  treatmentId: treatment.id,
  treatmentName: treatment.name,
  treatmentPrice: treatment.price,
  productId: product.id,
  productName: product.name,
  productPrice: product.salePrice,
  createdAt: coupon.createdAt,
  deletedAt: coupon.deletedAt,
};
const base = (executor: Executor) =>
  executor
    .select(columns)
    .from(coupon)
    .leftJoin(treatment, eq(treatment.id, coupon.treatmentId))
    .leftJoin(product, eq(product.id, coupon.productId));
type Row = Awaited<ReturnType<ReturnType<typeof base>['execute']>>[number];

/** The branches of each coupon, by name. */
async function branchesOf(executor: Executor, ids: number[]) {
  const byCoupon = new Map<number, { id: number; name: string }[]>();
  if (ids.length === 0) return byCoupon;
  const rows = await executor
    .select({ couponId: couponBranch.couponId, id: branch.id, name: branch.name })
    .from(couponBranch)
    .innerJoin(branch, eq(branch.id, couponBranch.branchId))
    .where(inArray(couponBranch.couponId, ids))
    .orderBy(asc(branch.name));
  for (const { couponId, ...ref } of rows) {
    byCoupon.set(couponId, [...(byCoupon.get(couponId) ?? []), ref]);
  }
  return byCoupon;
}

/** Rows as the API answers them: the item nested, its price and the price with discount. */
async function present(executor: Executor, rows: Row[]): Promise<CouponRecord[]> {
  const branches = await branchesOf(
    executor,
    rows.map((row) => row.id),
  );
  return rows.map((row) => {
    const regularPrice = row.type === 'Treatment' ? row.treatmentPrice : row.productPrice;
    return {
      id: row.id,
      code: row.code,
      name: row.name,
      description: row.description,
      limit: row.limit,
      used: row.used,
      remaining: couponRemainingUses(row.limit, row.used),
      expireDate: row.expireDate,
      status: row.status,
      discount: row.discount,
      type: row.type as CouponRecord['type'],
      treatment:
        row.treatmentId === null
          ? null
          : { id: row.treatmentId, name: row.treatmentName!, price: row.treatmentPrice! },
      product:
        row.productId === null
          ? null
          : { id: row.productId, name: row.productName!, salePrice: row.productPrice },
      regularPrice,
      discountPrice:
        regularPrice === null ? null : couponDiscountedPrice(regularPrice, row.discount),
      branches: branches.get(row.id) ?? [],
      created_at: row.createdAt.toISOString(),
      deleted_at: row.deletedAt?.toISOString() ?? null,
    };
  });
}

const spec = listSpec(couponRoutes.list.list, {
  sortable: {
    code: coupon.code,
    name: coupon.name,
    limit: coupon.usageLimit,
    used: coupon.used,
    expireDate: coupon.expireDate,
    discount: coupon.discount,
    type: coupon.type,
    status: coupon.status,
    id: coupon.id,
    created_at: coupon.createdAt,
  },
  searchable: { code: coupon.code, name: coupon.name },
  active: coupon.status,
  deletedAt: coupon.deletedAt,
  tieBreaker: coupon.id,
});

/** GET /coupon: search by code and name; filters type, branchId and status. */
export async function listCoupons(ctx: Context, query: z.output<typeof couponQuery>) {
  const fixed = fixedBranch(ctx.session);
  const page = await listPage<typeof columns, Row>(ctx, spec, query, {
    columns,
    from: (select) =>
      select
        .from(coupon)
        .leftJoin(treatment, eq(treatment.id, coupon.treatmentId))
        .leftJoin(product, eq(product.id, coupon.productId))
        .$dynamic(),
    filters: [
      fixed === null ? undefined : couponValidAt(fixed),
      query.branchId ? couponValidAt(query.branchId) : undefined,
      query.type ? eq(coupon.type, query.type) : undefined,
    ],
  });
  return { meta: page.meta, items: await present(ctx.db, page.items) };
}

const readCoupon = async (executor: Executor, id: number) =>
  (await present(executor, await base(executor).where(eq(coupon.id, id))))[0]!;

/** GET /coupons/{id}: the coupon, its remaining uses and the orders that used it. */
export async function getCoupon(ctx: Context, id: number): Promise<CouponDetail> {
  const rows = await base(ctx.db).where(live(ctx, coupons, id));
  const [record] = await present(ctx.db, [found(coupons, rows[0])]);
  return { ...record!, ...(await couponOrders(ctx.db, id)) };
}

/**
 * The item a coupon discounts, held FOR KEY SHARE so it cannot be deleted under the link: a live,
 * active treatment, or a live, active, approved product of the sale type (spec 002 §7), with a
 * sale price to discount.
 */
async function lockItem(
  tx: Tx,
  body: { type: string; treatmentId?: number | null; productId?: number | null },
) {
  if (body.type === 'Treatment') {
    const [row] = await tx
      .select({ id: treatment.id })
      .from(treatment)
      .where(
        and(
          eq(treatment.id, body.treatmentId!),
          isNull(treatment.deletedAt),
          eq(treatment.active, true),
        ),
      )
      .for('key share');
    if (!row)
      throw invalid({ field: 'treatmentId', message: 'El tratamiento no existe o está inactivo' });
    return;
  }
  const [row] = await tx
    .select({ id: product.id, salePrice: product.salePrice })
    .from(product)
    .innerJoin(productType, eq(productType.id, product.productTypeId))
    .where(
      and(
        eq(product.id, body.productId!),
        isNull(product.deletedAt),
        eq(product.status, true),
        isNotNull(product.approvedAt),
        eq(productType.name, COUPON_PRODUCT_TYPE),
      ),
    )
    .for('key share', { of: product });
  if (!row)
    throw invalid({
      field: 'productId',
      message: `El producto no existe, está inactivo, no está aprobado o no es de tipo ${COUPON_PRODUCT_TYPE}`,
    });
  if (row.salePrice === null)
    throw invalid({ field: 'productId', message: 'El producto no tiene precio de venta' });
}

/**
 * The branches a coupon is valid at: live ones, held FOR KEY SHARE; a role fixed to its branch
 * names only its own (another is 404 code 6, as `branchForWrite` answers).
 */
async function linkBranches(tx: Tx, ctx: Context, couponId: number, branchIds: number[]) {
  const fixed = fixedBranch(ctx.session);
  if (fixed !== null && branchIds.some((id) => id !== fixed)) throw notFound(NotFound.branch);
  await lockReferences(
    tx,
    ctx,
    branchRefs,
    branchIds,
    invalid({ field: 'branchesIds', message: 'Alguna sucursal no existe' }),
  );
  await tx.delete(couponBranch).where(eq(couponBranch.couponId, couponId));
  await tx.insert(couponBranch).values(branchIds.map((branchId) => ({ couponId, branchId })));
}

const violations = {
  coupon_code_unique: new AppError(400, BadRequest.couponCodeExists),
  coupon_used_within_limit: invalid({
    field: 'limit',
    message: 'El límite de usos no puede ser menor que los usos ya registrados',
  }),
};

export function createCoupon(ctx: Context, body: z.output<typeof couponBody>) {
  return createRecord(ctx, coupons, {
    violations,
    read: readCoupon,
    insert: async (tx, now) => {
      await lockItem(tx, body);
      const [row] = await tx
        .insert(coupon)
        .values({
          code: body.code,
          name: body.name,
          description: body.description,
          usageLimit: body.limit,
          type: body.type,
          treatmentId: body.type === 'Treatment' ? body.treatmentId! : null,
          productId: body.type === 'Product' ? body.productId! : null,
          discount: body.discount,
          expireDate: body.expireDate,
          ...(body.status !== undefined ? { status: body.status } : {}),
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: coupon.id });
      await linkBranches(tx, ctx, row!.id, body.branchesIds);
      return row!.id;
    },
  });
}

/**
 * PUT /coupon/{id}/update: type and item are locked (sent, they are ignored); the limit may not
 * drop below the uses already made (the row is locked first, so a redemption cannot slip past).
 */
export function updateCoupon(ctx: Context, id: number, body: z.output<typeof couponUpdateBody>) {
  return updateRecord(ctx, coupons, id, {
    violations,
    read: readCoupon,
    apply: async (tx, before, now) => {
      const { branchesIds, limit, type: _type, treatmentId: _t, productId: _p, ...rest } = body;
      if (limit !== undefined && limit < before.used) throw violations.coupon_used_within_limit;
      await setColumns(tx, coupons, id, { ...rest, usageLimit: limit }, now);
      if (branchesIds !== undefined) await linkBranches(tx, ctx, id, branchesIds);
    },
  });
}

export function deleteCoupon(ctx: Context, id: number) {
  return deleteRecord(ctx, coupons, id);
}

export const couponService = {
  list: listCoupons,
  get: getCoupon,
  create: createCoupon,
  update: updateCoupon,
  remove: deleteCoupon,
};
