import type { z } from 'zod';
import {
  formatOrderNumber,
  purchaseOrderRoutes,
  type purchaseOrderBody,
  type purchaseOrderRecord,
  type purchaseOrderUpdateBody,
} from '@clinica/domain';
import { callApi, openFile, type ApiResult } from '../../shared/api/client';
import type { ListPage, ListQueryParams } from '../../shared/list/fetchAll';

/** Purchase orders (spec 001 §3–§5, §7; CONTRACT §9): `/purchase-order…`. */

export type PurchaseOrder = z.infer<typeof purchaseOrderRecord>;
export type PurchaseOrderLine = PurchaseOrder['purchaseOrderProducts'][number];

/** The calls of this screen: the domain's route table, as the API registers it. */
export const purchaseOrderEndpoints = purchaseOrderRoutes;

export const purchaseOrderKeys = {
  all: ['purchase-order'] as const,
  detail: (id: number) => ['purchase-order', 'detail', id] as const,
};

/** 'OC-000042': the folio as the API prints it, or made from the number when it is missing. */
export const folioOf = (order: Pick<PurchaseOrder, 'folio' | 'orderNumber'>) =>
  order.folio || formatOrderNumber('purchaseOrder', order.orderNumber);

export const isPaid = (order: Pick<PurchaseOrder, 'payStatus'>) => order.payStatus === 'Completado';
export const isDeleted = (order: Pick<PurchaseOrder, 'deleted_at'>) => order.deleted_at !== null;

export async function fetchPurchaseOrderPage(
  query: ListQueryParams,
  signal?: AbortSignal,
): Promise<ListPage<PurchaseOrder>> {
  return (await callApi(purchaseOrderEndpoints.list, { query, signal })).data;
}

export async function fetchPurchaseOrder(id: number, signal?: AbortSignal): Promise<PurchaseOrder> {
  return (await callApi(purchaseOrderEndpoints.get, { params: { id }, signal })).data;
}

export function createPurchaseOrder(body: z.input<typeof purchaseOrderBody>) {
  return callApi(purchaseOrderEndpoints.create, { body });
}

export function updatePurchaseOrder(id: number, body: z.input<typeof purchaseOrderUpdateBody>) {
  return callApi(purchaseOrderEndpoints.update, { params: { id }, body });
}

export function removePurchaseOrder(order: PurchaseOrder): Promise<ApiResult<unknown>> {
  return callApi(purchaseOrderEndpoints.remove, { params: { id: order.id } });
}

/** The order's PDF, read with the session's token and opened in a new tab (spec 001 §2). */
export function openPurchaseOrderPdf(order: PurchaseOrder): Promise<void> {
  return openFile(purchaseOrderEndpoints.download, {
    params: { id: order.id },
    fileName: `${folioOf(order)}.pdf`,
  });
}
