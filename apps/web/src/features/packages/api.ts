import type { z } from 'zod';
import {
  packageRoutes,
  type OfferType,
  type offerBody,
  type offerRecord,
  type offerUpdateBody,
} from '@clinica/domain';
import { API_BASE, callApi, uploadFile } from '../../shared/api/client';
import type { ListPage, ListQueryParams } from '../../shared/list/fetchAll';

/** Packages and promotions (spec 002 §3–§7): `/package…`, told apart by `type`. */

export type Offer = z.infer<typeof offerRecord>;

export const offerKeys = {
  all: ['package'] as const,
  detail: (id: number) => ['package', 'detail', id] as const,
};

/** Where each type lives in the dashboard, and its words. */
export const OFFER_SCREENS = {
  Package: {
    path: '/dashboard/paquetes',
    resource: 'packages',
    one: 'Paquete',
    many: 'Paquetes',
    newTitle: 'Nuevo paquete',
    exportName: 'paquetes',
  },
  Promotion: {
    path: '/dashboard/promociones',
    resource: 'promotions',
    one: 'Promoción',
    many: 'Promociones',
    newTitle: 'Nueva promoción',
    exportName: 'promociones',
  },
} as const satisfies Record<OfferType, unknown>;

export const fetchOfferPage =
  (type: OfferType) =>
  async (query: ListQueryParams, signal?: AbortSignal): Promise<ListPage<Offer>> =>
    (await callApi(packageRoutes.list, { query: { ...query, type }, signal })).data;

export async function fetchOffer(id: number, signal?: AbortSignal): Promise<Offer> {
  return (await callApi(packageRoutes.get, { params: { id }, signal })).data;
}

export function createOffer(body: z.input<typeof offerBody>) {
  return callApi(packageRoutes.create, { body });
}

export function updateOffer(id: number, body: z.input<typeof offerUpdateBody>) {
  return callApi(packageRoutes.update, { params: { id }, body });
}

/** The photo travels in its own call once the offer exists (CONTRACT §2). */
export function uploadOfferPhoto(id: number, file: File) {
  return uploadFile(packageRoutes.photo, { params: { id }, file, fileName: file.name });
}

export function removeOffer(offer: Offer) {
  return callApi(packageRoutes.remove, { params: { id: offer.id } });
}

export function offerThumbnailUrl(name: string): string {
  return `${API_BASE}/package/thumbnail/${encodeURIComponent(name)}`;
}
