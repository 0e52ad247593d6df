import { eq, sql, type SQL } from 'drizzle-orm';
import {
  COMMISSION_DETAIL,
  COMMISSION_DETAIL_TAKE,
  formatOrderNumber,
  type MedicCommissionRow,
  type MedicCommissionSummary,
  type commissionQuery,
} from '@clinica/domain';
import type { z } from 'zod';
import { queryRows, type Executor } from '../../db/client';
import {
  appointment,
  branch,
  customer,
  kardex,
  medicCommission,
  treatment,
  user,
} from '../../db/schema';
import type { Context } from '../../platform/context';
import { listSpec, planList } from '../../platform/list';
import {
  branchPayeeTotals,
  countOf,
  detailPage,
  payeeListSpec,
  payeeOf,
  payeeTotals,
  type BranchPayeeRow,
} from './commission-list';
import {
  checkPayee,
  commissionScope,
  customerSearch,
  dayLiteral,
  scopeConditions,
  type CommissionScope,
} from './commission-scope';

/**
 * GET /commission and GET /commission/{userId}/user (CONTRACT §12): the medical commissions of
 * finished appointments. A commission is dated its appointment's day, the day it was written (a
 * finish happens on the appointment's own day), so the days filter `created_at` through each
 * branch's bounds in its zone: 50 conversions, not one per row, and a coarse UTC range first that
 * the `(branch_id, created_at)` index serves.
 */

type Query = z.output<typeof commissionQuery>;
/** What names the rows besides who asks: a branch and the days (the reports pass these). */
export type CommissionFilters = Pick<Query, 'branchId' | 'startDate' | 'endDate'>;

const listColumns = payeeListSpec(medicCommission.userId);
const detailSpec = listSpec(COMMISSION_DETAIL, {
  sortable: { date: medicCommission.createdAt },
  searchable: customerSearch(sql`${appointment}`, medicCommission.appointmentId),
  tieBreaker: medicCommission.id,
});

/** The commissions the query names, from the scope's reach: a FROM and its conditions. */
export function commissionsOf(
  scope: CommissionScope,
  query: CommissionFilters,
): { from: SQL; conditions: SQL[] } {
  const conditions = scopeConditions(scope, medicCommission, query.branchId);
  const from = query.startDate ? dayLiteral(query.startDate) : null;
  const to = query.endDate ? dayLiteral(query.endDate) : null;
  if (!from && !to) return { from: sql`${medicCommission}`, conditions };
  const lo = from ? sql`(${from}::timestamp AT TIME ZONE zone)` : sql`NULL::timestamptz`;
  const hi = to ? sql`((${to} + 1)::timestamp AT TIME ZONE zone)` : sql`NULL::timestamptz`;
  if (from)
    conditions.push(
      sql`${medicCommission.createdAt} >= ((${from} - 1)::timestamp AT TIME ZONE 'UTC')`,
      sql`${medicCommission.createdAt} >= bounds.lo`,
    );
  if (to)
    conditions.push(
      sql`${medicCommission.createdAt} < ((${to} + 2)::timestamp AT TIME ZONE 'UTC')`,
      sql`${medicCommission.createdAt} < bounds.hi`,
    );
  return {
    // OFFSET 0 keeps the subquery whole: each branch's bounds computed once, not once per row.
    from: sql`${medicCommission} JOIN (SELECT id, ${lo} AS lo, ${hi} AS hi FROM ${branch} OFFSET 0) bounds
      ON bounds.id = ${medicCommission.branchId}`,
    conditions,
  };
}

export async function listMedicCommissions(ctx: Context, query: Query) {
  const scope = await commissionScope(ctx, 'medic_comission');
  const { from, conditions } = commissionsOf(scope, query);
  const page = await payeeTotals<
    Parameters<typeof payeeOf>[0] & { total: string; isr: string; subtotal: string }
  >(
    ctx.db,
    {
      spec: listColumns,
      payee: medicCommission.userId,
      from,
      sums: sql`sum(${medicCommission.fee}) AS total, sum(${medicCommission.isr}) AS isr,
                sum(${medicCommission.net}) AS subtotal`,
      conditions,
    },
    query,
  );
  return {
    meta: page.meta,
    items: page.items.map((row): MedicCommissionSummary => ({
      ...payeeOf(row),
      total: Number(row.total),
      isr: Number(row.isr),
      subtotal: Number(row.subtotal),
    })),
  };
}

interface DetailRow {
  id: number;
  sessions: number;
  fee: string;
  isr_percent: string;
  isr: string;
  net: string;
  appointment_id: number;
  appointment_number: number;
  date: string;
  start_time: string;
  branch_id: number;
  branch_name: string;
  customer_row: number;
  customer_number: number;
  customer_name: string;
  customer_last_name: string;
  customer_mother_last_name: string | null;
  treatment_id: number;
  treatment_name: string;
  user_id: number;
  user_name: string;
  user_last_name: string;
  user_mother_last_name: string | null;
  employee_number: string | null;
}

/**
 * The commissions whose ids `chosen` (a CTE with an `id` column) names, joined to what a detail
 * row shows: their appointment `a`, branch `b`, customer `c`, treatment `t` and doctor `u`. The
 * detail's pages (below) and the report's JSON text (medic-commission-report.ts) read the same.
 */
export function detailJoins(chosen: SQL) {
  return sql`JOIN ${medicCommission} ON ${medicCommission.id} = ${chosen}.id
    JOIN ${appointment} a ON a.id = ${medicCommission.appointmentId}
    JOIN ${branch} b ON b.id = ${medicCommission.branchId}
    JOIN ${customer} c ON c.id = a.customer_id
    JOIN ${treatment} t ON t.id = ${medicCommission.treatmentId}
    JOIN ${user} u ON u.id = ${medicCommission.userId}`;
}

/**
 * The detail rows of the commissions `from` holds under `where`: the page's ids and the count
 * first, from the commissions alone, then only the page's rows joined to their appointment,
 * customer, treatment and doctor.
 */
function detailSelect(from: SQL, where: SQL, orderBy: SQL[], paging: SQL | null) {
  const order = sql.join(orderBy, sql`, `);
  // Every row (paging null): no numbering nor count, sorted once at the end.
  const page =
    paging === null
      ? sql`SELECT ${medicCommission.id} AS id, 0 AS n, 0 AS total_rows FROM ${from} WHERE ${where}`
      : sql`SELECT ${medicCommission.id} AS id, row_number() OVER (ORDER BY ${order}) AS n,
                   count(*) OVER ()::int AS total_rows
            FROM ${from} WHERE ${where} ORDER BY ${order} ${paging}`;
  return sql`
    WITH page AS (${page})
    SELECT ${medicCommission.id} AS id, ${medicCommission.sessions} AS sessions,
           ${medicCommission.fee} AS fee, ${medicCommission.isrPercent} AS isr_percent,
           ${medicCommission.isr} AS isr, ${medicCommission.net} AS net,
           a.id AS appointment_id, a.appointment_number, a.date::text AS date,
           to_char(a.start_time, 'HH24:MI') AS start_time, b.id AS branch_id, b.name AS branch_name,
           c.id AS customer_row, c.customer_id AS customer_number, c.name AS customer_name,
           c.last_name AS customer_last_name, c.mother_last_name AS customer_mother_last_name,
           t.id AS treatment_id, t.name AS treatment_name, u.id AS user_id, u.name AS user_name,
           u.last_name AS user_last_name, u.mother_last_name AS user_mother_last_name,
           k.employee_number, page.total_rows
    FROM page
    ${detailJoins(sql`page`)}
    LEFT JOIN ${kardex} k ON k.user_id = u.id
    ORDER BY ${paging === null ? order : sql`page.n`}`;
}

function rowOf(row: DetailRow): MedicCommissionRow {
  return {
    id: Number(row.id),
    appointment: {
      id: Number(row.appointment_id),
      appointmentNumber: Number(row.appointment_number),
      folio: formatOrderNumber('appointment', Number(row.appointment_number)),
    },
    branch: { id: Number(row.branch_id), name: row.branch_name },
    date: row.date,
    startTime: row.start_time,
    customer: {
      id: Number(row.customer_row),
      customerId: Number(row.customer_number),
      name: row.customer_name,
      lastName: row.customer_last_name,
      motherLastName: row.customer_mother_last_name,
    },
    treatment: { id: Number(row.treatment_id), name: row.treatment_name },
    user: {
      id: Number(row.user_id),
      name: row.user_name,
      lastName: row.user_last_name,
      motherLastName: row.user_mother_last_name,
      kardex: row.employee_number === null ? null : { employeeNumber: row.employee_number },
    },
    sessions: Number(row.sessions),
    commission: Number(row.fee),
    isrPercent: Number(row.isr_percent),
    isr: Number(row.isr),
    subtotal: Number(row.net),
  };
}

export async function medicCommissionsOfUser(ctx: Context, userId: number, query: Query) {
  const scope = await commissionScope(ctx, 'medic_comission');
  await checkPayee(ctx.db, scope, userId);
  const { from, conditions } = commissionsOf(scope, query);
  const plan = planList(
    detailSpec,
    { ...query, take: query.take ?? query.limit ?? COMMISSION_DETAIL_TAKE },
    eq(medicCommission.userId, userId),
    ...conditions,
  );
  const where = plan.where ?? sql`true`;
  const page = await detailPage<DetailRow>(
    ctx.db,
    plan,
    (paging) => detailSelect(from, where, plan.orderBy, paging),
    () => countOf(ctx.db, sql`count(*)`, from, where),
  );
  return { meta: page.meta, items: page.items.map(rowOf) };
}

/** One commission as the detail shows it (the reassignment answers it). */
export async function readMedicCommission(executor: Executor, id: number) {
  const [row] = await queryRows<DetailRow>(
    executor,
    detailSelect(sql`${medicCommission}`, eq(medicCommission.id, id), [sql`1`], null),
  );
  return rowOf(row!);
}

/**
 * The medical commissions' sums per branch and medic under a scope and filters, built from the
 * conditions the list and the details use (GET /report/general-medical-fees).
 */
export async function medicCommissionsByBranch(
  executor: Executor,
  scope: CommissionScope,
  filters: CommissionFilters,
) {
  const { from, conditions } = commissionsOf(scope, filters);
  return branchPayeeTotals<BranchPayeeRow & { fee: string; isr: string; net: string }>(executor, {
    payee: medicCommission.userId,
    branch: medicCommission.branchId,
    from,
    sums: sql`sum(${medicCommission.fee}) AS fee, sum(${medicCommission.isr}) AS isr,
              sum(${medicCommission.net}) AS net`,
    conditions,
  });
}
