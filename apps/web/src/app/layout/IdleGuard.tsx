import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Button, Modal } from 'antd';
import { idleSettings, startIdleTimer, type IdleTimer } from '../idle';
import { endSession } from '../../shared/session/store';
import { signOut } from '../../shared/session/hooks';

function secondsLeft(deadline: number): number {
  return Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
}

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

  return (
    <Modal
      open={deadline !== null}
      title="¿Sigues ahí?"
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      footer={[
        <Button key="signout" onClick={() => void signOut()}>
          Cerrar sesión
        </Button>,
        <Button key="stay" type="primary" autoFocus onClick={() => timer.current?.stay()}>
          Seguir conectado
        </Button>,
      ]}
    >
      <p role="timer" aria-live="polite">
        Por seguridad, tu sesión se cerrará por inactividad en{' '}
        <strong>{deadline === null ? 0 : secondsLeft(deadline)} segundos</strong>. Podrás volver con
        tu PIN.
      </p>
    </Modal>
  );
}
