import { authRoutes } from '@clinica/domain';
import { callApi } from '../api/client';

/**
 * The session's own calls (renew, sign out, switch branch), loaded when one is first made: the
 * sign-in's schemas are built when their module loads, and a dashboard opened with a stored
 * session needs none of them until its token is due (issue 24: the first screen's main thread).
 */

export const refreshCall = (refreshToken: string) =>
  callApi(authRoutes.refresh, { body: { refreshToken } });

export const signOutCall = (refreshToken: string) =>
  callApi(authRoutes.signOut, { body: { refreshToken } });

export const switchBranchCall = (refreshToken: string, branchId: number) =>
  callApi(authRoutes.switchBranch, { body: { refreshToken, branchId } });
