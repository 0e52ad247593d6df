import { z } from 'zod';
import {
  ROLES,
  branchApplianceBody,
  branchApplianceRecord,
  branchApplianceUpdateBody,
  listOf,
  roleKeyByName,
} from '@clinica/domain';
import { useSession } from '../../shared/session/hooks';
import { callApi, endpoint } from '../../shared/api/client';
import type { ListPage, ListQueryParams } from '../../shared/list/fetchAll';

/** Appliances linked to branches (spec 002 §3, §5–§7): `/branch-appliance…`. */

export type BranchAppliance = z.infer<typeof branchApplianceRecord>;

export const branchApplianceEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/branch-appliance',
    answer: listOf(branchApplianceRecord),
  }),
  get: endpoint({ method: 'GET', path: '/branch-appliance/:id', answer: branchApplianceRecord }),
  create: endpoint({
    method: 'POST',
    path: '/branch-appliance/create',
    body: branchApplianceBody,
    answer: branchApplianceRecord,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/branch-appliance/:id/update',
    body: branchApplianceUpdateBody,
    answer: branchApplianceRecord,
  }),
  remove: endpoint({
    method: 'POST',
    path: '/branch-appliance/:id/delete',
    answer: z.object({ id: z.number().int() }),
  }),
};

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
