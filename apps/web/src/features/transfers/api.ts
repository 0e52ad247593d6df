import type { z } from 'zod';
import { useQuery } from '@tanstack/react-query';
import {
  formatOrderNumber,
  stockRoutes,
  transferRoutes,
  type flowRejectBody,
  type stockChoice,
  type transferApproveBody,
  type transferBody,
  type transferConfirmBody,
  type TransferRecord,
  type transferUpdateBody,
} from '@clinica/domain';
import { callApi, openFile, type ApiResult } from '../../shared/api/client';
import type { ListPage, ListQueryParams } from '../../shared/list/fetchAll';
import { usePrivileges } from '../../shared/session/hooks';

/** Transfers between branches (spec 001 §3–§7; CONTRACT §9): `/transfer…`. */

export type Transfer = TransferRecord;
export type TransferLine = Transfer['transferProducts'][number];
export type LotChoice = z.infer<typeof stockChoice>;

/** The list's path; the form returns there after a save. */
export const TRANSFERS = '/dashboard/transferencias';

/** The calls of this screen: the domain's route table, as the API registers it. */
export const transferEndpoints = transferRoutes;

/** Every key starts with 'transfer'; the lots chosen from live under 'stock' (the inventory's root). */
export const transferKeys = {
  all: ['transfer'] as const,
  detail: (id: number) => ['transfer', 'detail', id] as const,
  lots: (branchId: number) => ['stock', 'choices', branchId, 'all'] as const,
};

/** 'TR-000042': the folio as the API prints it, or made from the number. */
export const folioOf = (transfer: Pick<Transfer, 'folio' | 'transferNumber'>) =>
  transfer.folio || formatOrderNumber('transfer', transfer.transferNumber);

export const isDeleted = (transfer: Pick<Transfer, 'deleted_at' | 'status'>) =>
  transfer.deleted_at !== null || transfer.status === 'Eliminada';

/** Units sent less units received, over the lines (0 until confirmed). */
export const missingUnits = (transfer: Pick<Transfer, 'transferProducts'>) =>
  transfer.transferProducts.reduce(
    (sum, line) =>
      sum + (line.receivedQuantity === null ? 0 : line.stockedQuantity - line.receivedQuantity),
    0,
  );

export async function fetchTransferPage(
  query: ListQueryParams,
  signal?: AbortSignal,
): Promise<ListPage<Transfer>> {
  return (await callApi(transferEndpoints.list, { query, signal })).data;
}

export async function fetchTransfer(id: number, signal?: AbortSignal): Promise<Transfer> {
  return (await callApi(transferEndpoints.get, { params: { id }, signal })).data;
}

export function createTransfer(body: z.input<typeof transferBody>) {
  return callApi(transferEndpoints.create, { body });
}

export function updateTransfer(id: number, body: z.input<typeof transferUpdateBody>) {
  return callApi(transferEndpoints.update, { params: { id }, body });
}

export function approveTransfer(id: number, body: z.input<typeof transferApproveBody>) {
  return callApi(transferEndpoints.approve, { params: { id }, body });
}

export function confirmTransfer(id: number, body: z.input<typeof transferConfirmBody>) {
  return callApi(transferEndpoints.confirm, { params: { id }, body });
}

export function rejectTransfer(id: number, body: z.input<typeof flowRejectBody>) {
  return callApi(transferEndpoints.reject, { params: { id }, body });
}

export function removeTransfer(transfer: Transfer): Promise<ApiResult<unknown>> {
  return callApi(transferEndpoints.remove, { params: { id: transfer.id } });
}

/** The transfer's PDF, read with the session's token and opened in a new tab (spec 001 §2). */
export function openTransferPdf(transfer: Transfer): Promise<void> {
  return openFile(transferEndpoints.download, {
    params: { id: transfer.id },
    fileName: `${folioOf(transfer)}.pdf`,
  });
}

/**
 * The lots with units of a branch (CONTRACT §9 `get-stock-by-branch-id`), to choose a transfer's
 * lines from and to check what they ask against; a role fixed to its branch reads its own.
 */
export function useBranchLots(branchId: number | null) {
  const { canCall } = usePrivileges();
  return useQuery({
    queryKey: transferKeys.lots(branchId ?? 0),
    queryFn: ({ signal }) =>
      callApi(stockRoutes.byBranch, { query: { branchId: branchId ?? undefined }, signal }).then(
        (answer) => answer.data,
      ),
    enabled: branchId !== null && canCall(stockRoutes.byBranch),
  });
}
