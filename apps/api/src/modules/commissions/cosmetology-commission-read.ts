import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  COMMISSION_DETAIL,
  COMMISSION_DETAIL_TAKE,
  formatOrderNumber,
  type CosmetologyCommissionLine,
  type CosmetologyCommissionSummary,
  type commissionQuery,
} from '@clinica/domain';
import { queryRows, type Executor } from '../../db/client';
import {
  branch,
  cashOrder,
  cosmetologyCommission,
  customer,
  kardex,
  product,
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
 * GET /cash-order/commissions and GET /cash-order/{userId}/user (CONTRACT §12): the cosmetology
 * commissions of the counter sales' `Cosmetólogo/Venta` lines, a sale's row dated its day and a
 * refund's reversing row (negative) the refund's; both count, so a seller's total is what is
 * owed. Rows carry their branch-local `date`, read through the `(branch_id, date)` and
 * `(user_id, date)` indexes.
 */

type Query = z.output<typeof commissionQuery>;

const listColumns = payeeListSpec(cosmetologyCommission.userId);
const detailSpec = listSpec(COMMISSION_DETAIL, {
  sortable: { date: cosmetologyCommission.date },
  searchable: customerSearch(sql`${cashOrder}`, cosmetologyCommission.cashOrderId),
  tieBreaker: cosmetologyCommission.id,
});

/** What names the rows besides who asks: a branch and the days (the reports pass these). */
type Filters = Pick<Query, 'branchId' | 'startDate' | 'endDate'>;

function conditionsOf(scope: CommissionScope, query: Filters): SQL[] {
  const conditions = scopeConditions(scope, cosmetologyCommission, query.branchId);
  if (query.startDate)
    conditions.push(sql`${cosmetologyCommission.date} >= ${dayLiteral(query.startDate)}`);
  if (query.endDate)
    conditions.push(sql`${cosmetologyCommission.date} <= ${dayLiteral(query.endDate)}`);
  return conditions;
}

const from = sql`${cosmetologyCommission}`;

export async function listCosmetologyCommissions(ctx: Context, query: Query) {
  const scope = await commissionScope(ctx, 'cosmetologic_comission');
  const page = await payeeTotals<
    Parameters<typeof payeeOf>[0] & { total: string; sale_price: string }
  >(
    ctx.db,
    {
      spec: listColumns,
      payee: cosmetologyCommission.userId,
      from,
      sums: sql`sum(${cosmetologyCommission.salePrice}) AS sale_price,
                sum(${cosmetologyCommission.commission}) AS total`,
      conditions: conditionsOf(scope, query),
    },
    query,
  );
  return {
    meta: page.meta,
    items: page.items.map((row): CosmetologyCommissionSummary => ({
      ...payeeOf(row),
      salePrice: Number(row.sale_price),
      total: Number(row.total),
    })),
  };
}

interface DetailRow {
  id: number;
  kind: 'sale' | 'refund';
  sale_price: string;
  percent: string;
  commission: string;
  date: string;
  time: string;
  cash_order_id: number;
  order_number: number;
  branch_id: number;
  branch_name: string;
  customer_row: number | null;
  customer_number: number | null;
  customer_name: string | null;
  customer_last_name: string | null;
  customer_mother_last_name: string | null;
  product_id: number;
  sku: string;
  product_name: string;
  user_id: number;
  user_name: string;
  user_last_name: string;
  user_mother_last_name: string | null;
  employee_number: string | null;
}

function rowOf(row: DetailRow): CosmetologyCommissionLine {
  return {
    id: Number(row.id),
    kind: row.kind,
    cashOrder: {
      id: Number(row.cash_order_id),
      orderNumber: Number(row.order_number),
      folio: formatOrderNumber('cashOrder', Number(row.order_number)),
    },
    branch: { id: Number(row.branch_id), name: row.branch_name },
    date: row.date,
    time: row.time,
    customer:
      row.customer_row === null
        ? null
        : {
            id: Number(row.customer_row),
            customerId: Number(row.customer_number),
            name: row.customer_name!,
            lastName: row.customer_last_name!,
            motherLastName: row.customer_mother_last_name,
          },
    product: { id: Number(row.product_id), sku: row.sku, name: row.product_name },
    user: {
      id: Number(row.user_id),
      name: row.user_name,
      lastName: row.user_last_name,
      motherLastName: row.user_mother_last_name,
      kardex: row.employee_number === null ? null : { employeeNumber: row.employee_number },
    },
    salePrice: Number(row.sale_price),
    percent: Number(row.percent),
    commission: Number(row.commission),
  };
}

/**
 * The detail rows under `where`: the page's ids and the count from the commissions alone, then
 * only the page's rows joined to their sale, branch, customer, product and seller.
 */
function detailSelect(where: SQL, orderBy: SQL[], paging: SQL | null) {
  const order = sql.join(orderBy, sql`, `);
  // Every row (paging null): no numbering nor count, sorted once at the end.
  const page =
    paging === null
      ? sql`SELECT ${cosmetologyCommission.id} AS id, 0 AS n, 0 AS total_rows FROM ${from} WHERE ${where}`
      : sql`SELECT ${cosmetologyCommission.id} AS id, row_number() OVER (ORDER BY ${order}) AS n,
                   count(*) OVER ()::int AS total_rows
            FROM ${from} WHERE ${where} ORDER BY ${order} ${paging}`;
  return sql`
    WITH page AS (${page})
    SELECT ${cosmetologyCommission.id} AS id, ${cosmetologyCommission.kind} AS kind,
           ${cosmetologyCommission.salePrice} AS sale_price,
           ${cosmetologyCommission.percent} AS percent,
           ${cosmetologyCommission.commission} AS commission,
           ${cosmetologyCommission.date}::text AS date,
           to_char((CASE WHEN ${cosmetologyCommission.kind} = 'refund'
                         THEN coalesce(o.refunded_at, o.paid_at) ELSE o.paid_at END)
                   AT TIME ZONE b.zone, 'HH24:MI') AS time,
           o.id AS cash_order_id, o.order_number, b.id AS branch_id, b.name AS branch_name,
           c.id AS customer_row, c.customer_id AS customer_number, c.name AS customer_name,
           c.last_name AS customer_last_name, c.mother_last_name AS customer_mother_last_name,
           p.id AS product_id, p.sku, p.name AS product_name, u.id AS user_id,
           u.name AS user_name, u.last_name AS user_last_name,
           u.mother_last_name AS user_mother_last_name, k.employee_number, page.total_rows
    FROM page
    JOIN ${cosmetologyCommission} ON ${cosmetologyCommission.id} = page.id
    JOIN ${cashOrder} o ON o.id = ${cosmetologyCommission.cashOrderId}
    JOIN ${branch} b ON b.id = ${cosmetologyCommission.branchId}
    LEFT JOIN ${customer} c ON c.id = o.customer_id
    JOIN ${product} p ON p.id = ${cosmetologyCommission.productId}
    JOIN ${user} u ON u.id = ${cosmetologyCommission.userId}
    LEFT JOIN ${kardex} k ON k.user_id = u.id
    ORDER BY ${paging === null ? order : sql`page.n`}`;
}

export async function cosmetologyCommissionsOfUser(ctx: Context, userId: number, query: Query) {
  const scope = await commissionScope(ctx, 'cosmetologic_comission');
  await checkPayee(ctx.db, scope, userId);
  const plan = planList(
    detailSpec,
    { ...query, take: query.take ?? query.limit ?? COMMISSION_DETAIL_TAKE },
    eq(cosmetologyCommission.userId, userId),
    ...conditionsOf(scope, query),
  );
  const where = plan.where ?? sql`true`;
  const page = await detailPage<DetailRow>(
    ctx.db,
    plan,
    (paging) => detailSelect(where, plan.orderBy, paging),
    () => countOf(ctx.db, sql`count(*)`, from, where),
  );
  return { meta: page.meta, items: page.items.map(rowOf) };
}

/**
 * The cosmetology commissions' sums per branch and seller under a scope and filters, built from
 * the conditions the list and the details use (GET /report/general-cosmetology-fees).
 */
export async function cosmetologyCommissionsByBranch(
  executor: Executor,
  scope: CommissionScope,
  filters: Filters,
) {
  return branchPayeeTotals<BranchPayeeRow & { sale_price: string; commission: string }>(executor, {
    payee: cosmetologyCommission.userId,
    branch: cosmetologyCommission.branchId,
    from,
    sums: sql`sum(${cosmetologyCommission.salePrice}) AS sale_price,
                sum(${cosmetologyCommission.commission}) AS commission`,
    conditions: conditionsOf(scope, filters),
  });
}

/**
 * Every cosmetology row under a scope and filters, as the detail answers them, oldest first
 * (GET /report/individual-cosmetology-fees).
 */
export async function cosmetologyCommissionRows(
  executor: Executor,
  scope: CommissionScope,
  filters: Filters,
): Promise<CosmetologyCommissionLine[]> {
  const conditions = conditionsOf(scope, filters);
  const where = conditions.length > 0 ? and(...conditions)! : sql`true`;
  const order = [asc(cosmetologyCommission.date), asc(cosmetologyCommission.id)];
  const rows = await queryRows<DetailRow>(executor, detailSelect(where, order, null));
  return rows.map(rowOf);
}
