import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { NotFound, offerRuleProblems, type OfferLineBody, type OfferType } from '@clinica/domain';
import type { Executor, Tx } from '../../db/client';
import {
  area,
  branch,
  category,
  offer,
  offerBranch,
  offerLine,
  offerLineArea,
  offerPhoto,
  treatment,
  treatmentArea,
  treatmentType,
} from '../../db/schema';
import type { Context } from '../../platform/context';
import { AppError, invalid, notFound } from '../../platform/errors';
import { fixedBranch, lockReferences, resource } from '../../platform/write';
import { branchRefs } from '../../platform/references';
import { groupBy } from '../../platform/rows';

/** An offer's related records: loaded in batches for a page, checked and replaced on save. */

const categoryRefs = resource({ table: category, module: 'category', notFound: NotFound.category });
const treatmentRefs = resource({
  table: treatment,
  module: 'treatments',
  notFound: NotFound.treatment,
});

export async function relationsOf(executor: Executor, ids: number[]) {
  if (ids.length === 0) return null;
  // One after another: inside a transaction they share one connection.
  const branches = await executor
    .select({
      owner: offerBranch.packageId,
      id: branch.id,
      name: branch.name,
      zone: branch.zone,
    })
    .from(offerBranch)
    .innerJoin(branch, eq(branch.id, offerBranch.branchId))
    .where(inArray(offerBranch.packageId, ids))
    .orderBy(asc(branch.name));
  const lines = await executor
    .select({
      owner: offerLine.packageId,
      id: offerLine.id,
      treatmentId: offerLine.treatmentId,
      treatment: { id: treatment.id, name: treatment.name, sku: treatment.sku },
      sessions: offerLine.sessions,
      limit: offerLine.limit,
      regularPrice: offerLine.regularPrice,
      promotionPrice: offerLine.promotionPrice,
    })
    .from(offerLine)
    .innerJoin(treatment, eq(treatment.id, offerLine.treatmentId))
    .where(inArray(offerLine.packageId, ids))
    .orderBy(asc(offerLine.position), asc(offerLine.id));
  const lineIds = lines.map((line) => line.id);
  const areas =
    lineIds.length === 0
      ? []
      : await executor
          .select({
            owner: offerLineArea.lineId,
            id: area.id,
            name: area.name,
            place: area.place,
          })
          .from(offerLineArea)
          .innerJoin(area, eq(area.id, offerLineArea.areaId))
          .where(inArray(offerLineArea.lineId, lineIds))
          .orderBy(asc(area.place), asc(area.name));
  const photos = await executor
    .select({ owner: offerPhoto.packageId, id: offerPhoto.id, name: offerPhoto.name })
    .from(offerPhoto)
    .where(inArray(offerPhoto.packageId, ids));
  const areasByLine = groupBy(areas, 'owner');
  return {
    branches: groupBy(branches, 'owner'),
    lines: groupBy(
      lines.map((line) => {
        const lineAreas = areasByLine.get(line.id) ?? [];
        return { ...line, areas: lineAreas, areasIds: lineAreas.map((item) => item.id) };
      }),
      'owner',
    ),
    photos: groupBy(photos, 'owner'),
  };
}

/** An offer as it will be saved: the stored values merged with the body. */
export interface OfferLinks {
  type: OfferType;
  treatmentTypeId: number;
  categoryId: number;
  branchesIds: number[];
  treatmentPackage: OfferLineBody[];
  validBySchedule: boolean;
  startDate: string | null;
  endDate: string | null;
  validByTime: boolean;
  startTime: string | null;
  endTime: string | null;
}

/**
 * The branches of an offer: live clinics (the distribution centre sells nothing). A role fixed to
 * its branch offers only at its own; naming another is that branch not existing for it (404).
 */
async function lockBranches(tx: Tx, ctx: Pick<Context, 'session'>, ids: number[]) {
  const fixed = fixedBranch(ctx.session);
  if (fixed !== null && ids.some((id) => id !== fixed)) throw notFound(NotFound.branch);
  await lockReferences(tx, ctx, branchRefs, ids, notFound(NotFound.branch));
  const centres = await tx
    .select({ id: branch.id })
    .from(branch)
    .where(and(inArray(branch.id, ids), eq(branch.distributionCenter, true)));
  if (centres.length > 0)
    throw invalid({
      field: 'branchesIds',
      message: 'El centro de distribución no vende paquetes ni promociones',
    });
}

/** Each line's areas must be areas of its treatment (an unknown area: 404 code 28). */
async function checkLineAreas(tx: Tx, lines: OfferLineBody[]) {
  const wanted = [...new Set(lines.flatMap((line) => line.areasIds))];
  const known = await tx.select({ id: area.id }).from(area).where(inArray(area.id, wanted));
  if (known.length !== wanted.length) throw notFound(NotFound.areas);
  const offered = await tx
    .select({ treatmentId: treatmentArea.treatmentId, areaId: treatmentArea.areaId })
    .from(treatmentArea)
    .where(
      inArray(
        treatmentArea.treatmentId,
        lines.map((line) => line.treatmentId),
      ),
    );
  const pairs = new Set(offered.map((row) => `${row.treatmentId}:${row.areaId}`));
  const problems = lines.flatMap((line, index) =>
    line.areasIds.every((areaId) => pairs.has(`${line.treatmentId}:${areaId}`))
      ? []
      : [
          {
            field: `treatmentPackage.${index}.areasIds`,
            message: 'Las áreas no corresponden al tratamiento',
          },
        ],
  );
  if (problems.length > 0) throw new AppError(400, 0, problems);
}

/**
 * Checks an offer as it will be saved inside the transaction that writes it: the linked rules
 * (spec 002 §5), then every record it links to, each held FOR KEY SHARE until the write commits,
 * so a concurrent delete of a category, a branch or a treatment waits and then sees the link.
 */
export async function lockOfferLinks(tx: Tx, ctx: Pick<Context, 'session'>, merged: OfferLinks) {
  const problems = offerRuleProblems(merged);
  if (problems.length > 0) throw new AppError(400, 0, problems);
  const [type] = await tx
    .select({ id: treatmentType.id })
    .from(treatmentType)
    .where(eq(treatmentType.id, merged.treatmentTypeId))
    .for('key share');
  if (!type)
    throw invalid({ field: 'treatmentTypeId', message: 'El tipo de tratamiento no existe' });
  await lockReferences(tx, ctx, categoryRefs, [merged.categoryId], notFound(NotFound.category));
  const [ofTreatments] = await tx
    .select({ type: category.type })
    .from(category)
    .where(eq(category.id, merged.categoryId));
  if (ofTreatments?.type !== 'treatment')
    throw invalid({ field: 'categoryId', message: 'La categoría no es de tratamiento' });
  await lockBranches(tx, ctx, merged.branchesIds);
  await lockReferences(
    tx,
    ctx,
    treatmentRefs,
    merged.treatmentPackage.map((line) => line.treatmentId),
    notFound(NotFound.treatment),
  );
  await checkLineAreas(tx, merged.treatmentPackage);
}

/** Replaces the branches and the lines the body sends; a list left out keeps its rows. */
export async function replaceLinks(
  tx: Tx,
  packageId: number,
  links: { branchesIds?: number[]; treatmentPackage?: OfferLineBody[] },
) {
  if (links.branchesIds) {
    await tx.delete(offerBranch).where(eq(offerBranch.packageId, packageId));
    await tx
      .insert(offerBranch)
      .values(links.branchesIds.map((branchId) => ({ packageId, branchId })));
  }
  if (links.treatmentPackage) {
    await tx.delete(offerLine).where(eq(offerLine.packageId, packageId));
    for (const [position, line] of links.treatmentPackage.entries()) {
      const [row] = await tx
        .insert(offerLine)
        .values({
          packageId,
          treatmentId: line.treatmentId,
          position,
          sessions: line.sessions ?? null,
          limit: line.limit,
          regularPrice: line.regularPrice,
          promotionPrice: line.promotionPrice,
        })
        .returning({ id: offerLine.id });
      await tx
        .insert(offerLineArea)
        .values(line.areasIds.map((areaId) => ({ lineId: row!.id, areaId })));
    }
  }
}

/** Live offers that use a category: such a category cannot be deleted (404 code 34). */
export async function offersUsingCategory(executor: Executor, categoryId: number) {
  const rows = await executor
    .select({ id: offer.id })
    .from(offer)
    .where(and(eq(offer.categoryId, categoryId), isNull(offer.deletedAt)))
    .limit(1);
  return rows.length;
}
