import { and, count, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import {
  Conflict,
  NotFound,
  cabinTypeRoutes,
  type cabinTypeBody,
  type cabinTypeQuery,
  type cabinTypeRecord,
  type cabinTypeUpdateBody,
} from '@clinica/domain';
import type { Executor, Tx } from '../../db/client';
import { cabin, cabinType, treatmentType } from '../../db/schema';
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

export const cabinTypes = resource({
  table: cabinType,
  module: 'cabain_types',
  notFound: NotFound.cabinType,
});

type CabinType = z.infer<typeof cabinTypeRecord>;

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

const spec = listSpec(cabinTypeRoutes.list.list, {
  sortable: {
    order: cabinType.order,
    name: cabinType.name,
    color: cabinType.color,
    id: cabinType.id,
  },
  searchable: { name: cabinType.name, color: cabinType.color },
  deletedAt: cabinType.deletedAt,
  tieBreaker: cabinType.id,
});

export function listCabinTypes(ctx: Context, query: z.output<typeof cabinTypeQuery>) {
  return listPage<typeof columns, CabinType>(ctx, spec, query, {
    columns,
    from: (select) =>
      select
        .from(cabinType)
        .innerJoin(treatmentType, eq(treatmentType.id, cabinType.treatmentTypeId))
        .$dynamic(),
    filters: [
      query.treatmentTypeId ? eq(cabinType.treatmentTypeId, query.treatmentTypeId) : undefined,
    ],
  });
}

const readCabinType = async (executor: Executor, id: number) =>
  (await base(executor).where(eq(cabinType.id, id)))[0]!;

export async function getCabinType(ctx: Context, id: number) {
  const [row] = await base(ctx.db).where(live(ctx, cabinTypes, id));
  return found(cabinTypes, row);
}

/** Another live cabin type has the colour: the partial unique index refuses it. */
const violations = {
  cabin_type_color_unique: invalid({
    field: 'color',
    message: 'El color ya está asignado a otro tipo de cabina',
  }),
};

/** Treatment types are a fixed lookup (never deleted), so a plain read inside the write suffices. */
async function assertTreatmentType(tx: Tx, id: number | undefined) {
  if (id === undefined) return;
  const [row] = await tx
    .select({ id: treatmentType.id })
    .from(treatmentType)
    .where(eq(treatmentType.id, id));
  if (!row)
    throw invalid({ field: 'treatmentTypeId', message: 'El tipo de tratamiento no existe' });
}

export function createCabinType(ctx: Context, body: z.output<typeof cabinTypeBody>) {
  return createRecord(ctx, cabinTypes, {
    violations,
    read: readCabinType,
    insert: async (tx, now) => {
      await assertTreatmentType(tx, body.treatmentTypeId);
      const [row] = await tx
        .insert(cabinType)
        .values({ ...body, createdAt: now, updatedAt: now })
        .returning({ id: cabinType.id });
      return row!.id;
    },
  });
}

export function updateCabinType(
  ctx: Context,
  id: number,
  body: z.output<typeof cabinTypeUpdateBody>,
) {
  return updateRecord(ctx, cabinTypes, id, {
    violations,
    read: readCabinType,
    apply: async (tx, _before, now) => {
      await assertTreatmentType(tx, body.treatmentTypeId);
      await setColumns(tx, cabinTypes, id, body, now);
    },
  });
}

/**
 * A cabin type still assigned to live cabins is not deleted (409 code 37). The cabins are counted
 * after the type's row lock, and a cabin being created with the type holds a share lock on it
 * (`lockReferences`), so the two exclude each other: no live cabin is left on a deleted type.
 */
export function deleteCabinType(ctx: Context, id: number) {
  return deleteRecord(ctx, cabinTypes, id, async (tx) => {
    const [used] = await tx
      .select({ total: count() })
      .from(cabin)
      .where(and(eq(cabin.typeId, id), isNull(cabin.deletedAt)));
    if ((used?.total ?? 0) > 0) throw conflict(Conflict.cabinTypeInUse);
  });
}

export const cabinTypeService = {
  list: listCabinTypes,
  get: getCabinType,
  create: createCabinType,
  update: updateCabinType,
  remove: deleteCabinType,
};
