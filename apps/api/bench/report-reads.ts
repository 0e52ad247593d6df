/**
 * The reports of CONTRACT §14 over a year of the chain (issue 28: each under 1 s at one client),
 * a part of `npm run bench -- lists`. A report is read by one person at a time, so each is asked
 * one request after another (`RUNS` times, after one to warm up) rather than under the lists'
 * load of 50 clients: the time is the client's (fetch to the last byte, the answer's JSON
 * included), p50 and the slowest. Each SQL answers the path to read. The customers report pages
 * like any list: it is measured with the lists (its first page, and `REPORT_FOCUSED` below).
 */

const YEAR = `'startDate=' || (now() - interval '365 days')::date::text || '&endDate=' || now()::date::text`;
/** The 31 days to today: what the individual fees read of the whole chain without a person. */
const MONTH = `'startDate=' || (now() - interval '30 days')::date::text || '&endDate=' || now()::date::text`;
const RUNS = 5;
const TARGET_MS = 1000;

export interface ReportRead {
  label: string;
  sql: string;
  /** Fewer runs for a read that answers megabytes (the chain's year of individual rows). */
  runs?: number;
}

/** The report reads measured; other report files push theirs (a year of the chain each). */
export const REPORT_GETS: ReportRead[] = [];

const year = (path: string, label = path): ReportRead => ({
  label: `GET /v1/report/${label}?un año de la cadena`,
  sql: `SELECT '/v1/report/${path}?' || ${YEAR} AS path`,
});

REPORT_GETS.push(
  year('appointments'),
  year('occupation'),
  year('scheduled-appointments'),
  year('general-medical-fees'),
  year('general-cosmetology-fees'),
  {
    label: 'GET /v1/report/individual-medical-fees?un año&userId=el médico con más filas',
    sql: `SELECT '/v1/report/individual-medical-fees?' || ${YEAR} || '&userId=' || user_id AS path
            FROM medic_commission GROUP BY user_id ORDER BY count(*) DESC LIMIT 1`,
  },
  {
    label: 'GET /v1/report/individual-medical-fees?un año&branchId=la más ocupada',
    sql: `SELECT '/v1/report/individual-medical-fees?' || ${YEAR} || '&branchId=' || branch_id AS path
            FROM medic_commission GROUP BY branch_id ORDER BY count(*) DESC LIMIT 1`,
  },
  {
    label: 'GET /v1/report/individual-medical-fees?31 días de la cadena',
    sql: `SELECT '/v1/report/individual-medical-fees?' || ${MONTH} AS path`,
  },
  {
    label: 'GET /v1/report/individual-medical-fees?31 días&branchId=la más ocupada',
    sql: `SELECT '/v1/report/individual-medical-fees?' || ${MONTH} || '&branchId=' || branch_id AS path
            FROM medic_commission GROUP BY branch_id ORDER BY count(*) DESC LIMIT 1`,
  },
  {
    label: 'GET /v1/report/individual-cosmetology-fees?un año&userId=la vendedora con más filas',
    sql: `SELECT '/v1/report/individual-cosmetology-fees?' || ${YEAR} || '&userId=' || user_id AS path
            FROM cosmetology_commission GROUP BY user_id ORDER BY count(*) DESC LIMIT 1`,
  },
  {
    label: 'GET /v1/report/individual-cosmetology-fees?un año&branchId=la más ocupada',
    sql: `SELECT '/v1/report/individual-cosmetology-fees?' || ${YEAR} || '&branchId=' || branch_id AS path
            FROM cosmetology_commission GROUP BY branch_id ORDER BY count(*) DESC LIMIT 1`,
  },
  {
    label: 'GET /v1/report/individual-cosmetology-fees?31 días de la cadena',
    sql: `SELECT '/v1/report/individual-cosmetology-fees?' || ${MONTH} AS path`,
  },
  {
    label: 'GET /v1/report/individual-cosmetology-fees?31 días&branchId=la más ocupada',
    sql: `SELECT '/v1/report/individual-cosmetology-fees?' || ${MONTH} || '&branchId=' || branch_id AS path
            FROM cosmetology_commission GROUP BY branch_id ORDER BY count(*) DESC LIMIT 1`,
  },
);

/** The stock and expense reports (`read/reports/stock-*`): a month each, the inventory's ends. */
const lastMonth = `to_char(now() - interval '1 month', 'YYYY-MM')`;
REPORT_GETS.push(
  {
    label: 'GET /v1/report/branch-expenses?month=el mes pasado (toda la cadena)',
    sql: `SELECT '/v1/report/branch-expenses?month=' || ${lastMonth} AS path`,
  },
  {
    label: 'GET /v1/report/general-expenses-by-product?month=el mes pasado',
    sql: `SELECT '/v1/report/general-expenses-by-product?month=' || ${lastMonth} AS path`,
  },
  {
    label: 'GET /v1/report/general-inventory (este mes: las existencias de hoy)',
    sql: `SELECT '/v1/report/general-inventory' AS path`,
  },
  {
    label: 'GET /v1/report/general-inventory?un año hasta hace 12 meses (saldos del kardex)',
    sql: `SELECT '/v1/report/general-inventory?startDate=' || to_char(now() - interval '24 months', 'YYYY-MM')
                 || '&endDate=' || to_char(now() - interval '12 months', 'YYYY-MM') AS path`,
  },
  {
    label: 'GET /v1/report/general-inventory?endDate=el mes pasado',
    sql: `SELECT '/v1/report/general-inventory?endDate=' || ${lastMonth} AS path`,
  },
);

/** The money reports (read model `branch_day_money`): a year of the chain, a month of a branch. */
const LAST_YEAR = `to_char(now() - interval '1 month', 'YYYY')`;
REPORT_GETS.push(
  {
    label: 'GET /v1/report/monthly-sales?year=el del mes pasado (toda la cadena)',
    sql: `SELECT '/v1/report/monthly-sales?year=' || ${LAST_YEAR} AS path`,
  },
  {
    label: 'GET /v1/report/profitability-by-branch?year=el del mes pasado (toda la cadena)',
    sql: `SELECT '/v1/report/profitability-by-branch?year=' || ${LAST_YEAR} AS path`,
  },
  year('daily-cash-closings'),
  {
    label: 'GET /v1/report/daily-sales?month=el pasado (toda la cadena)',
    sql: `SELECT '/v1/report/daily-sales?month=' || to_char(now() - interval '1 month', 'YYYY-MM') AS path`,
  },
  {
    label: 'GET /v1/report/daily-sales?month=el pasado&branchId=la más ocupada (meta 100 ms)',
    sql: `SELECT '/v1/report/daily-sales?month=' || to_char(now() - interval '1 month', 'YYYY-MM')
                 || '&branchId=' || branch_id AS path
            FROM branch_day_money GROUP BY branch_id ORDER BY sum(mxn_tx + tdc + tdd) DESC LIMIT 1`,
  },
);

/** The customers report as the lists measure it: a year's registrations, the busiest branch's. */
export const REPORT_FOCUSED: {
  path: string;
  param: string;
  sql: string;
  label: string;
  raw?: boolean;
}[] = [
  {
    path: '/v1/report/customers',
    param: 'startDate',
    raw: true,
    label: '/v1/report/customers?un año de registros',
    sql: `SELECT (now() - interval '365 days')::date::text || '&endDate=' || now()::date::text AS id`,
  },
  {
    path: '/v1/report/customers',
    param: 'branchId',
    label: '/v1/report/customers?branchId=la de más registros',
    sql: `SELECT registry_branch_id AS id FROM customer GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`,
  },
];

type Query = (sql: string) => Promise<{ rows: { path: string }[] }>;
type Get = (path: string) => Promise<{ status: number; bytes: number; ms: number }>;

/**
 * Reads each report `RUNS` times at one client and prints the table; answers what it skipped.
 * A read's time is until the answer's last byte reached the client (decompressed), not the
 * client's JSON.parse after it (about 200 ms for the 21 MB of a year's closings, on this same
 * thread as the API: the client's own work, not the answer's).
 */
export async function measureReports(query: Query, get: Get, only?: string): Promise<string[]> {
  const skipped: string[] = [];
  const table: Record<string, string | number>[] = [];
  for (const read of REPORT_GETS) {
    if (only && !read.label.includes(only)) continue;
    const target = (await query(read.sql)).rows[0]?.path;
    const first = target ? await get(target) : undefined;
    if (!target || first?.status !== 200) {
      skipped.push(`${read.label} (${first?.status ?? 'sin datos'})`);
      continue;
    }
    const times: number[] = [];
    for (let run = 0; run < (read.runs ?? RUNS); run += 1) {
      times.push((await get(target)).ms);
    }
    times.sort((a, b) => a - b);
    const p50 = times[Math.floor(times.length / 2)]!;
    const slowest = times.at(-1)!;
    table.push({
      reporte: read.label,
      MB: Number((first.bytes / 1024 / 1024).toFixed(2)),
      veces: times.length,
      'p50 ms': Math.round(p50),
      'máx ms': Math.round(slowest),
      alerta: slowest > TARGET_MS ? `⚠ más de ${TARGET_MS} ms` : '',
    });
    process.stdout.write(`  ${read.label}: ${Math.round(p50)} ms\n`);
  }
  console.log(
    `\nReportes (un cliente, ${RUNS} lecturas seguidas tras una de calentamiento; meta ≤ ${TARGET_MS} ms):`,
  );
  console.table(table);
  return skipped;
}

/**
 * The home (issue 28, `GET /v1/report/home`): every staff member's landing, so measured under the
 * lists' load (1 and 50 clients, p50/p95/p99) with the other non-list reads (`PICKER_GETS` in
 * lists.ts): the chain's overview (one row per branch) and the busiest branch in full (its next
 * appointments), as a chain role that picks it and as its own manager would read it.
 */
export const HOME_GETS: { label: string; sql: string }[] = [
  {
    label: 'GET /v1/report/home (la cadena: un renglón por sucursal)',
    sql: `SELECT '/v1/report/home' AS path`,
  },
  {
    label: 'GET /v1/report/home?branchId=la de más citas hoy',
    sql: `SELECT '/v1/report/home?branchId=' || branch_id AS path FROM appointment
           WHERE date = (now() AT TIME ZONE 'America/Tijuana')::date
           GROUP BY branch_id ORDER BY count(*) DESC LIMIT 1`,
  },
];
