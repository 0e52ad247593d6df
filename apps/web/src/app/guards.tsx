import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { startPathOf, useSession } from '../shared/session/hooks';
import { getQuickLoginTicket, lastSessionEnd } from '../shared/session/store';

/** Public screens: a signed-in user goes to their start path (spec 000 §2). */
export function PublicOnly({ children }: { children?: ReactNode }) {
  const session = useSession();
  if (session) return <Navigate to={startPathOf(session)} replace />;
  return children ?? <Outlet />;
}

/**
 * `/dashboard/*` needs a session. Without one the user goes to `/` (spec 000 §2), or to the PIN
 * screen when the session ended by an idle timeout (possibly in another tab) and its refresh
 * token can still be valid; after that the PIN could not bring it back.
 */
export function RequireSession() {
  const session = useSession();
  const location = useLocation();
  if (!session) {
    const resumable = lastSessionEnd() === 'idle' && getQuickLoginTicket() !== null;
    // The PIN brings the user back to this page (the idle timeout may have come from another tab,
    // which saved its own page in the ticket).
    return resumable ? (
      <Navigate
        to="/quick-login"
        replace
        state={{ returnTo: location.pathname + location.search }}
      />
    ) : (
      <Navigate to="/" replace />
    );
  }
  return <Outlet />;
}
