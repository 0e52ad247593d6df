import type { z } from 'zod';
import {
  cabinRoutes,
  type cabinBody,
  type cabinRecord,
  type cabinUpdateBody,
} from '@clinica/domain';
import { callApi } from '../../shared/api/client';
import type { ListPage, ListQueryParams } from '../../shared/list/fetchAll';

/** Cabins, the treatment rooms (spec 000 §7): `/cabain…`. */

export type Cabin = z.infer<typeof cabinRecord>;

/** The calls of this screen: the domain's route table, as the API registers it. */
export const cabinEndpoints = cabinRoutes;

export const cabinKeys = {
  all: ['cabain'] as const,
  detail: (id: number) => ['cabain', 'detail', id] as const,
};

export async function fetchCabinPage(
  query: ListQueryParams,
  signal?: AbortSignal,
): Promise<ListPage<Cabin>> {
  return (await callApi(cabinEndpoints.list, { query, signal })).data;
}

export async function fetchCabin(id: number, signal?: AbortSignal): Promise<Cabin> {
  return (await callApi(cabinEndpoints.get, { params: { id }, signal })).data;
}

/** Creates (id null) with the create's body, or updates with the update's, status included. */
export function saveCabin(
  body: z.output<typeof cabinBody> | z.output<typeof cabinUpdateBody>,
  id: number | null,
) {
  return id === null
    ? callApi(cabinEndpoints.create, { body: body as z.output<typeof cabinBody> })
    : callApi(cabinEndpoints.update, { params: { id }, body });
}

export function removeCabin(cabin: Cabin) {
  return callApi(cabinEndpoints.remove, { params: { id: cabin.id } });
}
