import { z } from 'zod';
import {
  type APPLIANCE_STATUSES,
  applianceBody,
  applianceRecord,
  applianceUpdateBody,
  listOf,
} from '@clinica/domain';
import { callApi, endpoint } from '../../shared/api/client';
import type { ListPage, ListQueryParams } from '../../shared/list/fetchAll';

/** Appliances (spec 002 §3, §5, §7): `/appliance…`. */

export type Appliance = z.infer<typeof applianceRecord>;
export type ApplianceStatus = (typeof APPLIANCE_STATUSES)[number];

export const applianceEndpoints = {
  list: endpoint({ method: 'GET', path: '/appliance', answer: listOf(applianceRecord) }),
  get: endpoint({ method: 'GET', path: '/appliance/:id', answer: applianceRecord }),
  create: endpoint({
    method: 'POST',
    path: '/appliance/create',
    body: applianceBody,
    answer: applianceRecord,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/appliance/:id/update',
    body: applianceUpdateBody,
    answer: applianceRecord,
  }),
  remove: endpoint({
    method: 'POST',
    path: '/appliance/:id/delete',
    answer: z.object({ id: z.number().int() }),
  }),
};

export const applianceKeys = {
  all: ['appliance'] as const,
  detail: (id: number) => ['appliance', 'detail', id] as const,
  /** The selection list, by treatment type when given (spec 002 §7: applianceType, active=1). */
  options: (applianceType: number | null) => ['appliance', 'options', applianceType] as const,
};

export async function fetchAppliancePage(
  query: ListQueryParams,
  signal?: AbortSignal,
): Promise<ListPage<Appliance>> {
  return (await callApi(applianceEndpoints.list, { query, signal })).data;
}

export async function fetchAppliance(id: number, signal?: AbortSignal): Promise<Appliance> {
  return (await callApi(applianceEndpoints.get, { params: { id }, signal })).data;
}

export function saveAppliance(body: z.output<typeof applianceBody>, id: number | null) {
  return id === null
    ? callApi(applianceEndpoints.create, { body })
    : callApi(applianceEndpoints.update, { params: { id }, body });
}

export function removeAppliance(appliance: Appliance) {
  return callApi(applianceEndpoints.remove, { params: { id: appliance.id } });
}
