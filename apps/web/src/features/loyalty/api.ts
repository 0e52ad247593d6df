import {
  loyaltyRoutes,
  type LoyaltyCustomerRecord,
  type LoyaltyLevelRecord,
} from '@clinica/domain';
import { callApi } from '../../shared/api/client';
import type { ListPage, ListQueryParams } from '../../shared/list/fetchAll';

/** Loyalty (CONTRACT §10): the levels and the three lists of customers. */

export type LoyaltyCustomer = LoyaltyCustomerRecord;
export type LoyaltyLevel = LoyaltyLevelRecord;

export const loyaltyKeys = {
  all: ['loyalty'] as const,
  levels: ['loyalty', 'levels'] as const,
  /** The list of each screen; a threshold change refreshes them all (they share the root). */
  system: 'loyalty-system',
  members: 'loyalty-members',
  missYou: 'loyalty-miss-you',
};

type ListRoute = typeof loyaltyRoutes.system;

const pageOf =
  (route: ListRoute) =>
  async (query: ListQueryParams, signal?: AbortSignal): Promise<ListPage<LoyaltyCustomer>> =>
    (await callApi(route, { query, signal })).data;

export const fetchLoyaltySystemPage = pageOf(loyaltyRoutes.system);
export const fetchMembersPage = pageOf(loyaltyRoutes.members);
export const fetchMissYouPage = pageOf(loyaltyRoutes.missYou);

export async function fetchLevels(signal?: AbortSignal): Promise<LoyaltyLevel[]> {
  return (await callApi(loyaltyRoutes.levels, { signal })).data;
}

export function updateLevel(id: number, minimum: number) {
  return callApi(loyaltyRoutes.updateLevel, { params: { id }, body: { minimum } });
}
