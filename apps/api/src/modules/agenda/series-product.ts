import { and, asc, count, eq, inArray } from 'drizzle-orm';
import {
  Conflict,
  SERIES_SPENDING_STATUSES,
  remainingSessions,
  type AppointmentType,
} from '@clinica/domain';
import type { Executor } from '../../db/client';
import {
  appointment,
  purchasedProduct,
  treatment,
  treatmentCategory,
  treatmentType,
} from '../../db/schema';
import { conflict } from '../../platform/errors';
import type { Booking } from './booking';

/**
 * The purchased treatment a session series books (CONTRACT §15), and what is left of it:
 * `sessions` − `currentSession` − its appointments that already spend a session (scheduled, in
 * process, or held by a waitlist offer: `SERIES_SPENDING_STATUSES`). A product that is not in
 * process, or has nothing left, is 409 code 41. `lock` takes it `FOR UPDATE` first, so two series
 * of one product count one after the other.
 */
export async function seriesProduct(db: Executor, id: number, lock: boolean) {
  const query = db
    .select({
      id: purchasedProduct.id,
      customerId: purchasedProduct.customerId,
      status: purchasedProduct.status,
      sessions: purchasedProduct.sessions,
      currentSession: purchasedProduct.currentSession,
      treatmentId: treatment.id,
      treatmentName: treatment.name,
      minutes: treatment.durationMinutes,
      treatmentTypeId: treatment.treatmentTypeId,
      typeName: treatmentType.name,
    })
    .from(purchasedProduct)
    .innerJoin(treatment, eq(treatment.id, purchasedProduct.treatmentId))
    .innerJoin(treatmentType, eq(treatmentType.id, treatment.treatmentTypeId))
    .where(eq(purchasedProduct.id, id));
  const [row] = lock ? await query.for('update', { of: purchasedProduct }) : await query;
  if (!row || row.status !== 'onProcess') throw conflict(Conflict.purchasedProductUnavailable);
  const [spent] = await db
    .select({ booked: count() })
    .from(appointment)
    .where(
      and(
        eq(appointment.purchasedProductId, id),
        // `held` is not among the stored statuses until the waitlist adds it; as text it counts.
        inArray(appointment.status, [...SERIES_SPENDING_STATUSES]),
      ),
    );
  const booked = spent?.booked ?? 0;
  const remaining = remainingSessions({ ...row, booked });
  if (remaining === 0) throw conflict(Conflict.purchasedProductUnavailable);
  const categories = await db
    .select({ id: treatmentCategory.categoryId })
    .from(treatmentCategory)
    .where(eq(treatmentCategory.treatmentId, row.treatmentId))
    .orderBy(asc(treatmentCategory.categoryId));
  return {
    ...row,
    booked,
    remaining,
    /** The number of the first session the series books. */
    firstSession: row.currentSession + booked + 1,
    categoryIds: categories.map((entry) => entry.id),
  };
}

export type SeriesProduct = Awaited<ReturnType<typeof seriesProduct>>;

/** A session of the series as §13's create path books it: the product's treatment, alone. */
export function seriesBooking(
  product: SeriesProduct,
  at: { branchId: number; cabinId: number; date: string; startTime: string },
  attendedById: number | null = null,
): Booking {
  return {
    ...at,
    customerId: product.customerId,
    appointmentType: product.typeName as AppointmentType,
    appointmentOption: 'purchasedProducts',
    treatmentsIds: [product.treatmentId],
    categoriesIds: product.categoryIds,
    packageId: null,
    promoId: null,
    purchasedProductId: product.id,
    attendedById,
  };
}
