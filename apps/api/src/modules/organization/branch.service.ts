import { eq, getTableColumns } from 'drizzle-orm';
import type { z } from 'zod';
import {
  Conflict,
  DEFAULT_TIME_ZONE,
  NotFound,
  branchRoutes,
  type BranchRecord,
  type branchBody,
  type branchQuery,
  type branchUpdateBody,
} from '@clinica/domain';
import type { Executor } from '../../db/client';
import { branch, branchSchedule } from '../../db/schema';
import type { Context } from '../../platform/context';
import { conflict, invalid } from '../../platform/errors';
import { listPage, listSpec } from '../../platform/list';
import {
  createRecord,
  deleteRecord,
  found,
  live,
  resource,
  setColumns,
  updateRecord,
} from '../../platform/write';
import { lotsWithUnits } from '../inventory/holdings';
import { replaceWeek, weeksOf, type Week } from './schedule';

/** A branch's scope column is its own id: a role fixed to a branch reaches that one only. */
export const branches = resource({
  table: branch,
  module: 'branch',
  notFound: NotFound.branch,
  branch: branch.id,
});

type Row = typeof branch.$inferSelect;
const columns = getTableColumns(branch);

function present(row: Row, schedules: Week): BranchRecord {
  return {
    id: row.id,
    name: row.name,
    street: row.street,
    extNumber: row.extNumber,
    intNumber: row.intNumber,
    suburb: row.suburb,
    city: row.city,
    state: row.state,
    zipCode: row.zipCode,
    phone: row.phone,
    lat: row.lat === null ? null : Number(row.lat),
    lng: row.lng === null ? null : Number(row.lng),
    code: row.code,
    zone: row.zone,
    franchise: row.franchise,
    active: row.active,
    rfc: row.rfc,
    businessName: row.businessName,
    distributionCenter: row.distributionCenter,
    schedules,
    created_at: row.createdAt.toISOString(),
    deleted_at: row.deletedAt?.toISOString() ?? null,
  };
}

async function withWeeks(executor: Executor, rows: Row[]): Promise<BranchRecord[]> {
  const weeks = await weeksOf(
    executor,
    branchSchedule,
    rows.map((row) => row.id),
  );
  return rows.map((row) => present(row, weeks.get(row.id) ?? []));
}

const spec = listSpec(branchRoutes.list.list, {
  sortable: {
    name: branch.name,
    code: branch.code,
    city: branch.city,
    created_at: branch.createdAt,
    id: branch.id,
  },
  searchable: { name: branch.name, phone: branch.phone, code: branch.code, city: branch.city },
  active: branch.active,
  deletedAt: branch.deletedAt,
  tieBreaker: branch.id,
  branch: branch.id,
});

/** Branches with their weekly schedules; a branch-fixed role sees only its own. */
export async function listBranches(ctx: Context, query: z.output<typeof branchQuery>) {
  const franchise =
    query.franchise === undefined
      ? undefined
      : query.franchise === '1' || query.franchise === 'true';
  const page = await listPage<typeof columns, Row>(ctx, spec, query, {
    columns,
    from: (select) => select.from(branch).$dynamic(),
    filters: [franchise === undefined ? undefined : eq(branch.franchise, franchise)],
  });
  return { meta: page.meta, items: await withWeeks(ctx.db, page.items) };
}

const readBranch = async (executor: Executor, id: number) =>
  (await withWeeks(executor, await executor.select().from(branch).where(eq(branch.id, id))))[0]!;

export async function getBranch(ctx: Context, id: number) {
  const [row] = await ctx.db
    .select()
    .from(branch)
    .where(live(ctx, branches, id));
  return (await withWeeks(ctx.db, [found(branches, row)]))[0]!;
}

const violations = {
  branch_code_unique: invalid({
    field: 'code',
    message: 'El código ya está en uso por otra sucursal',
  }),
};

function toColumns<T extends z.output<typeof branchUpdateBody>>(body: T) {
  const { schedule: _schedule, lat, lng, zone, ...fields } = body;
  return {
    ...fields,
    ...(zone !== undefined ? { zone: zone ?? DEFAULT_TIME_ZONE } : {}),
    ...(lat !== undefined ? { lat: lat === null ? null : String(lat) } : {}),
    ...(lng !== undefined ? { lng: lng === null ? null : String(lng) } : {}),
  };
}

export function createBranch(ctx: Context, body: z.output<typeof branchBody>) {
  return createRecord(ctx, branches, {
    violations,
    read: readBranch,
    insert: async (tx, now) => {
      const [row] = await tx
        .insert(branch)
        .values({ ...toColumns(body), createdAt: now, updatedAt: now })
        .returning({ id: branch.id });
      await replaceWeek(tx, branchSchedule, row!.id, body.schedule ?? []);
      return row!.id;
    },
  });
}

/**
 * The distribution centre has no 'Activar' and 'Franquicia' switches (spec 000 §4), and a branch
 * does not become one: judged on the branch as it stands under its row lock.
 */
function lockedSwitches(before: BranchRecord, body: z.output<typeof branchUpdateBody>) {
  if (before.distributionCenter) {
    const locked = (['active', 'franchise', 'distributionCenter'] as const).filter(
      (field) => body[field] !== undefined && body[field] !== before[field],
    );
    if (locked.length > 0)
      throw invalid(
        ...locked.map((field) => ({
          field,
          message: 'No se puede cambiar en el centro de distribución',
        })),
      );
  } else if (body.distributionCenter) {
    throw invalid({
      field: 'distributionCenter',
      message: 'Una sucursal no se puede convertir en centro de distribución',
    });
  }
}

export function updateBranch(ctx: Context, id: number, body: z.output<typeof branchUpdateBody>) {
  return updateRecord(ctx, branches, id, {
    violations,
    read: readBranch,
    apply: async (tx, before, now) => {
      lockedSwitches(before, body);
      await setColumns(tx, branches, id, toColumns(body), now);
      if (body.schedule) await replaceWeek(tx, branchSchedule, id, body.schedule);
    },
  });
}

/**
 * Soft-deletes a branch. The distribution centre is never deleted (409 code 36); a branch holding
 * inventory (a live stock lot with units) cannot be (409 code 12), read with the branch row locked
 * (see `lotsWithUnits`, CONTRACT §7). A cabin being created in it holds a share lock on the branch,
 * so the delete waits for it.
 */
export function deleteBranch(ctx: Context, id: number) {
  return deleteRecord(ctx, branches, id, async (tx) => {
    const [row] = await tx
      .select({ distributionCenter: branch.distributionCenter })
      .from(branch)
      .where(eq(branch.id, id));
    if (row?.distributionCenter) throw conflict(Conflict.distributionCenter);
    if ((await lotsWithUnits(tx, { branchId: id })).length > 0)
      throw conflict(Conflict.branchHasInventory);
  });
}

export const branchService = {
  list: listBranches,
  get: getBranch,
  create: createBranch,
  update: updateBranch,
  remove: deleteBranch,
};
