import type { Tx } from '../../db/client';

/**
 * The closed-day check of CONTRACT §12: a `SUCURSAL` sale, a cash order or a refund at a branch
 * whose current day already has its cash closing is 409 code 45 ("El día ya tiene corte de caja").
 *
 * Daily cash closings do not exist yet (issue 27 builds them). Until then no day is closed, so this
 * answers "not closed" and refuses nothing. Issue 27 replaces the body with a read of the branch's
 * closing of `day` taken under a lock the closing itself also takes (so a sale and the closing of
 * its day cannot both commit) and `throw conflict(Conflict.dayClosed)` when it exists. Every caller
 * already calls it at the right point of its transaction.
 */

export async function refuseClosedDay(_tx: Tx, _branchId: number, _day: string): Promise<void> {
  // Not closed: there are no cash closings yet (issue 27).
}
