import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { idleSettings, startIdleTimer, type IdleTimer } from '../idle';
import { endSession } from '../../shared/session/store';

// The warning's dialog loads the first time it shows, not with the dashboard's first paint.
const IdleWarning = lazy(async () => ({ default: (await import('./IdleWarning')).IdleWarning }));

/**
 * Watches for inactivity while a session is open (spec 002 §9). On timeout the session state is
 * cleared without a request and the user goes to the PIN screen, which brings them back here.
 */
export function IdleGuard() {
  const navigate = useNavigate();
  const location = useLocation();
  const here = useRef(location.pathname + location.search);
  here.current = location.pathname + location.search;
  const timer = useRef<IdleTimer | null>(null);
  const [deadline, setDeadline] = useState<number | null>(null);
  const [, tick] = useState(0);
  // Mounted from the first warning on, so it closes with its animation.
  const [warned, setWarned] = useState(false);

  useEffect(() => {
    timer.current = startIdleTimer(idleSettings(), {
      onWarn: setDeadline,
      onActive: () => setDeadline(null),
      onIdle: () => {
        setDeadline(null);
        endSession('idle', here.current);
        navigate('/quick-login', { replace: true });
      },
    });
    return () => timer.current?.stop();
  }, [navigate]);

  useEffect(() => {
    if (deadline === null) return;
    const interval = setInterval(() => tick((value) => value + 1), 1000);
    return () => clearInterval(interval);
  }, [deadline]);

  if (deadline !== null && !warned) setWarned(true);
  if (!warned) return null;
  return (
    <Suspense fallback={null}>
      <IdleWarning deadline={deadline} onStay={() => timer.current?.stay()} />
    </Suspense>
  );
}
