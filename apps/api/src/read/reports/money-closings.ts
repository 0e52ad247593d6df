import type { z } from 'zod';
import {
  CLOSING_MONEY_FIELDS,
  sumFields,
  type ClosingRecord,
  type dailyCashClosingsReportQuery,
} from '@clinica/domain';
import type { Context } from '../../platform/context';
import { closingRecordsBetween } from '../../modules/cash-closings/cash-closing-read';
import { reportBranchOf } from './activity-scope';

/**
 * GET /report/daily-cash-closings (CONTRACT §14): the closings of the period as §12 records them,
 * read by the closings module; `totals` adds every figure, count, counted amount and difference
 * (and the products' figures) in whole cents. The rate and the identifiers are not summed.
 */

const FIGURES = [
  ...CLOSING_MONEY_FIELDS,
  'ordersCount',
  'cashOrdersCount',
  'refundsCount',
] as const;
const COUNTED = ['countedCash', 'countedCashDollars', 'difference', 'differenceDollars'] as const;

export async function dailyCashClosings(
  ctx: Context,
  query: z.output<typeof dailyCashClosingsReportQuery>,
) {
  const items: ClosingRecord[] = await closingRecordsBetween(ctx.db, {
    branchId: reportBranchOf(ctx.session, query.branchId),
    startDate: query.startDate,
    endDate: query.endDate,
  });
  const counted = items.map((item) =>
    Object.fromEntries(COUNTED.map((field) => [field, item[field] ?? 0])),
  ) as Record<(typeof COUNTED)[number], number>[];
  return {
    items,
    totals: {
      ...sumFields(items, FIGURES),
      products: sumFields(
        items.map((item) => item.products),
        FIGURES,
      ),
      ...sumFields(counted, COUNTED),
    },
  };
}
