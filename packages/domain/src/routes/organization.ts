import { NotFound } from '../errors';
import {
  categoryBody,
  categoryQuery,
  categoryRecord,
  categoryUpdateBody,
} from '../schemas/organization';
import { crudRoutes } from './define';

/** Categories of treatments and products (spec 000 §7). */
export const categoryRoutes = crudRoutes({
  path: 'category',
  resource: 'category',
  tag: 'Categorías',
  noun: 'una categoría',
  notFound: NotFound.category,
  record: categoryRecord,
  query: categoryQuery,
  create: categoryBody,
  update: categoryUpdateBody,
  list: {
    sortable: ['name', 'type', 'id', 'created_at'],
    defaultSort: 'name',
    searchable: ['name'],
    defaultSearch: ['name'],
  },
  filters: 'filtro type (treatment o product)',
  writeErrors: [],
  deleteErrors: [[404, NotFound.categoryInUse]],
});
