import { useEffect, useRef, useState } from 'react';
import { APPOINTMENT_STATUS_LABELS, Conflict, type AppointmentStatus } from '@clinica/domain';
import { isApiError } from '../shared/api/client';
import { AppointmentCard } from './AppointmentCard';
import { cancelLinked, confirmLinked, fetchLinked } from './api';
import { RetryButton } from './ChooseSteps';
import { ErrorBox, PhoneLink, PublicLayout, Spinner } from './PublicLayout';
import { instantText, messageOf } from './text';
import { useLoad } from './useLoad';

type Linked = Awaited<ReturnType<typeof fetchLinked>>;

const statusText = (linked: Linked) =>
  linked.status === 'scheduled' && linked.confirmMethod === 'si'
    ? 'Confirmada'
    : (APPOINTMENT_STATUS_LABELS[linked.status as AppointmentStatus] ?? linked.status);

/**
 * `/cita/{token}` (CONTRACT §15): the appointment of the customer's link, with Confirmar and
 * Cancelar while it is scheduled. Cancelling asks once more; within CUSTOMER_CANCEL_HOURS the
 * API refuses (409/47) and the page shows its message with the branch's phone.
 */
export function LinkPage({ token }: { token: string }) {
  const loaded = useLoad((signal) => fetchLinked(token, signal), [token]);
  const [changed, setChanged] = useState<Linked | null>(null);
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string; tooLate?: boolean } | null>(
    null,
  );
  const live = useRef<HTMLDivElement>(null);
  const linked = changed ?? loaded.data;
  useEffect(() => {
    document.title = 'Tu cita · Clínica Estética';
  }, []);

  async function act(kind: 'confirm' | 'cancel') {
    setBusy(true);
    setResult(null);
    try {
      const next = kind === 'confirm' ? await confirmLinked(token) : await cancelLinked(token);
      setChanged(next);
      setResult({
        ok: true,
        text:
          kind === 'confirm' ? 'Gracias: tu cita quedó confirmada.' : 'Tu cita quedó cancelada.',
      });
    } catch (error) {
      setResult({
        ok: false,
        text: messageOf(error),
        tooLate:
          isApiError(error) &&
          error.status === 409 &&
          error.code === Conflict.customerCancelTooLate,
      });
    } finally {
      setBusy(false);
      setAsking(false);
      live.current?.focus();
    }
  }

  let body;
  if (loaded.loading) body = <Spinner label="Cargando tu cita…" />;
  else if (!linked)
    body = (
      <ErrorBox message={messageOf(loaded.error)}>
        {isApiError(loaded.error) && loaded.error.status === 404 ? (
          <p className="pb-alert__more">
            Revisa que el enlace esté completo. <a href="/reservar">Reservar una cita</a>
          </p>
        ) : (
          <RetryButton onClick={loaded.reload} />
        )}
      </ErrorBox>
    );
  else {
    const open = linked.status === 'scheduled';
    const confirmed = linked.confirmMethod === 'si';
    body = (
      <>
        <AppointmentCard appointment={linked} status={statusText(linked)} />
        <div ref={live} tabIndex={-1} className="pb-outcome">
          {result && result.ok && (
            <p className="pb-alert pb-alert--success" role="status">
              {result.text}
            </p>
          )}
          {result && !result.ok && (
            <ErrorBox message={result.text}>
              {result.tooLate && (
                <p className="pb-alert__more">
                  Teléfono de la sucursal: <PhoneLink phone={linked.branch.phone} />
                </p>
              )}
            </ErrorBox>
          )}
        </div>
        {open && (
          <p className="pb-hint">
            Puedes cancelar desde aquí hasta el {instantText(linked.cancelUntil)}; después, llama a
            la sucursal.
          </p>
        )}
        {open && !asking && (
          <div className="pb-actions">
            {!confirmed && (
              <button
                type="button"
                className="pb-button pb-button--primary"
                disabled={busy}
                onClick={() => void act('confirm')}
              >
                Confirmar
              </button>
            )}
            <button
              type="button"
              className="pb-button pb-button--danger"
              disabled={busy}
              onClick={() => setAsking(true)}
            >
              Cancelar cita
            </button>
          </div>
        )}
        {open && asking && (
          <div className="pb-confirm" role="group" aria-labelledby="pregunta-cancelar">
            <p id="pregunta-cancelar">¿Seguro que quieres cancelar tu cita?</p>
            <div className="pb-actions">
              <button
                type="button"
                className="pb-button pb-button--danger"
                disabled={busy}
                autoFocus
                onClick={() => void act('cancel')}
              >
                Sí, cancelar
              </button>
              <button
                type="button"
                className="pb-button pb-button--secondary"
                disabled={busy}
                onClick={() => setAsking(false)}
              >
                No, conservarla
              </button>
            </div>
          </div>
        )}
        {!open && (
          <p>
            <a href="/reservar">Reservar otra cita</a>
          </p>
        )}
      </>
    );
  }
  return <PublicLayout title="Tu cita">{body}</PublicLayout>;
}
