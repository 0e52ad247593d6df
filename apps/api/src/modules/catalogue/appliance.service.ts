import { and, count, eq, isNull, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import {
  NotFound,
  type applianceBody,
  type applianceQuery,
  type applianceRecord,
  type applianceUpdateBody,
} from '@clinica/domain';
import type { Executor } from '../../db/client';
import { appliance, branchAppliance, treatmentType } from '../../db/schema';
import { audit, changesBetween, softDeleteChanges } from '../../platform/audit';
import { invalid, notFound } from '../../platform/errors';
import { planList, runList, type ListSpec } from '../../platform/list';
import type { Session } from '../../platform/session';
import { actorOf, iso } from './shared';

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

const spec: ListSpec = {
  sortable: {
    name: appliance.name,
    brand: appliance.brand,
    model: appliance.model,
    type: treatmentType.name,
    status: appliance.status,
    id: appliance.id,
    created_at: appliance.createdAt,
  },
  defaultSort: 'name',
  searchable: { name: appliance.name, brand: appliance.brand, model: appliance.model },
  defaultSearch: ['name', 'brand', 'model'],
  active: appliance.active,
  deletedAt: appliance.deletedAt,
  tieBreaker: appliance.id,
};

/** Appliances (spec 002 §3): search by name, brand, model; the selection list sends applianceType and active=1. */
export async function listAppliances(app: FastifyInstance, query: z.output<typeof applianceQuery>) {
  const filters: (SQL | undefined)[] = [
    query.applianceType ? eq(appliance.treatmentTypeId, query.applianceType) : undefined,
    query.condition ? eq(appliance.status, query.condition) : undefined,
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
          .from(appliance)
          .innerJoin(treatmentType, eq(treatmentType.id, appliance.treatmentTypeId))
          .where(where)
      )[0]?.total ?? 0,
  });
  return { meta: page.meta, items: page.items.map(present) };
}

export async function getAppliance(app: FastifyInstance, id: number, executor: Executor = app.db) {
  const [row] = await base(executor).where(and(eq(appliance.id, id), isNull(appliance.deletedAt)));
  if (!row) throw notFound(NotFound.appliance);
  return present(row);
}

async function assertType(executor: Executor, typeId: number | undefined) {
  if (typeId === undefined) return;
  const [found] = await executor
    .select({ id: treatmentType.id })
    .from(treatmentType)
    .where(eq(treatmentType.id, typeId));
  if (!found) throw invalid({ field: 'typeId', message: 'El tipo de tratamiento no existe' });
}

function columnsOf(body: z.output<typeof applianceUpdateBody>) {
  const { typeId, ...rest } = body;
  return Object.fromEntries(
    Object.entries({ ...rest, treatmentTypeId: typeId }).filter(([, value]) => value !== undefined),
  );
}

export async function createAppliance(
  app: FastifyInstance,
  session: Session,
  body: z.output<typeof applianceBody>,
) {
  await assertType(app.db, body.typeId);
  const now = app.clock.now();
  return app.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(appliance)
      .values({
        ...columnsOf(body),
        treatmentTypeId: body.typeId,
        name: body.name,
        brand: body.brand,
        model: body.model,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: appliance.id });
    const record = await getAppliance(app, row!.id, tx);
    await audit(
      tx,
      actorOf(session),
      {
        module: 'appliances',
        action: 'create',
        recordId: row!.id,
        changes: changesBetween(null, record),
      },
      now,
    );
    return record;
  });
}

export async function updateAppliance(
  app: FastifyInstance,
  session: Session,
  id: number,
  body: z.output<typeof applianceUpdateBody>,
) {
  const before = await getAppliance(app, id);
  await assertType(app.db, body.typeId);
  const now = app.clock.now();
  return app.db.transaction(async (tx) => {
    await tx
      .update(appliance)
      .set({ ...columnsOf(body), updatedAt: now })
      .where(eq(appliance.id, id));
    const record = await getAppliance(app, id, tx);
    await audit(
      tx,
      actorOf(session),
      {
        module: 'appliances',
        action: 'update',
        recordId: id,
        changes: changesBetween(before, record),
      },
      now,
    );
    return record;
  });
}

/** Soft-deletes an appliance and, with it, its links to branches: it is no longer installed anywhere. */
export async function deleteAppliance(app: FastifyInstance, session: Session, id: number) {
  await getAppliance(app, id);
  const now = app.clock.now();
  await app.db.transaction(async (tx) => {
    await tx.update(appliance).set({ deletedAt: now, updatedAt: now }).where(eq(appliance.id, id));
    const links = await tx
      .update(branchAppliance)
      .set({ deletedAt: now, updatedAt: now })
      .where(and(eq(branchAppliance.applianceId, id), isNull(branchAppliance.deletedAt)))
      .returning({ id: branchAppliance.id });
    await audit(
      tx,
      actorOf(session),
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
