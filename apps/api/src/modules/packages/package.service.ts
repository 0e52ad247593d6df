import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  BadRequest,
  NotFound,
  OFFER_RESOURCE,
  OFFER_TYPES,
  durationLabel,
  durationMinutes,
  durationTerm,
  hasPrivilege,
  offerTotals,
  packageRoutes,
  type Action,
  type OfferType,
  type offerBody,
  type offerQuery,
  type offerRecord,
  type offerUpdateBody,
} from '@clinica/domain';
import type { Executor } from '../../db/client';
import { branch, category, offer, offerBranch, treatmentType } from '../../db/schema';
import type { Context } from '../../platform/context';
import { AppError, forbidden, invalid } from '../../platform/errors';
import { listPage, listSpec } from '../../platform/list';
import type { Session } from '../../platform/session';
import {
  createRecord,
  deleteRecord,
  fixedBranch,
  found,
  live,
  resource,
  updateRecord,
} from '../../platform/write';
import { lockOfferLinks, relationsOf, replaceLinks, type OfferLinks } from './package-relations';

/**
 * Packages and promotions (spec 002 §3–§7, CONTRACT §11): one table, the record's type deciding
 * the privilege and the audit module. A role fixed to its branch reaches the offers of its branch.
 */

const inBranch = (branchId: number) =>
  sql`EXISTS (SELECT 1 FROM ${offerBranch} WHERE ${offerBranch.packageId} = ${offer.id} AND ${offerBranch.branchId} = ${branchId})`;

const resourceOf = (type: OfferType) =>
  resource({
    table: offer,
    module: OFFER_RESOURCE[type],
    notFound: NotFound.packageOrPromotion,
    inBranch,
  });
const offers = { Package: resourceOf('Package'), Promotion: resourceOf('Promotion') };

type OfferRecord = z.output<typeof offerRecord>;

/** The caller's privilege of an action on a type, or 403 (CONTRACT §11). */
function requireOn(session: Session, type: OfferType, ...actions: Action[]) {
  if (!actions.some((action) => hasPrivilege(session.privileges, OFFER_RESOURCE[type], action)))
    throw forbidden();
}

const columns = {
  id: offer.id,
  type: offer.type,
  sku: offer.sku,
  name: offer.name,
  description: offer.description,
  treatmentType: { id: treatmentType.id, name: treatmentType.name },
  category: { id: category.id, name: category.name },
  points: offer.points,
  cabinMinutes: offer.cabinMinutes,
  price: offer.price,
  regularPrice: offer.regularPrice,
  paymentType: offer.paymentType,
  active: offer.active,
  validBySchedule: offer.validBySchedule,
  startDate: offer.startDate,
  endDate: offer.endDate,
  validByTime: offer.validByTime,
  startTime: offer.startTime,
  endTime: offer.endTime,
  createdAt: offer.createdAt,
  deletedAt: offer.deletedAt,
};
const joined = (executor: Executor) =>
  executor
    .select(columns)
    .from(offer)
    .innerJoin(treatmentType, eq(treatmentType.id, offer.treatmentTypeId))
    .innerJoin(category, eq(category.id, offer.categoryId));
type Row = Awaited<ReturnType<ReturnType<typeof joined>['execute']>>[number];

async function present(executor: Executor, rows: Row[]): Promise<OfferRecord[]> {
  const relations = await relationsOf(
    executor,
    rows.map((row) => row.id),
  );
  return rows.map(
    ({ cabinMinutes, active, validBySchedule, validByTime, createdAt, deletedAt, ...row }) => {
      const branches = relations?.branches.get(row.id) ?? [];
      return {
        ...row,
        type: row.type as OfferType,
        treatmentTypeId: row.treatmentType.id,
        categoryId: row.category.id,
        cabainTime: durationTerm(cabinMinutes),
        cabainTimeLabel: durationLabel(cabinMinutes),
        branches,
        branchesIds: branches.map((item) => item.id),
        treatmentPackage: relations?.lines.get(row.id) ?? [],
        photo: relations?.photos.get(row.id)?.[0] ?? null,
        status: active ? 1 : 0,
        validBySchedule: validBySchedule ? 1 : 0,
        validByTime: validByTime ? 1 : 0,
        created_at: createdAt.toISOString(),
        deleted_at: deletedAt?.toISOString() ?? null,
      };
    },
  );
}

/** An offer as the API answers it, read by id (inside the transaction that changed it). */
export async function readOffer(executor: Executor, id: number): Promise<OfferRecord> {
  const [row] = await joined(executor).where(eq(offer.id, id));
  return (await present(executor, [row!]))[0]!;
}

const spec = listSpec(packageRoutes.list.list, {
  sortable: {
    name: offer.name,
    sku: offer.sku,
    price: offer.price,
    regularPrice: offer.regularPrice,
    points: offer.points,
    id: offer.id,
    created_at: offer.createdAt,
  },
  searchable: { name: offer.name, sku: offer.sku },
  active: offer.active,
  deletedAt: offer.deletedAt,
  tieBreaker: offer.id,
});

/**
 * On sale at a branch at an instant, paid with a method if given: the SQL twin of the domain's
 * `isOnSale` (dates both days included and hours from the start until the end, in the branch's
 * zone), so the point of sale pages through the offers it may sell.
 */
export function onSaleAt(branchId: number, instant: Date, paymentMethod?: string): SQL {
  const at = sql`(${instant.toISOString()}::timestamptz AT TIME ZONE ${branch.zone})`;
  return sql`${offer.active} AND EXISTS (
    SELECT 1 FROM ${offerBranch} INNER JOIN ${branch} ON ${branch.id} = ${offerBranch.branchId}
    WHERE ${offerBranch.packageId} = ${offer.id} AND ${offerBranch.branchId} = ${branchId}
      AND (NOT ${offer.validBySchedule} OR ${at}::date BETWEEN ${offer.startDate} AND ${offer.endDate})
      AND (NOT ${offer.validByTime} OR (${at}::time >= ${offer.startTime}::time AND ${at}::time < ${offer.endTime}::time))
  )${paymentMethod ? sql` AND ${paymentMethod} = ANY(${offer.paymentType})` : sql``}`;
}

/**
 * GET /package: the types the caller may view (asking for another is 403), filtered by type,
 * treatment type, category, branch, and what is on sale now at a branch.
 */
export async function listOffers(ctx: Context, query: z.output<typeof offerQuery>) {
  const viewable = OFFER_TYPES.filter((type) =>
    hasPrivilege(ctx.session.privileges, OFFER_RESOURCE[type], 'view'),
  );
  if (query.type && !viewable.includes(query.type)) throw forbidden();
  const fixed = fixedBranch(ctx.session);
  // A role fixed to its branch sells at its own, whatever branch it names.
  const saleBranch = fixed ?? query.branchId ?? ctx.session.branchId;
  const page = await listPage<typeof columns, Row>(ctx, spec, query, {
    columns,
    from: (select) =>
      select
        .from(offer)
        .innerJoin(treatmentType, eq(treatmentType.id, offer.treatmentTypeId))
        .innerJoin(category, eq(category.id, offer.categoryId))
        .$dynamic(),
    filters: [
      query.type ? eq(offer.type, query.type) : inArray(offer.type, viewable),
      fixed === null ? undefined : inBranch(fixed),
      query.branchId ? inBranch(query.branchId) : undefined,
      query.treatmentTypeId ? eq(offer.treatmentTypeId, query.treatmentTypeId) : undefined,
      query.categoryId ? eq(offer.categoryId, query.categoryId) : undefined,
      query.onSale ? onSaleAt(saleBranch, ctx.clock.now(), query.paymentMethod) : undefined,
      !query.onSale && query.paymentMethod
        ? sql`${query.paymentMethod} = ANY(${offer.paymentType})`
        : undefined,
    ],
  });
  return { meta: page.meta, items: await present(ctx.db, page.items) };
}

/** The type of a live offer the caller may reach, or 404 code 18. */
async function typeOf(ctx: Context, id: number): Promise<OfferType> {
  const [row] = await ctx.db
    .select({ type: offer.type })
    .from(offer)
    .where(live(ctx, offers.Package, id));
  return found(offers.Package, row).type as OfferType;
}

export async function getOffer(ctx: Context, id: number): Promise<OfferRecord> {
  const type = await typeOf(ctx, id);
  requireOn(ctx.session, type, 'show');
  return readOffer(ctx.db, id);
}

const skuTaken = new AppError(400, BadRequest.skuExists, [
  { field: 'sku', message: 'El SKU ya existe' },
]);
const violations = { package_sku_unique: skuTaken };

type Body = z.output<typeof offerUpdateBody>;

/** The columns a body sets; the prices come from the lines as saved. */
function columnsOf(body: Body, merged: OfferLinks) {
  const set: Partial<typeof offer.$inferInsert> = {};
  if (body.name !== undefined) set.name = body.name;
  if (body.description !== undefined) set.description = body.description;
  if (body.treatmentTypeId !== undefined) set.treatmentTypeId = body.treatmentTypeId;
  if (body.categoryId !== undefined) set.categoryId = body.categoryId;
  if (body.points !== undefined) set.points = body.points;
  if (body.cabainTime !== undefined) set.cabinMinutes = durationMinutes(body.cabainTime);
  if (body.paymentType !== undefined) set.paymentType = body.paymentType;
  if (body.status !== undefined) set.active = body.status;
  // A limit switched off forgets its dates or hours, so the record never shows a stale window.
  set.validBySchedule = merged.validBySchedule;
  set.startDate = merged.validBySchedule ? merged.startDate : null;
  set.endDate = merged.validBySchedule ? merged.endDate : null;
  set.validByTime = merged.validByTime;
  set.startTime = merged.validByTime ? merged.startTime : null;
  set.endTime = merged.validByTime ? merged.endTime : null;
  const totals = offerTotals(merged.treatmentPackage);
  set.price = totals.price;
  set.regularPrice = totals.regularPrice;
  return set;
}

function mergedOf(body: Body, before: OfferRecord | null, type: OfferType): OfferLinks {
  const pick = <K extends keyof OfferLinks>(key: K, stored: OfferLinks[K]): OfferLinks[K] =>
    (body as Partial<OfferLinks>)[key] === undefined
      ? stored
      : ((body as Partial<OfferLinks>)[key] as OfferLinks[K]);
  return {
    type,
    treatmentTypeId: pick('treatmentTypeId', before?.treatmentTypeId ?? 0),
    categoryId: pick('categoryId', before?.categoryId ?? 0),
    branchesIds: pick('branchesIds', before?.branchesIds ?? []),
    treatmentPackage: pick(
      'treatmentPackage',
      (before?.treatmentPackage ?? []).map((line) => ({
        treatmentId: line.treatmentId,
        areasIds: line.areasIds,
        sessions: line.sessions,
        limit: line.limit,
        regularPrice: line.regularPrice,
        promotionPrice: line.promotionPrice,
      })),
    ),
    validBySchedule: pick('validBySchedule', before?.validBySchedule === 1),
    startDate: pick('startDate', before?.startDate ?? null),
    endDate: pick('endDate', before?.endDate ?? null),
    validByTime: pick('validByTime', before?.validByTime === 1),
    startTime: pick('startTime', before?.startTime ?? null),
    endTime: pick('endTime', before?.endTime ?? null),
  };
}

/** POST /package/create: the prices are the sums of the lines; the photo follows in its own call. */
export function createOffer(ctx: Context, body: z.output<typeof offerBody>) {
  requireOn(ctx.session, body.type, 'create');
  const merged = mergedOf(body, null, body.type);
  return createRecord(ctx, offers[body.type], {
    violations,
    read: readOffer,
    insert: async (tx, now) => {
      await lockOfferLinks(tx, ctx, merged);
      const [row] = await tx
        .insert(offer)
        .values({
          ...columnsOf(body, merged),
          type: body.type,
          sku: body.sku,
          name: body.name,
          description: body.description,
          treatmentTypeId: body.treatmentTypeId,
          categoryId: body.categoryId,
          points: body.points,
          cabinMinutes: durationMinutes(body.cabainTime),
          paymentType: body.paymentType,
          ...offerTotals(merged.treatmentPackage),
          active: body.status ?? true,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: offer.id });
      await replaceLinks(tx, row!.id, body);
      return row!.id;
    },
  });
}

/**
 * PUT /package/{id}/update: the SKU is locked (a value sent is ignored) and so is the type
 * (another is 400); the rules apply to the offer as saved, checked against the row as locked.
 */
export async function updateOffer(ctx: Context, id: number, body: Body) {
  const type = await typeOf(ctx, id);
  requireOn(ctx.session, type, 'edit');
  if (body.type !== undefined && body.type !== type)
    throw invalid({ field: 'type', message: 'El tipo no se puede cambiar' });
  return updateRecord(ctx, offers[type], id, {
    violations,
    read: readOffer,
    apply: async (tx, before, now) => {
      const merged = mergedOf(body, before, type);
      await lockOfferLinks(tx, ctx, merged);
      await tx
        .update(offer)
        .set({ ...columnsOf(body, merged), updatedAt: now })
        .where(eq(offer.id, id));
      await replaceLinks(tx, id, body);
    },
  });
}

/** Soft delete; the record stays for the sales and appointments that name it. */
export async function deleteOffer(ctx: Context, id: number) {
  const type = await typeOf(ctx, id);
  requireOn(ctx.session, type, 'delete');
  return deleteRecord(ctx, offers[type], id);
}

/** The resource of an offer's type, for its photo (create or edit of that type). */
export async function offerForPhoto(ctx: Context, id: number) {
  const type = await typeOf(ctx, id);
  requireOn(ctx.session, type, 'create', 'edit');
  return offers[type];
}

export const offerService = {
  list: listOffers,
  get: getOffer,
  create: createOffer,
  update: updateOffer,
  remove: deleteOffer,
};
