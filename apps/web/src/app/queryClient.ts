import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from '../shared/api/client';
import { notifyError } from '../shared/notify';
import { onSessionEnd } from '../shared/session/store';

function shouldRetry(failureCount: number, error: unknown): boolean {
  // A 4xx will answer the same the second time; a dropped connection may not.
  if (isApiError(error) && error.status < 500) return false;
  return failureCount < 2;
}

/** The dashboard's query cache; a failed read shows its catalogue message unless told not to. */
export const queryClient = new QueryClient({
  queryCache: new QueryCache({
    onError: (error, query) => {
      if (query.meta?.silent) return;
      notifyError(error);
    },
  }),
  mutationCache: new MutationCache(),
  defaultOptions: {
    queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});

// Nothing one user saw may be shown to the next one at this computer.
onSessionEnd(() => queryClient.clear());
