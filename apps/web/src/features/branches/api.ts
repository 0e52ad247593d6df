import type { z } from 'zod';
import { branchRoutes, type branchBody, type branchRecord } from '@clinica/domain';
import { callApi } from '../../shared/api/client';
import type { ListPage, ListQueryParams } from '../../shared/list/fetchAll';

/** Branches (spec 000 §7): `/branch`, `/branch/{id}`, create, update, delete. */

export type Branch = z.infer<typeof branchRecord>;

/** The calls of this screen: the domain's route table, as the API registers it. */
export const branchEndpoints = branchRoutes;

export const branchKeys = {
  all: ['branch'] as const,
  lists: () => ['branch', 'list'] as const,
  detail: (id: number) => ['branch', 'detail', id] as const,
  options: () => ['branch', 'options'] as const,
};

export async function fetchBranchPage(
  query: ListQueryParams,
  signal?: AbortSignal,
): Promise<ListPage<Branch>> {
  return (await callApi(branchEndpoints.list, { query, signal })).data;
}

export async function fetchBranch(id: number, signal?: AbortSignal): Promise<Branch> {
  return (await callApi(branchEndpoints.get, { params: { id }, signal })).data;
}

export function saveBranch(body: z.output<typeof branchBody>, id: number | null) {
  return id === null
    ? callApi(branchEndpoints.create, { body })
    : callApi(branchEndpoints.update, { params: { id }, body });
}

export function removeBranch(branch: Branch) {
  return callApi(branchEndpoints.remove, { params: { id: branch.id } });
}
