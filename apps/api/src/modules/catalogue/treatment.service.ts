import { and, count, eq, exists, isNull, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import {
  BadRequest,
  NotFound,
  durationLabel,
  durationMinutes,
  durationTerm,
  type treatmentBody,
  type treatmentQuery,
  type treatmentRecord,
  type treatmentUpdateBody,
} from '@clinica/domain';
import type { Executor } from '../../db/client';
import { consent, treatment, treatmentCategory, treatmentType } from '../../db/schema';
import { audit, changesBetween, softDeleteChanges } from '../../platform/audit';
import { AppError, notFound, whenViolated } from '../../platform/errors';
import { planList, runList, type ListSpec } from '../../platform/list';
import type { Session } from '../../platform/session';
import { assertTreatment, relationsOf, replaceLinks } from './treatment-relations';
import { actorOf, iso } from './shared';

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
  active: treatment.active,
  createdAt: treatment.createdAt,
  deletedAt: treatment.deletedAt,
};
const base = (executor: Executor) =>
  executor
    .select(columns)
    .from(treatment)
    .innerJoin(treatmentType, eq(treatmentType.id, treatment.treatmentTypeId))
    .leftJoin(consent, eq(consent.id, treatment.consentId));
type Row = Awaited<ReturnType<ReturnType<typeof base>['execute']>>[number];

async function present(executor: Executor, rows: Row[]): Promise<TreatmentRecord[]> {
  const relations = await relationsOf(
    executor,
    rows.map((row) => row.id),
  );
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
      categories: relations?.categories.get(row.id) ?? [],
      areas: relations?.areas.get(row.id) ?? [],
      appliances: relations?.appliances.get(row.id) ?? [],
      treatmentProduct: relations?.products.get(row.id) ?? [],
      photo: relations?.photos.get(row.id)?.[0] ?? null,
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

const spec: ListSpec = {
  sortable: {
    name: treatment.name,
    sku: treatment.sku,
    price: treatment.price,
    type: treatmentType.name,
    id: treatment.id,
    created_at: treatment.createdAt,
  },
  defaultSort: 'name',
  searchable: { name: treatment.name, price: treatment.price, sku: treatment.sku },
  defaultSearch: ['name', 'price', 'sku'],
  active: treatment.active,
  deletedAt: treatment.deletedAt,
  tieBreaker: treatment.id,
};

/** Treatments (spec 001 §2): search by name, price or SKU; filters treatment type, category and status. */
export async function listTreatments(app: FastifyInstance, query: z.output<typeof treatmentQuery>) {
  const filters: (SQL | undefined)[] = [
    query.treatmentTypeId ? eq(treatment.treatmentTypeId, query.treatmentTypeId) : undefined,
    query.categoryId
      ? exists(
          app.db
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
          .from(treatment)
          .innerJoin(treatmentType, eq(treatmentType.id, treatment.treatmentTypeId))
          .where(where)
      )[0]?.total ?? 0,
  });
  return { meta: page.meta, items: await present(app.db, page.items) };
}

export async function getTreatment(
  app: FastifyInstance,
  id: number,
  executor: Executor = app.db,
): Promise<TreatmentRecord> {
  const [row] = await base(executor).where(and(eq(treatment.id, id), isNull(treatment.deletedAt)));
  if (!row) throw notFound(NotFound.treatment);
  return (await present(executor, [row]))[0]!;
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
  if (body.consent !== undefined) set.consent = body.consent;
  // Consent off clears the document; on keeps the one sent or stored.
  if (body.consent === false) set.consentId = null;
  else if (body.consentId !== undefined) set.consentId = body.consentId;
  return set;
}

/** POST /treatment/create: always active (spec 001 §4); the photo follows in its own call. */
export async function createTreatment(
  app: FastifyInstance,
  session: Session,
  body: z.output<typeof treatmentBody>,
) {
  await assertTreatment(app.db, body);
  const now = app.clock.now();
  return whenViolated(
    () =>
      app.db.transaction(async (tx) => {
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
        const record = await getTreatment(app, row!.id, tx);
        await audit(
          tx,
          actorOf(session),
          {
            module: 'treatments',
            action: 'create',
            recordId: row!.id,
            changes: changesBetween(null, record),
          },
          now,
        );
        return record;
      }),
    { treatment_sku_unique: skuTaken },
  );
}

/** PUT /treatment/{id}/update: the SKU is locked; the type's rules apply to the treatment as saved. */
export async function updateTreatment(
  app: FastifyInstance,
  session: Session,
  id: number,
  body: z.output<typeof treatmentUpdateBody>,
) {
  const before = await getTreatment(app, id);
  const consentOn = body.consent ?? before.consent === 1;
  await assertTreatment(app.db, {
    treatmentTypeId: body.treatmentTypeId ?? before.treatmentType.id,
    medicalFee: body.medicalFee === undefined ? before.medicalFee : body.medicalFee,
    categoriesIds: body.categoriesIds,
    areasIds: body.areasIds ?? before.areas.map((item) => item.id),
    applianceIds: body.applianceIds,
    treatmentProduct: body.treatmentProduct,
    consentId: body.consentId,
  });
  if (consentOn && !(body.consentId ?? before.consentId)) {
    throw new AppError(400, 0, [
      { field: 'consentId', message: 'El campo Consentimiento es obligatorio' },
    ]);
  }
  const now = app.clock.now();
  return app.db.transaction(async (tx) => {
    await tx
      .update(treatment)
      .set({
        ...columnsOf(body),
        ...(body.active !== undefined ? { active: body.active } : {}),
        updatedAt: now,
      })
      .where(eq(treatment.id, id));
    await replaceLinks(tx, id, body);
    const record = await getTreatment(app, id, tx);
    await audit(
      tx,
      actorOf(session),
      {
        module: 'treatments',
        action: 'update',
        recordId: id,
        changes: changesBetween(before, record),
      },
      now,
    );
    return record;
  });
}

/** Soft delete; its photo stays with the record, as the record stays for past appointments. */
export async function deleteTreatment(app: FastifyInstance, session: Session, id: number) {
  await getTreatment(app, id);
  const now = app.clock.now();
  await app.db.transaction(async (tx) => {
    await tx.update(treatment).set({ deletedAt: now, updatedAt: now }).where(eq(treatment.id, id));
    await audit(
      tx,
      actorOf(session),
      { module: 'treatments', action: 'delete', recordId: id, changes: softDeleteChanges(now) },
      now,
    );
  });
  return { id };
}
