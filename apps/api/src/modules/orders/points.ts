import { and, eq, sql } from 'drizzle-orm';
import { Conflict, MAX_INTEGER, Unprocessable } from '@clinica/domain';
import type { Tx } from '../../db/client';
import { customer, pointsMovement } from '../../db/schema';
import { AppError } from '../../platform/errors';

/**
 * The points ledger (CONTRACT §10): a customer's points change only here, by one conditional
 * `UPDATE … RETURNING` (which takes the row's lock and re-checks the condition on the locked row,
 * with `CHECK (points >= 0)` behind it) and a `points_movement` row with the balance after it, in
 * the sale's transaction. So the balance never goes below 0, even under concurrent spending, and
 * always equals the sum of the customer's movements.
 */

interface Movement {
  customerId: number;
  /** The order, or the cash order (CONTRACT §12), the movement belongs to. */
  orderId?: number | null;
  cashOrderId?: number | null;
  userId: number | null;
  at: Date;
}

/** Pays with `points` (1 MXN a point); not enough is 422 code 8 and nothing changes. */
export async function spendPoints(tx: Tx, points: number, movement: Movement): Promise<number> {
  const [row] = await tx
    .update(customer)
    .set({ points: sql`${customer.points} - ${points}` })
    .where(and(eq(customer.id, movement.customerId), sql`${customer.points} >= ${points}`))
    .returning({ points: customer.points });
  if (!row) throw new AppError(422, Unprocessable.insufficientPoints);
  await record(tx, 'spend', -points, row.points, movement);
  return row.points;
}

/** Adds the points a paid order earns; a balance past an integer's range is 409 code 2. */
export async function earnPoints(tx: Tx, points: number, movement: Movement): Promise<number> {
  const [row] = await tx
    .update(customer)
    .set({ points: sql`${customer.points} + ${points}` })
    .where(
      and(eq(customer.id, movement.customerId), sql`${customer.points} <= ${MAX_INTEGER - points}`),
    )
    .returning({ points: customer.points });
  if (!row) throw new AppError(409, Conflict.integrity);
  await record(tx, 'earn', points, row.points, movement);
  return row.points;
}

/**
 * A refund's points (CONTRACT §12): the points the order paid go back to the customer and the
 * points it earned are taken off, as `refund` rows. The customer's row is locked first; what the
 * balance cannot give (it was spent meanwhile) is dropped, so the balance never goes below 0.
 * Answers what actually moved.
 */
export async function refundPoints(
  tx: Tx,
  amounts: { paidBack: number; earned: number },
  movement: Movement,
): Promise<{ returned: number; taken: number }> {
  const [held] = await tx
    .select({ points: customer.points })
    .from(customer)
    .where(eq(customer.id, movement.customerId))
    .for('no key update');
  let balance = held!.points;
  const returned = Math.min(amounts.paidBack, MAX_INTEGER - balance);
  if (returned > 0) {
    balance += returned;
    await tx.update(customer).set({ points: balance }).where(eq(customer.id, movement.customerId));
    await record(tx, 'refund', returned, balance, movement);
  }
  const taken = Math.min(amounts.earned, balance);
  if (taken > 0) {
    balance -= taken;
    await tx.update(customer).set({ points: balance }).where(eq(customer.id, movement.customerId));
    await record(tx, 'refund', -taken, balance, movement);
  }
  return { returned, taken };
}

async function record(
  tx: Tx,
  kind: 'earn' | 'spend' | 'refund',
  delta: number,
  balance: number,
  movement: Movement,
) {
  await tx.insert(pointsMovement).values({
    customerId: movement.customerId,
    orderId: movement.orderId ?? null,
    cashOrderId: movement.cashOrderId ?? null,
    kind,
    delta,
    balance,
    userId: movement.userId,
    createdAt: movement.at,
  });
}
