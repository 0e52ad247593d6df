import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  BadRequest,
  NotFound,
  branchApplianceRoutes,
  hasPrivilege,
  msg,
  type branchApplianceBody,
  type branchApplianceQuery,
  type branchApplianceRecord,
  type branchApplianceUpdateBody,
} from '@clinica/domain';
import type { Executor, Tx } from '../../db/client';
import { appliance, branch, branchAppliance } from '../../db/schema';
import type { Context } from '../../platform/context';
import { AppError, forbidden, invalid } from '../../platform/errors';
import { listPage, listSpec, searchThrough } from '../../platform/list';
import {
  branchForWrite,
  createRecord,
  deleteRecord,
  fixedBranch,
  found,
  live,
  lockReferences,
  resource,
  setColumns,
  updateRecord,
} from '../../platform/write';
import { applianceRefs, branchRefs } from '../../platform/references';
import { iso } from '../../platform/rows';

/**
 * Appliances installed at branches (spec 002 §3, §5–§6). The branch column is declared, so a role
 * fixed to its branch lists, reads, edits and deletes only its own: another branch's are 404.
 */
export const branchAppliances = resource({
  table: branchAppliance,
  module: 'branch_appliance',
  notFound: NotFound.appliance,
  branch: branchAppliance.branchId,
});

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

const spec = listSpec(branchApplianceRoutes.list.list, {
  sortable: {
    sku: branchAppliance.sku,
    appliance: appliance.name,
    branch: branch.name,
    lastMaintenance: branchAppliance.lastMaintenance,
    id: branchAppliance.id,
    created_at: branchAppliance.createdAt,
  },
  // The appliance's fields are searched in its own table (searchThrough), so a search stays on
  // the trigram indexes instead of testing every installed appliance's joined row.
  searchable: {
    sku: branchAppliance.sku,
    appliance: searchThrough(branchAppliance.applianceId, appliance.id, appliance.name),
    brand: searchThrough(branchAppliance.applianceId, appliance.id, appliance.brand),
    model: searchThrough(branchAppliance.applianceId, appliance.id, appliance.model),
  },
  active: branchAppliance.status,
  deletedAt: branchAppliance.deletedAt,
  tieBreaker: branchAppliance.id,
  branch: branchAppliance.branchId,
});

export async function listBranchAppliances(
  ctx: Context,
  query: z.output<typeof branchApplianceQuery>,
) {
  const page = await listPage<typeof columns, Row>(ctx, spec, query, {
    columns,
    from: (select) =>
      select
        .from(branchAppliance)
        .innerJoin(appliance, eq(appliance.id, branchAppliance.applianceId))
        .innerJoin(branch, eq(branch.id, branchAppliance.branchId))
        .$dynamic(),
    filters: [
      query.branchId ? eq(branchAppliance.branchId, query.branchId) : undefined,
      query.applianceId ? eq(branchAppliance.applianceId, query.applianceId) : undefined,
    ],
  });
  return { meta: page.meta, items: page.items.map(present) };
}

const readLink = async (executor: Executor, id: number) =>
  present((await base(executor).where(eq(branchAppliance.id, id)))[0]!);

export async function getBranchAppliance(ctx: Context, id: number) {
  const [row] = await base(ctx.db).where(live(ctx, branchAppliances, id));
  return present(found(branchAppliances, row));
}

const can = (ctx: Context, action: 'approve' | 'create') =>
  hasPrivilege(ctx.session.privileges, 'appliances', action);
const skuTaken = new AppError(400, BadRequest.deviceNumberExists, [
  { field: 'sku', message: 'El número de dispositivo ya existe' },
]);
const violations = { branch_appliance_sku_unique: skuTaken };

/**
 * The branch a link goes to (spec 002 §5–§6): a role fixed to its branch links at its own, and
 * naming another is 404 (`branchForWrite`); other roles choose it, and only with create.
 */
function chosenBranch(ctx: Context, requested: number | undefined): number {
  if (fixedBranch(ctx.session) !== null) return branchForWrite(ctx, requested)!;
  if (requested === undefined)
    throw invalid({ field: 'branchId', message: msg.required('Sucursal') });
  if (!can(ctx, 'create')) throw forbidden();
  return requested;
}

const lockAppliance = (tx: Tx, ctx: Context, id: number) =>
  lockReferences(
    tx,
    ctx,
    applianceRefs,
    [id],
    invalid({ field: 'applianceId', message: 'El aparato no existe' }),
  );
const lockBranch = (tx: Tx, ctx: Context, id: number) =>
  lockReferences(
    tx,
    ctx,
    branchRefs,
    [id],
    invalid({ field: 'branchId', message: 'La sucursal no existe' }),
  );

export function createBranchAppliance(ctx: Context, body: z.output<typeof branchApplianceBody>) {
  const branchId = chosenBranch(ctx, body.branchId);
  // Switching a link off is the approver's call; a new link starts switched on.
  if (body.status === false && !can(ctx, 'approve')) throw forbidden();
  return createRecord(ctx, branchAppliances, {
    violations,
    read: readLink,
    branchId,
    insert: async (tx, now) => {
      await lockAppliance(tx, ctx, body.applianceId);
      await lockBranch(tx, ctx, branchId);
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
      return row!.id;
    },
  });
}

/**
 * Edits a link, locked and in the caller's scope first (another branch's is 404 before anything
 * is checked against it). Choosing another appliance or toggling the status needs approve; moving
 * it to another branch needs create (and a role not fixed to its branch).
 */
export function updateBranchAppliance(
  ctx: Context,
  id: number,
  body: z.output<typeof branchApplianceUpdateBody>,
) {
  return updateRecord(ctx, branchAppliances, id, {
    violations,
    read: readLink,
    apply: async (tx, before, now) => {
      const applianceChanges =
        body.applianceId !== undefined && body.applianceId !== before.appliance.id;
      const statusChanges = body.status !== undefined && body.status !== before.status;
      if ((applianceChanges || statusChanges) && !can(ctx, 'approve')) throw forbidden();
      const branchId =
        body.branchId === undefined || body.branchId === before.branch.id
          ? before.branch.id
          : chosenBranch(ctx, body.branchId);
      if (applianceChanges) await lockAppliance(tx, ctx, body.applianceId!);
      if (branchId !== before.branch.id) await lockBranch(tx, ctx, branchId);
      await setColumns(tx, branchAppliances, id, { ...body, branchId }, now);
    },
  });
}

export function deleteBranchAppliance(ctx: Context, id: number) {
  return deleteRecord(ctx, branchAppliances, id);
}

export const branchApplianceService = {
  list: listBranchAppliances,
  get: getBranchAppliance,
  create: createBranchAppliance,
  update: updateBranchAppliance,
  remove: deleteBranchAppliance,
};
