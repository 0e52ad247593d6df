import type { z } from 'zod';
import {
  catalogueLookupRoutes,
  treatmentRoutes,
  type areaRecord,
  type consentRecord,
  type treatmentBody,
  type treatmentRecord,
  type treatmentUpdateBody,
} from '@clinica/domain';
import { callApi, uploadFile } from '../../shared/api/client';
import type { ListPage, ListQueryParams } from '../../shared/list/fetchAll';

/** Treatments, their areas and consents (spec 001 §3–§5, §7): `/treatment…`. */

export type Treatment = z.infer<typeof treatmentRecord>;
export type Area = z.infer<typeof areaRecord>;
export type Consent = z.infer<typeof consentRecord>;

/** The calls of this screen: the domain's route table, as the API registers it. */
export const treatmentEndpoints = {
  ...treatmentRoutes,
  areas: catalogueLookupRoutes.areas,
  consents: catalogueLookupRoutes.consents,
};

export const treatmentKeys = {
  all: ['treatment'] as const,
  detail: (id: number) => ['treatment', 'detail', id] as const,
  areas: (treatmentTypeId: number) => ['area', treatmentTypeId] as const,
  consents: ['consent'] as const,
};

export async function fetchTreatmentPage(
  query: ListQueryParams,
  signal?: AbortSignal,
): Promise<ListPage<Treatment>> {
  return (await callApi(treatmentEndpoints.list, { query, signal })).data;
}

export async function fetchTreatment(id: number, signal?: AbortSignal): Promise<Treatment> {
  return (await callApi(treatmentEndpoints.get, { params: { id }, signal })).data;
}

export function createTreatment(body: z.input<typeof treatmentBody>) {
  return callApi(treatmentEndpoints.create, { body });
}

export function updateTreatment(id: number, body: z.input<typeof treatmentUpdateBody>) {
  return callApi(treatmentEndpoints.update, { params: { id }, body });
}

/** The photo travels in its own call once the treatment exists (CONTRACT §2). */
export function uploadTreatmentPhoto(id: number, file: File) {
  return uploadFile(treatmentEndpoints.photo, { params: { id }, file, fileName: file.name });
}

export function removeTreatment(treatment: Treatment) {
  return callApi(treatmentEndpoints.remove, { params: { id: treatment.id } });
}
