import { and, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  Conflict,
  NotFound,
  lockAppliesOn,
  lockRoutes,
  locksOverlap,
  msg,
  type LockRecord,
  type LockRule,
  type lockBody,
  type lockQuery,
  type lockUpdateBody,
} from '@clinica/domain';
import type { Executor, Tx } from '../../db/client';
import { agendaLock, branch, cabin, user } from '../../db/schema';
import type { Context } from '../../platform/context';
import { conflict, invalid, notFound } from '../../platform/errors';
import { listPage, listSpec } from '../../platform/list';
import {
  branchForWrite,
  createRecord,
  deleteRecord,
  found,
  live,
  resource,
  updateRecord,
} from '../../platform/write';
import { locksOfCabin } from './booking';
import { lockColumns, presentLock, type LockRow } from './lock-read';
import { offerFreedLock } from './waitlist-lock-offer';

/**
 * Locks of a cabin's time (spec 002 §3, §5; CONTRACT §13). Two locks of one cabin never block a
 * common moment (409 code 32): the cabin row is locked `FOR UPDATE` before the cabin's locks are
 * read and compared, so of two overlapping locks created at once the second waits, then sees the
 * first. A booking locks the same row, so it never reads a cabin's locks half-written.
 */
export const locks = resource({
  table: agendaLock,
  module: 'blockers',
  notFound: NotFound.lock,
  branch: agendaLock.branchId,
});

const spec = listSpec(lockRoutes.list.list, {
  sortable: { created_at: agendaLock.createdAt, date: agendaLock.date, type: agendaLock.type },
  searchable: { reasonDescription: agendaLock.reasonDescription },
  deletedAt: agendaLock.deletedAt,
  tieBreaker: agendaLock.id,
  branch: agendaLock.branchId,
});

const selectLocks = (executor: Executor) =>
  executor
    .select(lockColumns)
    .from(agendaLock)
    .innerJoin(cabin, eq(cabin.id, agendaLock.cabinId))
    .innerJoin(branch, eq(branch.id, agendaLock.branchId))
    .leftJoin(user, eq(user.id, agendaLock.userId));

async function readLock(executor: Executor, id: number): Promise<LockRecord> {
  const rows = (await selectLocks(executor).where(eq(agendaLock.id, id))) as unknown as LockRow[];
  return presentLock(rows[0]!);
}

/** GET /lock?branchId. */
export async function listLocks(ctx: Context, query: z.output<typeof lockQuery>) {
  const page = await listPage<typeof lockColumns, LockRow>(ctx, spec, query, {
    columns: lockColumns,
    from: (select) =>
      select
        .from(agendaLock)
        .innerJoin(cabin, eq(cabin.id, agendaLock.cabinId))
        .innerJoin(branch, eq(branch.id, agendaLock.branchId))
        .leftJoin(user, eq(user.id, agendaLock.userId))
        .$dynamic(),
    filters: [
      query.branchId ? eq(agendaLock.branchId, query.branchId) : undefined,
      query.cabainId ? eq(agendaLock.cabinId, query.cabainId) : undefined,
      query.type ? eq(agendaLock.type, query.type) : undefined,
      query.mine === 'true' ? eq(agendaLock.userId, ctx.session.userId) : undefined,
      query.date
        ? sql`(${agendaLock.recurrent} OR ${agendaLock.date} BETWEEN ${query.date}::date - 6 AND ${query.date}::date)`
        : undefined,
    ],
  });
  const items = page.items.map(presentLock);
  return {
    meta: page.meta,
    items: query.date ? items.filter((lock) => lockAppliesOn(lock, query.date!)) : items,
  };
}

export async function getLock(ctx: Context, id: number): Promise<LockRecord> {
  const rows = (await selectLocks(ctx.db).where(live(ctx, locks, id))) as unknown as LockRow[];
  return presentLock(found(locks, rows[0]));
}

/**
 * Locks the cabin (of that branch, live) `FOR UPDATE` and refuses a lock that overlaps another of
 * it (409 code 32).
 */
async function checkOverlap(
  tx: Tx,
  cabinId: number,
  branchId: number,
  rule: LockRule,
  exceptId?: number,
) {
  const [row] = await tx
    .select({ id: cabin.id })
    .from(cabin)
    .where(and(eq(cabin.id, cabinId), eq(cabin.branchId, branchId), isNull(cabin.deletedAt)))
    .for('update');
  if (!row) throw notFound(NotFound.cabin);
  const others = await locksOfCabin(tx, cabinId, exceptId);
  if (others.some((other) => locksOverlap(rule, other))) throw conflict(Conflict.lockExists);
}

/** POST /lock/create. */
export function createLock(ctx: Context, body: z.output<typeof lockBody>) {
  const branchId = branchForWrite(ctx, body.branchId);
  return createRecord(ctx, locks, {
    branchId,
    read: readLock,
    insert: async (tx, now) => {
      const rule: LockRule = {
        type: body.type,
        time: body.time,
        date: body.date ?? null,
        days: body.days,
        recurrent: body.recurrent,
      };
      await checkOverlap(tx, body.cabainId, branchId, rule);
      const [row] = await tx
        .insert(agendaLock)
        .values({
          branchId,
          cabinId: body.cabainId,
          type: body.type,
          reason: body.reason,
          reasonDescription: body.reasonDescription,
          time: body.time,
          date: rule.date,
          days: body.days,
          recurrent: body.recurrent,
          userId: ctx.session.userId,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: agendaLock.id });
      return row!.id;
    },
  });
}

/** PUT /lock/{id}/update: the lock as it will stand is checked against the cabin's others. */
export function updateLock(ctx: Context, id: number, body: z.output<typeof lockUpdateBody>) {
  return updateRecord(ctx, locks, id, {
    read: readLock,
    apply: async (tx, before, now) => {
      const branchId =
        body.branchId === undefined ? before.branchId : branchForWrite(ctx, body.branchId);
      const cabinId = body.cabainId ?? before.cabainId;
      const rule: LockRule = {
        type: body.type ?? before.type,
        time: body.time ?? before.time,
        date: body.date !== undefined ? body.date : before.date,
        days: body.days ?? before.days,
        recurrent: body.recurrent ?? before.recurrent,
      };
      if (!rule.recurrent && !rule.date)
        throw invalid({ field: 'date', message: msg.required('Fecha') });
      await checkOverlap(tx, cabinId, branchId, rule, id);
      const was = { branchId: before.branchId, cabinId: before.cabainId, rule: ruleOf(before) };
      await tx
        .update(agendaLock)
        .set({
          branchId,
          cabinId,
          type: rule.type,
          time: [...rule.time],
          date: rule.date,
          days: [...rule.days],
          recurrent: rule.recurrent,
          ...(body.reason !== undefined ? { reason: body.reason } : {}),
          ...(body.reasonDescription !== undefined
            ? { reasonDescription: body.reasonDescription }
            : {}),
          updatedAt: now,
        })
        .where(eq(agendaLock.id, id));
      // What it no longer blocks goes to the waitlist (CONTRACT §15), in a savepoint.
      await offerFreedLock(tx, ctx, was, { branchId, cabinId, rule });
    },
  });
}

const ruleOf = (lock: LockRecord): LockRule => ({
  type: lock.type,
  time: lock.time,
  date: lock.date,
  days: lock.days,
  recurrent: lock.recurrent,
});

/** DELETE /lock/{id}/delete: the time it blocked goes to the waitlist (CONTRACT §15). */
export function deleteLock(ctx: Context, id: number) {
  let was: LockRecord | null = null;
  return deleteRecord(
    ctx,
    locks,
    id,
    async (tx) => {
      was = await readLock(tx, id);
    },
    async (tx) => {
      if (was)
        await offerFreedLock(
          tx,
          ctx,
          { branchId: was.branchId, cabinId: was.cabainId, rule: ruleOf(was) },
          null,
        );
    },
  );
}
