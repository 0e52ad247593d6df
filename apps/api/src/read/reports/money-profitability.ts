import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  PROFITABILITY_EXPENSE_CONCEPTS,
  PROFITABILITY_INCOME_CONCEPTS,
  incomeConceptsOf,
  type ProfitabilityConcept,
  type ProfitabilityReportItem,
  type ProfitabilityType,
  type profitabilityReportQuery,
} from '@clinica/domain';
import { queryRows } from '../../db/client';
import type { Context } from '../../platform/context';
import { medicCommissionsByBranch } from '../../modules/commissions/medic-commission-read';
import { cosmetologyCommissionsByBranch } from '../../modules/commissions/cosmetology-commission-read';
import { reportBranchOf } from './activity-scope';
import { centsOf, literalDay, moneyColumns, monthBounds, yearAfter } from './money-day';
import { stockExpensesByMonth } from './money-expenses';

/**
 * GET /report/profitability-by-branch (CONTRACT §14): per branch, type and concept, twelve monthly
 * amounts. Income from the read model (`branch_day_money`, the domain's `incomeConceptsOf`, which
 * partitions the month's ddcTotal); expenses from the stock flows (`money-expenses.ts`) and the
 * commissions module's own sums per branch, month by month. Everything in whole cents until the
 * answer.
 */

type Months = number[];
/** branch id → concept → 12 months of cents. */
type Ledger = Map<number, Map<ProfitabilityConcept, Months>>;

function add(
  ledger: Ledger,
  branchId: number,
  concept: ProfitabilityConcept,
  month: number,
  cents: number,
) {
  const concepts = ledger.get(branchId) ?? new Map<ProfitabilityConcept, Months>();
  const months = concepts.get(concept) ?? Array<number>(12).fill(0);
  months[month - 1]! += cents;
  concepts.set(concept, months);
  ledger.set(branchId, concepts);
}

const cents = (value: unknown) => Math.round(Number(value ?? 0) * 100);

async function income(ctx: Context, ledger: Ledger, reached: number | null, year: string) {
  const rows = await queryRows<Record<string, unknown> & { branch_id: number; month: number }>(
    ctx.db,
    sql`SELECT m.branch_id, extract(month FROM m.day)::int AS month, ${moneyColumns('m', true)}
          FROM branch_day_money m
         WHERE m.day >= ${literalDay(`${year}-01-01`)} AND m.day < ${literalDay(`${yearAfter(year)}-01-01`)}
           AND ${reached === null ? sql`true` : sql`m.branch_id = ${reached}`}
         GROUP BY m.branch_id, extract(month FROM m.day)`,
  );
  for (const row of rows)
    for (const [concept, amount] of Object.entries(incomeConceptsOf(centsOf(row))))
      add(
        ledger,
        Number(row.branch_id),
        concept as ProfitabilityConcept,
        Number(row.month),
        amount,
      );
}

async function expenses(ctx: Context, ledger: Ledger, reached: number | null, year: string) {
  await Promise.all([
    stockExpenses(ctx, ledger, reached, year),
    commissionExpenses(ctx, ledger, reached, year),
  ]);
}

async function stockExpenses(ctx: Context, ledger: Ledger, reached: number | null, year: string) {
  const stock = await stockExpensesByMonth(
    ctx.db,
    reached,
    `${year}-01-01`,
    `${yearAfter(year)}-01-01`,
  );
  for (const row of stock) {
    const id = Number(row.branch_id);
    add(ledger, id, 'assortment', row.month, Number(row.assortment));
    add(
      ledger,
      id,
      'reception',
      row.month,
      Number(row.transfers_received) - Number(row.transfers_sent),
    );
    add(ledger, id, 'returns', row.month, -Number(row.returns));
    add(ledger, id, 'merchandise purchase', row.month, Number(row.purchases));
  }
}

/** The commissions module's sums per branch and payee, a month at a time. */
async function commissionExpenses(
  ctx: Context,
  ledger: Ledger,
  reached: number | null,
  year: string,
) {
  const scope = { userId: null, branchId: reached };
  await Promise.all(
    Array.from({ length: 12 }, async (_, index) => {
      const month = index + 1;
      const { from } = monthBounds(`${year}-${String(month).padStart(2, '0')}`);
      const days = {
        startDate: from,
        endDate: lastDayOf(Number(year), month),
        branchId: undefined,
      };
      const [medic, cosmetology] = await Promise.all([
        medicCommissionsByBranch(ctx.db, scope, days),
        cosmetologyCommissionsByBranch(ctx.db, scope, days),
      ]);
      for (const row of medic) {
        add(ledger, Number(row.branch_id), 'ISR', month, cents(row.isr));
        add(ledger, Number(row.branch_id), 'medical commission', month, cents(row.net));
      }
      for (const row of cosmetology)
        add(ledger, Number(row.branch_id), 'cosmetology commission', month, cents(row.commission));
    }),
  );
}

/** The last day of a month (`YYYY-MM-DD`), by the calendar (Date cannot parse year 10000). */
function lastDayOf(year: number, month: number): string {
  const days = new Date(Date.UTC(2000, month, 0)).getUTCDate();
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const last = month === 2 ? (leap ? 29 : 28) : days;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${last}`;
}

/** The branches a report shows: the one asked, or every live clinic and any other with amounts. */
async function branchesOf(ctx: Context, reached: number | null, ledger: Ledger) {
  const ids = [...ledger.keys()];
  return queryRows<{ id: number; name: string }>(
    ctx.db,
    reached !== null
      ? sql`SELECT id, name FROM branch WHERE id = ${reached}`
      : sql`SELECT id, name FROM branch
             WHERE (deleted_at IS NULL AND NOT distribution_center)
                OR id IN (${
                  ids.length > 0
                    ? sql.join(
                        ids.map((id) => sql`${id}`),
                        sql`, `,
                      )
                    : sql`NULL`
                })
             ORDER BY name, id`,
  );
}

const TYPES: Record<ProfitabilityType, readonly ProfitabilityConcept[]> = {
  income: PROFITABILITY_INCOME_CONCEPTS,
  expenses: PROFITABILITY_EXPENSE_CONCEPTS,
};

export async function profitabilityByBranch(
  ctx: Context,
  query: z.output<typeof profitabilityReportQuery>,
) {
  const reached = reportBranchOf(ctx.session, query.branchId);
  const types: ProfitabilityType[] = query.type ? [query.type] : ['income', 'expenses'];
  const ledger: Ledger = new Map();
  // Income, stock expenses and commissions read at once, on the pool's connections (one after
  // the other on the embedded database); each adds to the ledger when its rows arrive.
  await Promise.all([
    types.includes('income') ? income(ctx, ledger, reached, query.year) : undefined,
    types.includes('expenses') ? expenses(ctx, ledger, reached, query.year) : undefined,
  ]);
  const branches = await branchesOf(ctx, reached, ledger);
  const sums = { income: Array<number>(12).fill(0), expenses: Array<number>(12).fill(0) };
  const items: ProfitabilityReportItem[] = [];
  for (const branch of branches)
    for (const type of types)
      for (const concept of TYPES[type]) {
        const months = ledger.get(Number(branch.id))?.get(concept) ?? Array<number>(12).fill(0);
        months.forEach((amount, index) => (sums[type][index]! += amount));
        items.push({
          type,
          concept,
          branch: { id: Number(branch.id), name: branch.name },
          months: months.map((amount) => amount / 100),
          total: months.reduce((a, b) => a + b, 0) / 100,
        });
      }
  const shown = (months: Months) => ({
    months: months.map((amount) => amount / 100),
    total: months.reduce((a, b) => a + b, 0) / 100,
  });
  const balance = sums.income.map((amount, index) => amount - sums.expenses[index]!);
  return {
    items,
    totals: { income: shown(sums.income), expenses: shown(sums.expenses), balance: shown(balance) },
  };
}
