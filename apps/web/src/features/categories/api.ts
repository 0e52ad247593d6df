import type { z } from 'zod';
import { categoryRoutes, type categoryBody, type categoryRecord } from '@clinica/domain';
import { callApi } from '../../shared/api/client';
import type { ListPage, ListQueryParams } from '../../shared/list/fetchAll';

/** Categories of treatments and products (spec 000 §7): `/category…`. */

export type Category = z.infer<typeof categoryRecord>;

/** The calls of this screen: the domain's route table, as the API registers it. */
export const categoryEndpoints = categoryRoutes;

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
