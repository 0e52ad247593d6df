import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  NotFound,
  categoryRoutes,
  type categoryBody,
  type categoryQuery,
  type categoryUpdateBody,
} from '@clinica/domain';
import type { Executor } from '../../db/client';
import { category } from '../../db/schema';
import type { Context } from '../../platform/context';
import { invalid, notFound } from '../../platform/errors';
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
import { treatmentsUsingCategory } from '../catalogue/treatment-relations';

export const categories = resource({
  table: category,
  module: 'category',
  notFound: NotFound.category,
});

const columns = { id: category.id, name: category.name, type: category.type };
type Category = { id: number; name: string; type: 'treatment' | 'product' };

const spec = listSpec(categoryRoutes.list.list, {
  sortable: {
    name: category.name,
    type: category.type,
    id: category.id,
    created_at: category.createdAt,
  },
  searchable: { name: category.name },
  deletedAt: category.deletedAt,
  tieBreaker: category.id,
});

export function listCategories(ctx: Context, query: z.output<typeof categoryQuery>) {
  return listPage<typeof columns, Category>(ctx, spec, query, {
    columns,
    from: (select) => select.from(category).$dynamic(),
    filters: [query.type ? eq(category.type, query.type) : undefined],
  });
}

const readCategory = async (executor: Executor, id: number) =>
  (await executor.select(columns).from(category).where(eq(category.id, id)))[0] as Category;

export async function getCategory(ctx: Context, id: number): Promise<Category> {
  const [row] = await ctx.db
    .select(columns)
    .from(category)
    .where(live(ctx, categories, id));
  return found(categories, row as Category | undefined);
}

const violations = {
  category_name_type_unique: invalid({
    field: 'name',
    message: 'Ya existe una categoría con este nombre y tipo',
  }),
};

export function createCategory(ctx: Context, body: z.output<typeof categoryBody>) {
  return createRecord(ctx, categories, {
    violations,
    read: readCategory,
    insert: async (tx, now) =>
      (
        await tx
          .insert(category)
          .values({ ...body, createdAt: now, updatedAt: now })
          .returning({ id: category.id })
      )[0]!.id,
  });
}

export function updateCategory(
  ctx: Context,
  id: number,
  body: z.output<typeof categoryUpdateBody>,
) {
  return updateRecord(ctx, categories, id, {
    violations,
    read: readCategory,
    apply: (tx, _before, now) => setColumns(tx, categories, id, body, now),
  });
}

/**
 * Soft-deletes a category. One tied to a live treatment cannot be (404 code 34, spec 001 §8); a
 * treatment being created with it holds a share lock on it, so the two exclude each other.
 */
export function deleteCategory(ctx: Context, id: number) {
  return deleteRecord(ctx, categories, id, async (tx) => {
    if ((await treatmentsUsingCategory(tx, id)) > 0) throw notFound(NotFound.categoryInUse);
  });
}

export const categoryService = {
  list: listCategories,
  get: getCategory,
  create: createCategory,
  update: updateCategory,
  remove: deleteCategory,
};
