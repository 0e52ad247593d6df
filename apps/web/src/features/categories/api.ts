import { z } from 'zod';
import { categoryBody, categoryRecord, categoryUpdateBody, listOf } from '@clinica/domain';
import { callApi, endpoint } from '../../shared/api/client';
import type { ListPage, ListQueryParams } from '../../shared/list/fetchAll';

/** Categories of treatments and products (spec 000 §7): `/category…`. */

export type Category = z.infer<typeof categoryRecord>;

export const categoryEndpoints = {
  list: endpoint({ method: 'GET', path: '/category', answer: listOf(categoryRecord) }),
  get: endpoint({ method: 'GET', path: '/category/:id', answer: categoryRecord }),
  create: endpoint({
    method: 'POST',
    path: '/category/create',
    body: categoryBody,
    answer: categoryRecord,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/category/:id/update',
    body: categoryUpdateBody,
    answer: categoryRecord,
  }),
  remove: endpoint({
    method: 'POST',
    path: '/category/:id/delete',
    answer: z.object({ id: z.number().int() }),
  }),
};

export const categoryKeys = {
  all: ['category'] as const,
  detail: (id: number) => ['category', 'detail', id] as const,
};

export async function fetchCategoryPage(
  query: ListQueryParams,
  signal?: AbortSignal,
): Promise<ListPage<Category>> {
  return (await callApi(categoryEndpoints.list, { query, signal })).data;
}

export async function fetchCategory(id: number, signal?: AbortSignal): Promise<Category> {
  return (await callApi(categoryEndpoints.get, { params: { id }, signal })).data;
}

export function saveCategory(body: z.output<typeof categoryBody>, id: number | null) {
  return id === null
    ? callApi(categoryEndpoints.create, { body })
    : callApi(categoryEndpoints.update, { params: { id }, body });
}

export function removeCategory(category: Category) {
  return callApi(categoryEndpoints.remove, { params: { id: category.id } });
}
