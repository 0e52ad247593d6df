import { useQuery } from '@tanstack/react-query';
import { callApi } from './api/client';
import { platform } from './api/endpoints';

/** The resources privileges are granted on (`GET /module`; `alias` is the resource key). */
export function useModules() {
  return useQuery({
    queryKey: ['module'],
    queryFn: ({ signal }) => callApi(platform.modules, { signal }).then((answer) => answer.data),
    staleTime: 10 * 60_000,
  });
}
