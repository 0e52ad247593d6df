import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import {
  NotFound,
  SLOT_HOLDING_STATUSES,
  localDayAndTime,
  minutesOfDay,
  scheduleDayOf,
  type DayHours,
  type LockRule,
  type SlotDay,
  type Span,
} from '@clinica/domain';
import type { Executor } from '../../db/client';
import { servingCabins } from '../agenda/series-preview';
import {
  agendaLock,
  appointment,
  appointmentTreatment,
  branch,
  branchAppliance,
  branchSchedule,
  cabinSchedule,
  treatment,
  treatmentAppliance,
  treatmentCategory,
  treatmentType,
} from '../../db/schema';
import { notFound } from '../../platform/errors';

/**
 * What online booking reads of a branch's day (CONTRACT §15): the branch, the treatment offered
 * there, and every cabin serving its type with its hours, locks and appointments, and the
 * appliances it needs; the domain's `slotOf` and `availableStarts` decide from it.
 */

/** A live, active clinic (never the distribution centre), or 404 code 6. */
export async function publicBranchOf(db: Executor, branchId: number) {
  const [row] = await db
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
      and(
        eq(branch.id, branchId),
        isNull(branch.deletedAt),
        eq(branch.active, true),
        eq(branch.distributionCenter, false),
      ),
    );
  if (!row) throw notFound(NotFound.branch);
  return row;
}

/** The branch's address on one line, as the public page and the messages show it. */
export function addressLine(row: {
  street: string;
  extNumber: string;
  intNumber: string | null;
  suburb: string;
  city: string;
  state: string;
  zipCode: string;
}) {
  const number = row.intNumber ? `${row.extNumber} int. ${row.intNumber}` : row.extNumber;
  return `${row.street} ${number}, ${row.suburb}, ${row.city}, ${row.state}, C.P. ${row.zipCode}`;
}

/**
 * A treatment offered online at the branch: live, active, flagged, and served by one of its
 * cabins; else 404 code 2. With its type's name and its categories, as a booking names them.
 */
export async function onlineTreatmentAt(db: Executor, branchId: number, treatmentId: number) {
  const [row] = await db
    .select({
      id: treatment.id,
      name: treatment.name,
      duration: treatment.durationMinutes,
      treatmentTypeId: treatment.treatmentTypeId,
      typeName: treatmentType.name,
    })
    .from(treatment)
    .innerJoin(treatmentType, eq(treatmentType.id, treatment.treatmentTypeId))
    .where(
      and(
        eq(treatment.id, treatmentId),
        isNull(treatment.deletedAt),
        eq(treatment.active, true),
        eq(treatment.onlineBooking, true),
      ),
    );
  if (!row) throw notFound(NotFound.treatment);
  const cabins = await servingCabins(db, branchId, row.treatmentTypeId);
  if (cabins.length === 0) throw notFound(NotFound.treatment);
  const categories = await db
    .select({ id: treatmentCategory.categoryId })
    .from(treatmentCategory)
    .where(eq(treatmentCategory.treatmentId, treatmentId))
    .orderBy(asc(treatmentCategory.categoryId));
  return {
    ...row,
    cabinIds: cabins.map((entry) => entry.id),
    categoryIds: categories.map((entry) => entry.id),
  };
}

const hoursOf = (row: { opening: string; closing: string }): DayHours => ({
  opening: row.opening.slice(0, 5),
  closing: row.closing.slice(0, 5),
});
const spanOf = (row: { startTime: string; endTime: string }): Span => ({
  start: minutesOfDay(row.startTime),
  end: minutesOfDay(row.endTime),
});
const holding = inArray(appointment.status, [...SLOT_HOLDING_STATUSES]);

/** The day as the domain's slot rules read it, for a treatment already found bookable there. */
export async function slotDayOf(
  db: Executor,
  at: {
    branchId: number;
    zone: string;
    date: string;
    now: Date;
    leadMinutes: number;
    treatment: { id: number; duration: number; cabinIds: number[] };
  },
): Promise<SlotDay> {
  const day = scheduleDayOf(at.date);
  const cabinIds = at.treatment.cabinIds;
  const [branchHours, schedules, locks, busy, needed] = await Promise.all([
    db
      .select({ opening: branchSchedule.opening, closing: branchSchedule.closing })
      .from(branchSchedule)
      .where(and(eq(branchSchedule.branchId, at.branchId), eq(branchSchedule.day, day))),
    db
      .select({
        cabinId: cabinSchedule.cabinId,
        day: cabinSchedule.day,
        opening: cabinSchedule.opening,
        closing: cabinSchedule.closing,
      })
      .from(cabinSchedule)
      .where(inArray(cabinSchedule.cabinId, cabinIds)),
    db
      .select({
        cabinId: agendaLock.cabinId,
        type: agendaLock.type,
        time: agendaLock.time,
        date: agendaLock.date,
        days: agendaLock.days,
        recurrent: agendaLock.recurrent,
      })
      .from(agendaLock)
      .where(and(inArray(agendaLock.cabinId, cabinIds), isNull(agendaLock.deletedAt))),
    db
      .select({
        cabinId: appointment.cabinId,
        startTime: appointment.startTime,
        endTime: appointment.endTime,
      })
      .from(appointment)
      .where(
        and(
          eq(appointment.branchId, at.branchId),
          eq(appointment.date, at.date),
          inArray(appointment.cabinId, cabinIds),
          holding,
        ),
      ),
    db
      .selectDistinct({ applianceId: treatmentAppliance.applianceId })
      .from(treatmentAppliance)
      .where(eq(treatmentAppliance.treatmentId, at.treatment.id)),
  ]);
  const appliances = await Promise.all(
    needed.map(async ({ applianceId }) => {
      const [units, inUse] = await Promise.all([
        db
          .select({ id: branchAppliance.id })
          .from(branchAppliance)
          .where(
            and(
              eq(branchAppliance.branchId, at.branchId),
              eq(branchAppliance.applianceId, applianceId),
              isNull(branchAppliance.deletedAt),
              eq(branchAppliance.status, true),
              eq(branchAppliance.statusDescription, 'Funcionando'),
            ),
          ),
        db
          .selectDistinct({
            id: appointment.id,
            startTime: appointment.startTime,
            endTime: appointment.endTime,
          })
          .from(appointment)
          .innerJoin(appointmentTreatment, eq(appointmentTreatment.appointmentId, appointment.id))
          .innerJoin(
            treatmentAppliance,
            eq(treatmentAppliance.treatmentId, appointmentTreatment.treatmentId),
          )
          .where(
            and(
              eq(appointment.branchId, at.branchId),
              eq(appointment.date, at.date),
              holding,
              eq(treatmentAppliance.applianceId, applianceId),
            ),
          ),
      ]);
      return { units: units.length, inUse: inUse.map(spanOf) };
    }),
  );
  return {
    date: at.date,
    duration: at.treatment.duration,
    branchHours: branchHours[0] ? hoursOf(branchHours[0]) : null,
    cabins: cabinIds.map((id) => {
      const week = schedules.filter((entry) => entry.cabinId === id);
      const own = week.find((entry) => entry.day === day);
      return {
        id,
        hours: week.length === 0 ? 'branch' : own ? hoursOf(own) : null,
        locks: locks.filter((lock) => lock.cabinId === id) as unknown as LockRule[],
        busy: busy.filter((entry) => entry.cabinId === id).map(spanOf),
      };
    }),
    appliances,
    now: localDayAndTime(at.now, at.zone),
    leadMinutes: at.leadMinutes,
  };
}
