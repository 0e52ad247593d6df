import type { z } from 'zod';
import {
  customerRoutes,
  noteRoutes,
  type customerRecord,
  type customerUpdateBody,
  type noteBody,
  type noteRecord,
} from '@clinica/domain';
import { callApi, uploadFile } from '../../shared/api/client';
import type { ListPage, ListQueryParams } from '../../shared/list/fetchAll';

/** Customers and their notes (spec 002 §2–§7, CONTRACT §10): `/customer…`, `/note…`. */

export type Customer = z.infer<typeof customerRecord>;
export type Note = z.infer<typeof noteRecord>;

export const customerKeys = {
  all: ['customer'] as const,
  detail: (id: number) => ['customer', 'detail', id] as const,
  tutors: (search: string) => ['customer', 'tutors', search] as const,
  notes: (id: number, page: number) => ['customer', 'notes', id, page] as const,
  orders: (id: number) => ['customer', 'orders', id] as const,
  purchased: (id: number) => ['customer', 'purchased', id] as const,
  appointments: (id: number) => ['customer', 'appointments', id] as const,
};

export async function fetchCustomerPage(
  query: ListQueryParams,
  signal?: AbortSignal,
): Promise<ListPage<Customer>> {
  return (await callApi(customerRoutes.list, { query, signal })).data;
}

export async function fetchCustomer(id: number, signal?: AbortSignal): Promise<Customer> {
  return (await callApi(customerRoutes.detail, { params: { id }, query: {}, signal })).data;
}

/** The tutor picker: adults flagged as tutors and not blacklisted (spec 002 §5). */
export async function fetchTutors(search: string, signal?: AbortSignal): Promise<Customer[]> {
  const query = { isTutor: '1', blackList: '0', adult: '1', take: 30, search };
  return (await callApi(customerRoutes.list, { query, signal })).data.items;
}

export function saveCustomer(body: z.output<typeof customerUpdateBody>, id: number | null) {
  return id === null
    ? callApi(customerRoutes.create, { body: body as never })
    : callApi(customerRoutes.update, { params: { id }, body });
}

export function removeCustomer(customer: Customer) {
  return callApi(customerRoutes.remove, { params: { id: customer.id } });
}

export function clearCancellations(customer: Customer) {
  return callApi(customerRoutes.clearCancellations, { params: { id: customer.id } });
}

/** The customer with the treatments they hold (the Productos adquiridos tab). */
export async function fetchPurchasedProducts(id: number, signal?: AbortSignal) {
  const answer = await callApi(customerRoutes.detail, {
    params: { id },
    query: { purchasedProducts: 'true' },
    signal,
  });
  return answer.data.purchasedProducts ?? [];
}

export async function fetchOrders(id: number, signal?: AbortSignal) {
  return (await callApi(customerRoutes.orders, { params: { id }, signal })).data;
}

export async function fetchAppointments(id: number, signal?: AbortSignal) {
  return (await callApi(customerRoutes.appointments, { params: { id }, signal })).data;
}

export async function fetchNotes(id: number, page: number, signal?: AbortSignal) {
  return (await callApi(noteRoutes.list, { query: { customerId: id, page, take: 5 }, signal }))
    .data;
}

export async function createNote(body: z.output<typeof noteBody>, photo: File | null) {
  const note = (await callApi(noteRoutes.create, { body })).data;
  if (photo)
    await uploadFile(noteRoutes.photo, {
      params: { id: note.id },
      file: photo,
      fileName: photo.name,
    });
  return note;
}

export const notePhotoUrl = (name: string) => `/v1/note/photo/${name}`;
