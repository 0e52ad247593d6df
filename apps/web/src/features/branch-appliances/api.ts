import type { z } from 'zod';
import {
  ROLES,
  branchApplianceRoutes,
  roleKeyByName,
  type branchApplianceBody,
  type branchApplianceRecord,
} from '@clinica/domain';
import { useSession } from '../../shared/session/hooks';
import { callApi } from '../../shared/api/client';
import type { ListPage, ListQueryParams } from '../../shared/list/fetchAll';

/** Appliances linked to branches (spec 002 §3, §5–§7): `/branch-appliance…`. */

export type BranchAppliance = z.infer<typeof branchApplianceRecord>;

/** The calls of this screen: the domain's route table, as the API registers it. */
export const branchApplianceEndpoints = branchApplianceRoutes;

export const branchApplianceKeys = {
  all: ['branch-appliance'] as const,
  detail: (id: number) => ['branch-appliance', 'detail', id] as const,
};

export async function fetchBranchAppliancePage(
  query: ListQueryParams,
  signal?: AbortSignal,
): Promise<ListPage<BranchAppliance>> {
  return (await callApi(branchApplianceEndpoints.list, { query, signal })).data;
}

export async function fetchBranchAppliance(
  id: number,
  signal?: AbortSignal,
): Promise<BranchAppliance> {
  return (await callApi(branchApplianceEndpoints.get, { params: { id }, signal })).data;
}

export function saveBranchAppliance(body: z.output<typeof branchApplianceBody>, id: number | null) {
  return id === null
    ? callApi(branchApplianceEndpoints.create, { body })
    : callApi(branchApplianceEndpoints.update, { params: { id }, body });
}

export function removeBranchAppliance(link: BranchAppliance) {
  return callApi(branchApplianceEndpoints.remove, { params: { id: link.id } });
}

/** The user's branch when their role is fixed to it (CONTRACT §5), else null. */
export function useFixedBranch(): { id: number; name: string } | null {
  const session = useSession();
  if (!session) return null;
  const key = roleKeyByName(session.user.role);
  const fixed = key ? ROLES[key].branchFixed : true;
  return fixed ? { id: session.user.branchId, name: session.user.branch } : null;
}
