import { eq, sql, type SQL } from 'drizzle-orm';
import {
  CUSTOMER_REPORT_LIST,
  type CustomersReportItem,
  type customersReportQuery,
} from '@clinica/domain';
import type { z } from 'zod';
import { branch, customer } from '../../db/schema';
import type { Context } from '../../platform/context';
import { listPage, listSpec } from '../../platform/list';
import { customerSearch } from '../../modules/customers/customer-search';
import { dayOf } from './activity-scope';

/**
 * GET /report/customers (CONTRACT §14): the customers registered on the days asked (in the zone
 * of their registry branch) at the branch asked, paged as any list (CONTRACT §3). A role fixed to
 * its branch reads the customers registered at its own (the list's branch column), whatever
 * `branchId` says.
 */

type Query = z.output<typeof customersReportQuery>;

const spec = listSpec(CUSTOMER_REPORT_LIST, {
  sortable: {
    customerId: customer.customerId,
    created_at: customer.createdAt,
    name: customer.name,
    lastName: customer.lastName,
    birthday: customer.birthday,
    points: customer.points,
  },
  searchable: {
    ...customerSearch,
    customerId: {
      match: (value) =>
        /^\d{1,9}$/.test(value) ? eq(customer.customerId, Number(value)) : sql`false`,
    },
  },
  active: customer.status,
  deletedAt: customer.deletedAt,
  tieBreaker: customer.id,
  branch: customer.registryBranchId,
  // 300,000 customers: past 10,000 the planner's estimate stands in for the count, as in the list.
  countCap: 10_000,
});

const columns = {
  id: customer.id,
  customerId: customer.customerId,
  registryBranchId: customer.registryBranchId,
  registryBranchName: branch.name,
  createdAt: customer.createdAt,
  birthday: customer.birthday,
  name: customer.name,
  lastName: customer.lastName,
  motherLastName: customer.motherLastName,
  points: customer.points,
  phone: customer.phone,
  mobilePhone: customer.mobilePhone,
  email: customer.email,
  gender: customer.gender,
  maritalStatus: customer.maritalStatus,
  originCountry: customer.originCountry,
  blackList: customer.blackList,
  status: customer.status,
};

/**
 * The registration days as conditions: a coarse UTC range first (a day either side covers every
 * zone of the chain), which the `customer_created_at_idx` index serves, then each customer's day
 * in their registry branch's zone.
 */
function registeredBetween(query: Query): SQL[] {
  const conditions: SQL[] = [];
  if (query.startDate) {
    const from = dayOf(query.startDate);
    conditions.push(
      sql`${customer.createdAt} >= ((${from} - 1)::timestamp AT TIME ZONE 'UTC')`,
      sql`${customer.createdAt} >= (${from}::timestamp AT TIME ZONE ${branch.zone})`,
    );
  }
  if (query.endDate) {
    const to = dayOf(query.endDate);
    conditions.push(
      sql`${customer.createdAt} < ((${to} + 2)::timestamp AT TIME ZONE 'UTC')`,
      sql`${customer.createdAt} < ((${to} + 1)::timestamp AT TIME ZONE ${branch.zone})`,
    );
  }
  return conditions;
}

export async function customersReport(ctx: Context, query: Query) {
  const filters: SQL[] = registeredBetween(query);
  // A fixed role's own branch is the list's scope; another role's `branchId` filters.
  if (!ctx.session.branchFixed && query.branchId !== undefined)
    filters.push(eq(customer.registryBranchId, query.branchId));
  const page = await listPage(ctx, spec, query, {
    columns,
    from: (select) =>
      select.from(customer).innerJoin(branch, eq(branch.id, customer.registryBranchId)).$dynamic(),
    filters,
  });
  return {
    meta: page.meta,
    items: page.items.map(
      ({ registryBranchId, registryBranchName, createdAt, ...row }): CustomersReportItem => ({
        ...row,
        registryBranch: { id: registryBranchId, name: registryBranchName },
        created_at: createdAt.toISOString(),
        gender: row.gender as CustomersReportItem['gender'],
        maritalStatus: row.maritalStatus as CustomersReportItem['maritalStatus'],
      }),
    ),
  };
}
