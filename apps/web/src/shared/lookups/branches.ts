import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { MAX_TAKE, ROLES, branchRoutes, roleKeyByName } from '@clinica/domain';
import { callApi } from '../api/client';
import type { SelectFilter } from '../list/types';
import { usePrivileges, useSession } from '../session/hooks';
import { LOOKUPS } from './registry';

/**
 * The branches to choose from and the user's branch scope. A file of their own: the dashboard's
 * branch switcher and the agenda's day read them before anything else, and importing them loads
 * only the organisation's routes, not every lookup's (issue 24: the schemas a module declares are
 * built when it loads).
 */
export const branchEndpoints = {
  branches: branchRoutes.list,
};

/**
 * Active branches for the forms' and filters' selects, with their schedules (which a cabin's
 * form checks against) and their distribution-centre flag.
 */
export function useBranchOptions(enabled = true) {
  const { canCall } = usePrivileges();
  return useQuery({
    queryKey: LOOKUPS.branches.key(),
    queryFn: ({ signal }) =>
      callApi(branchEndpoints.branches, {
        query: { status: 1, take: MAX_TAKE, field: 'name', order: 'ASC' },
        signal,
      }).then((answer) => answer.data.items),
    staleTime: LOOKUPS.branches.staleTime,
    enabled: canCall(branchEndpoints.branches) && enabled,
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
