import { and, count, eq, isNull, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import {
  Conflict,
  DEFAULT_TIME_ZONE,
  NotFound,
  type BranchRecord,
  type branchBody,
  type branchQuery,
  type branchUpdateBody,
} from '@clinica/domain';
import { branch, branchSchedule } from '../../db/schema';
import { audit, changesBetween, softDeleteChanges } from '../../platform/audit';
import { conflict, invalid, notFound, whenViolated } from '../../platform/errors';
import { planList, runList, type ListSpec } from '../../platform/list';
import { assertInScope, inScope } from '../../platform/scope';
import type { Session } from '../../platform/session';
import { lotsWithUnits } from '../inventory/holdings';
import { replaceWeek, weeksOf, type Week } from './schedule';

type Row = typeof branch.$inferSelect;

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

const spec: ListSpec = {
  sortable: {
    name: branch.name,
    code: branch.code,
    city: branch.city,
    created_at: branch.createdAt,
    id: branch.id,
  },
  defaultSort: 'name',
  searchable: { name: branch.name, phone: branch.phone, code: branch.code, city: branch.city },
  defaultSearch: ['name'],
  active: branch.active,
  deletedAt: branch.deletedAt,
  tieBreaker: branch.id,
};

/** Branches with their weekly schedules; a branch-fixed role sees only its own. */
export async function listBranches(
  app: FastifyInstance,
  session: Session,
  query: z.output<typeof branchQuery>,
) {
  const franchise =
    query.franchise === undefined
      ? undefined
      : query.franchise === '1' || query.franchise === 'true';
  const filters: (SQL | undefined)[] = [
    inScope(session, branch.id),
    franchise === undefined ? undefined : eq(branch.franchise, franchise),
  ];
  const plan = planList(spec, query, ...filters);
  const page = await runList(plan, {
    rows: ({ where, orderBy, limit, offset }) =>
      app.db
        .select()
        .from(branch)
        .where(where)
        .orderBy(...orderBy)
        .limit(limit)
        .offset(offset),
    count: async (where) =>
      (await app.db.select({ total: count() }).from(branch).where(where))[0]?.total ?? 0,
  });
  const weeks = await weeksOf(
    app.db,
    branchSchedule,
    page.items.map((row) => row.id),
  );
  return { meta: page.meta, items: page.items.map((row) => present(row, weeks.get(row.id) ?? [])) };
}

async function findBranch(app: FastifyInstance, session: Session, id: number): Promise<Row> {
  const [row] = await app.db
    .select()
    .from(branch)
    .where(and(eq(branch.id, id), isNull(branch.deletedAt)));
  if (!row) throw notFound(NotFound.branch);
  assertInScope(session, row.id, NotFound.branch);
  return row;
}

export async function getBranch(app: FastifyInstance, session: Session, id: number) {
  const row = await findBranch(app, session, id);
  const weeks = await weeksOf(app.db, branchSchedule, [row.id]);
  return present(row, weeks.get(row.id) ?? []);
}

const codeTaken = invalid({ field: 'code', message: 'El código ya está en uso por otra sucursal' });
function toColumns<T extends z.output<typeof branchUpdateBody>>(body: T) {
  const { schedule: _schedule, lat, lng, zone, ...fields } = body;
  return {
    ...fields,
    ...(zone !== undefined ? { zone: zone ?? DEFAULT_TIME_ZONE } : {}),
    ...(lat !== undefined ? { lat: lat === null ? null : String(lat) } : {}),
    ...(lng !== undefined ? { lng: lng === null ? null : String(lng) } : {}),
  };
}

export async function createBranch(
  app: FastifyInstance,
  session: Session,
  body: z.output<typeof branchBody>,
) {
  const now = app.clock.now();
  return whenViolated(
    () =>
      app.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(branch)
          .values({ ...toColumns(body), createdAt: now, updatedAt: now })
          .returning();
        const week = await replaceWeek(tx, branchSchedule, row!.id, body.schedule ?? []);
        const record = present(row!, week);
        await audit(
          tx,
          { userId: session.userId, branchId: session.branchId },
          {
            module: 'branch',
            action: 'create',
            recordId: row!.id,
            changes: changesBetween(null, record),
          },
          now,
        );
        return record;
      }),
    { branch_code_unique: codeTaken },
  );
}

export async function updateBranch(
  app: FastifyInstance,
  session: Session,
  id: number,
  body: z.output<typeof branchUpdateBody>,
) {
  const current = await getBranch(app, session, id);
  if (current.distributionCenter) {
    // The 'Activar' and 'Franquicia' switches do not exist for the distribution centre (spec 000 §4).
    const locked = (['active', 'franchise', 'distributionCenter'] as const).filter(
      (field) => body[field] !== undefined && body[field] !== current[field],
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
  const now = app.clock.now();
  return whenViolated(
    () =>
      app.db.transaction(async (tx) => {
        const [row] = await tx
          .update(branch)
          .set({ ...toColumns(body), updatedAt: now })
          .where(eq(branch.id, id))
          .returning();
        const week = body.schedule
          ? await replaceWeek(tx, branchSchedule, id, body.schedule)
          : current.schedules;
        const record = present(row!, week);
        await audit(
          tx,
          { userId: session.userId, branchId: session.branchId },
          {
            module: 'branch',
            action: 'update',
            recordId: id,
            changes: changesBetween(current, record),
          },
          now,
        );
        return record;
      }),
    { branch_code_unique: codeTaken },
  );
}

/**
 * Soft-deletes a branch. The distribution centre is never deleted; a branch holding inventory (a
 * live stock lot with units) cannot be (409 code 12), checked with the branch row locked (see
 * `lotsWithUnits`, CONTRACT §7).
 */
export async function deleteBranch(app: FastifyInstance, session: Session, id: number) {
  const current = await findBranch(app, session, id);
  if (current.distributionCenter) throw conflict(Conflict.distributionCenter);
  const now = app.clock.now();
  await app.db.transaction(async (tx) => {
    await tx.select({ id: branch.id }).from(branch).where(eq(branch.id, id)).for('update');
    const lots = await lotsWithUnits(tx, { branchId: id });
    if (lots.length > 0) throw conflict(Conflict.branchHasInventory);
    await tx.update(branch).set({ deletedAt: now, updatedAt: now }).where(eq(branch.id, id));
    await audit(
      tx,
      { userId: session.userId, branchId: session.branchId },
      { module: 'branch', action: 'delete', recordId: id, changes: softDeleteChanges(now) },
      now,
    );
  });
  return { id };
}
