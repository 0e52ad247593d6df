import { Button, Modal } from 'antd';
import { signOut } from '../../shared/session/hooks';

function secondsLeft(deadline: number): number {
  return Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
}

/** The inactivity warning (spec 002 §9), open while `deadline` is set. */
export function IdleWarning({ deadline, onStay }: { deadline: number | null; onStay: () => void }) {
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
        <Button key="stay" type="primary" autoFocus onClick={onStay}>
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
