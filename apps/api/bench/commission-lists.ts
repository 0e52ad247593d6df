/**
 * The commission lists over a year of the chain (issue 27: under 100 ms at chain scale), added to
 * `FOCUSED` in lists.ts: the totals per medic and per cosmetologist for the last 365 days, for
 * the chain and for its busiest branch. Each SQL answers the query after `startDate=`.
 */
const YEAR = `(now() - interval '365 days')::date::text || '&endDate=' || now()::date::text`;

export const COMMISSION_FOCUSED: {
  path: string;
  param: string;
  sql: string;
  label: string;
  raw?: boolean;
}[] = [
  {
    path: '/v1/commission',
    param: 'startDate',
    raw: true,
    label: '/v1/commission?un año de la cadena',
    sql: `SELECT ${YEAR} AS id`,
  },
  {
    path: '/v1/commission',
    param: 'startDate',
    raw: true,
    label: '/v1/commission?un año&branchId=la más ocupada',
    sql: `SELECT ${YEAR} || '&branchId=' || branch_id AS id FROM medic_commission GROUP BY branch_id ORDER BY count(*) DESC LIMIT 1`,
  },
  {
    path: '/v1/cash-order/commissions',
    param: 'startDate',
    raw: true,
    label: '/v1/cash-order/commissions?un año de la cadena',
    sql: `SELECT ${YEAR} AS id`,
  },
  {
    path: '/v1/cash-order/commissions',
    param: 'startDate',
    raw: true,
    label: '/v1/cash-order/commissions?un año&branchId=la más ocupada',
    sql: `SELECT ${YEAR} || '&branchId=' || branch_id AS id FROM cosmetology_commission GROUP BY branch_id ORDER BY count(*) DESC LIMIT 1`,
  },
];

/** A person's detail over the year (the medic and the seller with the most rows), as GETs. */
export const COMMISSION_GETS: { label: string; sql: string }[] = [
  {
    label: 'GET /v1/commission/{médico con más filas}/user?un año',
    sql: `SELECT '/v1/commission/' || user_id || '/user?startDate=' || ${YEAR} AS path
            FROM medic_commission GROUP BY user_id ORDER BY count(*) DESC LIMIT 1`,
  },
  {
    label: 'GET /v1/cash-order/{vendedora con más filas}/user?un año',
    sql: `SELECT '/v1/cash-order/' || user_id || '/user?startDate=' || ${YEAR} AS path
            FROM cosmetology_commission GROUP BY user_id ORDER BY count(*) DESC LIMIT 1`,
  },
];
