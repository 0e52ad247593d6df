import {
  cashOrderRoutes,
  commissionRoutes,
  cosmetologyCommissionRoutes,
  staffRoutes,
  type CosmetologyCommissionLine,
  type CosmetologyCommissionSummary,
  type MedicCommissionRow,
  type MedicCommissionSummary,
} from '@clinica/domain';
import { callApi } from '../../shared/api/client';
import type { ListPage, ListQueryParams } from '../../shared/list/fetchAll';

/**
 * Medical and cosmetology commissions (spec 002 §2, §7; CONTRACT §12 "Commissions"): the totals
 * per person, each person's rows, and the reassignments.
 */

export type MedicTotals = MedicCommissionSummary;
export type MedicRow = MedicCommissionRow;
export type CosmetologyTotals = CosmetologyCommissionSummary;
export type CosmetologyRow = CosmetologyCommissionLine;

export const medicKeys = {
  all: ['commission'] as const,
  rows: (userId: number, query: ListQueryParams) => ['commission', 'user', userId, query] as const,
};
export const cosmetologyKeys = {
  all: ['cash-order-commission'] as const,
  rows: (userId: number, query: ListQueryParams) =>
    ['cash-order-commission', 'user', userId, query] as const,
};

export async function fetchMedicTotals(
  query: ListQueryParams,
  signal?: AbortSignal,
): Promise<ListPage<MedicTotals>> {
  return (await callApi(commissionRoutes.list, { query, signal })).data;
}

export async function fetchMedicRows(
  userId: number,
  query: ListQueryParams,
  signal?: AbortSignal,
): Promise<ListPage<MedicRow>> {
  return (await callApi(commissionRoutes.byUser, { params: { userId }, query, signal })).data;
}

export async function fetchCosmetologyTotals(
  query: ListQueryParams,
  signal?: AbortSignal,
): Promise<ListPage<CosmetologyTotals>> {
  return (await callApi(cosmetologyCommissionRoutes.list, { query, signal })).data;
}

export async function fetchCosmetologyRows(
  userId: number,
  query: ListQueryParams,
  signal?: AbortSignal,
): Promise<ListPage<CosmetologyRow>> {
  return (await callApi(cosmetologyCommissionRoutes.byUser, { params: { userId }, query, signal }))
    .data;
}

/** PATCH /commission/{id}/update-commission-agent. */
export function reassignMedic(id: number, userId: number) {
  return callApi(commissionRoutes.updateAgent, { params: { id }, body: { userId } });
}

/** PATCH /cash-order/{id}/update-seller: the sale and its commission rows move. */
export function reassignSeller(cashOrderId: number, userId: number) {
  return callApi(cashOrderRoutes.updateSeller, { params: { id: cashOrderId }, body: { userId } });
}

/** Who a commission may move to: the branch's medics, or its cosmetologists. */
export async function fetchPayees(
  kind: 'medic' | 'cosmetologist',
  branchId: number,
  signal?: AbortSignal,
) {
  const route = kind === 'medic' ? staffRoutes.doctors : staffRoutes.cosmetologists;
  return (await callApi(route, { query: { branchId }, signal })).data;
}
