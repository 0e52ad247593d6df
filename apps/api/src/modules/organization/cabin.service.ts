import { and, count, eq, isNull, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import {
  NotFound,
  type ScheduleDay,
  type cabinBody,
  type cabinQuery,
  type cabinUpdateBody,
} from '@clinica/domain';
import type { Executor } from '../../db/client';
import { branch, branchSchedule, cabin, cabinSchedule, cabinType } from '../../db/schema';
import { audit, changesBetween, softDeleteChanges } from '../../platform/audit';
import { invalid, notFound, whenViolated } from '../../platform/errors';
import { planList, runList, type ListSpec } from '../../platform/list';
import { assertInScope, branchForWrite, inScope } from '../../platform/scope';
import type { Session } from '../../platform/session';

import { cabinWeekProblems, fullWeek, replaceWeek, weeksOf } from './schedule';

const columns = {
  id: cabin.id,
  name: cabin.name,
  status: cabin.status,
  description: cabin.description,
  type: { id: cabinType.id, name: cabinType.name, color: cabinType.color },
  branch: { id: branch.id, name: branch.name },
};
const base = (executor: Executor) =>
  executor
    .select(columns)
    .from(cabin)
    .innerJoin(cabinType, eq(cabinType.id, cabin.typeId))
    .innerJoin(branch, eq(branch.id, cabin.branchId));

const spec: ListSpec = {
  sortable: {
    name: cabin.name,
    id: cabin.id,
    branch: branch.name,
    type: cabinType.name,
    created_at: cabin.createdAt,
  },
  defaultSort: 'name',
  searchable: { name: cabin.name, description: cabin.description },
  defaultSearch: ['name'],
  active: cabin.status,
  deletedAt: cabin.deletedAt,
  tieBreaker: cabin.id,
};

async function withWeeks<T extends { id: number }>(executor: Executor, rows: T[]) {
  const weeks = await weeksOf(
    executor,
    cabinSchedule,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({ ...row, schedules: weeks.get(row.id) ?? [] }));
}

/** Cabins of the caller's branch (or any, for roles that see every branch), with their weeks. */
export async function listCabins(
  app: FastifyInstance,
  session: Session,
  query: z.output<typeof cabinQuery>,
) {
  const filters: (SQL | undefined)[] = [
    inScope(session, cabin.branchId),
    query.typeId ? eq(cabin.typeId, query.typeId) : undefined,
    query.branchId ? eq(cabin.branchId, query.branchId) : undefined,
  ];
  const plan = planList(spec, query, ...filters);
  const page = await runList(plan, {
    rows: ({ where, orderBy, limit, offset }) =>
      base(app.db)
        .where(where)
        .orderBy(...orderBy)
        .limit(limit)
        .offset(offset),
    count: async (where) =>
      (
        await app.db
          .select({ total: count() })
          .from(cabin)
          .innerJoin(cabinType, eq(cabinType.id, cabin.typeId))
          .innerJoin(branch, eq(branch.id, cabin.branchId))
          .where(where)
      )[0]?.total ?? 0,
  });
  return { meta: page.meta, items: await withWeeks(app.db, page.items) };
}

export async function getCabin(app: FastifyInstance, session: Session, id: number) {
  const [row] = await base(app.db).where(and(eq(cabin.id, id), isNull(cabin.deletedAt)));
  if (!row) throw notFound(NotFound.cabin);
  assertInScope(session, row.branch.id, NotFound.cabin);
  const [record] = await withWeeks(app.db, [row]);
  return record!;
}

/** The branch and type a cabin refers to must exist (and the branch be the caller's, if fixed). */
async function assertReferences(
  executor: Executor,
  session: Session,
  branchId: number | undefined,
  typeId: number | undefined,
) {
  if (branchId !== undefined) {
    const [found] = await executor
      .select({ id: branch.id })
      .from(branch)
      .where(and(eq(branch.id, branchId), isNull(branch.deletedAt)));
    if (!found) throw invalid({ field: 'branchId', message: 'La sucursal no existe' });
    assertInScope(session, branchId, NotFound.branch);
  }
  if (typeId !== undefined) {
    const [found] = await executor
      .select({ id: cabinType.id })
      .from(cabinType)
      .where(and(eq(cabinType.id, typeId), isNull(cabinType.deletedAt)));
    if (!found) throw invalid({ field: 'typeId', message: 'El tipo de cabina no existe' });
  }
}

/** The cabin's week, checked against its branch's; without one, the cabin takes the branch's hours. */
async function checkedWeek(executor: Executor, branchId: number, days: ScheduleDay[] | undefined) {
  const branchWeek = (await weeksOf(executor, branchSchedule, [branchId])).get(branchId) ?? [];
  const week = days ?? branchWeek;
  const problems = cabinWeekProblems(
    days ? days.map((day) => ({ ...day })) : fullWeek(week),
    branchWeek,
  );
  if (problems.length > 0) throw invalid(...problems);
  return week;
}

const nameTaken = invalid({
  field: 'name',
  message: 'Ya existe una cabina con este nombre en la sucursal',
});

export async function createCabin(
  app: FastifyInstance,
  session: Session,
  body: z.output<typeof cabinBody>,
) {
  const branchId = branchForWrite(session, body.branchId);
  await assertReferences(app.db, session, branchId, body.typeId);
  const week = await checkedWeek(app.db, branchId, body.schedule);
  const now = app.clock.now();
  return whenViolated(
    () =>
      app.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(cabin)
          .values({
            name: body.name,
            typeId: body.typeId,
            branchId,
            description: body.description ?? null,
            status: true,
            createdAt: now,
            updatedAt: now,
          })
          .returning({ id: cabin.id });
        await replaceWeek(tx, cabinSchedule, row!.id, week);
        const [record] = await withWeeks(tx, await base(tx).where(eq(cabin.id, row!.id)));
        await audit(
          tx,
          { userId: session.userId, branchId },
          {
            module: 'cabain',
            action: 'create',
            recordId: row!.id,
            changes: changesBetween(null, record!),
          },
          now,
        );
        return record!;
      }),
    { cabin_branch_name_unique: nameTaken },
  );
}

export async function updateCabin(
  app: FastifyInstance,
  session: Session,
  id: number,
  body: z.output<typeof cabinUpdateBody>,
) {
  const current = await getCabin(app, session, id);
  const branchId =
    body.branchId === undefined ? current.branch.id : branchForWrite(session, body.branchId);
  await assertReferences(
    app.db,
    session,
    body.branchId === undefined ? undefined : branchId,
    body.typeId,
  );
  // A new branch or a new week is checked again; an unchanged cabin keeps its week as it is.
  const week =
    body.schedule || branchId !== current.branch.id
      ? await checkedWeek(app.db, branchId, body.schedule ?? current.schedules)
      : undefined;
  const now = app.clock.now();
  return whenViolated(
    () =>
      app.db.transaction(async (tx) => {
        await tx
          .update(cabin)
          .set({
            ...(body.name !== undefined ? { name: body.name } : {}),
            ...(body.typeId !== undefined ? { typeId: body.typeId } : {}),
            ...(body.status !== undefined ? { status: body.status } : {}),
            ...(body.description !== undefined ? { description: body.description } : {}),
            branchId,
            updatedAt: now,
          })
          .where(eq(cabin.id, id));
        if (week) await replaceWeek(tx, cabinSchedule, id, week);
        const [record] = await withWeeks(tx, await base(tx).where(eq(cabin.id, id)));
        await audit(
          tx,
          { userId: session.userId, branchId },
          {
            module: 'cabain',
            action: 'update',
            recordId: id,
            changes: changesBetween(current, record!),
          },
          now,
        );
        return record!;
      }),
    { cabin_branch_name_unique: nameTaken },
  );
}

/**
 * Soft-deletes a cabin. One with booked appointments cannot be (409 code 13): that check joins
 * here when the agenda exists.
 */
export async function deleteCabin(app: FastifyInstance, session: Session, id: number) {
  const current = await getCabin(app, session, id);
  const now = app.clock.now();
  await app.db.transaction(async (tx) => {
    await tx.update(cabin).set({ deletedAt: now, updatedAt: now }).where(eq(cabin.id, id));
    await audit(
      tx,
      { userId: session.userId, branchId: current.branch.id },
      { module: 'cabain', action: 'delete', recordId: id, changes: softDeleteChanges(now) },
      now,
    );
  });
  return { id };
}
