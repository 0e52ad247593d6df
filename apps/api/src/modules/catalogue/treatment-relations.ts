import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { NotFound, treatmentTypeProblems } from '@clinica/domain';
import type { Executor, Tx } from '../../db/client';
import type { Context } from '../../platform/context';
import { lockReferences } from '../../platform/write';
import {
  appliance,
  area,
  catalogPhoto,
  category,
  consent,
  product,
  treatment,
  treatmentAppliance,
  treatmentArea,
  treatmentCategory,
  treatmentProduct,
  treatmentType,
} from '../../db/schema';
import { AppError, invalid, notFound } from '../../platform/errors';
import { jsonFirst, jsonRows } from '../../platform/json-rows';
import { applianceRefs, productRefs } from '../../platform/references';
import { lockCategories } from './shared';

/** A treatment's related records: read with its row, replaced as a whole on save. */

export interface TreatmentLinks {
  categoriesIds?: number[];
  areasIds?: number[];
  applianceIds?: number[];
  treatmentProduct?: { productId: number; quantity: number }[];
}

type Named = { id: number; name: string };

/**
 * A treatment's lists as columns of its own row (correlated sub-selects folded to JSON), so a page
 * of treatments with their categories, areas, appliances, products and photo is one statement
 * (it was five more queries a page).
 */
export const treatmentRelationColumns = {
  categories: jsonRows<Named>(
    { id: category.id, name: category.name },
    sql`FROM ${treatmentCategory} JOIN ${category} ON ${category.id} = ${treatmentCategory.categoryId}
        WHERE ${treatmentCategory.treatmentId} = ${treatment.id}`,
    [category.name, category.id],
  ),
  areas: jsonRows<Named & { place: string }>(
    { id: area.id, name: area.name, place: area.place },
    sql`FROM ${treatmentArea} JOIN ${area} ON ${area.id} = ${treatmentArea.areaId}
        WHERE ${treatmentArea.treatmentId} = ${treatment.id}`,
    [area.place, area.name, area.id],
  ),
  appliances: jsonRows<Named>(
    { id: appliance.id, name: appliance.name },
    sql`FROM ${treatmentAppliance} JOIN ${appliance} ON ${appliance.id} = ${treatmentAppliance.applianceId}
        WHERE ${treatmentAppliance.treatmentId} = ${treatment.id}`,
    [appliance.name, appliance.id],
  ),
  treatmentProduct: jsonRows<{
    productId: number;
    quantity: number;
    product: { id: number; name: string; sku: string };
  }>(
    {
      productId: treatmentProduct.productId,
      quantity: treatmentProduct.quantity,
      product: { id: product.id, name: product.name, sku: product.sku },
    },
    sql`FROM ${treatmentProduct} JOIN ${product} ON ${product.id} = ${treatmentProduct.productId}
        WHERE ${treatmentProduct.treatmentId} = ${treatment.id}`,
    [product.name, product.id],
  ),
  photo: jsonFirst<Named>(
    { id: catalogPhoto.id, name: catalogPhoto.name },
    sql`FROM ${catalogPhoto} WHERE ${catalogPhoto.treatmentId} = ${treatment.id}`,
    [catalogPhoto.id],
  ),
};

/** The name of a treatment type (a fixed lookup, held FOR KEY SHARE), or the 400 naming the field. */
export async function treatmentTypeName(tx: Tx, typeId: number): Promise<string> {
  const [found] = await tx
    .select({ name: treatmentType.name })
    .from(treatmentType)
    .where(eq(treatmentType.id, typeId))
    .for('key share');
  if (!found)
    throw invalid({ field: 'treatmentTypeId', message: 'El tipo de tratamiento no existe' });
  return found.name;
}

async function lockAreas(tx: Tx, areasIds: number[], typeId: number) {
  if (areasIds.length === 0) return;
  const found = await tx
    .select({ id: area.id, typeId: area.treatmentTypeId })
    .from(area)
    .where(inArray(area.id, areasIds))
    .for('key share');
  // An area id that does not exist is the catalogue's "areas not found" (404 code 28).
  if (found.length !== areasIds.length) throw notFound(NotFound.areas);
  if (found.some((row) => row.typeId !== typeId))
    throw invalid({
      field: 'areasIds',
      message: 'Las áreas no corresponden al tipo de tratamiento',
    });
}

async function lockConsent(tx: Tx, consentId: number | null | undefined) {
  if (!consentId) return;
  const [found] = await tx
    .select({ id: consent.id })
    .from(consent)
    .where(eq(consent.id, consentId))
    .for('key share');
  if (!found) throw invalid({ field: 'consentId', message: 'El consentimiento no existe' });
}

/**
 * Checks a treatment as it will be saved (the stored values merged with the body) inside the
 * transaction that writes it: the rules of its type, then every record it links to, each held
 * FOR KEY SHARE until the write commits, so a concurrent delete of a category, an appliance or a
 * product waits and then sees the link (a category in use: 404 code 34).
 */
export async function lockTreatmentLinks(
  tx: Tx,
  ctx: Pick<Context, 'session'>,
  merged: TreatmentLinks & {
    treatmentTypeId: number;
    medicalFee?: number | null;
    consentId?: number | null;
  },
) {
  const typeName = await treatmentTypeName(tx, merged.treatmentTypeId);
  const problems = treatmentTypeProblems(typeName, merged);
  if (problems.length > 0) throw new AppError(400, 0, problems);
  await lockCategories(tx, ctx, merged.categoriesIds ?? [], 'treatment');
  await lockAreas(tx, merged.areasIds ?? [], merged.treatmentTypeId);
  await lockReferences(
    tx,
    ctx,
    applianceRefs,
    merged.applianceIds ?? [],
    invalid({ field: 'applianceIds', message: 'Algún aparato no existe' }),
  );
  await lockReferences(
    tx,
    ctx,
    productRefs,
    (merged.treatmentProduct ?? []).map((line) => line.productId),
    invalid({ field: 'treatmentProduct', message: 'Algún producto no existe' }),
  );
  await lockConsent(tx, merged.consentId);
}

/** Replaces the lists the body sends; a list left out keeps its rows. */
export async function replaceLinks(executor: Executor, treatmentId: number, links: TreatmentLinks) {
  if (links.categoriesIds) {
    await executor.delete(treatmentCategory).where(eq(treatmentCategory.treatmentId, treatmentId));
    if (links.categoriesIds.length > 0)
      await executor
        .insert(treatmentCategory)
        .values(links.categoriesIds.map((categoryId) => ({ treatmentId, categoryId })));
  }
  if (links.areasIds) {
    await executor.delete(treatmentArea).where(eq(treatmentArea.treatmentId, treatmentId));
    if (links.areasIds.length > 0)
      await executor
        .insert(treatmentArea)
        .values(links.areasIds.map((areaId) => ({ treatmentId, areaId })));
  }
  if (links.applianceIds) {
    await executor
      .delete(treatmentAppliance)
      .where(eq(treatmentAppliance.treatmentId, treatmentId));
    if (links.applianceIds.length > 0)
      await executor
        .insert(treatmentAppliance)
        .values(links.applianceIds.map((applianceId) => ({ treatmentId, applianceId })));
  }
  if (links.treatmentProduct) {
    await executor.delete(treatmentProduct).where(eq(treatmentProduct.treatmentId, treatmentId));
    if (links.treatmentProduct.length > 0)
      await executor
        .insert(treatmentProduct)
        .values(links.treatmentProduct.map((line) => ({ treatmentId, ...line })));
  }
}

/** Live treatments that use a category: such a category cannot be deleted (404 code 34). */
export async function treatmentsUsingCategory(
  executor: Executor,
  categoryId: number,
): Promise<number> {
  const rows = await executor
    .select({ id: treatment.id })
    .from(treatmentCategory)
    .innerJoin(treatment, eq(treatment.id, treatmentCategory.treatmentId))
    .where(and(eq(treatmentCategory.categoryId, categoryId), isNull(treatment.deletedAt)))
    .limit(1);
  return rows.length;
}
