import { z } from 'zod';
import {
  cabinTypeBody,
  cabinTypeRecord,
  cabinTypeUpdateBody,
  color,
  listOf,
  treatmentType,
} from '@clinica/domain';
import { callApi, endpoint } from '../../shared/api/client';
import type { ListPage, ListQueryParams } from '../../shared/list/fetchAll';

/** Cabin types (spec 000 §7): `/cabain-type…`, the colour collection and treatment types. */

export type CabinType = z.infer<typeof cabinTypeRecord>;
export type Color = z.infer<typeof color>;

export const cabinTypeEndpoints = {
  list: endpoint({ method: 'GET', path: '/cabain-type', answer: listOf(cabinTypeRecord) }),
  get: endpoint({ method: 'GET', path: '/cabain-type/:id', answer: cabinTypeRecord }),
  create: endpoint({
    method: 'POST',
    path: '/cabain-type/create',
    body: cabinTypeBody,
    answer: cabinTypeRecord,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/cabain-type/:id/update',
    body: cabinTypeUpdateBody,
    answer: cabinTypeRecord,
  }),
  remove: endpoint({
    method: 'POST',
    path: '/cabain-type/:id/delete',
    answer: z.object({ id: z.number().int() }),
  }),
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
