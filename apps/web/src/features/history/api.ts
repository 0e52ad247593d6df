import { auditRoutes } from '@clinica/domain';
import type { AuditEntry } from '@clinica/domain';
import { callApi } from '../../shared/api/client';
import type { ListPage, ListQueryParams } from '../../shared/list/fetchAll';

export const historyKeys = {
  all: ['log'] as const,
  recent: (take: number) => ['log', 'recent', take] as const,
};

export async function fetchAuditPage(
  query: ListQueryParams,
  signal?: AbortSignal,
): Promise<ListPage<AuditEntry>> {
  const answer = await callApi(auditRoutes.list, { query, signal });
  return answer.data;
}
