import { roleRoutes } from '@clinica/domain';
import { useQuery } from '@tanstack/react-query';
import { callApi } from './api/client';

/** The resources privileges are granted on (`GET /module`; `alias` is the resource key). */
export function useModules() {
  return useQuery({
    queryKey: ['module'],
    queryFn: ({ signal }) => callApi(roleRoutes.modules, { signal }).then((answer) => answer.data),
    staleTime: 10 * 60_000,
  });
}
