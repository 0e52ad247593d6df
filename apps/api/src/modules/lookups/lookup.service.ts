import { and, asc, eq, isNull, ne, notExists } from 'drizzle-orm';
import type { z } from 'zod';
import type { colorQuery } from '@clinica/domain';
import * as schema from '../../db/schema';
import type { PublicContext } from '../../platform/context';

/** The read-only lookups the forms load (spec 000 §7). */

/** Active branches for the sign-in screen: id, name and code, nothing more (CONTRACT §1). */
export const listBranchOptions = (ctx: PublicContext) =>
  ctx.db
    .select({ id: schema.branch.id, name: schema.branch.name, code: schema.branch.code })
    .from(schema.branch)
    .where(and(eq(schema.branch.active, true), isNull(schema.branch.deletedAt)))
    .orderBy(asc(schema.branch.name));

export const listDepartments = (ctx: PublicContext) =>
  ctx.db.select().from(schema.department).orderBy(asc(schema.department.name));

export const listJobPositions = (ctx: PublicContext) =>
  ctx.db
    .select({
      id: schema.jobPosition.id,
      name: schema.jobPosition.name,
      department: { id: schema.department.id, name: schema.department.name },
    })
    .from(schema.jobPosition)
    .innerJoin(schema.department, eq(schema.department.id, schema.jobPosition.departmentId))
    .orderBy(asc(schema.jobPosition.name));

/** Colours for cabin types; `available` leaves out those another live cabin type uses. */
export function listColors(ctx: PublicContext, query: z.output<typeof colorQuery>) {
  const onlyAvailable = query.available === '1' || query.available === 'true';
  const usedByOthers = and(
    eq(schema.cabinType.color, schema.color.hex),
    isNull(schema.cabinType.deletedAt),
    query.cabinTypeId ? ne(schema.cabinType.id, query.cabinTypeId) : undefined,
  );
  return ctx.db
    .select()
    .from(schema.color)
    .where(
      onlyAvailable
        ? notExists(
            ctx.db.select({ id: schema.cabinType.id }).from(schema.cabinType).where(usedByOthers),
          )
        : undefined,
    )
    .orderBy(asc(schema.color.id));
}

export const listTreatmentTypes = (ctx: PublicContext) =>
  ctx.db.select().from(schema.treatmentType).orderBy(asc(schema.treatmentType.id));

export const listProductTypes = (ctx: PublicContext) =>
  ctx.db.select().from(schema.productType).orderBy(asc(schema.productType.id));
