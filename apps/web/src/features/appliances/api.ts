import type { z } from 'zod';
import { useQuery } from '@tanstack/react-query';
import {
  MAX_TAKE,
  applianceRoutes,
  type APPLIANCE_STATUSES,
  type applianceBody,
  type applianceRecord,
} from '@clinica/domain';
import { callApi } from '../../shared/api/client';
import type { ListPage, ListQueryParams } from '../../shared/list/fetchAll';
import type { Tone } from '../../shared/Tone';

/** Appliances (spec 002 §3, §5, §7): `/appliance…`. */

export type Appliance = z.infer<typeof applianceRecord>;
export type ApplianceStatus = (typeof APPLIANCE_STATUSES)[number];

export const APPLIANCE_STATUS_TONES: Record<ApplianceStatus, Tone> = {
  Funcionando: 'green',
  Averiado: 'red',
  'Con fallas': 'orange',
  'En reparación': 'blue',
};

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

/** Active appliances to choose from, of one treatment type or of all. */
export function useApplianceOptions(applianceType: number | null = null, enabled = true) {
  return useQuery({
    queryKey: applianceKeys.options(applianceType),
    queryFn: ({ signal }) =>
      fetchAppliancePage(
        {
          take: MAX_TAKE,
          active: 1,
          field: 'name',
          order: 'ASC',
          ...(applianceType ? { applianceType } : {}),
        },
        signal,
      ).then((page) => page.items),
    staleTime: 5 * 60_000,
    enabled,
  });
}
