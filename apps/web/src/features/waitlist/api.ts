import {
  customerRoutes,
  waitlistRoutes,
  type PublicWaitlistOffer,
  type WaitlistBody,
  type WaitlistRecord,
} from '@clinica/domain';
import { callApi } from '../../shared/api/client';
import type { ListPage, ListQueryParams } from '../../shared/list/fetchAll';

/** The waitlist (CONTRACT §15): `/waitlist…`, and the customer's offer link. */

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

export async function fetchPublicOffer(token: string, signal?: AbortSignal) {
  return (await callApi(waitlistRoutes.publicOffer, { params: { token }, signal })).data;
}

export async function answerPublicOffer(
  token: string,
  answer: 'accept' | 'decline',
): Promise<PublicWaitlistOffer> {
  const route = answer === 'accept' ? waitlistRoutes.publicAccept : waitlistRoutes.publicDecline;
  return (await callApi(route, { params: { token } })).data;
}
