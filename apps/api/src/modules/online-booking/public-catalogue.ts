import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { availableStarts, durationTerm } from '@clinica/domain';
import { branch, branchSchedule, cabin, cabinType, treatment } from '../../db/schema';
import { checkBookableDate } from './booking-request.service';
import { addressLine, onlineTreatmentAt, publicBranchOf, slotDayOf } from './slot-day';

/** What the public booking page reads (CONTRACT §15): clinics, their treatments, free starts. */

/** GET /public/branches: the active clinics, never the distribution centre. */
export async function publicBranches(app: FastifyInstance) {
  const rows = await app.db
    .select({
      id: branch.id,
      name: branch.name,
      zone: branch.zone,
      phone: branch.phone,
      street: branch.street,
      extNumber: branch.extNumber,
      intNumber: branch.intNumber,
      suburb: branch.suburb,
      city: branch.city,
      state: branch.state,
      zipCode: branch.zipCode,
    })
    .from(branch)
    .where(
      and(isNull(branch.deletedAt), eq(branch.active, true), eq(branch.distributionCenter, false)),
    )
    .orderBy(asc(branch.name));
  const schedules =
    rows.length === 0
      ? []
      : await app.db
          .select()
          .from(branchSchedule)
          .where(
            inArray(
              branchSchedule.branchId,
              rows.map((row) => row.id),
            ),
          )
          .orderBy(asc(branchSchedule.day));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    address: addressLine(row),
    phone: row.phone,
    zone: row.zone,
    schedule: schedules
      .filter((entry) => entry.branchId === row.id)
      .map((entry) => ({
        day: entry.day,
        opening: entry.opening.slice(0, 5),
        closing: entry.closing.slice(0, 5),
      })),
  }));
}

/** GET /public/treatments?branchId: flagged, active, and served by an active cabin there. */
export async function publicTreatments(app: FastifyInstance, branchId: number) {
  await publicBranchOf(app.db, branchId);
  const served = app.db
    .selectDistinct({ typeId: cabinType.treatmentTypeId })
    .from(cabin)
    .innerJoin(cabinType, eq(cabinType.id, cabin.typeId))
    .where(and(eq(cabin.branchId, branchId), isNull(cabin.deletedAt), eq(cabin.status, true)));
  const rows = await app.db
    .select({
      id: treatment.id,
      name: treatment.name,
      description: treatment.description,
      duration: treatment.durationMinutes,
      price: treatment.price,
    })
    .from(treatment)
    .where(
      and(
        isNull(treatment.deletedAt),
        eq(treatment.active, true),
        eq(treatment.onlineBooking, true),
        inArray(treatment.treatmentTypeId, served),
      ),
    )
    .orderBy(asc(treatment.name));
  return rows.map((row) => ({ ...row, term: durationTerm(row.duration) }));
}

/** GET /public/availability: the free starts of a day, times only. */
export async function publicAvailability(
  app: FastifyInstance,
  query: { branchId: number; treatmentId: number; date: string },
) {
  const place = await publicBranchOf(app.db, query.branchId);
  checkBookableDate(app, query.date, place.zone);
  const found = await onlineTreatmentAt(app.db, place.id, query.treatmentId);
  const day = await slotDayOf(app.db, {
    branchId: place.id,
    zone: place.zone,
    date: query.date,
    now: app.clock.now(),
    leadMinutes: app.config.onlineBookingLeadMinutes,
    treatment: found,
  });
  return {
    branchId: place.id,
    treatmentId: found.id,
    date: query.date,
    duration: found.duration,
    times: availableStarts(day),
  };
}
