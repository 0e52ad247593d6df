import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { NotFound, treatmentTypeProblems } from '@clinica/domain';
import type { Executor } from '../../db/client';
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
import { assertCategories, groupBy } from './shared';

/** A treatment's related records: loaded in batches for a page, replaced as a whole on save. */

export interface TreatmentLinks {
  categoriesIds?: number[];
  areasIds?: number[];
  applianceIds?: number[];
  treatmentProduct?: { productId: number; quantity: number }[];
}

export async function relationsOf(executor: Executor, ids: number[]) {
  if (ids.length === 0) return null;
  // One after another: inside a transaction they share one connection, which runs one query at a time.
  const categories = await executor
    .select({ owner: treatmentCategory.treatmentId, id: category.id, name: category.name })
    .from(treatmentCategory)
    .innerJoin(category, eq(category.id, treatmentCategory.categoryId))
    .where(inArray(treatmentCategory.treatmentId, ids))
    .orderBy(asc(category.name));
  const areas = await executor
    .select({ owner: treatmentArea.treatmentId, id: area.id, name: area.name, place: area.place })
    .from(treatmentArea)
    .innerJoin(area, eq(area.id, treatmentArea.areaId))
    .where(inArray(treatmentArea.treatmentId, ids))
    .orderBy(asc(area.place), asc(area.name));
  const appliances = await executor
    .select({ owner: treatmentAppliance.treatmentId, id: appliance.id, name: appliance.name })
    .from(treatmentAppliance)
    .innerJoin(appliance, eq(appliance.id, treatmentAppliance.applianceId))
    .where(inArray(treatmentAppliance.treatmentId, ids))
    .orderBy(asc(appliance.name));
  const products = await executor
    .select({
      owner: treatmentProduct.treatmentId,
      productId: treatmentProduct.productId,
      quantity: treatmentProduct.quantity,
      product: { id: product.id, name: product.name, sku: product.sku },
    })
    .from(treatmentProduct)
    .innerJoin(product, eq(product.id, treatmentProduct.productId))
    .where(inArray(treatmentProduct.treatmentId, ids))
    .orderBy(asc(product.name));
  const photos = await executor
    .select({ owner: catalogPhoto.treatmentId, id: catalogPhoto.id, name: catalogPhoto.name })
    .from(catalogPhoto)
    .where(inArray(catalogPhoto.treatmentId, ids))
    .orderBy(asc(catalogPhoto.id));
  return {
    categories: groupBy(categories, 'owner'),
    areas: groupBy(areas, 'owner'),
    appliances: groupBy(appliances, 'owner'),
    products: groupBy(products, 'owner'),
    photos: groupBy(photos, 'owner'),
  };
}

/** The name of a treatment type, or the 400 that names the field. */
export async function treatmentTypeName(executor: Executor, typeId: number): Promise<string> {
  const [found] = await executor
    .select({ name: treatmentType.name })
    .from(treatmentType)
    .where(eq(treatmentType.id, typeId));
  if (!found)
    throw invalid({ field: 'treatmentTypeId', message: 'El tipo de tratamiento no existe' });
  return found.name;
}

async function assertAreas(executor: Executor, areasIds: number[], typeId: number) {
  if (areasIds.length === 0) return;
  const found = await executor
    .select({ id: area.id, typeId: area.treatmentTypeId })
    .from(area)
    .where(inArray(area.id, areasIds));
  // An area id that does not exist is the catalogue's "areas not found" (404 code 28).
  if (found.length !== areasIds.length) throw notFound(NotFound.areas);
  if (found.some((row) => row.typeId !== typeId))
    throw invalid({
      field: 'areasIds',
      message: 'Las áreas no corresponden al tipo de tratamiento',
    });
}

async function assertAppliances(executor: Executor, ids: number[]) {
  if (ids.length === 0) return;
  const found = await executor
    .select({ id: appliance.id })
    .from(appliance)
    .where(and(inArray(appliance.id, ids), isNull(appliance.deletedAt)));
  if (found.length !== ids.length)
    throw invalid({ field: 'applianceIds', message: 'Algún aparato no existe' });
}

async function assertProducts(executor: Executor, lines: { productId: number }[]) {
  if (lines.length === 0) return;
  const ids = lines.map((line) => line.productId);
  const found = await executor
    .select({ id: product.id })
    .from(product)
    .where(and(inArray(product.id, ids), isNull(product.deletedAt)));
  if (found.length !== ids.length)
    throw invalid({ field: 'treatmentProduct', message: 'Algún producto no existe' });
}

async function assertConsent(executor: Executor, consentId: number | null | undefined) {
  if (!consentId) return;
  const [found] = await executor
    .select({ id: consent.id })
    .from(consent)
    .where(eq(consent.id, consentId));
  if (!found) throw invalid({ field: 'consentId', message: 'El consentimiento no existe' });
}

/**
 * Checks a treatment as it will be saved (the stored values merged with the body): the rules of
 * its type, then that every referenced record exists.
 */
export async function assertTreatment(
  executor: Executor,
  merged: TreatmentLinks & {
    treatmentTypeId: number;
    medicalFee?: number | null;
    consentId?: number | null;
  },
) {
  const typeName = await treatmentTypeName(executor, merged.treatmentTypeId);
  const problems = treatmentTypeProblems(typeName, merged);
  if (problems.length > 0) throw new AppError(400, 0, problems);
  await assertCategories(executor, merged.categoriesIds ?? [], 'treatment');
  await assertAreas(executor, merged.areasIds ?? [], merged.treatmentTypeId);
  await assertAppliances(executor, merged.applianceIds ?? []);
  await assertProducts(executor, merged.treatmentProduct ?? []);
  await assertConsent(executor, merged.consentId);
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
