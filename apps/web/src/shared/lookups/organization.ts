import { useQuery } from '@tanstack/react-query';
import { MAX_TAKE, auditRoutes, cabinTypeRoutes, lookupRoutes, roleRoutes } from '@clinica/domain';
import { callApi } from '../api/client';
import { usePrivileges } from '../session/hooks';
import { LOOKUPS } from './registry';

/** Every branch by name, cabin types, colours, job positions, roles, modules and the recent log. */

export const organizationEndpoints = {
  allBranches: lookupRoutes.branches,
  jobPositions: lookupRoutes.jobPositions,
  colors: lookupRoutes.colors,
  cabinTypes: cabinTypeRoutes.list,
  roles: roleRoutes.list,
  modules: roleRoutes.modules,
  auditLog: auditRoutes.list,
};

/**
 * Every active branch (id, name, code: `GET /branch/all`), whatever the user's own scope: a role
 * fixed to its branch reads only its own in `useBranchOptions`, yet sends transfers to the others.
 */
export function useAllBranchOptions(enabled = true) {
  return useQuery({
    queryKey: LOOKUPS.allBranches.key(),
    queryFn: ({ signal }) =>
      callApi(organizationEndpoints.allBranches, { signal }).then((answer) => answer.data),
    staleTime: LOOKUPS.allBranches.staleTime,
    enabled,
  });
}

/** Every cabin type, for the cabins' filter and form. */
export function useCabinTypeOptions() {
  const { canCall } = usePrivileges();
  return useQuery({
    queryKey: LOOKUPS.cabinTypes.key(),
    queryFn: ({ signal }) =>
      callApi(organizationEndpoints.cabinTypes, {
        query: { take: MAX_TAKE, field: 'order', order: 'ASC' },
        signal,
      }).then((answer) => answer.data.items),
    staleTime: LOOKUPS.cabinTypes.staleTime,
    enabled: canCall(organizationEndpoints.cabinTypes),
  });
}

/** Colours no other cabin type uses; on edit the type's own colour stays on offer. */
export function useAvailableColors(cabinTypeId: number | null) {
  const { canCall } = usePrivileges();
  return useQuery({
    queryKey: LOOKUPS.colors.key(cabinTypeId),
    queryFn: ({ signal }) =>
      callApi(organizationEndpoints.colors, {
        query: { available: 1, cabinTypeId: cabinTypeId ?? undefined },
        signal,
      }).then((answer) => answer.data),
    staleTime: LOOKUPS.colors.staleTime,
    enabled: canCall(organizationEndpoints.colors),
  });
}

export function useJobPositions() {
  const { canCall } = usePrivileges();
  return useQuery({
    queryKey: LOOKUPS.jobPositions.key(),
    queryFn: ({ signal }) =>
      callApi(organizationEndpoints.jobPositions, { signal }).then((answer) => answer.data),
    staleTime: LOOKUPS.jobPositions.staleTime,
    enabled: canCall(organizationEndpoints.jobPositions),
  });
}

/** The roles with their privilege maps (`GET /role`, answered whole). */
export function useRoles() {
  const { canCall } = usePrivileges();
  return useQuery({
    queryKey: LOOKUPS.roles.key(),
    queryFn: ({ signal }) =>
      callApi(organizationEndpoints.roles, { signal }).then((answer) => answer.data),
    staleTime: LOOKUPS.roles.staleTime,
    enabled: canCall(organizationEndpoints.roles),
  });
}

/** The resources privileges are granted on (`GET /module`; `alias` is the resource key). */
export function useModules() {
  const { canCall } = usePrivileges();
  return useQuery({
    queryKey: LOOKUPS.modules.key(),
    queryFn: ({ signal }) =>
      callApi(organizationEndpoints.modules, { signal }).then((answer) => answer.data),
    staleTime: LOOKUPS.modules.staleTime,
    enabled: canCall(organizationEndpoints.modules),
  });
}

/** The latest entries of the audit log, newest first (the home page's recent activity). */
export function useRecentLog(take: number) {
  const { canCall } = usePrivileges();
  return useQuery({
    queryKey: LOOKUPS.recentLog.key(take),
    queryFn: ({ signal }) =>
      callApi(organizationEndpoints.auditLog, {
        query: { page: 1, take, order: 'DESC' },
        signal,
      }).then((answer) => answer.data),
    staleTime: LOOKUPS.recentLog.staleTime,
    enabled: canCall(organizationEndpoints.auditLog),
  });
}
