import {
  individualFeesScopeError,
  sumFields,
  type GeneralCosmetologyFeesItem,
  type GeneralMedicalFeesItem,
  type IndividualCosmetologyFeesItem,
  type branchDatesReportQuery,
  type individualCosmetologyFeesQuery,
  type individualMedicalFeesQuery,
} from '@clinica/domain';
import type { z } from 'zod';
import type { Context } from '../../platform/context';
import { invalid } from '../../platform/errors';
import { fixedBranch } from '../../platform/write';
import type { CommissionScope } from '../../modules/commissions/commission-scope';
import { medicCommissionsByBranch } from '../../modules/commissions/medic-commission-read';
import { medicCommissionReportJson } from '../../modules/commissions/medic-commission-report';
import {
  cosmetologyCommissionRows,
  cosmetologyCommissionsByBranch,
} from '../../modules/commissions/cosmetology-commission-read';
import { reportBranchOf } from './activity-scope';

/**
 * The medical and cosmetology fees reports (CONTRACT §14): the commission rows of §12 as the
 * commissions module reads them for its own screens, summed per branch and person (general) or
 * row by row (individual) from the same conditions, so a general report is the sum of the
 * individual one under the same filters and both are what the commission screens show. No
 * commission is computed here: the rows carry the amounts their sale or finish wrote.
 */

type DatesQuery = z.output<typeof branchDatesReportQuery>;

/** Who asks as a commission scope: the reached branch (a fixed role's own), anyone's rows. */
function scopeOf(ctx: Context, query: { branchId?: number; userId?: number }): CommissionScope {
  return { userId: query.userId ?? null, branchId: reportBranchOf(ctx.session, query.branchId) };
}

const days = (query: { startDate?: string; endDate?: string }) => ({
  startDate: query.startDate,
  endDate: query.endDate,
});

const fullName = (person: { name: string; lastName: string; motherLastName: string | null }) =>
  [person.name, person.lastName, person.motherLastName].filter(Boolean).join(' ');

const personOf = (row: {
  user_id: number;
  name: string;
  last_name: string;
  mother_last_name: string | null;
}) => ({
  id: Number(row.user_id),
  name: fullName({ name: row.name, lastName: row.last_name, motherLastName: row.mother_last_name }),
});

const MEDICAL = ['commission', 'isr', 'subtotal'] as const;
const COSMETOLOGY = ['salePrice', 'commission'] as const;

/**
 * An individual report over more than a month (or an open period) of the whole chain is refused
 * (400 naming userId): it needs a person or a branch (README, "Speed").
 */
function checkScope(ctx: Context, query: Parameters<typeof individualFeesScopeError>[0]) {
  const problem = individualFeesScopeError(query, fixedBranch(ctx.session) !== null);
  if (problem) throw invalid(problem);
}

/** GET /report/general-medical-fees: per branch and medic. */
export async function generalMedicalFees(ctx: Context, query: DatesQuery) {
  const rows = await medicCommissionsByBranch(ctx.db, scopeOf(ctx, query), {
    ...days(query),
    branchId: undefined,
  });
  const items = rows.map((row): GeneralMedicalFeesItem => ({
    branch: { id: Number(row.branch_id), name: row.branch_name },
    user: personOf(row),
    employeeNumber: row.employee_number,
    commission: Number(row.fee),
    isr: Number(row.isr),
    subtotal: Number(row.net),
  }));
  return { items, totals: sumFields(items, MEDICAL) };
}

/**
 * GET /report/individual-medical-fees: one row per commission (`date` is one day), as JSON text
 * the database writes (`medicCommissionReportJson`, served by `serveReportJson`).
 */
export async function individualMedicalFeesJson(
  ctx: Context,
  query: z.output<typeof individualMedicalFeesQuery>,
): Promise<string> {
  checkScope(ctx, query);
  const day = query.date;
  return medicCommissionReportJson(ctx.db, scopeOf(ctx, query), {
    startDate: day ?? query.startDate,
    endDate: day ?? query.endDate,
    branchId: undefined,
  });
}

/** GET /report/general-cosmetology-fees: per branch and seller. */
export async function generalCosmetologyFees(ctx: Context, query: DatesQuery) {
  const rows = await cosmetologyCommissionsByBranch(ctx.db, scopeOf(ctx, query), {
    ...days(query),
    branchId: undefined,
  });
  const items = rows.map((row): GeneralCosmetologyFeesItem => ({
    branch: { id: Number(row.branch_id), name: row.branch_name },
    user: personOf(row),
    employeeNumber: row.employee_number,
    salePrice: Number(row.sale_price),
    commission: Number(row.commission),
  }));
  return { items, totals: sumFields(items, COSMETOLOGY) };
}

/** GET /report/individual-cosmetology-fees: one row per line sold, and one per line refunded. */
export async function individualCosmetologyFees(
  ctx: Context,
  query: z.output<typeof individualCosmetologyFeesQuery>,
) {
  checkScope(ctx, query);
  const rows = await cosmetologyCommissionRows(ctx.db, scopeOf(ctx, query), {
    ...days(query),
    branchId: undefined,
  });
  const items = rows.map((row): IndividualCosmetologyFeesItem => ({
    orderNumber: row.cashOrder.folio,
    kind: row.kind,
    branch: row.branch,
    date: row.date,
    time: row.time,
    patient:
      row.customer === null
        ? null
        : {
            id: row.customer.id,
            customerId: row.customer.customerId,
            name: fullName(row.customer),
          },
    product: row.product,
    user: { id: row.user.id, name: fullName(row.user) },
    commission: row.commission,
    salePrice: row.salePrice,
    percent: row.percent,
  }));
  return { items, totals: sumFields(items, COSMETOLOGY) };
}
