import { and, asc, eq, gte, isNull, lte, ne, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  NotFound,
  appointmentRoutes,
  localDayAndTime,
  lockAppliesOn,
  lockWindows,
  scheduleDayOf,
  timeOfMinutes,
  type AgendaDay,
  type ListQuery,
  type AppointmentStatus,
  type appointmentByCustomerQuery,
  type appointmentQuery,
} from '@clinica/domain';
import {
  agendaLock,
  appointment,
  branch,
  branchSchedule,
  cabin,
  cabinSchedule,
  cabinType,
  customer,
  user,
} from '../../db/schema';
import type { Context } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { listPage, listSpec, searchLike } from '../../platform/list';
import { fixedBranch } from '../../platform/write';
import {
  appointmentColumns,
  fromAppointments,
  presentAppointment,
  selectAppointments,
  type AppointmentRecord,
  type AppointmentRow,
} from './appointment-read';
import { lockColumns, presentLock, type LockRow } from './lock-read';

/**
 * GET /appointment: the day of a branch for the grid (one round trip for its appointments, one
 * for its cabins, hours and locks), or the paged table of /dashboard/citas.
 */

const customerName = sql`(${customer.name} || ' ' || ${customer.lastName} || ' ' || coalesce(${customer.motherLastName}, ''))`;

/** The customer's name searched through the customers' own trigram index, then by their ids. */
const customerSearch = {
  match: (value: string) =>
    sql`${appointment.customerId} = ANY(ARRAY(SELECT ${customer.id} FROM ${customer} WHERE ${searchLike(customerName, value)}))`,
};
const numberSearch = {
  match: (value: string) =>
    /^\d{1,9}$/.test(value) ? eq(appointment.appointmentNumber, Number(value)) : sql`false`,
};

const sortable = {
  date: appointment.date,
  appointmentNumber: appointment.appointmentNumber,
  startTime: appointment.startTime,
  status: appointment.status,
  appointmentType: appointment.appointmentType,
  created_at: appointment.createdAt,
};

const spec = listSpec(appointmentRoutes.list.list, {
  sortable,
  searchable: { customer: customerSearch, appointmentNumber: numberSearch },
  tieBreaker: appointment.id,
  branch: appointment.branchId,
  // A table that grows without end (1 M rows at chain scale): the count stops here.
  countCap: 10_000,
});

const byCustomerSpec = listSpec(appointmentRoutes.byCustomer.list, {
  sortable,
  searchable: { appointmentNumber: numberSearch },
  tieBreaker: appointment.id,
  branch: appointment.branchId,
});

/** The list's query: its filters, and the appointment's status over the common active filter. */
export type AppointmentListQuery = Omit<z.output<typeof appointmentQuery>, 'status'> & {
  status?: AppointmentStatus;
};
type Query = AppointmentListQuery;

/** The branch a day is read for: a role fixed to its branch reads its own, whatever it asks. */
const dayBranch = (ctx: Context, requested: number | undefined) =>
  fixedBranch(ctx.session) ?? requested ?? ctx.session.branchId;

async function page(
  ctx: Context,
  listSpecOf: typeof spec,
  query: Omit<ListQuery, 'status'>,
  filters: (SQL | undefined)[],
) {
  const result = await listPage<typeof appointmentColumns, AppointmentRow>(
    ctx,
    listSpecOf,
    { ...query, status: undefined },
    {
      columns: appointmentColumns,
      from: (select) => fromAppointments(select).$dynamic(),
      filters,
    },
  );
  return { meta: result.meta, items: result.items.map(presentAppointment) };
}

function filtersOf(query: Query): (SQL | undefined)[] {
  return [
    query.branchId ? eq(appointment.branchId, query.branchId) : undefined,
    query.dateFrom ? gte(appointment.date, query.dateFrom) : undefined,
    query.dateTo ? lte(appointment.date, query.dateTo) : undefined,
    query.status ? eq(appointment.status, query.status) : undefined,
    query.appointmentType ? eq(appointment.appointmentType, query.appointmentType) : undefined,
    query.appointmentMethod
      ? eq(appointment.appointmentMethod, query.appointmentMethod)
      : undefined,
    query.cabainId ? eq(appointment.cabinId, query.cabainId) : undefined,
    query.attendedById ? eq(appointment.attendedById, query.attendedById) : undefined,
    query.customerId ? eq(appointment.customerId, query.customerId) : undefined,
  ];
}

/** GET /appointment. */
export async function listAppointments(ctx: Context, query: Query) {
  if (query.date) return agendaDayOf(ctx, query);
  return page(ctx, spec, query, filtersOf(query));
}

/** GET /appointment/get-by-customer. */
export function appointmentsByCustomer(
  ctx: Context,
  query: z.output<typeof appointmentByCustomerQuery>,
) {
  return page(ctx, byCustomerSpec, query, [eq(appointment.customerId, query.customerId)]);
}

const hhmm = (column: AnyColumn | SQL) => sql`to_char(${column}, 'HH24:MI')`;

/** The branch, its hours of a weekday, its active cabins with their hours, and its live locks. */
async function dayFrame(ctx: Context, branchId: number, date: string) {
  const day = scheduleDayOf(date);
  const [row] = await ctx.db
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
          'hours', (SELECT json_build_object('opening', ${hhmm(cabinSchedule.opening)}, 'closing', ${hhmm(cabinSchedule.closing)}) FROM ${cabinSchedule} WHERE ${cabinSchedule.cabinId} = ${cabin.id} AND ${cabinSchedule.day} = ${day})
        ) ORDER BY ${cabinType.order}, ${cabin.name}, ${cabin.id}), '[]'::json)
        FROM ${cabin} JOIN ${cabinType} ON ${cabinType.id} = ${cabin.typeId}
        WHERE ${cabin.branchId} = ${branch.id} AND ${cabin.deletedAt} IS NULL AND ${cabin.status})`,
    })
    .from(branch)
    // Joined, not a sub-select: a select of one table leaves its columns unqualified, which the
    // cabins' sub-selects would read as their own.
    .leftJoin(
      branchSchedule,
      and(eq(branchSchedule.branchId, branch.id), eq(branchSchedule.day, day)),
    )
    .where(and(eq(branch.id, branchId), isNull(branch.deletedAt)));
  if (!row) throw notFound(NotFound.branch);
  return row;
}

/** The live locks of a branch that may apply on a date (recurrent, or dated within a week of it). */
async function locksNear(ctx: Context, branchId: number, date: string) {
  const rows = (await ctx.db
    .select(lockColumns)
    .from(agendaLock)
    .innerJoin(cabin, eq(cabin.id, agendaLock.cabinId))
    .innerJoin(branch, eq(branch.id, agendaLock.branchId))
    .leftJoin(user, eq(user.id, agendaLock.userId))
    .where(
      and(
        eq(agendaLock.branchId, branchId),
        isNull(agendaLock.deletedAt),
        sql`(${agendaLock.recurrent} OR ${agendaLock.date} BETWEEN ${date}::date - 6 AND ${date}::date)`,
      ),
    )
    .orderBy(asc(agendaLock.id))) as unknown as LockRow[];
  return rows.map(presentLock).filter((lock) => lockAppliesOn(lock, date));
}

/**
 * A day of a branch (CONTRACT §13): its appointments (cancelled ones only when asked with
 * status=cancelled) in `items`, and in `day` the cabins, hours and locks the grid draws.
 */
async function agendaDayOf(
  ctx: Context,
  query: Query,
): Promise<{ items: AppointmentRecord[]; meta: ReturnType<typeof metaOf>; day: AgendaDay }> {
  const branchId = dayBranch(ctx, query.branchId);
  const date = query.date!;
  const filters = filtersOf({
    ...query,
    branchId: undefined,
    dateFrom: undefined,
    dateTo: undefined,
  });
  const [frame, items, locks] = await Promise.all([
    dayFrame(ctx, branchId, date),
    selectAppointments(
      ctx.db,
      and(
        eq(appointment.branchId, branchId),
        eq(appointment.date, date),
        query.status ? undefined : ne(appointment.status, 'cancelled'),
        ...filters,
      ),
      [sql`${appointment.startTime}`, sql`${appointment.cabinId}`, sql`${appointment.id}`],
    ),
    locksNear(ctx, branchId, date),
  ]);
  const now = localDayAndTime(ctx.clock.now(), frame.zone);
  return {
    items,
    meta: metaOf(items.length),
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
