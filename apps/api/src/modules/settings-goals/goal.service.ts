import { eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  NotFound,
  goalProgress,
  goalRoutes,
  type goalBody,
  type goalQuery,
  type goalRecord,
  type goalUpdateBody,
} from '@clinica/domain';
import type { Executor, Tx } from '../../db/client';
import { branch, goal } from '../../db/schema';
import type { Context } from '../../platform/context';
import { AppError, invalid } from '../../platform/errors';
import { listPage, listSpec, searchThrough } from '../../platform/list';
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
import { branches } from '../organization/branch.service';
import { netPaidSalesByBranchMonth, salesKey } from './goal-sales';

/**
 * Monthly sales goals per branch (spec 002 §2–§9; CONTRACT §11). A goal belongs to its branch: a
 * role fixed to one sees and sets only its own (another's answers 404). One live goal per branch
 * and month: the unique index decides, so two saving the same month at once cannot both win, and
 * the loser answers the specification's 500 code 37.
 */
export const goals = resource({
  table: goal,
  module: 'goal',
  notFound: NotFound.goal,
  branch: goal.branchId,
});

type Goal = z.infer<typeof goalRecord>;

/** What a goal stores, as the audit log records it (its progress is derived, never audited). */
interface StoredGoal extends Record<string, unknown> {
  id: number;
  goal: number;
  month: string;
  year: string;
  branch: { id: number; name: string };
  created_at: string;
}

const columns = {
  id: goal.id,
  goal: goal.goal,
  period: goal.period,
  branch: { id: branch.id, name: branch.name },
  createdAt: goal.createdAt,
};
type GoalRow = {
  id: number;
  goal: number;
  period: string;
  branch: { id: number; name: string };
  createdAt: Date;
};

const stored = (row: GoalRow): StoredGoal => ({
  id: row.id,
  goal: Number(row.goal),
  year: row.period.slice(0, 4),
  month: row.period.slice(5, 7),
  branch: row.branch,
  created_at: row.createdAt.toISOString(),
});

const periodOf = (year: string, month: string) => `${year}-${month}-01`;

/** The goals with their month's sales and progress, computed by the domain's rules. */
async function withProgress(executor: Executor, rows: StoredGoal[]): Promise<Goal[]> {
  const sales = await netPaidSalesByBranchMonth(
    executor,
    rows.map((row) => ({ branchId: row.branch.id, period: periodOf(row.year, row.month) })),
  );
  return rows.map((row) => {
    const totalSale = sales.get(salesKey(row.branch.id, periodOf(row.year, row.month))) ?? 0;
    return {
      id: row.id,
      goal_id: row.id,
      goal: row.goal,
      month: row.month,
      year: row.year,
      branch: row.branch,
      totalSale,
      ...goalProgress({ goal: row.goal, totalSale, year: row.year, month: row.month }),
      created_at: row.created_at,
    };
  });
}

const base = (executor: Executor) =>
  executor.select(columns).from(goal).innerJoin(branch, eq(branch.id, goal.branchId));

const readGoal = async (executor: Executor, id: number) =>
  stored((await base(executor).where(eq(goal.id, id)))[0]! as GoalRow);

const spec = listSpec(goalRoutes.list.list, {
  sortable: {
    period: goal.period,
    branch: branch.name,
    goal: goal.goal,
    id: goal.id,
    created_at: goal.createdAt,
  },
  searchable: { branch: searchThrough(goal.branchId, branch.id, branch.name) },
  deletedAt: goal.deletedAt,
  tieBreaker: goal.id,
  branch: goal.branchId,
});

function periodFilters(query: z.output<typeof goalQuery>): (SQL | undefined)[] {
  if (query.month && query.year) return [eq(goal.period, periodOf(query.year, query.month))];
  return [
    query.month ? sql`extract(month from ${goal.period}) = ${Number(query.month)}` : undefined,
    query.year ? sql`extract(year from ${goal.period}) = ${Number(query.year)}` : undefined,
  ];
}

/** GET /goal: the caller's branch's goals (every branch's for the roles that see all). */
export async function listGoals(ctx: Context, query: z.output<typeof goalQuery>) {
  const page = await listPage<typeof columns, GoalRow>(ctx, spec, query, {
    columns,
    from: (select) => select.from(goal).innerJoin(branch, eq(branch.id, goal.branchId)).$dynamic(),
    filters: [
      query.branchId ? eq(goal.branchId, query.branchId) : undefined,
      ...periodFilters(query),
    ],
  });
  return { meta: page.meta, items: await withProgress(ctx.db, page.items.map(stored)) };
}

export async function getGoal(ctx: Context, id: number): Promise<Goal> {
  const [row] = await base(ctx.db).where(live(ctx, goals, id));
  return (await withProgress(ctx.db, [stored(found(goals, row as GoalRow | undefined))]))[0]!;
}

/** The specification's 'Esta meta ya existe para esta sucursal' (500 code 37). */
const goalExists = new AppError(500, 37);
const violations = { goal_branch_period_unique: goalExists };

const branchMissing = invalid({ field: 'branchId', message: 'La sucursal no existe' });
const notAClinic = invalid({
  field: 'branchId',
  message: 'El centro de distribución no vende: elige una sucursal clínica',
});

/**
 * Links the goal to its branch under `FOR KEY SHARE` (a branch delete waits, then sees it); the
 * distribution centre sells nothing, so it has no sales goal.
 */
async function lockBranch(tx: Tx, ctx: Context, branchId: number) {
  await lockReferences(tx, ctx, branches, [branchId], branchMissing);
  const [row] = await tx
    .select({ distributionCenter: branch.distributionCenter })
    .from(branch)
    .where(eq(branch.id, branchId));
  if (row?.distributionCenter) throw notAClinic;
}

/** POST /goal/create: a branch-fixed role sets its own branch's (another is 404). */
export async function createGoal(ctx: Context, body: z.output<typeof goalBody>): Promise<Goal> {
  const branchId = branchForWrite(ctx, body.branchId);
  const created = await createRecord(ctx, goals, {
    violations,
    branchId,
    read: readGoal,
    insert: async (tx, now) => {
      await lockBranch(tx, ctx, branchId);
      const [row] = await tx
        .insert(goal)
        .values({
          branchId,
          period: periodOf(body.year, body.month),
          goal: body.goal,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: goal.id });
      return row!.id;
    },
  });
  return (await withProgress(ctx.db, [created]))[0]!;
}

/** PUT|PATCH /goal/{id}/update: the fields sent; another month or branch is checked again. */
export async function updateGoal(
  ctx: Context,
  id: number,
  body: z.output<typeof goalUpdateBody>,
): Promise<Goal> {
  const movedTo = body.branchId === undefined ? undefined : branchForWrite(ctx, body.branchId);
  const updated = await updateRecord(ctx, goals, id, {
    violations,
    read: readGoal,
    apply: async (tx, before, now) => {
      if (movedTo !== undefined && movedTo !== before.branch.id) await lockBranch(tx, ctx, movedTo);
      const period = periodOf(body.year ?? before.year, body.month ?? before.month);
      await setColumns(tx, goals, id, { goal: body.goal, branchId: movedTo, period }, now);
    },
  });
  return (await withProgress(ctx.db, [updated]))[0]!;
}

export function deleteGoal(ctx: Context, id: number) {
  return deleteRecord(ctx, goals, id);
}

export const goalService = {
  list: listGoals,
  get: getGoal,
  create: createGoal,
  update: updateGoal,
  remove: deleteGoal,
};
