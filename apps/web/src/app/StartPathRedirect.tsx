import { Navigate } from 'react-router';
import { startPathOf, useSession } from '../shared/session/hooks';

export function StartPathRedirect() {
  const session = useSession();
  return <Navigate to={session ? startPathOf(session) : '/'} replace />;
}
