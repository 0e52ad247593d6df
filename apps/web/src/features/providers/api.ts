import type { z } from 'zod';
import { providerRoutes, type providerBody, type providerRecord } from '@clinica/domain';
import { callApi } from '../../shared/api/client';
import type { ListPage, ListQueryParams } from '../../shared/list/fetchAll';

/** Providers (spec 001 §3, §5, §7): `/provider…`. */

export type Provider = z.infer<typeof providerRecord>;

/** The calls of this screen: the domain's route table, as the API registers it. */
export const providerEndpoints = providerRoutes;

export const providerKeys = {
  all: ['provider'] as const,
  detail: (id: number) => ['provider', 'detail', id] as const,
  options: ['provider', 'options'] as const,
};

export async function fetchProviderPage(
  query: ListQueryParams,
  signal?: AbortSignal,
): Promise<ListPage<Provider>> {
  return (await callApi(providerEndpoints.list, { query, signal })).data;
}

export async function fetchProvider(id: number, signal?: AbortSignal): Promise<Provider> {
  return (await callApi(providerEndpoints.get, { params: { id }, signal })).data;
}

export function saveProvider(body: z.output<typeof providerBody>, id: number | null) {
  return id === null
    ? callApi(providerEndpoints.create, { body })
    : callApi(providerEndpoints.update, { params: { id }, body });
}

export function removeProvider(provider: Provider) {
  return callApi(providerEndpoints.remove, { params: { id: provider.id } });
}
