import { homeRoutes, type HomeAnswer } from '@clinica/domain';
import { callApi } from '../../shared/api/client';

/** The home's one read (`GET /report/home`): the chain's overview, or one branch in full. */
export const homeKeys = {
  all: ['home'] as const,
  day: (branchId: number | null) => ['home', 'day', branchId ?? 'chain'] as const,
};

export async function fetchHome(
  branchId: number | null,
  signal?: AbortSignal,
): Promise<HomeAnswer> {
  const answer = await callApi(homeRoutes.get, {
    query: branchId === null ? {} : { branchId },
    signal,
  });
  return answer.data;
}
