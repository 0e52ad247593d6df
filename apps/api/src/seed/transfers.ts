import { and, asc, eq, gte, isNull } from 'drizzle-orm';
import { transferRoutes } from '@clinica/domain';
import type { Db, Tx } from '../db/client';
import * as schema from '../db/schema';
import type { Clock } from '../platform/clock';
import type { Context } from '../platform/context';
import { sessionAs } from './demo-history';
import {
  approveTransfer,
  confirmTransfer,
  createTransfer,
  deleteTransfer,
  rejectTransfer,
} from '../modules/stock-flows/transfer.service';

/**
 * The demo's transfers between clinics (issue 13), made by the demo staff through the same service
 * the API calls, so the units move through the ledger and the history names each order: one in
 * every state, over the last twelve days: two finished (one received short, its difference a
 * transit loss), one in transit, two in process, one rejected in transit (its units back in their
 * lots) and one deleted. Runs inside the demo seed's transaction, after the stock and the staff.
 */

const DAY = 86_400_000;

/** The live lots of a clinic holding at least `min` units, oldest first. */
async function lotsOf(tx: Tx, branchId: number, min: number) {
  return tx
    .select({ id: schema.stock.id, quantity: schema.stock.quantity })
    .from(schema.stock)
    .where(
      and(
        eq(schema.stock.branchId, branchId),
        gte(schema.stock.quantity, min),
        isNull(schema.stock.deletedAt),
      ),
    )
    .orderBy(asc(schema.stock.id));
}

export async function seedTransfersDemo(tx: Tx, now: Date): Promise<void> {
  const branches = await tx
    .select({ id: schema.branch.id, name: schema.branch.name })
    .from(schema.branch)
    .where(eq(schema.branch.distributionCenter, false))
    .orderBy(asc(schema.branch.id));
  const byName = (name: string) => branches.find((branch) => branch.name === name)?.id;
  const zonaRio = byName('Zona Río');
  const playas = byName('Playas de Tijuana');
  const mexicali = byName('Mexicali Centro');
  if (!zonaRio || !playas || !mexicali) return;

  const sessions = {
    admin: await sessionAs(tx as unknown as Db, 'admin@clinica.mx'),
    manager: await sessionAs(tx as unknown as Db, 'gerente@clinica.mx'),
    logistics: await sessionAs(tx as unknown as Db, 'logistica@clinica.mx'),
  };
  const as = (who: keyof typeof sessions, daysAgo: number): Context => ({
    db: tx as unknown as Db,
    clock: { now: () => new Date(now.getTime() - daysAgo * DAY) } as Clock,
    session: sessions[who],
  });

  // Each transfer takes a few units of lots nobody else here touches.
  const pools = new Map<number, { id: number; quantity: number }[]>();
  for (const id of [zonaRio, playas, mexicali]) pools.set(id, await lotsOf(tx, id, 6));
  const take = (branchId: number, count: number) =>
    pools
      .get(branchId)!
      .splice(0, count)
      .map((lot) => ({
        stockId: lot.id,
        stockedQuantity: Math.max(1, Math.floor(lot.quantity / 3)),
      }));

  const create = async (
    who: keyof typeof sessions,
    daysAgo: number,
    originBranchId: number,
    destinyBranchId: number,
    lines: number,
    comments: string | null = null,
  ) => {
    const transferProducts = take(originBranchId, lines);
    if (transferProducts.length === 0) return null;
    return createTransfer(
      as(who, daysAgo),
      transferRoutes.create.body.parse({
        originBranchId,
        destinyBranchId,
        comments,
        transferProducts,
      }),
    );
  };
  const approve = (
    who: keyof typeof sessions,
    daysAgo: number,
    record: { id: number; transferProducts: { id: number; stockedQuantity: number }[] },
  ) =>
    approveTransfer(
      as(who, daysAgo),
      record.id,
      transferRoutes.approve.body.parse({
        transferProducts: record.transferProducts.map((line) => ({
          id: line.id,
          stockedQuantity: line.stockedQuantity,
        })),
      }),
    );
  const confirm = (
    who: keyof typeof sessions,
    daysAgo: number,
    record: { id: number; transferProducts: { id: number; stockedQuantity: number }[] },
    short = 0,
  ) =>
    confirmTransfer(
      as(who, daysAgo),
      record.id,
      transferRoutes.confirm.body.parse({
        transferProducts: record.transferProducts.map((line, index) => ({
          id: line.id,
          receivedQuantity:
            index === 0 ? Math.max(0, line.stockedQuantity - short) : line.stockedQuantity,
        })),
      }),
    );

  // Finished, one box short: the difference stays as a transit loss.
  const short = await create('manager', 12, zonaRio, mexicali, 2, 'Apoyo por alta demanda');
  if (short) await confirm('admin', 9, await approve('logistics', 11, short), 1);

  // Finished as sent.
  const whole = await create('logistics', 6, mexicali, zonaRio, 1);
  if (whole) await confirm('manager', 4, await approve('admin', 5, whole));

  // Rejected while in transit: the units went back to Mexicali's lots.
  const back = await create('logistics', 8, mexicali, playas, 1, 'Envío a franquicia');
  if (back)
    await rejectTransfer(
      as('admin', 7),
      (await approve('admin', 8, back)).id,
      transferRoutes.reject.body.parse({ reason: 'La franquicia ya se surtió del CEDIS' }),
    );

  // In transit to Playas.
  const moving = await create('manager', 3, zonaRio, playas, 2);
  if (moving) await approve('logistics', 2, moving);

  // Deleted the day it was created: entered by mistake.
  const mistaken = await create('manager', 1, zonaRio, mexicali, 1, 'Capturada por error');
  if (mistaken) await deleteTransfer(as('admin', 1), mistaken.id);

  // Waiting for approval.
  await create('admin', 2, playas, zonaRio, 1, 'Devolución de producto de cabina');
  await create('manager', 0, zonaRio, mexicali, 2);
}
