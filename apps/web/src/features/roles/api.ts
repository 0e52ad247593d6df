import { roleRoutes } from '@clinica/domain';
import type { z } from 'zod';
import type { role, updateRoleBody } from '@clinica/domain';
import { ApiError, callApi } from '../../shared/api/client';

export type Role = z.infer<typeof role>;

export const roleKeys = {
  all: ['role'] as const,
  list: () => ['role', 'list'] as const,
  detail: (id: number) => ['role', 'detail', id] as const,
};

async function fetchRoles(signal?: AbortSignal): Promise<Role[]> {
  return (await callApi(roleRoutes.list, { signal })).data;
}

/** One role; the API lists roles whole, so it is read from the list. */
export async function fetchRole(id: number, signal?: AbortSignal): Promise<Role> {
  const found = (await fetchRoles(signal)).find((candidate) => candidate.id === id);
  if (!found) throw new ApiError(404, 0);
  return found;
}

export function updateRole(id: number, body: z.output<typeof updateRoleBody>) {
  return callApi(roleRoutes.update, { params: { id }, body });
}

/** The role whose privileges cannot be changed (the API refuses it: nobody may lock the chain out). */
export const LOCKED_ROLE_KEY = 'superAdmin';
