import { sql } from 'drizzle-orm';
import {
  ONLINE_APPOINTMENT_METHOD,
  occupationOf,
  sumFields,
  type AppointmentsReportItem,
  type OccupationReportItem,
  type ScheduledAppointmentsReportItem,
  type branchDatesReportQuery,
} from '@clinica/domain';
import type { z } from 'zod';
import { queryRows } from '../../db/client';
import { appointment, branch, order, purchasedProduct, user } from '../../db/schema';
import type { Context } from '../../platform/context';
import { countOf, daysBetween, perBranch, reportBranchOf, whereOf } from './activity-scope';

/**
 * The agenda's reports (CONTRACT §14): appointments by channel, occupation (confirmations) and
 * scheduled appointments by who booked them, each counted in one statement grouped by branch over
 * the appointments of the days asked (`date`, branch-local), through `appointment_report_idx`.
 */

type Query = z.output<typeof branchDatesReportQuery>;

/**
 * The appointments of the query's days at the reached branch (or all), as conditions; never a
 * waitlist hold.
 */
function appointmentsOf(ctx: Context, query: Query) {
  const reached = reportBranchOf(ctx.session, query.branchId);
  const conditions = daysBetween(sql`${appointment.date}`, query.startDate, query.endDate);
  if (reached !== null) conditions.push(sql`${appointment.branchId} = ${reached}`);
  // The waitlist's holds are not appointments (CONTRACT §15): never counted.
  conditions.push(sql`${appointment.status} NOT IN ('held', 'released')`);
  return { reached, conditions };
}

const CHANNELS = ['inPerson', 'call', 'socialMedia', 'app', 'ecommerce'] as const;
const APPOINTMENT_FIELDS = [...CHANNELS, 'fullOperation', 'total'] as const;

/**
 * GET /report/appointments: the appointments not cancelled, by channel. One booked on a purchased
 * product bought by an `APP` order counts as `app`, by a `LINEA` order as `ecommerce`, and not by
 * its `appointmentMethod`; the rest by their method, a booking made online (`En línea`, CONTRACT
 * §15) as `ecommerce`.
 */
export async function appointmentsReport(ctx: Context, query: Query) {
  const { reached, conditions } = appointmentsOf(ctx, query);
  const live = [...conditions, sql`${appointment.status} <> 'cancelled'`];
  // Counted apart: the appointments of no purchased product by their method (a scan grouped by
  // branch and method), and the few of one through its order's channel. One join for all would
  // hash the whole order history to find the order of a handful.
  const rows = await perBranch<Record<(typeof CHANNELS)[number], number>>(
    ctx.db,
    reached,
    sql`SELECT counted_branch,
               sum(n) FILTER (WHERE channel = 'Cita presencial')::int AS "inPerson",
               sum(n) FILTER (WHERE channel = 'Llamada telefónica')::int AS "call",
               sum(n) FILTER (WHERE channel = 'Redes sociales')::int AS "socialMedia",
               sum(n) FILTER (WHERE channel = 'APP')::int AS "app",
               sum(n) FILTER (WHERE channel IN ('LINEA', ${ONLINE_APPOINTMENT_METHOD}))::int AS "ecommerce"
        FROM (SELECT ${appointment.branchId} AS counted_branch,
                     ${appointment.appointmentMethod} AS channel, count(*) AS n
              FROM ${appointment}
              WHERE ${whereOf([...live, sql`${appointment.purchasedProductId} IS NULL`])}
              GROUP BY 1, 2
              UNION ALL
              SELECT ${appointment.branchId},
                     CASE WHEN o.origin IN ('APP', 'LINEA') THEN o.origin
                          ELSE ${appointment.appointmentMethod} END, count(*)
              FROM ${appointment}
              JOIN ${purchasedProduct} pp ON pp.id = ${appointment.purchasedProductId}
              JOIN ${order} o ON o.id = pp.order_id
              WHERE ${whereOf([...live, sql`${appointment.purchasedProductId} IS NOT NULL`])}
              GROUP BY 1, 2) channels
        GROUP BY counted_branch`,
  );
  const items = rows.map((row): AppointmentsReportItem => {
    const [inPerson, call, socialMedia, app, ecommerce] = CHANNELS.map((key) => countOf(row[key]));
    const fullOperation = inPerson! + call! + socialMedia!;
    return {
      branch: { id: Number(row.branch_id), name: row.branch_name },
      inPerson: inPerson!,
      call: call!,
      socialMedia: socialMedia!,
      app: app!,
      ecommerce: ecommerce!,
      fullOperation,
      total: fullOperation + app! + ecommerce!,
    };
  });
  return { items, totals: sumFields(items, APPOINTMENT_FIELDS) };
}

const ANSWERS = ['yes', 'no', 'voicemail', 'whatsapp'] as const;

/**
 * GET /report/occupation: the appointments of the days by their confirmation answer (all of them,
 * cancelled ones too: a "no" that ended in a cancellation is still a "no"); the totals' percentage
 * and colour are those of the summed answers, never a sum of rates.
 */
export async function occupationReport(ctx: Context, query: Query) {
  const { reached, conditions } = appointmentsOf(ctx, query);
  const rows = await perBranch<Record<(typeof ANSWERS)[number], number>>(
    ctx.db,
    reached,
    sql`SELECT ${appointment.branchId} AS counted_branch,
               count(*) FILTER (WHERE ${appointment.confirmMethod} = 'si')::int AS "yes",
               count(*) FILTER (WHERE ${appointment.confirmMethod} = 'no')::int AS "no",
               count(*) FILTER (WHERE ${appointment.confirmMethod} = 'buzón')::int AS "voicemail",
               count(*) FILTER (WHERE ${appointment.confirmMethod} = 'whatsapp')::int AS "whatsapp"
        FROM ${appointment}
        WHERE ${whereOf([...conditions, sql`${appointment.confirmMethod} IS NOT NULL`])}
        GROUP BY ${appointment.branchId}`,
  );
  const items = rows.map((row): OccupationReportItem => ({
    branch: { id: Number(row.branch_id), name: row.branch_name },
    ...occupationOf({
      yes: countOf(row.yes),
      no: countOf(row.no),
      voicemail: countOf(row.voicemail),
      whatsapp: countOf(row.whatsapp),
    }),
  }));
  return { items, totals: occupationOf(sumFields(items, ANSWERS)) };
}

const STATUSES = ['scheduled', 'inProcess', 'finished', 'absence', 'cancelled'] as const;

/**
 * GET /report/scheduled-appointments: per branch and the staff member who booked (null for the
 * online bookings), the appointments of the days by their current status. Only who booked
 * something has a row.
 */
export async function scheduledAppointmentsReport(ctx: Context, query: Query) {
  const { conditions } = appointmentsOf(ctx, query);
  const rows = await queryRows<
    Record<(typeof STATUSES)[number], number> & {
      branch_id: number;
      branch_name: string;
      user_id: number | null;
      user_name: string | null;
    }
  >(
    ctx.db,
    sql`SELECT g.*, b.name AS branch_name,
               concat_ws(' ', u.name, u.last_name, u.mother_last_name) AS user_name
        FROM (SELECT ${appointment.branchId} AS branch_id, ${appointment.userId} AS user_id,
                     ${sql.join(
                       STATUSES.map(
                         (status) =>
                           sql`count(*) FILTER (WHERE ${appointment.status} = ${status})::int AS ${sql.identifier(status)}`,
                       ),
                       sql`, `,
                     )}
              FROM ${appointment} WHERE ${whereOf(conditions)}
              GROUP BY ${appointment.branchId}, ${appointment.userId}) g
        JOIN ${branch} b ON b.id = g.branch_id
        LEFT JOIN ${user} u ON u.id = g.user_id
        ORDER BY b.name, b.id, u.id IS NULL, user_name, u.id`,
  );
  const items = rows.map((row): ScheduledAppointmentsReportItem => {
    const counts = Object.fromEntries(STATUSES.map((key) => [key, countOf(row[key])])) as Record<
      (typeof STATUSES)[number],
      number
    >;
    return {
      branch: { id: Number(row.branch_id), name: row.branch_name },
      user: row.user_id === null ? null : { id: Number(row.user_id), name: row.user_name! },
      ...counts,
      total: STATUSES.reduce((sum, key) => sum + counts[key], 0),
    };
  });
  return { items, totals: sumFields(items, [...STATUSES, 'total']) };
}
