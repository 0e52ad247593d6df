import {
  customerRoutes,
  waitlistRoutes,
  type WaitlistBody,
  type WaitlistRecord,
} from '@clinica/domain';
import { callApi } from '../../shared/api/client';
import type { ListPage, ListQueryParams } from '../../shared/list/fetchAll';

/** The waitlist (CONTRACT §15): `/waitlist…` (the customer's offer page is `booking/OfferPage.tsx`). */

export type Entry = WaitlistRecord;

export const waitlistKeys = {
  all: ['waitlist'] as const,
  detail: (id: number) => ['waitlist', 'detail', id] as const,
  customers: (search: string) => ['waitlist', 'customers', search] as const,
  offer: (token: string) => ['waitlist', 'offer', token] as const,
};

export async function fetchEntryPage(
  query: ListQueryParams,
  signal?: AbortSignal,
): Promise<ListPage<Entry>> {
  return (await callApi(waitlistRoutes.list, { query, signal })).data;
}

export async function fetchEntry(id: number, signal?: AbortSignal) {
  return (await callApi(waitlistRoutes.get, { params: { id }, signal })).data;
}

export function createEntry(body: WaitlistBody) {
  return callApi(waitlistRoutes.create, { body });
}

export function cancelEntry(entry: Entry) {
  return callApi(waitlistRoutes.cancel, { params: { id: entry.id } });
}

export function acceptOffer(entry: Entry) {
  return callApi(waitlistRoutes.accept, { params: { id: entry.id } });
}

/** Customers to put on the list: active, not blacklisted, searched as the user types. */
export async function searchCustomers(search: string, signal?: AbortSignal) {
  const query = { blackList: '0', take: 20, search, status: 1 };
  return (await callApi(customerRoutes.list, { query, signal })).data.items;
}
