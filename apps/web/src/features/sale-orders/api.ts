import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  formatOrderNumber,
  saleOrderRoutes,
  stockRoutes,
  type saleOrderBody,
  type saleOrderRecord,
  type saleOrderUpdateBody,
} from '@clinica/domain';
import { callApi, openFile, type ApiResult } from '../../shared/api/client';
import type { ListPage, ListQueryParams } from '../../shared/list/fetchAll';
import { usePrivileges } from '../../shared/session/hooks';

/** Sale orders to business customers (spec 001 §3–§7; CONTRACT §9): `/sale-order…`. */

export type SaleOrder = z.infer<typeof saleOrderRecord>;
export type SaleOrderLine = SaleOrder['saleOrderProducts'][number];

/** The calls of this screen: the domain's route table, as the API registers it. */
export const saleOrderEndpoints = saleOrderRoutes;

export const saleOrderKeys = {
  all: ['sale-order'] as const,
  detail: (id: number) => ['sale-order', 'detail', id] as const,
  lots: (branchId: number) => ['sale-order', 'lots', branchId] as const,
};

/** 'SO-000042': the folio as the API prints it, or made from the number when it is missing. */
export const folioOf = (order: Pick<SaleOrder, 'folio' | 'orderNumber'>) =>
  order.folio || formatOrderNumber('saleOrder', order.orderNumber);

export const isDeleted = (order: Pick<SaleOrder, 'deleted_at'>) => order.deleted_at !== null;

export async function fetchSaleOrderPage(
  query: ListQueryParams,
  signal?: AbortSignal,
): Promise<ListPage<SaleOrder>> {
  return (await callApi(saleOrderEndpoints.list, { query, signal })).data;
}

export async function fetchSaleOrder(id: number, signal?: AbortSignal): Promise<SaleOrder> {
  return (await callApi(saleOrderEndpoints.get, { params: { id }, signal })).data;
}

export function createSaleOrder(body: z.input<typeof saleOrderBody>) {
  return callApi(saleOrderEndpoints.create, { body });
}

export function updateSaleOrder(id: number, body: z.input<typeof saleOrderUpdateBody>) {
  return callApi(saleOrderEndpoints.update, { params: { id }, body });
}

export function removeSaleOrder(order: SaleOrder): Promise<ApiResult<unknown>> {
  return callApi(saleOrderEndpoints.remove, { params: { id: order.id } });
}

/** The order's PDF, read with the session's token and opened in a new tab (spec 001 §2). */
export function openSaleOrderPdf(order: SaleOrder): Promise<void> {
  return openFile(saleOrderEndpoints.download, {
    params: { id: order.id },
    fileName: `${folioOf(order)}.pdf`,
  });
}

/** The lots with units of the branch the order sells from, to choose each line's lot. */
export function useBranchLots(branchId: number | null) {
  const { canCall } = usePrivileges();
  return useQuery({
    queryKey: saleOrderKeys.lots(branchId ?? 0),
    queryFn: ({ signal }) =>
      callApi(stockRoutes.byBranch, { query: { branchId: branchId! }, signal }).then(
        (answer) => answer.data,
      ),
    enabled: branchId !== null && canCall(stockRoutes.byBranch),
    staleTime: 10_000,
  });
}
