import { and, eq } from 'drizzle-orm';
import { Conflict, NotFound } from '@clinica/domain';
import type { Tx } from '../../db/client';
import { appointment, appointmentTreatment } from '../../db/schema';
import { conflict, notFound } from '../../platform/errors';
import type { OrderLine } from './order-lines';

/**
 * Charging an appointment (CONTRACT §12): an appointment booked for a new treatment has no
 * purchased product and cannot be finished until it is sold. The sale (and its quote) names it in
 * `appointmentId`; the appointment is locked `FOR UPDATE` in the sale's transaction, so two sales
 * cannot both charge it, and the purchased product the sale creates is tied to it before commit.
 */

export interface ChargedAppointment {
  id: number;
  /** The treatments it was booked for: the sale must give one of them. */
  treatmentIds: number[];
}

/**
 * The appointment the order charges, locked: that customer's, at that branch (else 404 code 12),
 * `scheduled` or `inProcess` (else 409 code 39), without a purchased product (else 409 code 41),
 * and the order gives one of its treatments (else 409 code 39).
 */
export async function holdChargedAppointment(
  tx: Tx,
  appointmentId: number,
  sale: { customerId: number; branchId: number; lines: OrderLine[] },
): Promise<ChargedAppointment> {
  const [row] = await tx
    .select({
      id: appointment.id,
      status: appointment.status,
      purchasedProductId: appointment.purchasedProductId,
    })
    .from(appointment)
    .where(
      and(
        eq(appointment.id, appointmentId),
        eq(appointment.customerId, sale.customerId),
        eq(appointment.branchId, sale.branchId),
      ),
    )
    .for('update');
  if (!row) throw notFound(NotFound.appointment);
  if (row.status !== 'scheduled' && row.status !== 'inProcess')
    throw conflict(Conflict.appointmentStatusLocked);
  if (row.purchasedProductId !== null) throw conflict(Conflict.purchasedProductUnavailable);
  const booked = await tx
    .select({ treatmentId: appointmentTreatment.treatmentId })
    .from(appointmentTreatment)
    .where(eq(appointmentTreatment.appointmentId, row.id));
  const treatmentIds = booked.map((item) => item.treatmentId);
  const given = sale.lines.some((line) =>
    line.gives.some((item) => treatmentIds.includes(item.treatmentId)),
  );
  if (!given) throw conflict(Conflict.appointmentStatusLocked);
  return { id: row.id, treatmentIds };
}

/** Ties the first purchased product of one of its treatments to the charged appointment. */
export async function tieAppointment(
  tx: Tx,
  charged: ChargedAppointment,
  created: { id: number; treatmentId: number }[],
  at: Date,
): Promise<void> {
  const held = created.find((item) => charged.treatmentIds.includes(item.treatmentId));
  // holdChargedAppointment checked that the order gives one of its treatments.
  if (!held) throw conflict(Conflict.appointmentStatusLocked);
  await tx
    .update(appointment)
    .set({ purchasedProductId: held.id, updatedAt: at })
    .where(eq(appointment.id, charged.id));
}
