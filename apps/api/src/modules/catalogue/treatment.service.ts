import { and, eq, exists } from 'drizzle-orm';
import type { z } from 'zod';
import {
  BadRequest,
  NotFound,
  durationLabel,
  durationMinutes,
  durationTerm,
  treatmentRoutes,
  type treatmentBody,
  type treatmentQuery,
  type treatmentRecord,
  type treatmentUpdateBody,
} from '@clinica/domain';
import type { Executor } from '../../db/client';
import { consent, treatment, treatmentCategory, treatmentType } from '../../db/schema';
import type { Context } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { listPage, listSpec } from '../../platform/list';
import {
  createRecord,
  deleteRecord,
  found,
  live,
  resource,
  updateRecord,
} from '../../platform/write';
import { lockTreatmentLinks, replaceLinks, treatmentRelationColumns } from './treatment-relations';
import { iso } from '../../platform/rows';

/** Treatments (spec 001 §2–§5): soft-deleted, the record stays for past appointments. */
export const treatments = resource({
  table: treatment,
  module: 'treatments',
  notFound: NotFound.treatment,
});

type TreatmentRecord = z.output<typeof treatmentRecord>;

const columns = {
  id: treatment.id,
  sku: treatment.sku,
  name: treatment.name,
  description: treatment.description,
  treatmentType: { id: treatmentType.id, name: treatmentType.name },
  price: treatment.price,
  medicalFee: treatment.medicalFee,
  points: treatment.points,
  durationMinutes: treatment.durationMinutes,
  assessment: treatment.assessment,
  consent: treatment.consent,
  consentId: treatment.consentId,
  consentName: consent.name,
  onlineBooking: treatment.onlineBooking,
  active: treatment.active,
  createdAt: treatment.createdAt,
  deletedAt: treatment.deletedAt,
  ...treatmentRelationColumns,
};
const base = (executor: Executor) =>
  executor
    .select(columns)
    .from(treatment)
    .innerJoin(treatmentType, eq(treatmentType.id, treatment.treatmentTypeId))
    .leftJoin(consent, eq(consent.id, treatment.consentId));
type Row = Awaited<ReturnType<ReturnType<typeof base>['execute']>>[number];

function present(rows: Row[]): TreatmentRecord[] {
  return rows.map(
    ({
      createdAt,
      deletedAt,
      durationMinutes: minutes,
      consentName,
      assessment,
      consent: withConsent,
      active,
      ...row
    }) => ({
      ...row,
      term: durationTerm(minutes),
      termLabel: durationLabel(minutes),
      assessment: assessment ? 1 : 0,
      consent: withConsent ? 1 : 0,
      treatmentConsent:
        row.consentId && consentName ? { id: row.consentId, name: consentName } : null,
      active: active ? 1 : 0,
      created_at: createdAt.toISOString(),
      deleted_at: iso(deletedAt),
    }),
  );
}

const spec = listSpec(treatmentRoutes.list.list, {
  sortable: {
    name: treatment.name,
    sku: treatment.sku,
    price: treatment.price,
    type: treatmentType.name,
    id: treatment.id,
    created_at: treatment.createdAt,
  },
  searchable: { name: treatment.name, price: treatment.price, sku: treatment.sku },
  active: treatment.active,
  deletedAt: treatment.deletedAt,
  tieBreaker: treatment.id,
});

/** Search by name, price or SKU; filters treatment type, category and status. */
export async function listTreatments(ctx: Context, query: z.output<typeof treatmentQuery>) {
  const page = await listPage<typeof columns, Row>(ctx, spec, query, {
    columns,
    from: (select) =>
      select
        .from(treatment)
        .innerJoin(treatmentType, eq(treatmentType.id, treatment.treatmentTypeId))
        .leftJoin(consent, eq(consent.id, treatment.consentId))
        .$dynamic(),
    filters: [
      query.treatmentTypeId ? eq(treatment.treatmentTypeId, query.treatmentTypeId) : undefined,
      query.categoryId
        ? exists(
            ctx.db
              .select({ id: treatmentCategory.treatmentId })
              .from(treatmentCategory)
              .where(
                and(
                  eq(treatmentCategory.treatmentId, treatment.id),
                  eq(treatmentCategory.categoryId, query.categoryId),
                ),
              ),
          )
        : undefined,
    ],
  });
  return { meta: page.meta, items: present(page.items) };
}

/** A treatment as the API answers it, read by id (inside the transaction that changed it). */
export async function readTreatment(executor: Executor, id: number): Promise<TreatmentRecord> {
  const [row] = await base(executor).where(eq(treatment.id, id));
  return present([row!])[0]!;
}

export async function getTreatment(ctx: Context, id: number): Promise<TreatmentRecord> {
  const [row] = await base(ctx.db).where(live(ctx, treatments, id));
  return present([found(treatments, row)])[0]!;
}

const skuTaken = new AppError(400, BadRequest.skuExists, [
  { field: 'sku', message: 'El SKU ya existe' },
]);

/** The scalar columns a body sets; lists are replaced separately. */
function columnsOf(body: z.output<typeof treatmentUpdateBody>) {
  const set: Partial<typeof treatment.$inferInsert> = {};
  if (body.name !== undefined) set.name = body.name;
  if (body.description !== undefined) set.description = body.description;
  if (body.treatmentTypeId !== undefined) set.treatmentTypeId = body.treatmentTypeId;
  if (body.price !== undefined) set.price = body.price;
  if (body.medicalFee !== undefined) set.medicalFee = body.medicalFee;
  if (body.points !== undefined) set.points = body.points;
  if (body.term !== undefined) set.durationMinutes = durationMinutes(body.term);
  if (body.assessment !== undefined) set.assessment = body.assessment;
  if (body.onlineBooking !== undefined) set.onlineBooking = body.onlineBooking;
  if (body.consent !== undefined) set.consent = body.consent;
  // Consent off clears the document; on keeps the one sent or stored.
  if (body.consent === false) set.consentId = null;
  else if (body.consentId !== undefined) set.consentId = body.consentId;
  return set;
}

const violations = { treatment_sku_unique: skuTaken };

/** POST /treatment/create: always active (spec 001 §4); the photo follows in its own call. */
export function createTreatment(ctx: Context, body: z.output<typeof treatmentBody>) {
  return createRecord(ctx, treatments, {
    violations,
    read: readTreatment,
    insert: async (tx, now) => {
      await lockTreatmentLinks(tx, ctx, body);
      const [row] = await tx
        .insert(treatment)
        .values({
          ...columnsOf(body),
          sku: body.sku,
          name: body.name,
          description: body.description,
          treatmentTypeId: body.treatmentTypeId,
          price: body.price,
          points: body.points,
          durationMinutes: durationMinutes(body.term),
          active: true,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: treatment.id });
      await replaceLinks(tx, row!.id, {
        ...body,
        areasIds: body.areasIds ?? [],
        applianceIds: body.applianceIds ?? [],
        treatmentProduct: body.treatmentProduct ?? [],
      });
      return row!.id;
    },
  });
}

/**
 * PUT /treatment/{id}/update: the SKU is locked; the type's rules apply to the treatment as saved,
 * checked against the row as locked.
 */
export function updateTreatment(
  ctx: Context,
  id: number,
  body: z.output<typeof treatmentUpdateBody>,
) {
  return updateRecord(ctx, treatments, id, {
    violations,
    read: readTreatment,
    apply: async (tx, before, now) => {
      await lockTreatmentLinks(tx, ctx, {
        treatmentTypeId: body.treatmentTypeId ?? before.treatmentType.id,
        medicalFee: body.medicalFee === undefined ? before.medicalFee : body.medicalFee,
        categoriesIds: body.categoriesIds,
        areasIds: body.areasIds ?? before.areas.map((item) => item.id),
        applianceIds: body.applianceIds,
        treatmentProduct: body.treatmentProduct,
        consentId: body.consentId,
      });
      const consentOn = body.consent ?? before.consent === 1;
      if (consentOn && !(body.consentId ?? before.consentId)) {
        throw new AppError(400, 0, [
          { field: 'consentId', message: 'El campo Consentimiento es obligatorio' },
        ]);
      }
      await tx
        .update(treatment)
        .set({
          ...columnsOf(body),
          ...(body.active !== undefined ? { active: body.active } : {}),
          updatedAt: now,
        })
        .where(eq(treatment.id, id));
      await replaceLinks(tx, id, body);
    },
  });
}

/** Soft delete; its photo stays with the record, as the record stays for past appointments. */
export function deleteTreatment(ctx: Context, id: number) {
  return deleteRecord(ctx, treatments, id);
}

export const treatmentService = {
  list: listTreatments,
  get: getTreatment,
  create: createTreatment,
  update: updateTreatment,
  remove: deleteTreatment,
};
