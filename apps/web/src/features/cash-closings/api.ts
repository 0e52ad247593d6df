import type { z } from 'zod';
import {
  cashClosingRoutes,
  type closingBody,
  type ClosingDetail,
  type ClosingPreview,
  type ClosingRecord,
} from '@clinica/domain';
import { callApi, openFile } from '../../shared/api/client';
import type { ListPage, ListQueryParams } from '../../shared/list/fetchAll';

/** Daily cash closings (spec 002 §2, §3; CONTRACT §12 "Daily cash closing"). */

export type { ClosingDetail, ClosingPreview, ClosingRecord };
export type ClosingBody = z.input<typeof closingBody>;

export const closingKeys = {
  all: ['daily-cash-closing'] as const,
  detail: (id: number, page: number, take: number) =>
    ['daily-cash-closing', 'detail', id, page, take] as const,
  preview: (branchId: number | null, date: string, page: number, take: number) =>
    ['daily-cash-closing', 'preview', branchId, date, page, take] as const,
};

export async function fetchClosingPage(
  query: ListQueryParams,
  signal?: AbortSignal,
): Promise<ListPage<ClosingRecord>> {
  return (await callApi(cashClosingRoutes.list, { query, signal })).data;
}

/** The same records with the cash orders' figures (`/daily-cash-closing-cash`). */
export async function fetchProductClosingPage(
  query: ListQueryParams,
  signal?: AbortSignal,
): Promise<ListPage<ClosingRecord>> {
  return (await callApi(cashClosingRoutes.listCash, { query, signal })).data;
}

export async function fetchClosing(
  id: number,
  paging: { page: number; take: number },
  signal?: AbortSignal,
) {
  return (await callApi(cashClosingRoutes.get, { params: { id }, query: paging, signal })).data;
}

export async function fetchPreview(
  query: { branchId: number; date: string; page: number; take: number },
  signal?: AbortSignal,
) {
  return (await callApi(cashClosingRoutes.preview, { query, signal })).data;
}

export function createClosing(body: ClosingBody) {
  return callApi(cashClosingRoutes.create, { body });
}

/** The closing's PDF, in a new tab. */
export function openClosingPdf(record: Pick<ClosingRecord, 'id' | 'folio'>): Promise<void> {
  return openFile(cashClosingRoutes.download, {
    params: { id: record.id },
    fileName: `corte-${record.folio}.pdf`,
  });
}
