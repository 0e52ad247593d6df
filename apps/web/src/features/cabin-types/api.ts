import type { z } from 'zod';
import {
  cabinTypeRoutes,
  lookupRoutes,
  type color,
  type cabinTypeBody,
  type cabinTypeRecord,
} from '@clinica/domain';
import { callApi } from '../../shared/api/client';
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
  colors: lookupRoutes.colors,
  treatmentTypes: lookupRoutes.treatmentTypes,
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
