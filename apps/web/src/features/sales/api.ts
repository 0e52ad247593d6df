import type { z } from 'zod';
import {
  customerRoutes,
  orderRoutes,
  packageRoutes,
  treatmentRoutes,
  type orderBody,
  type OrderRecord,
  type OrderSummary,
} from '@clinica/domain';
import { callApi } from '../../shared/api/client';
import type { ListPage, ListQueryParams } from '../../shared/list/fetchAll';

/** Orders of treatments, packages and promotions (spec 002 §2, §7; CONTRACT §12). */

export type Order = OrderSummary;
export type { OrderRecord };
export type OrderBody = z.input<typeof orderBody>;

export { CHANNELS, type Channel } from './channels';

export const orderKeys = {
  all: ['order'] as const,
  detail: (id: number) => ['order', 'detail', id] as const,
  quote: (body: unknown) => ['order', 'quote', body] as const,
};

/** A page of `GET /order`; each list fixes its `saleType` (its own kept state too). */
export async function fetchOrderPage(
  query: ListQueryParams,
  signal?: AbortSignal,
): Promise<ListPage<Order>> {
  return (await callApi(orderRoutes.list, { query, signal })).data;
}

export async function fetchOrder(id: number, signal?: AbortSignal): Promise<OrderRecord> {
  return (await callApi(orderRoutes.get, { params: { id }, signal })).data;
}

export async function quoteOrder(body: OrderBody, signal?: AbortSignal) {
  return (await callApi(orderRoutes.quote, { body, signal })).data;
}

export function createOrder(body: OrderBody) {
  return callApi(orderRoutes.create, { body });
}

/** Customers as one types (name, mobile, e-mail, number), active and not blacklisted first. */
export async function searchCustomers(text: string, signal?: AbortSignal) {
  const query = {
    take: 10,
    field: 'name',
    order: 'ASC',
    ...(text.trim() ? { search: { value: text.trim() } } : {}),
  };
  return (await callApi(customerRoutes.list, { query, signal })).data.items;
}

export async function fetchCustomer(id: number, signal?: AbortSignal) {
  return (await callApi(customerRoutes.get, { params: { id }, signal })).data;
}

export function createCustomer(body: z.input<(typeof customerRoutes.create)['body']>) {
  return callApi(customerRoutes.create, { body });
}

/** Active treatments, at their catalogue price. */
export async function fetchTreatments(signal?: AbortSignal) {
  return (
    await callApi(treatmentRoutes.list, {
      query: { status: 1, take: 100, field: 'name', order: 'ASC' },
      signal,
    })
  ).data.items;
}

/** Packages and promotions on sale now at the branch (`onSale`, CONTRACT §11). */
export async function fetchOffersOnSale(branchId: number, signal?: AbortSignal) {
  return (
    await callApi(packageRoutes.list, {
      query: { onSale: 'true', branchId, take: 100, field: 'name', order: 'ASC' },
      signal,
    })
  ).data.items;
}
