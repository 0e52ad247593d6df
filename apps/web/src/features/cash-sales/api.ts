import type { z } from 'zod';
import {
  cashOrderRoutes,
  customerRoutes,
  staffRoutes,
  type cashOrderBody,
  type CashOrderRecord,
  type CashOrderSummary,
} from '@clinica/domain';
import { callApi } from '../../shared/api/client';
import type { ListPage, ListQueryParams } from '../../shared/list/fetchAll';

/** Cash orders: products sold at the counter (spec 002 §2, §7; CONTRACT §12 "Cash orders"). */

export type CashOrder = CashOrderSummary;
export type { CashOrderRecord };
export type CashOrderBody = z.input<typeof cashOrderBody>;

export const cashOrderKeys = {
  all: ['cash-order'] as const,
  detail: (id: number) => ['cash-order', 'detail', id] as const,
  lots: (branchId: number | null) => ['cash-order', 'lots', branchId] as const,
  quote: (body: unknown) => ['cash-order', 'quote', body] as const,
};

export async function fetchCashOrderPage(
  query: ListQueryParams,
  signal?: AbortSignal,
): Promise<ListPage<CashOrder>> {
  return (await callApi(cashOrderRoutes.list, { query, signal })).data;
}

export async function fetchCashOrder(id: number, signal?: AbortSignal) {
  return (await callApi(cashOrderRoutes.get, { params: { id }, signal })).data;
}

/** The branch's lots with units of products sold to customers, soonest expiry first. */
export async function fetchLots(branchId: number, signal?: AbortSignal) {
  return (await callApi(cashOrderRoutes.lots, { query: { branchId }, signal })).data;
}

export async function quoteCashOrder(body: CashOrderBody, signal?: AbortSignal) {
  return (await callApi(cashOrderRoutes.quote, { body, signal })).data;
}

export function createCashOrder(body: CashOrderBody) {
  return callApi(cashOrderRoutes.create, { body });
}

/** The branch's active cosmetologists and medics: who may be named the seller. */
export async function fetchSellers(branchId: number, signal?: AbortSignal) {
  const [doctors, cosmetologists] = await Promise.all([
    callApi(staffRoutes.doctors, { query: { branchId }, signal }),
    callApi(staffRoutes.cosmetologists, { query: { branchId }, signal }),
  ]);
  return [...cosmetologists.data, ...doctors.data];
}

/** Customers as one types (name, mobile, e-mail, number). */
export async function searchCustomers(text: string, signal?: AbortSignal) {
  const query = {
    take: 10,
    field: 'name',
    order: 'ASC',
    ...(text.trim() ? { search: { value: text.trim() } } : {}),
  };
  return (await callApi(customerRoutes.list, { query, signal })).data.items;
}
