import { useCallback, useSyncExternalStore } from 'react';
import {
  allows,
  hasPrivilege,
  type RouteDef,
  type Action,
  type Privileges,
  type Resource,
} from '@clinica/domain';
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
  /** Whether the session may make this call: a screen never calls what it would be refused. */
  const canCall = useCallback(
    (route: Pick<RouteDef, 'access'>) => allows(route.access, session ? privileges : null),
    [privileges, session],
  );
  return { privileges, can, canCall };
}

/** Cerrar Sesión: revokes the refresh token on the server, then forgets the session. */
export async function signOut(): Promise<void> {
  const session = getSession();
  if (session) {
    try {
      const { signOutCall } = await import('./authCalls');
      await signOutCall(session.refreshToken);
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
