import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { stock } from '../../db/schema';

/**
 * The live lots with units of one product or of one branch: what forbids deleting either
 * (spec 001 §8, 404 code 35 and 409 code 12). Call it inside the delete's transaction with the
 * product's or branch's row locked FOR UPDATE, so a lot being created waits on that lock through
 * its foreign key. The lots are read FOR SHARE and the units counted after the read, not in the
 * WHERE: a lot refilled from 0 meanwhile is then waited for and seen with its committed quantity,
 * where a `quantity > 0` condition would have passed over it on the old snapshot.
 */
export async function lotsWithUnits(
  executor: Executor,
  of: { productId: number } | { branchId: number },
): Promise<{ branchId: number; productId: number; quantity: number }[]> {
  const owner =
    'productId' in of ? eq(stock.productId, of.productId) : eq(stock.branchId, of.branchId);
  const lots = await executor
    .select({ branchId: stock.branchId, productId: stock.productId, quantity: stock.quantity })
    .from(stock)
    .where(and(owner, isNull(stock.deletedAt)))
    .for('share');
  return lots.filter((lot) => lot.quantity > 0);
}
