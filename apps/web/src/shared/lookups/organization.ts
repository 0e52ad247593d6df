import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { MAX_TAKE, ROLES, roleKeyByName } from '@clinica/domain';
import { callApi } from '../api/client';
import type { SelectFilter } from '../list/types';
import { usePrivileges, useSession } from '../session/hooks';
import { lookupEndpoints } from './endpoints';
import { LOOKUPS } from './registry';

/** Branches, cabin types, colours, job positions, roles and modules to choose from. */

/**
 * Active branches for the forms' and filters' selects, with their schedules (which a cabin's
 * form checks against) and their distribution-centre flag.
 */
export function useBranchOptions(enabled = true) {
  const { canCall } = usePrivileges();
  return useQuery({
    queryKey: LOOKUPS.branches.key(),
    queryFn: ({ signal }) =>
      callApi(lookupEndpoints.branches, {
        query: { status: 1, take: MAX_TAKE, field: 'name', order: 'ASC' },
        signal,
      }).then((answer) => answer.data.items),
    staleTime: LOOKUPS.branches.staleTime,
    enabled: canCall(lookupEndpoints.branches) && enabled,
  });
}

/**
 * Every active branch (id, name, code: `GET /branch/all`), whatever the user's own scope: a role
 * fixed to its branch reads only its own in `useBranchOptions`, yet sends transfers to the others.
 */
export function useAllBranchOptions(enabled = true) {
  return useQuery({
    queryKey: LOOKUPS.allBranches.key(),
    queryFn: ({ signal }) =>
      callApi(lookupEndpoints.allBranches, { signal }).then((answer) => answer.data),
    staleTime: LOOKUPS.allBranches.staleTime,
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

/** Every cabin type, for the cabins' filter and form. */
export function useCabinTypeOptions() {
  const { canCall } = usePrivileges();
  return useQuery({
    queryKey: LOOKUPS.cabinTypes.key(),
    queryFn: ({ signal }) =>
      callApi(lookupEndpoints.cabinTypes, {
        query: { take: MAX_TAKE, field: 'order', order: 'ASC' },
        signal,
      }).then((answer) => answer.data.items),
    staleTime: LOOKUPS.cabinTypes.staleTime,
    enabled: canCall(lookupEndpoints.cabinTypes),
  });
}

/** Colours no other cabin type uses; on edit the type's own colour stays on offer. */
export function useAvailableColors(cabinTypeId: number | null) {
  const { canCall } = usePrivileges();
  return useQuery({
    queryKey: LOOKUPS.colors.key(cabinTypeId),
    queryFn: ({ signal }) =>
      callApi(lookupEndpoints.colors, {
        query: { available: 1, cabinTypeId: cabinTypeId ?? undefined },
        signal,
      }).then((answer) => answer.data),
    staleTime: LOOKUPS.colors.staleTime,
    enabled: canCall(lookupEndpoints.colors),
  });
}

export function useJobPositions() {
  const { canCall } = usePrivileges();
  return useQuery({
    queryKey: LOOKUPS.jobPositions.key(),
    queryFn: ({ signal }) =>
      callApi(lookupEndpoints.jobPositions, { signal }).then((answer) => answer.data),
    staleTime: LOOKUPS.jobPositions.staleTime,
    enabled: canCall(lookupEndpoints.jobPositions),
  });
}

/** The roles with their privilege maps (`GET /role`, answered whole). */
export function useRoles() {
  const { canCall } = usePrivileges();
  return useQuery({
    queryKey: LOOKUPS.roles.key(),
    queryFn: ({ signal }) =>
      callApi(lookupEndpoints.roles, { signal }).then((answer) => answer.data),
    staleTime: LOOKUPS.roles.staleTime,
    enabled: canCall(lookupEndpoints.roles),
  });
}

/** The resources privileges are granted on (`GET /module`; `alias` is the resource key). */
export function useModules() {
  const { canCall } = usePrivileges();
  return useQuery({
    queryKey: LOOKUPS.modules.key(),
    queryFn: ({ signal }) =>
      callApi(lookupEndpoints.modules, { signal }).then((answer) => answer.data),
    staleTime: LOOKUPS.modules.staleTime,
    enabled: canCall(lookupEndpoints.modules),
  });
}

/**
 * Staff to choose from (the history's 'Usuario' filter): the first page of the list by name, for
 * who may read the staff (the server keeps a branch-fixed role to its branch).
 */
export function useStaffOptions(enabled = true) {
  const { canCall } = usePrivileges();
  return useQuery({
    queryKey: LOOKUPS.staff.key(),
    queryFn: ({ signal }) =>
      callApi(lookupEndpoints.staff, {
        query: { take: MAX_TAKE, field: 'name', order: 'ASC' },
        signal,
      }).then((answer) =>
        answer.data.items.map((member) => ({
          id: member.id,
          name: [member.name, member.lastName, member.motherLastName].filter(Boolean).join(' '),
        })),
      ),
    staleTime: LOOKUPS.staff.staleTime,
    enabled: canCall(lookupEndpoints.staff) && enabled,
  });
}

/** The latest entries of the audit log, newest first (the home page's recent activity). */
export function useRecentLog(take: number) {
  const { canCall } = usePrivileges();
  return useQuery({
    queryKey: LOOKUPS.recentLog.key(take),
    queryFn: ({ signal }) =>
      callApi(lookupEndpoints.auditLog, { query: { page: 1, take, order: 'DESC' }, signal }).then(
        (answer) => answer.data,
      ),
    staleTime: LOOKUPS.recentLog.staleTime,
    enabled: canCall(lookupEndpoints.auditLog),
  });
}
