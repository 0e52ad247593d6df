import { asc, eq } from 'drizzle-orm';
import type { Context } from '../../platform/context';
import { NotFound } from '@clinica/domain';
import { area, consent, productType, treatmentType } from '../../db/schema';
import { notFound } from '../../platform/errors';

/** The catalogue's read-only lookups: areas by treatment type, consent documents, product types. */

export async function listAreas(ctx: Context, treatmentTypeId: number | undefined) {
  if (treatmentTypeId !== undefined) {
    const [type] = await ctx.db
      .select({ id: treatmentType.id })
      .from(treatmentType)
      .where(eq(treatmentType.id, treatmentTypeId));
    if (!type) throw notFound(NotFound.treatmentType);
  }
  return ctx.db
    .select({
      id: area.id,
      name: area.name,
      place: area.place,
      treatmentType: { id: treatmentType.id, name: treatmentType.name },
    })
    .from(area)
    .innerJoin(treatmentType, eq(treatmentType.id, area.treatmentTypeId))
    .where(treatmentTypeId === undefined ? undefined : eq(area.treatmentTypeId, treatmentTypeId))
    .orderBy(asc(area.place), asc(area.name));
}

export async function listConsents(ctx: Context) {
  return ctx.db.select().from(consent).orderBy(asc(consent.name));
}

export async function getConsent(ctx: Context, id: number) {
  const [row] = await ctx.db.select().from(consent).where(eq(consent.id, id));
  // The catalogue numbers no code for a missing consent: the plain 404.
  if (!row) throw notFound(0);
  return row;
}

export async function getProductType(ctx: Context, id: number) {
  const [row] = await ctx.db.select().from(productType).where(eq(productType.id, id));
  if (!row) throw notFound(NotFound.productType);
  return row;
}
