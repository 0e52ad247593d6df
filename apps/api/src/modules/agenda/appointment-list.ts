import { eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  appointmentRoutes,
  type ListQuery,
  type AppointmentStatus,
  type appointmentByCustomerQuery,
  type appointmentQuery,
} from '@clinica/domain';
import { appointment, customer } from '../../db/schema';
import type { Context } from '../../platform/context';
import { listPage, listSpec, searchLike } from '../../platform/list';
import { fixedBranch } from '../../platform/write';
import {
  appointmentColumns,
  fromAppointments,
  notHold,
  presentAppointment,
  type AppointmentRow,
} from './appointment-read';
import { agendaDayOf } from './appointment-day';

/**
 * GET /appointment: the paged table of /dashboard/citas, or with `date` the day of a branch for
 * the grid (`appointment-day.ts`).
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

/** GET /appointment: a day of a branch with `date`, else a page of the table. */
export async function listAppointments(ctx: Context, query: Query) {
  if (query.date)
    return agendaDayOf(ctx, dayBranch(ctx, query.branchId), query.date, {
      filters: filtersOf({ ...query, branchId: undefined, dateFrom: undefined, dateTo: undefined }),
      withCancelled: query.status !== undefined,
    });
  // The table leaves the waitlist's holds out; the day shows the open ones (appointment-day.ts).
  return page(ctx, spec, query, [notHold, ...filtersOf(query)]);
}

/** GET /appointment/get-by-customer. */
export function appointmentsByCustomer(
  ctx: Context,
  query: z.output<typeof appointmentByCustomerQuery>,
) {
  return page(ctx, byCustomerSpec, query, [eq(appointment.customerId, query.customerId), notHold]);
}
