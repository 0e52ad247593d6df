import { eq, gte, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import {
  appointmentLogRoutes,
  type AppointmentLogEntry,
  type appointmentLogQuery,
} from '@clinica/domain';
import {
  appointment,
  appointmentLog,
  appointmentTreatment,
  branch,
  customer,
  treatment,
  user,
} from '../../db/schema';
import type { Context } from '../../platform/context';
import { listPage, listSpec, searchLike } from '../../platform/list';

/** GET /appointment-log: the bitácora of appointment changes (/dashboard/bitacora). */

const logCustomer = alias(customer, 'log_customer');

const customerName = sql`(${customer.name} || ' ' || ${customer.lastName} || ' ' || coalesce(${customer.motherLastName}, ''))`;

const columns = {
  id: appointmentLog.id,
  appointmentId: appointmentLog.appointmentId,
  appointmentNumber: appointment.appointmentNumber,
  action: appointmentLog.action,
  date: appointmentLog.date,
  time: sql<string>`to_char(${appointmentLog.startTime}, 'HH24:MI')`,
  customerRowId: logCustomer.id,
  customerNumber: logCustomer.customerId,
  customerName: sql<string>`${logCustomer.name} || ' ' || ${logCustomer.lastName} || coalesce(' ' || ${logCustomer.motherLastName}, '')`,
  treatment: sql<string>`(SELECT coalesce(string_agg(${treatment.name}, ', ' ORDER BY ${treatment.name}), '') FROM ${appointmentTreatment} JOIN ${treatment} ON ${treatment.id} = ${appointmentTreatment.treatmentId} WHERE ${appointmentTreatment.appointmentId} = ${appointmentLog.appointmentId})`,
  status: appointmentLog.status,
  comments: appointmentLog.comments,
  changes: appointmentLog.changes,
  branchId: branch.id,
  branchName: branch.name,
  userId: user.id,
  userName: sql<
    string | null
  >`${user.name} || ' ' || ${user.lastName} || ' ' || ${user.motherLastName}`,
  createdAt: appointmentLog.createdAt,
};

interface Row {
  id: number;
  appointmentId: number;
  appointmentNumber: number;
  action: string;
  date: string;
  time: string;
  customerRowId: number;
  customerNumber: number;
  customerName: string;
  treatment: string;
  status: string;
  comments: string | null;
  changes: Record<string, { before: unknown; after: unknown }>;
  branchId: number;
  branchName: string;
  userId: number | null;
  userName: string | null;
  createdAt: Date;
}

const spec = listSpec(appointmentLogRoutes.list.list, {
  sortable: {
    created_at: appointmentLog.createdAt,
    appointmentNumber: appointment.appointmentNumber,
  },
  searchable: {
    customer: {
      match: (value: string) =>
        sql`${appointmentLog.customerId} = ANY(ARRAY(SELECT ${customer.id} FROM ${customer} WHERE ${searchLike(customerName, value)}))`,
    },
    appointmentNumber: {
      match: (value: string) =>
        /^\d{1,9}$/.test(value) ? eq(appointment.appointmentNumber, Number(value)) : sql`false`,
    },
  },
  tieBreaker: appointmentLog.id,
  branch: appointmentLog.branchId,
  countCap: 10_000,
});

function present(row: Row): AppointmentLogEntry {
  return {
    id: row.id,
    appointmentId: row.appointmentId,
    appointmentNumber: row.appointmentNumber,
    action: row.action as AppointmentLogEntry['action'],
    date: row.date,
    time: row.time,
    customer: { id: row.customerRowId, customerId: row.customerNumber, name: row.customerName },
    treatment: row.treatment,
    status: row.status as AppointmentLogEntry['status'],
    comments: row.comments,
    changes: row.changes,
    branch: { id: row.branchId, name: row.branchName },
    user: row.userId === null ? null : { id: row.userId, name: row.userName ?? '' },
    created_at: row.createdAt.toISOString(),
  };
}

export async function listAppointmentLog(
  ctx: Context,
  query: z.output<typeof appointmentLogQuery>,
) {
  const page = await listPage<typeof columns, Row>(ctx, spec, query, {
    columns,
    from: (select) =>
      select
        .from(appointmentLog)
        .innerJoin(appointment, eq(appointment.id, appointmentLog.appointmentId))
        .innerJoin(logCustomer, eq(logCustomer.id, appointmentLog.customerId))
        .innerJoin(branch, eq(branch.id, appointmentLog.branchId))
        .leftJoin(user, eq(user.id, appointmentLog.userId))
        .$dynamic(),
    filters: [
      query.branchId ? eq(appointmentLog.branchId, query.branchId) : undefined,
      query.appointmentId ? eq(appointmentLog.appointmentId, query.appointmentId) : undefined,
      query.customerId ? eq(appointmentLog.customerId, query.customerId) : undefined,
      query.userId ? eq(appointmentLog.userId, query.userId) : undefined,
      query.action ? eq(appointmentLog.action, query.action) : undefined,
      // Days of the changes, read in the zone of the branch they belong to.
      query.dateFrom
        ? gte(
            appointmentLog.createdAt,
            sql`(${query.dateFrom}::date::timestamp AT TIME ZONE ${branch.zone})`,
          )
        : undefined,
      query.dateTo
        ? lt(
            appointmentLog.createdAt,
            sql`((${query.dateTo}::date + 1)::timestamp AT TIME ZONE ${branch.zone})`,
          )
        : undefined,
    ],
  });
  return { meta: page.meta, items: page.items.map(present) };
}
