import { and, count, eq, isNull, ne, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import {
  Conflict,
  NotFound,
  type cabinTypeBody,
  type cabinTypeQuery,
  type cabinTypeUpdateBody,
} from '@clinica/domain';
import type { Executor } from '../../db/client';
import { cabin, cabinType, treatmentType } from '../../db/schema';
import { audit, changesBetween, softDeleteChanges } from '../../platform/audit';
import { conflict, invalid, notFound, whenViolated } from '../../platform/errors';
import { planList, runList, type ListSpec } from '../../platform/list';
import type { Session } from '../../platform/session';

const columns = {
  id: cabinType.id,
  name: cabinType.name,
  order: cabinType.order,
  color: cabinType.color,
  treatmentType: {
    id: treatmentType.id,
    name: treatmentType.name,
    appointmentName: treatmentType.appointmentName,
  },
};
const base = (executor: Executor) =>
  executor
    .select(columns)
    .from(cabinType)
    .innerJoin(treatmentType, eq(treatmentType.id, cabinType.treatmentTypeId));

const spec: ListSpec = {
  sortable: {
    order: cabinType.order,
    name: cabinType.name,
    color: cabinType.color,
    id: cabinType.id,
  },
  defaultSort: 'order',
  searchable: { name: cabinType.name, color: cabinType.color },
  defaultSearch: ['name'],
  deletedAt: cabinType.deletedAt,
  tieBreaker: cabinType.id,
};

export async function listCabinTypes(app: FastifyInstance, query: z.output<typeof cabinTypeQuery>) {
  const plan = planList(
    spec,
    query,
    query.treatmentTypeId ? eq(cabinType.treatmentTypeId, query.treatmentTypeId) : undefined,
  );
  return runList(plan, {
    rows: ({ where, orderBy, limit, offset }) =>
      base(app.db)
        .where(where)
        .orderBy(...orderBy)
        .limit(limit)
        .offset(offset),
    count: async (where) =>
      (await app.db.select({ total: count() }).from(cabinType).where(where))[0]?.total ?? 0,
  });
}

export async function getCabinType(app: FastifyInstance, id: number) {
  const [row] = await base(app.db).where(and(eq(cabinType.id, id), isNull(cabinType.deletedAt)));
  if (!row) throw notFound(NotFound.cabinType);
  return row;
}

const colorTaken = invalid({
  field: 'color',
  message: 'El color ya está asignado a otro tipo de cabina',
});

/** The colour is refused when another live cabin type has it (checked here, guaranteed by an index). */
async function assertColorFree(executor: Executor, color: string, exceptId?: number) {
  const conditions: SQL[] = [eq(cabinType.color, color), isNull(cabinType.deletedAt)];
  if (exceptId) conditions.push(ne(cabinType.id, exceptId));
  const [taken] = await executor
    .select({ id: cabinType.id })
    .from(cabinType)
    .where(and(...conditions));
  if (taken) throw colorTaken;
}

async function assertTreatmentType(executor: Executor, id: number | undefined) {
  if (id === undefined) return;
  const [found] = await executor
    .select({ id: treatmentType.id })
    .from(treatmentType)
    .where(eq(treatmentType.id, id));
  if (!found)
    throw invalid({ field: 'treatmentTypeId', message: 'El tipo de tratamiento no existe' });
}

export async function createCabinType(
  app: FastifyInstance,
  session: Session,
  body: z.output<typeof cabinTypeBody>,
) {
  await assertTreatmentType(app.db, body.treatmentTypeId);
  await assertColorFree(app.db, body.color);
  const now = app.clock.now();
  return whenViolated(
    () =>
      app.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(cabinType)
          .values({ ...body, createdAt: now, updatedAt: now })
          .returning({ id: cabinType.id });
        const [record] = await base(tx).where(eq(cabinType.id, row!.id));
        await audit(
          tx,
          { userId: session.userId, branchId: session.branchId },
          {
            module: 'cabain_types',
            action: 'create',
            recordId: row!.id,
            changes: changesBetween(null, record!),
          },
          now,
        );
        return record!;
      }),
    { cabin_type_color_unique: colorTaken },
  );
}

export async function updateCabinType(
  app: FastifyInstance,
  session: Session,
  id: number,
  body: z.output<typeof cabinTypeUpdateBody>,
) {
  const current = await getCabinType(app, id);
  await assertTreatmentType(app.db, body.treatmentTypeId);
  if (body.color) await assertColorFree(app.db, body.color, id);
  const now = app.clock.now();
  return whenViolated(
    () =>
      app.db.transaction(async (tx) => {
        await tx
          .update(cabinType)
          .set({ ...body, updatedAt: now })
          .where(eq(cabinType.id, id));
        const [record] = await base(tx).where(eq(cabinType.id, id));
        await audit(
          tx,
          { userId: session.userId, branchId: session.branchId },
          {
            module: 'cabain_types',
            action: 'update',
            recordId: id,
            changes: changesBetween(current, record!),
          },
          now,
        );
        return record!;
      }),
    { cabin_type_color_unique: colorTaken },
  );
}

/** A cabin type still assigned to live cabins is not deleted (409 code 37). */
export async function deleteCabinType(app: FastifyInstance, session: Session, id: number) {
  await getCabinType(app, id);
  const now = app.clock.now();
  await app.db.transaction(async (tx) => {
    const [used] = await tx
      .select({ total: count() })
      .from(cabin)
      .where(and(eq(cabin.typeId, id), isNull(cabin.deletedAt)));
    if ((used?.total ?? 0) > 0) throw conflict(Conflict.cabinTypeInUse);
    await tx.update(cabinType).set({ deletedAt: now, updatedAt: now }).where(eq(cabinType.id, id));
    await audit(
      tx,
      { userId: session.userId, branchId: session.branchId },
      { module: 'cabain_types', action: 'delete', recordId: id, changes: softDeleteChanges(now) },
      now,
    );
  });
  return { id };
}
