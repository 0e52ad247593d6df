import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import {
  ROLES,
  branchBody,
  branchRecord,
  branchUpdateBody,
  listOf,
  roleKeyByName,
} from '@clinica/domain';
import { usePrivileges, useSession } from '../../shared/session/hooks';
import { callApi, endpoint } from '../../shared/api/client';
import type { ListPage, ListQueryParams } from '../../shared/list/fetchAll';
import type { SelectFilter } from '../../shared/list/types';

/** Branches (spec 000 §7): `/branch`, `/branch/{id}`, create, update, delete. */

export type Branch = z.infer<typeof branchRecord>;

const removed = z.object({ id: z.number().int() });

export const branchEndpoints = {
  list: endpoint({ method: 'GET', path: '/branch', answer: listOf(branchRecord) }),
  get: endpoint({ method: 'GET', path: '/branch/:id', answer: branchRecord }),
  create: endpoint({
    method: 'POST',
    path: '/branch/create',
    body: branchBody,
    answer: branchRecord,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/branch/:id/update',
    body: branchUpdateBody,
    answer: branchRecord,
  }),
  remove: endpoint({ method: 'POST', path: '/branch/:id/delete', answer: removed }),
};

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

/**
 * Active branches for the forms' and filters' selects (with their schedules, which a cabin's form
 * checks against). A chain has a handful of branches: one page of 100 holds them all.
 */
export function useBranchOptions(enabled = true) {
  return useQuery({
    queryKey: branchKeys.options(),
    queryFn: async ({ signal }) =>
      (await fetchBranchPage({ status: '1', take: 100, field: 'name', order: 'ASC' }, signal))
        .items,
    staleTime: 5 * 60_000,
    enabled,
  });
}

/**
 * Whether the user works across branches (CONTRACT §5): roles fixed to their branch do not choose
 * it in forms, and see the branch filter only with the `approve` privilege on branches (spec 000 §6).
 */
export function useBranchScope() {
  const session = useSession();
  const { can } = usePrivileges();
  const roleKey = roleKeyByName(session?.user.role ?? '');
  const fixed = roleKey ? ROLES[roleKey].branchFixed : true;
  return {
    fixed,
    branchId: session?.user.branchId ?? null,
    branchName: session?.user.branch ?? '',
    showsBranchFilter: !fixed || can('branch', 'approve'),
  };
}

/**
 * The lists' 'Sucursal' filter (`branchId`), for those who see several branches
 * (`useBranchScope`); none for the rest, whose lists the server keeps to their branch.
 * `clinicsOnly` leaves out the distribution centre, which holds no cabins.
 */
export function useBranchFilter({ clinicsOnly = false } = {}): SelectFilter[] {
  const { showsBranchFilter } = useBranchScope();
  const branches = useBranchOptions(showsBranchFilter);
  return useMemo(
    () =>
      showsBranchFilter
        ? [
            {
              kind: 'select',
              name: 'branchId',
              label: 'Sucursal',
              width: 200,
              loading: branches.isLoading,
              options: (branches.data ?? [])
                .filter((branch) => !clinicsOnly || !branch.distributionCenter)
                .map((branch) => ({ value: branch.id, label: branch.name })),
            },
          ]
        : [],
    [showsBranchFilter, branches.data, branches.isLoading, clinicsOnly],
  );
}
