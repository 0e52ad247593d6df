import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import {
  cabinTypeRoutes,
  color,
  treatmentType,
  type cabinTypeBody,
  type cabinTypeRecord,
} from '@clinica/domain';
import { callApi, endpoint } from '../../shared/api/client';
import type { ListPage, ListQueryParams } from '../../shared/list/fetchAll';

/** Cabin types (spec 000 §7): `/cabain-type…`, the colour collection and treatment types. */

export type CabinType = z.infer<typeof cabinTypeRecord>;
export type Color = z.infer<typeof color>;

/**
 * The calls of this screen: the domain's route table for cabin types; the colour collection and
 * treatment types are lookups of their own area.
 */
export const cabinTypeEndpoints = {
  ...cabinTypeRoutes,
  colors: endpoint({ method: 'GET', path: '/color', answer: z.array(color) }),
  treatmentTypes: endpoint({
    method: 'GET',
    path: '/treatment-type',
    answer: z.array(treatmentType),
  }),
};

export const cabinTypeKeys = {
  all: ['cabain-type'] as const,
  detail: (id: number) => ['cabain-type', 'detail', id] as const,
  options: () => ['cabain-type', 'options'] as const,
  /** Under the cabin types' root: a save changes which colours are free. */
  availableColors: (cabinTypeId: number | null) =>
    ['cabain-type', 'colors', cabinTypeId ?? 'new'] as const,
  treatmentTypes: () => ['treatment-type'] as const,
};

export async function fetchCabinTypePage(
  query: ListQueryParams,
  signal?: AbortSignal,
): Promise<ListPage<CabinType>> {
  return (await callApi(cabinTypeEndpoints.list, { query, signal })).data;
}

export async function fetchCabinType(id: number, signal?: AbortSignal): Promise<CabinType> {
  return (await callApi(cabinTypeEndpoints.get, { params: { id }, signal })).data;
}

export function saveCabinType(body: z.output<typeof cabinTypeBody>, id: number | null) {
  return id === null
    ? callApi(cabinTypeEndpoints.create, { body })
    : callApi(cabinTypeEndpoints.update, { params: { id }, body });
}

export function removeCabinType(type: CabinType) {
  return callApi(cabinTypeEndpoints.remove, { params: { id: type.id } });
}

/** Colours no other cabin type uses; on edit the type's own colour stays on offer. */
export function useAvailableColors(cabinTypeId: number | null) {
  return useQuery({
    queryKey: cabinTypeKeys.availableColors(cabinTypeId),
    queryFn: async ({ signal }) =>
      (
        await callApi(cabinTypeEndpoints.colors, {
          query: { available: 1, cabinTypeId: cabinTypeId ?? undefined },
          signal,
        })
      ).data,
  });
}

export function useTreatmentTypes() {
  return useQuery({
    queryKey: cabinTypeKeys.treatmentTypes(),
    queryFn: async ({ signal }) =>
      (await callApi(cabinTypeEndpoints.treatmentTypes, { signal })).data,
    staleTime: 10 * 60_000,
  });
}

/** Every cabin type, for the cabins' filter and form. */
export function useCabinTypeOptions() {
  return useQuery({
    queryKey: cabinTypeKeys.options(),
    queryFn: async ({ signal }) =>
      (await fetchCabinTypePage({ take: 100, field: 'order', order: 'ASC' }, signal)).items,
    staleTime: 5 * 60_000,
  });
}
