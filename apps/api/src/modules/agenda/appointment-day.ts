import { and, asc, eq, isNull, ne, notInArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import {
  NotFound,
  localDayAndTime,
  lockAppliesOn,
  lockWindows,
  scheduleDayOf,
  timeOfMinutes,
  type AgendaDayAnswer,
  type DayAppointmentStatus,
} from '@clinica/domain';
import {
  agendaLock,
  appointment,
  appointmentTreatment,
  branch,
  branchSchedule,
  cabin,
  cabinSchedule,
  cabinType,
  customer,
  offer,
  treatment,
  user,
  reminder,
} from '../../db/schema';
import type { Db } from '../../db/client';
import type { Context } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { jsonFirst, jsonRows } from '../../platform/json-rows';
import { lockColumns, presentLock, type LockRow } from './lock-read';

/**
 * GET /appointment with `date`: a day of a branch for the grid (CONTRACT §13), in two round trips
 * run together: its appointments, and its cabins, hours and locks. An appointment carries only
 * what the grid draws (`agendaDayAppointment`): the busiest branch's day is hundreds of them,
 * and the actions dialog reads the one it opens by id.
 */

const hhmm = (column: AnyColumn | SQL) => sql<string>`to_char(${column}, 'HH24:MI')`;

const dayColumns = {
  id: appointment.id,
  date: appointment.date,
  startTime: hhmm(appointment.startTime),
  endTime: hhmm(appointment.endTime),
  status: appointment.status,
  appointmentMethod: appointment.appointmentMethod,
  // A waitlist hold (status held, CONTRACT §15): until when it holds; the grid marks it Apartada.
  holdExpiresAt: appointment.holdExpiresAt,
  // A reminder that could not be sent (CONTRACT §15): the grid marks it.
  reminderFailed: sql<boolean>`EXISTS (SELECT 1 FROM ${reminder} WHERE ${reminder.appointmentId} = ${appointment.id} AND ${reminder.status} = 'failed')`,
  seriesId: appointment.seriesId,
  cabinId: appointment.cabinId,
  packageId: appointment.packageId,
  customerId: customer.id,
  customerName: customer.name,
  customerLastName: customer.lastName,
  customerMotherLastName: customer.motherLastName,
  customerMissed: customer.missedAppointments,
  treatments: jsonRows<{ id: number; name: string }>(
    { id: treatment.id, name: treatment.name },
    sql`FROM ${appointmentTreatment}
      JOIN ${treatment} ON ${treatment.id} = ${appointmentTreatment.treatmentId}
      WHERE ${appointmentTreatment.appointmentId} = ${appointment.id}`,
    [treatment.name],
  ),
  // The package's or promotion's name, when the appointment is one (both are offers).
  offer: jsonFirst<{ id: number; name: string }>(
    { id: offer.id, name: offer.name },
    sql`FROM ${offer} WHERE ${offer.id} = coalesce(${appointment.packageId}, ${appointment.promoId})`,
    [offer.id],
  ),
};

type DayRow = {
  id: number;
  date: string;
  startTime: string;
  endTime: string;
  status: string;
  appointmentMethod: string;
  holdExpiresAt: Date | null;
  reminderFailed: boolean;
  seriesId: string | null;
  cabinId: number;
  packageId: number | null;
  customerId: number;
  customerName: string;
  customerLastName: string;
  customerMotherLastName: string | null;
  customerMissed: number;
  treatments: { id: number; name: string }[];
  offer: { id: number; name: string } | null;
};

const at = {
  branchId: sql.placeholder('branchId'),
  date: sql.placeholder('date'),
  weekday: sql.placeholder('weekday'),
};

/** The appointments of a branch's day matching `where`, by start, cabin and id. */
function dayAppointments(db: Db, where: SQL | undefined) {
  return db
    .select(dayColumns)
    .from(appointment)
    .innerJoin(customer, eq(customer.id, appointment.customerId))
    .where(where)
    .orderBy(asc(appointment.startTime), asc(appointment.cabinId), asc(appointment.id));
}

/** The branch, its hours of a weekday, its active cabins with their hours. */
function dayFrame(db: Db) {
  return (
    db
      .select({
        id: branch.id,
        name: branch.name,
        zone: branch.zone,
        hours: sql<{
          opening: string;
          closing: string;
        } | null>`CASE WHEN ${branchSchedule.id} IS NULL THEN NULL ELSE json_build_object('opening', ${hhmm(branchSchedule.opening)}, 'closing', ${hhmm(branchSchedule.closing)}) END`,
        cabins: sql<
          {
            id: number;
            name: string;
            type: { id: number; name: string; color: string };
            hasSchedule: boolean;
            hours: { opening: string; closing: string } | null;
          }[]
        >`(SELECT coalesce(json_agg(json_build_object(
          'id', ${cabin.id}, 'name', ${cabin.name},
          'type', json_build_object('id', ${cabinType.id}, 'name', ${cabinType.name}, 'color', ${cabinType.color}),
          'hasSchedule', EXISTS (SELECT 1 FROM ${cabinSchedule} WHERE ${cabinSchedule.cabinId} = ${cabin.id}),
          'hours', (SELECT json_build_object('opening', ${hhmm(cabinSchedule.opening)}, 'closing', ${hhmm(cabinSchedule.closing)}) FROM ${cabinSchedule} WHERE ${cabinSchedule.cabinId} = ${cabin.id} AND ${cabinSchedule.day} = ${at.weekday})
        ) ORDER BY ${cabinType.order}, ${cabin.name}, ${cabin.id}), '[]'::json)
        FROM ${cabin} JOIN ${cabinType} ON ${cabinType.id} = ${cabin.typeId}
        WHERE ${cabin.branchId} = ${branch.id} AND ${cabin.deletedAt} IS NULL AND ${cabin.status})`,
      })
      .from(branch)
      // Joined, not a sub-select: a select of one table leaves its columns unqualified, which the
      // cabins' sub-selects would read as their own.
      .leftJoin(
        branchSchedule,
        and(eq(branchSchedule.branchId, branch.id), eq(branchSchedule.day, at.weekday)),
      )
      .where(and(eq(branch.id, at.branchId), isNull(branch.deletedAt)))
  );
}

/** The live locks of a branch that may apply on a date (recurrent, or dated within a week of it). */
function locksNear(db: Db) {
  return db
    .select(lockColumns)
    .from(agendaLock)
    .innerJoin(cabin, eq(cabin.id, agendaLock.cabinId))
    .innerJoin(branch, eq(branch.id, agendaLock.branchId))
    .leftJoin(user, eq(user.id, agendaLock.userId))
    .where(
      and(
        eq(agendaLock.branchId, at.branchId),
        isNull(agendaLock.deletedAt),
        sql`(${agendaLock.recurrent} OR ${agendaLock.date} BETWEEN ${at.date}::date - 6 AND ${at.date}::date)`,
      ),
    )
    .orderBy(asc(agendaLock.id));
}

/** The day's live appointments and open holds, but the cancelled ones: the grid's usual question. */
const liveOfDay = and(
  eq(appointment.branchId, at.branchId),
  eq(appointment.date, at.date),
  notInArray(appointment.status, ['cancelled', 'released']),
);

/**
 * The day's three statements, built once per database and prepared by name: building them
 * (Drizzle walking the sub-selects' SQL trees) cost about as much as running them (issue 24).
 */
function prepareDay(db: Db) {
  return {
    frame: dayFrame(db).prepare('agenda_day_frame'),
    locks: locksNear(db).prepare('agenda_day_locks'),
    items: dayAppointments(db, liveOfDay).prepare('agenda_day_items'),
  };
}
const prepared = new WeakMap<Db, ReturnType<typeof prepareDay>>();
function dayStatements(db: Db) {
  let statements = prepared.get(db);
  if (!statements) prepared.set(db, (statements = prepareDay(db)));
  return statements;
}

/** What narrows a day besides its branch and date (the table's filters), and the cancelled ones. */
export interface DayFilters {
  filters: (SQL | undefined)[];
  /** Asked with a status: the cancelled appointments are not left out. */
  withCancelled: boolean;
}

const presentDay = (row: DayRow): AgendaDayAnswer['items'][number] => ({
  id: row.id,
  date: row.date,
  startTime: row.startTime,
  endTime: row.endTime,
  status: row.status as DayAppointmentStatus,
  appointmentMethod: row.appointmentMethod as AgendaDayAnswer['items'][number]['appointmentMethod'],
  holdExpiresAt: row.holdExpiresAt ? new Date(row.holdExpiresAt).toISOString() : null,
  reminderFailed: row.reminderFailed,
  seriesId: row.seriesId,
  cabain: { id: row.cabinId },
  customer: {
    id: row.customerId,
    name: row.customerName,
    lastName: row.customerLastName,
    motherLastName: row.customerMotherLastName,
    missedAppointments: row.customerMissed,
  },
  treatments: row.treatments,
  package: row.packageId === null ? null : row.offer,
  promotion: row.packageId === null ? row.offer : null,
});

/**
 * A day of a branch (CONTRACT §13): its appointments (cancelled ones only when asked with
 * status=cancelled) in `items`, and in `day` the cabins, hours and locks the grid draws.
 */
export async function agendaDayOf(
  ctx: Context,
  branchId: number,
  date: string,
  { filters, withCancelled }: DayFilters,
): Promise<AgendaDayAnswer> {
  const statements = dayStatements(ctx.db);
  const values = { branchId, date, weekday: scheduleDayOf(date) };
  const [[frame], rows, lockRows] = await Promise.all([
    statements.frame.execute(values),
    (filters.some(Boolean) || withCancelled
      ? // The table's filters on a day (rare): built for the request.
        dayAppointments(
          ctx.db,
          and(
            eq(appointment.branchId, branchId),
            eq(appointment.date, date),
            withCancelled
              ? ne(appointment.status, 'released')
              : notInArray(appointment.status, ['cancelled', 'released']),
            ...filters,
          ),
        )
      : statements.items.execute(values)) as Promise<unknown> as Promise<DayRow[]>,
    statements.locks.execute(values) as Promise<unknown> as Promise<LockRow[]>,
  ]);
  if (!frame) throw notFound(NotFound.branch);
  const locks = lockRows.map(presentLock).filter((lock) => lockAppliesOn(lock, date));
  const now = localDayAndTime(ctx.clock.now(), frame.zone);
  return {
    items: rows.map(presentDay),
    meta: metaOf(rows.length),
    day: {
      branch: { id: frame.id, name: frame.name, zone: frame.zone },
      date,
      today: now.date,
      now: now.time.slice(0, 5),
      hours: frame.hours,
      cabins: frame.cabins.map(({ hasSchedule, hours, ...cabinOf }) => ({
        ...cabinOf,
        hours: hasSchedule ? hours : frame.hours,
      })),
      locks: locks.map((lock) => ({
        ...lock,
        windows: lockWindows(lock).map((window) => ({
          startTime: timeOfMinutes(window.start),
          endTime: timeOfMinutes(window.end),
        })),
      })),
    },
  };
}

/** A day is one page holding all of it. */
function metaOf(count: number) {
  return {
    page: 1,
    take: Math.max(count, 1),
    itemCount: count,
    pageCount: count === 0 ? 0 : 1,
    hasPreviousPage: false,
    hasNextPage: false,
  };
}
