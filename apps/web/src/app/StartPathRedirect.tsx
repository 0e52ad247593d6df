import { Navigate } from 'react-router';
import { startPathOf, useSession } from './session/hooks';

export function StartPathRedirect() {
  const session = useSession();
  return <Navigate to={session ? startPathOf(session) : '/'} replace />;
}
