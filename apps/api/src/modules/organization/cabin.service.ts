import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import {
  Conflict,
  NotFound,
  cabinRoutes,
  type ScheduleDay,
  type cabinBody,
  type cabinQuery,
  type cabinRecord,
  type cabinUpdateBody,
} from '@clinica/domain';
import type { Executor, Tx } from '../../db/client';
import {
  appointment,
  branch,
  branchSchedule,
  cabin,
  cabinSchedule,
  cabinType,
} from '../../db/schema';
import type { Context } from '../../platform/context';
import { conflict, invalid } from '../../platform/errors';
import { listPage, listSpec } from '../../platform/list';
import {
  branchForWrite,
  createRecord,
  deleteRecord,
  found,
  live,
  lockReferences,
  resource,
  setColumns,
  updateRecord,
} from '../../platform/write';
import { branches } from './branch.service';
import { cabinTypes } from './cabin-type.service';
import { cabinWeekProblems, fullWeek, replaceWeek, weeksOf, type Week } from './schedule';

/** Cabins belong to a branch: a role fixed to one reaches only its cabins. */
export const cabins = resource({
  table: cabin,
  module: 'cabain',
  notFound: NotFound.cabin,
  branch: cabin.branchId,
});

type Cabin = z.infer<typeof cabinRecord>;
type CabinRow = Omit<Cabin, 'schedules'>;

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

const spec = listSpec(cabinRoutes.list.list, {
  sortable: {
    name: cabin.name,
    id: cabin.id,
    branch: branch.name,
    type: cabinType.name,
    created_at: cabin.createdAt,
  },
  searchable: { name: cabin.name, description: cabin.description },
  active: cabin.status,
  deletedAt: cabin.deletedAt,
  tieBreaker: cabin.id,
  branch: cabin.branchId,
});

async function withWeeks(executor: Executor, rows: CabinRow[]): Promise<Cabin[]> {
  const weeks = await weeksOf(
    executor,
    cabinSchedule,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({ ...row, schedules: weeks.get(row.id) ?? [] }));
}

/** Cabins of the caller's branch (or any, for roles that see every branch), with their weeks. */
export async function listCabins(ctx: Context, query: z.output<typeof cabinQuery>) {
  const page = await listPage<typeof columns, CabinRow>(ctx, spec, query, {
    columns,
    from: (select) =>
      select
        .from(cabin)
        .innerJoin(cabinType, eq(cabinType.id, cabin.typeId))
        .innerJoin(branch, eq(branch.id, cabin.branchId))
        .$dynamic(),
    filters: [
      query.typeId ? eq(cabin.typeId, query.typeId) : undefined,
      query.branchId ? eq(cabin.branchId, query.branchId) : undefined,
    ],
  });
  return { meta: page.meta, items: await withWeeks(ctx.db, page.items) };
}

const readCabin = async (executor: Executor, id: number) =>
  (await withWeeks(executor, await base(executor).where(eq(cabin.id, id))))[0]!;

export async function getCabin(ctx: Context, id: number) {
  const [row] = await base(ctx.db).where(live(ctx, cabins, id));
  return (await withWeeks(ctx.db, [found(cabins, row)]))[0]!;
}

const branchMissing = invalid({ field: 'branchId', message: 'La sucursal no existe' });
const typeMissing = invalid({ field: 'typeId', message: 'El tipo de cabina no existe' });

/**
 * Links the cabin to its branch and type under `FOR KEY SHARE` (their deletes wait for this
 * transaction, then see the cabin): only the ones the change names.
 */
async function lockLinks(
  tx: Tx,
  ctx: Context,
  links: { branchId: number | undefined; typeId: number | undefined },
) {
  if (links.branchId !== undefined)
    await lockReferences(tx, ctx, branches, [links.branchId], branchMissing);
  if (links.typeId !== undefined)
    await lockReferences(tx, ctx, cabinTypes, [links.typeId], typeMissing);
}

/**
 * The cabin's week, checked against its branch's (spec 000 §5) inside the write's transaction,
 * with the branch share-locked so its hours cannot change meanwhile. Without one, the cabin takes
 * the branch's hours.
 */
async function checkedWeek(tx: Tx, branchId: number, days: ScheduleDay[] | Week | undefined) {
  const branchWeek = (await weeksOf(tx, branchSchedule, [branchId])).get(branchId) ?? [];
  const week = days ?? branchWeek;
  const problems = cabinWeekProblems(days ? [...days] : fullWeek(week), branchWeek);
  if (problems.length > 0) throw invalid(...problems);
  return week;
}

const violations = {
  cabin_branch_name_unique: invalid({
    field: 'name',
    message: 'Ya existe una cabina con este nombre en la sucursal',
  }),
};

/**
 * Creates a cabin. A role fixed to its branch naming another is 404 before anything of that branch
 * (its hours) is looked at (issue 9).
 */
export function createCabin(ctx: Context, body: z.output<typeof cabinBody>) {
  const branchId = branchForWrite(ctx, body.branchId);
  return createRecord(ctx, cabins, {
    violations,
    branchId,
    read: readCabin,
    insert: async (tx, now) => {
      await lockLinks(tx, ctx, { branchId, typeId: body.typeId });
      const week = await checkedWeek(tx, branchId, body.schedule);
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
      return row!.id;
    },
  });
}

/** Updates a cabin; a new branch or a new week is checked again, an unchanged week kept as it is. */
export function updateCabin(ctx: Context, id: number, body: z.output<typeof cabinUpdateBody>) {
  const movedTo = body.branchId === undefined ? undefined : branchForWrite(ctx, body.branchId);
  return updateRecord(ctx, cabins, id, {
    violations,
    read: readCabin,
    apply: async (tx, before, now) => {
      await lockLinks(tx, ctx, { branchId: movedTo, typeId: body.typeId });
      const branchId = movedTo ?? before.branch.id;
      const week =
        body.schedule || branchId !== before.branch.id
          ? await checkedWeek(tx, branchId, body.schedule ?? before.schedules)
          : undefined;
      const { schedule: _schedule, ...fields } = body;
      await setColumns(tx, cabins, id, { ...fields, branchId }, now);
      if (week) await replaceWeek(tx, cabinSchedule, id, week);
    },
  });
}

/**
 * Soft-deletes a cabin. One with booked appointments (scheduled or in process) cannot be (409
 * code 13), read after the cabin's row lock, which a booking takes too: a booking and the
 * delete are decided one after the other.
 */
export function deleteCabin(ctx: Context, id: number) {
  return deleteRecord(ctx, cabins, id, async (tx) => {
    const [booked] = await tx
      .select({ id: appointment.id })
      .from(appointment)
      .where(
        and(
          eq(appointment.cabinId, id),
          inArray(appointment.status, ['scheduled', 'inProcess', 'held']),
        ),
      )
      .limit(1);
    if (booked) throw conflict(Conflict.cabinHasAppointments);
  });
}

export const cabinService = {
  list: listCabins,
  get: getCabin,
  create: createCabin,
  update: updateCabin,
  remove: deleteCabin,
};
