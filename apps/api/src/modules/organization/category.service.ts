import { and, count, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import {
  NotFound,
  type categoryBody,
  type categoryQuery,
  type categoryUpdateBody,
} from '@clinica/domain';
import { category } from '../../db/schema';
import { audit, changesBetween, softDeleteChanges } from '../../platform/audit';
import { invalid, notFound, whenViolated } from '../../platform/errors';
import { planList, runList, type ListSpec } from '../../platform/list';
import type { Session } from '../../platform/session';

import { treatmentsUsingCategory } from '../catalogue/treatment-relations';

const columns = { id: category.id, name: category.name, type: category.type };
type Category = { id: number; name: string; type: 'treatment' | 'product' };

const spec: ListSpec = {
  sortable: {
    name: category.name,
    type: category.type,
    id: category.id,
    created_at: category.createdAt,
  },
  defaultSort: 'name',
  searchable: { name: category.name },
  defaultSearch: ['name'],
  deletedAt: category.deletedAt,
  tieBreaker: category.id,
};

export async function listCategories(app: FastifyInstance, query: z.output<typeof categoryQuery>) {
  const plan = planList(spec, query, query.type ? eq(category.type, query.type) : undefined);
  return runList(plan, {
    rows: ({ where, orderBy, limit, offset }) =>
      app.db
        .select(columns)
        .from(category)
        .where(where)
        .orderBy(...orderBy)
        .limit(limit)
        .offset(offset) as Promise<Category[]>,
    count: async (where) =>
      (await app.db.select({ total: count() }).from(category).where(where))[0]?.total ?? 0,
  });
}

export async function getCategory(app: FastifyInstance, id: number): Promise<Category> {
  const [row] = await app.db
    .select(columns)
    .from(category)
    .where(and(eq(category.id, id), isNull(category.deletedAt)));
  if (!row) throw notFound(NotFound.category);
  return row as Category;
}

const nameTaken = invalid({
  field: 'name',
  message: 'Ya existe una categoría con este nombre y tipo',
});

export async function createCategory(
  app: FastifyInstance,
  session: Session,
  body: z.output<typeof categoryBody>,
) {
  const now = app.clock.now();
  return whenViolated(
    () =>
      app.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(category)
          .values({ ...body, createdAt: now, updatedAt: now })
          .returning(columns);
        await audit(
          tx,
          { userId: session.userId, branchId: session.branchId },
          {
            module: 'category',
            action: 'create',
            recordId: row!.id,
            changes: changesBetween(null, row!),
          },
          now,
        );
        return row as Category;
      }),
    { category_name_type_unique: nameTaken },
  );
}

export async function updateCategory(
  app: FastifyInstance,
  session: Session,
  id: number,
  body: z.output<typeof categoryUpdateBody>,
) {
  const current = await getCategory(app, id);
  const now = app.clock.now();
  return whenViolated(
    () =>
      app.db.transaction(async (tx) => {
        const [row] = await tx
          .update(category)
          .set({ ...body, updatedAt: now })
          .where(eq(category.id, id))
          .returning(columns);
        await audit(
          tx,
          { userId: session.userId, branchId: session.branchId },
          {
            module: 'category',
            action: 'update',
            recordId: id,
            changes: changesBetween(current, row!),
          },
          now,
        );
        return row as Category;
      }),
    { category_name_type_unique: nameTaken },
  );
}

/**
 * Soft-deletes a category. One tied to a live treatment cannot be (404 code 34, spec 001 §8); the
 * same check for packages joins here when packages exist.
 */
export async function deleteCategory(app: FastifyInstance, session: Session, id: number) {
  await getCategory(app, id);
  const now = app.clock.now();
  await app.db.transaction(async (tx) => {
    if ((await treatmentsUsingCategory(tx, id)) > 0) throw notFound(NotFound.categoryInUse);
    await tx.update(category).set({ deletedAt: now, updatedAt: now }).where(eq(category.id, id));
    await audit(
      tx,
      { userId: session.userId, branchId: session.branchId },
      { module: 'category', action: 'delete', recordId: id, changes: softDeleteChanges(now) },
      now,
    );
  });
  return { id };
}
