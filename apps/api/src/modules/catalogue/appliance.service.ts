import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import {
  NotFound,
  applianceRoutes,
  type applianceBody,
  type applianceQuery,
  type applianceRecord,
  type applianceUpdateBody,
} from '@clinica/domain';
import type { Executor, Tx } from '../../db/client';
import { appliance, branchAppliance, treatmentType } from '../../db/schema';
import { audit, softDeleteChanges } from '../../platform/audit';
import { actorOf, type Context } from '../../platform/context';
import { invalid } from '../../platform/errors';
import { listPage, listSpec } from '../../platform/list';
import {
  createRecord,
  found,
  live,
  lockLive,
  resource,
  setColumns,
  updateRecord,
} from '../../platform/write';
import { iso } from '../../platform/rows';

/** Appliances (spec 002 §3, §5): the treatment type they serve, their condition and the toggle. */
export const appliances = resource({
  table: appliance,
  module: 'appliances',
  notFound: NotFound.appliance,
});

type ApplianceRecord = z.output<typeof applianceRecord>;

const columns = {
  id: appliance.id,
  type: { id: treatmentType.id, name: treatmentType.name },
  name: appliance.name,
  brand: appliance.brand,
  model: appliance.model,
  description: appliance.description,
  status: appliance.status,
  active: appliance.active,
  createdAt: appliance.createdAt,
  deletedAt: appliance.deletedAt,
};
const base = (executor: Executor) =>
  executor
    .select(columns)
    .from(appliance)
    .innerJoin(treatmentType, eq(treatmentType.id, appliance.treatmentTypeId));
type Row = Awaited<ReturnType<ReturnType<typeof base>['execute']>>[number];

function present({ createdAt, deletedAt, status, ...row }: Row): ApplianceRecord {
  return {
    ...row,
    status: status as ApplianceRecord['status'],
    created_at: createdAt.toISOString(),
    deleted_at: iso(deletedAt),
  };
}

const spec = listSpec(applianceRoutes.list.list, {
  sortable: {
    name: appliance.name,
    brand: appliance.brand,
    model: appliance.model,
    type: treatmentType.name,
    status: appliance.status,
    id: appliance.id,
    created_at: appliance.createdAt,
  },
  searchable: { name: appliance.name, brand: appliance.brand, model: appliance.model },
  active: appliance.active,
  deletedAt: appliance.deletedAt,
  tieBreaker: appliance.id,
});

/** Search by name, brand, model; the selection list sends applianceType and active=1. */
export async function listAppliances(ctx: Context, query: z.output<typeof applianceQuery>) {
  const page = await listPage<typeof columns, Row>(ctx, spec, query, {
    columns,
    from: (select) =>
      select
        .from(appliance)
        .innerJoin(treatmentType, eq(treatmentType.id, appliance.treatmentTypeId))
        .$dynamic(),
    filters: [
      query.applianceType ? eq(appliance.treatmentTypeId, query.applianceType) : undefined,
      query.condition ? eq(appliance.status, query.condition) : undefined,
    ],
  });
  return { meta: page.meta, items: page.items.map(present) };
}

const readAppliance = async (executor: Executor, id: number) =>
  present((await base(executor).where(eq(appliance.id, id)))[0]!);

export async function getAppliance(ctx: Context, id: number) {
  const [row] = await base(ctx.db).where(live(ctx, appliances, id));
  return present(found(appliances, row));
}

/** The treatment type an appliance serves must exist (a fixed lookup, never deleted). */
async function assertType(tx: Tx, typeId: number | undefined) {
  if (typeId === undefined) return;
  const [type] = await tx
    .select({ id: treatmentType.id })
    .from(treatmentType)
    .where(eq(treatmentType.id, typeId))
    .for('key share');
  if (!type) throw invalid({ field: 'typeId', message: 'El tipo de tratamiento no existe' });
}

function columnsOf(body: z.output<typeof applianceUpdateBody>) {
  const { typeId, ...rest } = body;
  return { ...rest, treatmentTypeId: typeId };
}

export function createAppliance(ctx: Context, body: z.output<typeof applianceBody>) {
  return createRecord(ctx, appliances, {
    read: readAppliance,
    insert: async (tx, now) => {
      await assertType(tx, body.typeId);
      const { description, status, active } = body;
      const [row] = await tx
        .insert(appliance)
        .values({
          treatmentTypeId: body.typeId,
          name: body.name,
          brand: body.brand,
          model: body.model,
          ...(description !== undefined ? { description } : {}),
          ...(status !== undefined ? { status } : {}),
          ...(active !== undefined ? { active } : {}),
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: appliance.id });
      return row!.id;
    },
  });
}

export function updateAppliance(
  ctx: Context,
  id: number,
  body: z.output<typeof applianceUpdateBody>,
) {
  return updateRecord(ctx, appliances, id, {
    read: readAppliance,
    apply: async (tx, _before, now) => {
      await assertType(tx, body.typeId);
      await setColumns(tx, appliances, id, columnsOf(body), now);
    },
  });
}

/**
 * Soft-deletes an appliance and, with it, its links to branches: it is no longer installed
 * anywhere. The appliance is locked first, so of concurrent deletes one wins and the rest are 404.
 */
export async function deleteAppliance(ctx: Context, id: number) {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    await lockLive(tx, ctx, appliances, id);
    await tx.update(appliance).set({ deletedAt: now, updatedAt: now }).where(eq(appliance.id, id));
    const links = await tx
      .update(branchAppliance)
      .set({ deletedAt: now, updatedAt: now })
      .where(and(eq(branchAppliance.applianceId, id), isNull(branchAppliance.deletedAt)))
      .returning({ id: branchAppliance.id });
    await audit(
      tx,
      actorOf(ctx),
      {
        module: 'appliances',
        action: 'delete',
        recordId: id,
        changes: softDeleteChanges(now),
        detail:
          links.length > 0
            ? `Vínculos con sucursales eliminados: ${links.map((link) => link.id).join(', ')}`
            : null,
      },
      now,
    );
  });
  return { id };
}

export const applianceService = {
  list: listAppliances,
  get: getAppliance,
  create: createAppliance,
  update: updateAppliance,
  remove: deleteAppliance,
};
