import { lookupRoutes } from '@clinica/domain';
import { useEffect, useState } from 'react';
import type { z } from 'zod';
import type { branchOption } from '@clinica/domain';
import { callApi } from '../../shared/api/client';

type BranchOption = z.infer<typeof branchOption>;

/**
 * The sign-in screen's branch list (`GET /branch/all`, public). A plain effect rather than the
 * dashboard's query cache, which the sign-in screen does not load.
 */
export function useBranches() {
  const [branches, setBranches] = useState<BranchOption[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    callApi(lookupRoutes.branches, { signal: controller.signal })
      .then((answer) => setBranches(answer.data))
      .catch(() => {
        if (!controller.signal.aborted) setFailed(true);
      });
    return () => controller.abort();
  }, []);
  return { branches: branches ?? [], loading: branches === null && !failed, failed };
}
