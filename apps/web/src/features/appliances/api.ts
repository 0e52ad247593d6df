import type { z } from 'zod';
import {
  applianceRoutes,
  type APPLIANCE_STATUSES,
  type applianceBody,
  type applianceRecord,
} from '@clinica/domain';
import { callApi } from '../../shared/api/client';
import type { ListPage, ListQueryParams } from '../../shared/list/fetchAll';

/** Appliances (spec 002 §3, §5, §7): `/appliance…`. */

export type Appliance = z.infer<typeof applianceRecord>;
export type ApplianceStatus = (typeof APPLIANCE_STATUSES)[number];

/** The calls of this screen: the domain's route table, as the API registers it. */
export const applianceEndpoints = applianceRoutes;

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
