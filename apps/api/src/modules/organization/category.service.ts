import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { NotFound, categoryRoutes, type categoryQuery } from '@clinica/domain';
import { category } from '../../db/schema';
import type { Context } from '../../platform/context';
import { invalid, notFound } from '../../platform/errors';
import { listPage, listSpec } from '../../platform/list';
import { deleteRecord, oneTable, resource } from '../../platform/write';
import { treatmentsUsingCategory } from '../catalogue/treatment-relations';
import { offersUsingCategory } from '../packages/package-relations';

/** Categories of treatments and products (spec 000 §7): one table, on the write path. */
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

const record = oneTable<Category>(categories, columns, {
  violations: {
    category_name_type_unique: invalid({
      field: 'name',
      message: 'Ya existe una categoría con este nombre y tipo',
    }),
  },
});

export const categoryService = {
  list: (ctx: Context, query: z.output<typeof categoryQuery>) =>
    listPage<typeof columns, Category>(ctx, spec, query, {
      columns,
      from: (select) => select.from(category).$dynamic(),
      filters: [query.type ? eq(category.type, query.type) : undefined],
    }),
  get: record.get,
  create: record.create,
  update: record.update,
  /**
   * One tied to a live treatment cannot be deleted (404 code 34, spec 001 §8); a treatment being
   * created with it holds a share lock on it, so the two exclude each other.
   */
  remove: (ctx: Context, id: number) =>
    deleteRecord(ctx, categories, id, async (tx) => {
      if ((await treatmentsUsingCategory(tx, id)) > 0) throw notFound(NotFound.categoryInUse);
      if ((await offersUsingCategory(tx, id)) > 0) throw notFound(NotFound.categoryInUse);
    }),
};
