import { useQueries, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  assortmentOrderRoutes,
  formatOrderNumber,
  stockRoutes,
  type AssortmentOrderRecord,
  type assortmentApproveBody,
  type assortmentConfirmBody,
  type assortmentOrderBody,
  type assortmentOrderUpdateBody,
} from '@clinica/domain';
import { callApi, openFile, type AnswerOf, type ApiResult } from '../../shared/api/client';
import type { ListPage, ListQueryParams } from '../../shared/list/fetchAll';
import { usePrivileges } from '../../shared/session/hooks';

/** Assortment orders, CEDIS → branch (spec 001 §3–§7; CONTRACT §9): `/assortment-order…`. */

export type AssortmentOrder = AssortmentOrderRecord;
export type AssortmentOrderLine = AssortmentOrder['assortmentOrderProducts'][number];

/** The calls of these screens: the domain's route table, as the API registers it. */
export const assortmentOrderEndpoints = assortmentOrderRoutes;

export const assortmentOrderKeys = {
  all: ['assortment-order'] as const,
  detail: (id: number) => ['assortment-order', 'detail', id] as const,
  products: (branchId: number | null) => ['assortment-order', 'products', branchId] as const,
};

/** 'OR-000042': the folio as the API prints it, or made from the number when it is missing. */
export const folioOf = (order: Pick<AssortmentOrder, 'folio' | 'orderNumber'>) =>
  order.folio || formatOrderNumber('assortmentOrder', order.orderNumber);

export async function fetchAssortmentOrderPage(
  query: ListQueryParams,
  signal?: AbortSignal,
): Promise<ListPage<AssortmentOrder>> {
  return (await callApi(assortmentOrderEndpoints.list, { query, signal })).data;
}

export async function fetchAssortmentOrder(
  id: number,
  signal?: AbortSignal,
): Promise<AssortmentOrder> {
  return (await callApi(assortmentOrderEndpoints.get, { params: { id }, signal })).data;
}

export function createAssortmentOrder(body: z.input<typeof assortmentOrderBody>) {
  return callApi(assortmentOrderEndpoints.create, { body });
}

export function updateAssortmentOrder(id: number, body: z.input<typeof assortmentOrderUpdateBody>) {
  return callApi(assortmentOrderEndpoints.update, { params: { id }, body });
}

export function approveAssortmentOrder(id: number, body: z.input<typeof assortmentApproveBody>) {
  return callApi(assortmentOrderEndpoints.approve, { params: { id }, body });
}

export function confirmAssortmentOrder(id: number, body: z.input<typeof assortmentConfirmBody>) {
  return callApi(assortmentOrderEndpoints.confirm, { params: { id }, body });
}

export function rejectAssortmentOrder(order: Pick<AssortmentOrder, 'id'>) {
  return callApi(assortmentOrderEndpoints.reject, { params: { id: order.id }, body: {} });
}

export function removeAssortmentOrder(order: AssortmentOrder): Promise<ApiResult<unknown>> {
  return callApi(assortmentOrderEndpoints.remove, { params: { id: order.id } });
}

/** The order's PDF, read with the session's token and opened in a new tab (spec 001 §2). */
export function openAssortmentOrderPdf(order: AssortmentOrder): Promise<void> {
  return openFile(assortmentOrderEndpoints.download, {
    params: { id: order.id },
    fileName: `${folioOf(order)}.pdf`,
  });
}

export type ProductChoice = AnswerOf<typeof assortmentOrderRoutes.products>[number];

/**
 * What the branch may order, each product with the branch's max (`null` branch: the user's own,
 * for roles fixed to theirs); a product without a max, or with max 0, has no limit (spec 001 §5).
 */
export function useOrderableProducts(branchId: number | null, enabled = true) {
  const { canCall } = usePrivileges();
  return useQuery({
    queryKey: assortmentOrderKeys.products(branchId),
    queryFn: ({ signal }) =>
      callApi(assortmentOrderEndpoints.products, {
        query: branchId === null ? {} : { branchId },
        signal,
      }).then((answer) => answer.data),
    enabled: canCall(assortmentOrderEndpoints.products) && enabled,
  });
}

export type CentreLot = Awaited<ReturnType<typeof fetchCentreLots>>[number];

function fetchCentreLots(branchId: number, productId: number, signal?: AbortSignal) {
  return callApi(stockRoutes.byBranch, { query: { branchId, productId }, signal }).then(
    (answer) => answer.data,
  );
}

/**
 * The distribution centre's lots with units of each product of an order, soonest expiry first,
 * to choose what to send (approve mode). Read fresh: another approval may just have taken units.
 */
export function useCentreLots(centreId: number | null, productIds: number[], enabled: boolean) {
  const { canCall } = usePrivileges();
  const results = useQueries({
    queries: productIds.map((productId) => ({
      queryKey: ['stock', 'choices', centreId, productId] as const,
      queryFn: ({ signal }: { signal?: AbortSignal }) =>
        fetchCentreLots(centreId ?? 0, productId, signal),
      enabled: enabled && centreId !== null && canCall(stockRoutes.byBranch),
      staleTime: 0,
    })),
  });
  const byProduct = new Map<number, CentreLot[]>();
  productIds.forEach((productId, index) => byProduct.set(productId, results[index]?.data ?? []));
  return { byProduct, loading: results.some((result) => result.isLoading) };
}
