import type { z } from 'zod';
import {
  customerRoutes,
  orderRoutes,
  packageRoutes,
  staffRoutes,
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

/** How many treatments the point of sale asks for at a time: the picker searches the rest. */
export const TREATMENTS_PER_SEARCH = 50;

/**
 * Active treatments at their catalogue price, by name: those whose name, price or SKU holds the
 * text typed (a chain has hundreds, so the picker asks the server as one types).
 */
export async function searchTreatments(text: string, signal?: AbortSignal) {
  const query = {
    status: 1,
    take: TREATMENTS_PER_SEARCH,
    field: 'name',
    order: 'ASC',
    ...(text.trim() ? { search: { value: text.trim() } } : {}),
  };
  return (await callApi(treatmentRoutes.list, { query, signal })).data.items;
}

/**
 * Who may be named the seller of a sale at the branch: its active medics and cosmetologists
 * (`GET /user/doctors/`, `/user/cosmetologists/`, the staff that sell treatments).
 */
export async function fetchSellers(branchId: number, signal?: AbortSignal) {
  const [doctors, cosmetologists] = await Promise.all([
    callApi(staffRoutes.doctors, { query: { branchId }, signal }),
    callApi(staffRoutes.cosmetologists, { query: { branchId }, signal }),
  ]);
  return { doctors: doctors.data, cosmetologists: cosmetologists.data };
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
