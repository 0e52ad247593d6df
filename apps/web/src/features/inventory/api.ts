import type { z } from 'zod';
import { useQuery } from '@tanstack/react-query';
import {
  stockRoutes,
  type adjustmentBody,
  type maxMinBody,
  type maxMinUpdateBody,
  type stockDetail,
  type stockReportRow,
  type StockRow,
} from '@clinica/domain';
import { callApi } from '../../shared/api/client';
import type { ListPage, ListQueryParams } from '../../shared/list/fetchAll';
import { usePrivileges } from '../../shared/session/hooks';

/** The inventory's calls (CONTRACT §9), each a route of the domain's route table. */

export type { StockRow };
export type StockDetail = z.infer<typeof stockDetail>;
export type StockReportRow = z.infer<typeof stockReportRow>;

/** Every key starts with 'stock': a change invalidates the list, the details and the report. */
export const stockKeys = {
  all: ['stock'] as const,
  detail: (branchId: number, productId: number) =>
    ['stock', 'detail', branchId, productId] as const,
  choices: (branchId: number, productId: number) =>
    ['stock', 'choices', branchId, productId] as const,
  report: (branchId: number | null) => ['stock', 'report', branchId ?? 'own'] as const,
  trace: (stockId: number) => ['stock', 'trace', stockId] as const,
};

export async function fetchStockPage(
  query: ListQueryParams,
  signal?: AbortSignal,
): Promise<ListPage<StockRow>> {
  return (await callApi(stockRoutes.list, { query, signal })).data;
}

/** The lots of a product in a branch, with days left and colour, and its recent movements. */
export function useStockDetail(branchId: number, productId: number) {
  const { canCall } = usePrivileges();
  return useQuery({
    queryKey: stockKeys.detail(branchId, productId),
    queryFn: ({ signal }) =>
      callApi(stockRoutes.detail, { params: { branchId, productId }, signal }).then(
        (answer) => answer.data,
      ),
    enabled: canCall(stockRoutes.detail),
  });
}

/** A lot followed through the chain: its rows per branch, its movements, the customers it served. */
export function useStockTrace(stockId: number | null) {
  return useQuery({
    queryKey: stockKeys.trace(stockId ?? 0),
    queryFn: ({ signal }) =>
      callApi(stockRoutes.trace, { params: { stockId: stockId! }, signal }).then(
        (answer) => answer.data,
      ),
    enabled: stockId !== null,
  });
}

/** The product's lots with units in the branch, to drop from or add to one of them. */
export function useLotChoices(branchId: number, productId: number) {
  const { canCall } = usePrivileges();
  return useQuery({
    queryKey: stockKeys.choices(branchId, productId),
    queryFn: ({ signal }) =>
      callApi(stockRoutes.byBranch, { query: { branchId, productId }, signal }).then(
        (answer) => answer.data,
      ),
    enabled: canCall(stockRoutes.byBranch),
  });
}

/** The stock-by-branch report; `null` is the user's own branch (roles fixed to theirs). */
export function useStockReport(branchId: number | null, enabled = true) {
  const { canCall } = usePrivileges();
  return useQuery({
    queryKey: stockKeys.report(branchId),
    queryFn: ({ signal }) =>
      callApi(stockRoutes.report, {
        query: branchId === null ? {} : { branchId },
        signal,
      }).then((answer) => answer.data),
    enabled: canCall(stockRoutes.report) && enabled,
  });
}

export function adjustStock(body: z.input<typeof adjustmentBody>) {
  return callApi(stockRoutes.adjustment, { body });
}

export function createMaxMin(body: z.input<typeof maxMinBody>) {
  return callApi(stockRoutes.createMaxMin, { body });
}

export function updateMaxMin(mmId: number, body: z.input<typeof maxMinUpdateBody>) {
  return callApi(stockRoutes.updateMaxMin, { params: { mmId }, body });
}
