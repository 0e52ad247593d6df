import { and, eq, notInArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { z } from 'zod';
import {
  HOLD_STATUSES,
  NotFound,
  timeOfMinutes,
  minutesOfDay,
  type appointmentRecord,
} from '@clinica/domain';
import type { Executor } from '../../db/client';
import {
  appointment,
  appointmentCancellation,
  appointmentCategory,
  appointmentTreatment,
  branch,
  cabin,
  cabinType,
  category,
  customer,
  offer,
  purchasedProduct,
  treatment,
  treatmentType,
  user,
} from '../../db/schema';
import type { Context } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { jsonFirst, jsonRows } from '../../platform/json-rows';
import { fixedBranch } from '../../platform/write';
import { withFinish } from './appointment-finish-read';

/**
 * An appointment as every answer reads it (the grid, the table, the detail): one SELECT, its
 * treatments, categories, offers, purchased product and cancellations folded in as JSON by
 * correlated sub-selects, so a day of a branch is one round trip.
 */

export type AppointmentRecord = z.input<typeof appointmentRecord>;

const attendedBy = alias(user, 'attended_by');
const bookedBy = alias(user, 'booked_by');
const cancelledBy = alias(user, 'cancelled_by');
const packageOffer = alias(offer, 'package_offer');
const promoOffer = alias(offer, 'promo_offer');
const ppTreatment = alias(treatment, 'pp_treatment');

const fullName = (table: { name: AnyColumn; lastName: AnyColumn; motherLastName: AnyColumn }) =>
  sql<string>`${table.name} || ' ' || ${table.lastName} || ' ' || ${table.motherLastName}`;

const hhmm = (column: AnyColumn | SQL) => sql<string>`to_char(${column}, 'HH24:MI')`;
const isoOf = (column: AnyColumn | SQL) =>
  sql<string>`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

export const appointmentColumns = {
  id: appointment.id,
  appointmentNumber: appointment.appointmentNumber,
  date: appointment.date,
  startTime: hhmm(appointment.startTime),
  endTime: hhmm(appointment.endTime),
  appointmentType: appointment.appointmentType,
  appointmentMethod: appointment.appointmentMethod,
  appointmentOption: appointment.appointmentOption,
  status: appointment.status,
  confirmMethod: appointment.confirmMethod,
  confirmedBy: appointment.confirmedBy,
  confirmedAt: appointment.confirmedAt,
  observations: appointment.observations,
  paymentMethods: appointment.paymentMethods,
  paymentReference: appointment.paymentReference,
  changes: appointment.changes,
  branchId: branch.id,
  branchName: branch.name,
  cabinId: cabin.id,
  cabinName: cabin.name,
  cabinTypeId: cabinType.id,
  cabinTypeName: cabinType.name,
  cabinTypeColor: cabinType.color,
  customerRowId: customer.id,
  customerNumber: customer.customerId,
  customerName: customer.name,
  customerLastName: customer.lastName,
  customerMotherLastName: customer.motherLastName,
  customerMobile: customer.mobilePhone,
  customerCancellations: customer.cancellations,
  customerMissed: customer.missedAppointments,
  customerBlackList: customer.blackList,
  attendedById: attendedBy.id,
  attendedByName: fullName(attendedBy),
  userId: bookedBy.id,
  userName: fullName(bookedBy),
  treatments: jsonRows<{
    id: number;
    name: string;
    treatmentType: { id: number; name: string };
    minutes: number;
  }>(
    {
      id: treatment.id,
      name: treatment.name,
      treatmentType: { id: treatmentType.id, name: treatmentType.name },
      minutes: treatment.durationMinutes,
    },
    sql`FROM ${appointmentTreatment}
      JOIN ${treatment} ON ${treatment.id} = ${appointmentTreatment.treatmentId}
      JOIN ${treatmentType} ON ${treatmentType.id} = ${treatment.treatmentTypeId}
      WHERE ${appointmentTreatment.appointmentId} = ${appointment.id}`,
    [treatment.name],
  ),
  categories: jsonRows<{ id: number; name: string }>(
    { id: category.id, name: category.name },
    sql`FROM ${appointmentCategory} JOIN ${category} ON ${category.id} = ${appointmentCategory.categoryId}
      WHERE ${appointmentCategory.appointmentId} = ${appointment.id}`,
    [category.name],
  ),
  package: jsonFirst<{ id: number; name: string }>(
    { id: packageOffer.id, name: packageOffer.name },
    sql`FROM ${offer} ${packageOffer} WHERE ${packageOffer.id} = ${appointment.packageId}`,
    [packageOffer.id],
  ),
  promotion: jsonFirst<{ id: number; name: string }>(
    { id: promoOffer.id, name: promoOffer.name },
    sql`FROM ${offer} ${promoOffer} WHERE ${promoOffer.id} = ${appointment.promoId}`,
    [promoOffer.id],
  ),
  purchasedProduct: jsonFirst<{
    id: number;
    sessions: number;
    currentSession: number;
    status: string;
    treatment: { id: number; name: string };
  }>(
    {
      id: purchasedProduct.id,
      sessions: purchasedProduct.sessions,
      currentSession: purchasedProduct.currentSession,
      status: purchasedProduct.status,
      treatment: { id: ppTreatment.id, name: ppTreatment.name },
    },
    sql`FROM ${purchasedProduct} JOIN ${treatment} ${ppTreatment} ON ${ppTreatment.id} = ${purchasedProduct.treatmentId}
      WHERE ${purchasedProduct.id} = ${appointment.purchasedProductId}`,
    [purchasedProduct.id],
  ),
  cancellations: jsonRows<{
    id: number;
    type: string;
    cancellationReason: string;
    comment: string | null;
    customerCancellation: boolean;
    user: { id: number; name: string } | null;
    created_at: string;
  }>(
    {
      id: appointmentCancellation.id,
      type: appointmentCancellation.type,
      cancellationReason: appointmentCancellation.reason,
      comment: appointmentCancellation.comment,
      customerCancellation: appointmentCancellation.customerCancellation,
      user: sql`CASE WHEN ${cancelledBy.id} IS NULL THEN NULL ELSE json_build_object('id', ${cancelledBy.id}, 'name', ${fullName(cancelledBy)}) END`,
      created_at: isoOf(appointmentCancellation.createdAt),
    },
    sql`FROM ${appointmentCancellation}
      LEFT JOIN ${user} ${cancelledBy} ON ${cancelledBy.id} = ${appointmentCancellation.userId}
      WHERE ${appointmentCancellation.appointmentId} = ${appointment.id}`,
    [appointmentCancellation.id],
  ),
  seriesId: appointment.seriesId,
  createdAt: appointment.createdAt,
  updatedAt: appointment.updatedAt,
};

/** A row of `appointmentColumns`; the staff are left-joined, so their columns may be null. */
export type AppointmentRow = Omit<
  SelectResultFields<typeof appointmentColumns>,
  'attendedById' | 'attendedByName' | 'userId' | 'userName'
> & {
  attendedById: number | null;
  attendedByName: string | null;
  userId: number | null;
  userName: string | null;
};

/** The FROM of an appointment read: its branch, cabin, type, customer and staff joined. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function fromAppointments<S extends { from: (...args: any[]) => any }>(select: S) {
  return select
    .from(appointment)
    .innerJoin(branch, eq(branch.id, appointment.branchId))
    .innerJoin(cabin, eq(cabin.id, appointment.cabinId))
    .innerJoin(cabinType, eq(cabinType.id, cabin.typeId))
    .innerJoin(customer, eq(customer.id, appointment.customerId))
    .leftJoin(attendedBy, eq(attendedBy.id, appointment.attendedById))
    .leftJoin(bookedBy, eq(bookedBy.id, appointment.userId));
}

const termOf = (startTime: string, endTime: string) =>
  timeOfMinutes(minutesOfDay(endTime) - minutesOfDay(startTime));

/** A row of `appointmentColumns` as the API answers it. */
export function presentAppointment(row: AppointmentRow): AppointmentRecord {
  return {
    id: row.id,
    appointmentNumber: row.appointmentNumber,
    date: row.date,
    startTime: row.startTime,
    endTime: row.endTime,
    term: termOf(row.startTime, row.endTime),
    appointmentType: row.appointmentType as AppointmentRecord['appointmentType'],
    appointmentMethod: row.appointmentMethod as AppointmentRecord['appointmentMethod'],
    appointmentOption: row.appointmentOption as AppointmentRecord['appointmentOption'],
    status: row.status as AppointmentRecord['status'],
    confirmMethod: row.confirmMethod as AppointmentRecord['confirmMethod'],
    confirmedBy: row.confirmedBy as AppointmentRecord['confirmedBy'],
    confirmedAt: row.confirmedAt ? row.confirmedAt.toISOString() : null,
    observations: row.observations,
    paymentMethods: row.paymentMethods,
    paymentReference: row.paymentReference,
    changes: row.changes,
    branch: { id: row.branchId, name: row.branchName },
    cabain: {
      id: row.cabinId,
      name: row.cabinName,
      type: { id: row.cabinTypeId, name: row.cabinTypeName, color: row.cabinTypeColor },
    },
    customer: {
      id: row.customerRowId,
      customerId: row.customerNumber,
      name: row.customerName,
      lastName: row.customerLastName,
      motherLastName: row.customerMotherLastName,
      mobilePhone: row.customerMobile,
      cancellations: row.customerCancellations,
      missedAppointments: row.customerMissed,
      blackList: row.customerBlackList,
    },
    treatments: row.treatments.map(({ minutes, ...rest }) => ({
      ...rest,
      term: timeOfMinutes(minutes),
    })),
    categories: row.categories,
    package: row.package,
    promotion: row.promotion,
    purchasedProduct: row.purchasedProduct,
    attendedBy:
      row.attendedById === null ? null : { id: row.attendedById, name: row.attendedByName ?? '' },
    user: row.userId === null ? null : { id: row.userId, name: row.userName ?? '' },
    cancellations: row.cancellations.map((entry) => ({
      ...entry,
      type: entry.type as 'Cancellation' | 'Reschedule',
      cancellationReason:
        entry.cancellationReason as AppointmentRecord['cancellations'][number]['cancellationReason'],
    })),
    seriesId: row.seriesId,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Appointments matching `where`, in `orderBy` order. */
export async function selectAppointments(
  executor: Executor,
  where: SQL | undefined,
  orderBy: SQL[] = [sql`${appointment.id}`],
): Promise<AppointmentRecord[]> {
  const rows = (await fromAppointments(executor.select(appointmentColumns))
    .where(where)
    .orderBy(...orderBy)) as unknown as AppointmentRow[];
  return rows.map(presentAppointment);
}

/** One appointment by id (no scope: the caller has checked it). */
export async function readAppointment(executor: Executor, id: number): Promise<AppointmentRecord> {
  const [record] = await selectAppointments(executor, and(eq(appointment.id, id)));
  return record!;
}

/**
 * Waitlist holds (`held`, `released`, CONTRACT §15) are not appointments yet: every list, count
 * and detail leaves them out (the day view shows the open ones).
 */
export const notHold = notInArray(appointment.status, [...HOLD_STATUSES]);

/** GET /appointment/{id}: a role fixed to its branch reaches only its branch's (404 code 12). */
export async function getAppointment(ctx: Context, id: number): Promise<AppointmentRecord> {
  const fixed = fixedBranch(ctx.session);
  const [record] = await selectAppointments(
    ctx.db,
    and(
      eq(appointment.id, id),
      notHold,
      fixed === null ? undefined : eq(appointment.branchId, fixed),
    ),
  );
  if (!record) throw notFound(NotFound.appointment);
  return withFinish(ctx.db, record);
}
