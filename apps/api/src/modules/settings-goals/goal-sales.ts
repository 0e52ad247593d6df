import type { Executor } from '../../db/client';

/**
 * The goals' `totalSale`: the paid sales of a branch in a month, net of refunds (CONTRACT §11),
 * keyed `branchId:YYYY-MM-01`.
 *
 * Sales (orders, cash orders and their refunds) have no tables yet; the sales issue adds them and
 * replaces this body with the sum, per branch and month (the month's bounds in the branch's zone),
 * of the paid orders and cash orders minus their refunds. Until then no branch has sold anything,
 * so every month's total is 0: the value the database holds, not an estimate. Every goal read
 * (list, detail, create, update) takes its total from here, so the change is made in one place.
 */
export async function netPaidSalesByBranchMonth(
  _executor: Executor,
  periods: readonly { branchId: number; period: string }[],
): Promise<Map<string, number>> {
  return new Map(periods.map(({ branchId, period }) => [salesKey(branchId, period), 0]));
}

export const salesKey = (branchId: number, period: string) => `${branchId}:${period}`;
