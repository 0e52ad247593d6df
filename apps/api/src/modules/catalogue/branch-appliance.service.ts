import { and, count, eq, isNull, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import {
  BadRequest,
  NotFound,
  hasPrivilege,
  msg,
  type branchApplianceBody,
  type branchApplianceQuery,
  type branchApplianceRecord,
  type branchApplianceUpdateBody,
} from '@clinica/domain';
import type { Executor } from '../../db/client';
import { appliance, branch, branchAppliance } from '../../db/schema';
import { audit, changesBetween, softDeleteChanges } from '../../platform/audit';
import { AppError, forbidden, invalid, notFound, whenViolated } from '../../platform/errors';
import { planList, runList, type ListSpec } from '../../platform/list';
import { assertInScope, branchForWrite, inScope, scopedBranch } from '../../platform/scope';
import type { Session } from '../../platform/session';
import { iso } from './shared';

type LinkRecord = z.output<typeof branchApplianceRecord>;

const columns = {
  id: branchAppliance.id,
  appliance: {
    id: appliance.id,
    name: appliance.name,
    brand: appliance.brand,
    model: appliance.model,
  },
  branch: { id: branch.id, name: branch.name },
  sku: branchAppliance.sku,
  statusDescription: branchAppliance.statusDescription,
  lastMaintenance: branchAppliance.lastMaintenance,
  comments: branchAppliance.comments,
  status: branchAppliance.status,
  createdAt: branchAppliance.createdAt,
  deletedAt: branchAppliance.deletedAt,
};
const base = (executor: Executor) =>
  executor
    .select(columns)
    .from(branchAppliance)
    .innerJoin(appliance, eq(appliance.id, branchAppliance.applianceId))
    .innerJoin(branch, eq(branch.id, branchAppliance.branchId));
type Row = Awaited<ReturnType<ReturnType<typeof base>['execute']>>[number];

function present({ createdAt, deletedAt, statusDescription, ...row }: Row): LinkRecord {
  return {
    ...row,
    statusDescription: statusDescription as LinkRecord['statusDescription'],
    created_at: createdAt.toISOString(),
    deleted_at: iso(deletedAt),
  };
}

const spec: ListSpec = {
  sortable: {
    sku: branchAppliance.sku,
    appliance: appliance.name,
    branch: branch.name,
    lastMaintenance: branchAppliance.lastMaintenance,
    id: branchAppliance.id,
    created_at: branchAppliance.createdAt,
  },
  defaultSort: 'created_at',
  searchable: {
    sku: branchAppliance.sku,
    appliance: appliance.name,
    brand: appliance.brand,
    model: appliance.model,
  },
  defaultSearch: ['sku', 'appliance'],
  active: branchAppliance.status,
  deletedAt: branchAppliance.deletedAt,
  tieBreaker: branchAppliance.id,
};

/** Appliances installed at branches; a branch-fixed role sees only its own branch's. */
export async function listBranchAppliances(
  app: FastifyInstance,
  session: Session,
  query: z.output<typeof branchApplianceQuery>,
) {
  const filters: (SQL | undefined)[] = [
    inScope(session, branchAppliance.branchId),
    query.branchId ? eq(branchAppliance.branchId, query.branchId) : undefined,
    query.applianceId ? eq(branchAppliance.applianceId, query.applianceId) : undefined,
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
          .from(branchAppliance)
          .innerJoin(appliance, eq(appliance.id, branchAppliance.applianceId))
          .innerJoin(branch, eq(branch.id, branchAppliance.branchId))
          .where(where)
      )[0]?.total ?? 0,
  });
  return { meta: page.meta, items: page.items.map(present) };
}

export async function getBranchAppliance(
  app: FastifyInstance,
  session: Session,
  id: number,
  executor: Executor = app.db,
) {
  const [row] = await base(executor).where(
    and(eq(branchAppliance.id, id), isNull(branchAppliance.deletedAt)),
  );
  if (!row) throw notFound(NotFound.appliance);
  assertInScope(session, row.branch.id, NotFound.appliance);
  return present(row);
}

async function assertAppliance(executor: Executor, applianceId: number) {
  const [found] = await executor
    .select({ id: appliance.id })
    .from(appliance)
    .where(and(eq(appliance.id, applianceId), isNull(appliance.deletedAt)));
  if (!found) throw invalid({ field: 'applianceId', message: 'El aparato no existe' });
}

async function assertBranch(executor: Executor, branchId: number) {
  const [found] = await executor
    .select({ id: branch.id })
    .from(branch)
    .where(and(eq(branch.id, branchId), isNull(branch.deletedAt)));
  if (!found) throw invalid({ field: 'branchId', message: 'La sucursal no existe' });
}

const can = (session: Session, action: 'approve' | 'create') =>
  hasPrivilege(session.privileges, 'appliances', action);
const skuTaken = new AppError(400, BadRequest.deviceNumberExists, [
  { field: 'sku', message: 'El número de dispositivo ya existe' },
]);

/**
 * The branch a link goes to (spec 002 §5–§6): a branch-fixed role always links at its own; other
 * roles choose it, and only with the create privilege.
 */
function chosenBranch(session: Session, requested: number | undefined): number {
  if (scopedBranch(session) !== null) return branchForWrite(session, requested);
  if (requested === undefined)
    throw invalid({ field: 'branchId', message: msg.required('Sucursal') });
  if (!can(session, 'create')) throw forbidden();
  return requested;
}

export async function createBranchAppliance(
  app: FastifyInstance,
  session: Session,
  body: z.output<typeof branchApplianceBody>,
) {
  const branchId = chosenBranch(session, body.branchId);
  // Switching a link off is the approver's call; a new link starts switched on.
  if (body.status === false && !can(session, 'approve')) throw forbidden();
  await assertAppliance(app.db, body.applianceId);
  await assertBranch(app.db, branchId);
  const now = app.clock.now();
  return whenViolated(
    () =>
      app.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(branchAppliance)
          .values({
            applianceId: body.applianceId,
            branchId,
            sku: body.sku,
            statusDescription: body.statusDescription ?? 'Funcionando',
            lastMaintenance: body.lastMaintenance ?? null,
            comments: body.comments ?? null,
            status: body.status ?? true,
            createdAt: now,
            updatedAt: now,
          })
          .returning({ id: branchAppliance.id });
        const record = await getBranchAppliance(app, session, row!.id, tx);
        await audit(
          tx,
          { userId: session.userId, branchId },
          {
            module: 'branch_appliance',
            action: 'create',
            recordId: row!.id,
            detail: 'Aparato de sucursal',
            changes: changesBetween(null, record),
          },
          now,
        );
        return record;
      }),
    { branch_appliance_sku_unique: skuTaken },
  );
}

/**
 * Edits a link. Choosing another appliance or toggling the status needs approve; moving it to
 * another branch needs create (and a role not fixed to its branch).
 */
export async function updateBranchAppliance(
  app: FastifyInstance,
  session: Session,
  id: number,
  body: z.output<typeof branchApplianceUpdateBody>,
) {
  const before = await getBranchAppliance(app, session, id);
  const applianceChanges =
    body.applianceId !== undefined && body.applianceId !== before.appliance.id;
  const statusChanges = body.status !== undefined && body.status !== before.status;
  if ((applianceChanges || statusChanges) && !can(session, 'approve')) throw forbidden();
  const branchId =
    body.branchId === undefined || body.branchId === before.branch.id
      ? before.branch.id
      : chosenBranch(session, body.branchId);
  if (applianceChanges) await assertAppliance(app.db, body.applianceId!);
  if (branchId !== before.branch.id) await assertBranch(app.db, branchId);
  const now = app.clock.now();
  return whenViolated(
    () =>
      app.db.transaction(async (tx) => {
        await tx
          .update(branchAppliance)
          .set({
            ...(body.applianceId !== undefined ? { applianceId: body.applianceId } : {}),
            ...(body.sku !== undefined ? { sku: body.sku } : {}),
            ...(body.statusDescription !== undefined
              ? { statusDescription: body.statusDescription }
              : {}),
            ...(body.lastMaintenance !== undefined
              ? { lastMaintenance: body.lastMaintenance }
              : {}),
            ...(body.comments !== undefined ? { comments: body.comments } : {}),
            ...(body.status !== undefined ? { status: body.status } : {}),
            branchId,
            updatedAt: now,
          })
          .where(eq(branchAppliance.id, id));
        const record = await getBranchAppliance(app, session, id, tx);
        await audit(
          tx,
          { userId: session.userId, branchId },
          {
            module: 'branch_appliance',
            action: 'update',
            recordId: id,
            detail: 'Aparato de sucursal',
            changes: changesBetween(before, record),
          },
          now,
        );
        return record;
      }),
    { branch_appliance_sku_unique: skuTaken },
  );
}

export async function deleteBranchAppliance(app: FastifyInstance, session: Session, id: number) {
  const before = await getBranchAppliance(app, session, id);
  const now = app.clock.now();
  await app.db.transaction(async (tx) => {
    await tx
      .update(branchAppliance)
      .set({ deletedAt: now, updatedAt: now })
      .where(eq(branchAppliance.id, id));
    await audit(
      tx,
      { userId: session.userId, branchId: before.branch.id },
      {
        module: 'branch_appliance',
        action: 'delete',
        recordId: id,
        changes: softDeleteChanges(now),
        detail: 'Aparato de sucursal',
      },
      now,
    );
  });
  return { id };
}
