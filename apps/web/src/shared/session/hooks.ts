import { useCallback, useSyncExternalStore } from 'react';
import {
  hasPrivilege,
  type Action,
  type Privileges,
  type Resource,
  authRoutes,
} from '@clinica/domain';
import { callApi } from '../api/client';
import { endSession, getSession, subscribeSession, type Session } from './store';

export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}

/** The signed-in user's privileges; `can` hides what the API would refuse anyway. */
export function usePrivileges() {
  const session = useSession();
  const privileges = (session?.user.privileges ?? {}) as Privileges;
  const can = useCallback(
    (resource: Resource, action: Action) => hasPrivilege(privileges, resource, action),
    [privileges],
  );
  return { privileges, can };
}

/** Cerrar Sesión: revokes the refresh token on the server, then forgets the session. */
export async function signOut(): Promise<void> {
  const session = getSession();
  if (session) {
    try {
      await callApi(authRoutes.signOut, { body: { refreshToken: session.refreshToken } });
    } catch {
      // The session ends here whatever the server says.
    }
  }
  endSession('signout');
}

export function startPathOf(session: Session): string {
  const path = session.user.path.replace(/^\/+/, '').replace(/^dashboard\/?/, '');
  return `/dashboard/${path || 'inicio'}`;
}
