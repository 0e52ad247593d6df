import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppointmentType, RoleKey, appointmentFinishForm } from '@clinica/domain';
import {
  area,
  consent,
  kardex,
  product,
  purchasedProduct,
  purchasedProductArea,
  role,
  stock,
  treatment,
  treatmentArea,
  treatmentProduct,
  treatmentType,
  user,
} from '../../db/schema';
import type { Context } from '../../platform/context';
import { lotsWithUnitsAt } from '../inventory/stock.service';
import { getAppointment } from './appointment-read';

/**
 * GET /appointment/{id}/finish-form: what the finish dialog offers (CONTRACT §13). The treatment is
 * the purchased product's; its areas are those chosen for the purchased product when it has them,
 * else the treatment's (the same list the finish checks against); the lots are those of the
 * treatment's products with units at the appointment's branch, priced as the caller may see
 * (`lotsWithUnitsAt`); the attendants are the branch's active staff of the roles that give the
 * appointment's type.
 */

type FinishForm = z.input<typeof appointmentFinishForm>;

/** The roles that may attend an appointment of each type. */
const ATTENDING_ROLES: Record<AppointmentType, RoleKey[]> = {
  Médico: ['medic'],
  Cosmetóloga: ['cosmetologist'],
  Valoración: ['medic', 'cosmetologist'],
};

/** Active staff of those roles whose employee file is at the branch. */
export async function attendantsOf(ctx: Context, branchId: number, type: AppointmentType) {
  return ctx.db
    .select({
      id: user.id,
      name: sql<string>`${user.name} || ' ' || ${user.lastName} || ' ' || ${user.motherLastName}`,
    })
    .from(user)
    .innerJoin(role, eq(role.id, user.roleId))
    .innerJoin(kardex, and(eq(kardex.userId, user.id), isNull(kardex.deletedAt)))
    .where(
      and(
        inArray(role.key, ATTENDING_ROLES[type]),
        eq(user.status, 'activo'),
        isNull(user.deletedAt),
        eq(kardex.branchId, branchId),
      ),
    )
    .orderBy(asc(user.name), asc(user.lastName), asc(user.id));
}

async function treatmentOf(ctx: Context, treatmentId: number, purchasedProductId: number) {
  const [row] = await ctx.db
    .select({
      id: treatment.id,
      name: treatment.name,
      treatmentType: { id: treatmentType.id, name: treatmentType.name },
      consent: treatment.consent,
      consentId: consent.id,
      consentName: consent.name,
    })
    .from(treatment)
    .innerJoin(treatmentType, eq(treatmentType.id, treatment.treatmentTypeId))
    .leftJoin(consent, eq(consent.id, treatment.consentId))
    .where(eq(treatment.id, treatmentId));
  if (!row) return null;
  const areaColumns = { id: area.id, name: area.name, place: area.place };
  const chosen = await ctx.db
    .select(areaColumns)
    .from(purchasedProductArea)
    .innerJoin(area, eq(area.id, purchasedProductArea.areaId))
    .where(eq(purchasedProductArea.purchasedProductId, purchasedProductId))
    .orderBy(area.place, area.name, area.id);
  const areas =
    chosen.length > 0
      ? chosen
      : await ctx.db
          .select(areaColumns)
          .from(treatmentArea)
          .innerJoin(area, eq(area.id, treatmentArea.areaId))
          .where(eq(treatmentArea.treatmentId, treatmentId))
          .orderBy(area.place, area.name, area.id);
  const products = await ctx.db
    .select({
      productId: product.id,
      sku: product.sku,
      name: product.name,
      perSession: treatmentProduct.quantity,
    })
    .from(treatmentProduct)
    .innerJoin(product, eq(product.id, treatmentProduct.productId))
    .where(eq(treatmentProduct.treatmentId, treatmentId))
    .orderBy(product.name, product.id);
  const { consentId, consentName, ...rest } = row;
  return {
    ...rest,
    consentDocument: consentId === null ? null : { id: consentId, name: consentName ?? '' },
    areas,
    products,
  };
}

/** The finish dialog's data of an appointment the caller may reach (404 code 12 otherwise). */
export async function finishFormOf(ctx: Context, id: number): Promise<FinishForm> {
  const record = await getAppointment(ctx, id);
  const held = record.purchasedProduct;
  const treatmentRow = held ? await treatmentOf(ctx, held.treatment.id, held.id) : null;
  const productIds = treatmentRow?.products.map((entry) => entry.productId) ?? [];
  const [consentRow] = held
    ? await ctx.db
        .select({ signedAt: purchasedProduct.consentSignedAt })
        .from(purchasedProduct)
        .where(eq(purchasedProduct.id, held.id))
    : [];
  return {
    appointmentId: record.id,
    purchasedProduct: held
      ? {
          id: held.id,
          sessions: held.sessions,
          currentSession: held.currentSession,
          sessionsLeft: held.sessions - held.currentSession,
          consentSignedAt: consentRow?.signedAt?.toISOString() ?? null,
        }
      : null,
    treatment: treatmentRow,
    lots:
      productIds.length === 0
        ? []
        : await lotsWithUnitsAt(ctx, record.branch.id, inArray(stock.productId, productIds)),
    attendants: await attendantsOf(ctx, record.branch.id, record.appointmentType),
  };
}
