import { useRef, useState, type FormEvent } from 'react';
import { BOOKING_CODE_LENGTH, BOOKING_REQUEST_MINUTES, Conflict, NotFound } from '@clinica/domain';
import { isApiError } from '../shared/api/client';
import type { BookedAppointment, Sent } from './BookingPage';
import { confirmBooking, requestBooking } from './api';
import { ErrorBox, PhoneLink } from './PublicLayout';
import { messageOf } from './text';

const SLOT_REFUSALS = new Set([4, 5, 6, 14, 17]);

type Outcome =
  | { kind: 'error'; message: string; then?: 'newCode' | 'phone' | 'time' }
  | { kind: 'sent'; message: string };

/** What a refusal of the confirm lets the person do next. */
function outcomeOf(error: unknown): Outcome {
  const message = messageOf(error);
  if (!isApiError(error)) return { kind: 'error', message };
  if (error.status === 404 && error.code === NotFound.bookingRequest)
    return { kind: 'error', message, then: 'newCode' };
  if (error.status === 409 && error.code === Conflict.onlineBookingRefused)
    return { kind: 'error', message, then: 'phone' };
  if (error.status === 409 && SLOT_REFUSALS.has(error.code))
    return { kind: 'error', message, then: 'time' };
  return { kind: 'error', message };
}

/**
 * Step 5: the 6-character code mailed to the person. A wrong code (404/21) clears the field and
 * says so; an expired or spent request (404/37) offers a new code; the neutral refusal (409/46)
 * gives the branch's phone; a slot taken meanwhile sends back to the times.
 */
export function CodeStep({
  sent,
  phone,
  onBooked,
  onResent,
  onChangeData,
  onChooseTime,
}: {
  sent: Sent;
  phone: string | null;
  onBooked: (appointment: BookedAppointment) => void;
  onResent: (sent: Sent) => void;
  onChangeData: () => void;
  onChooseTime: () => void;
}) {
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const complete = code.trim().length === BOOKING_CODE_LENGTH;

  async function confirm(event: FormEvent) {
    event.preventDefault();
    if (!complete) {
      setOutcome({ kind: 'error', message: 'El campo Código debe tener 6 caracteres' });
      input.current?.focus();
      return;
    }
    setBusy(true);
    setOutcome(null);
    try {
      onBooked(await confirmBooking(sent.requestId, code));
    } catch (error) {
      setBusy(false);
      setOutcome(outcomeOf(error));
      if (isApiError(error) && error.status === 404 && error.code === NotFound.resetCode) {
        setCode('');
        input.current?.focus();
      }
    }
  }

  async function newCode() {
    setBusy(true);
    setOutcome(null);
    try {
      const answer = await requestBooking(sent.body);
      onResent({ body: sent.body, requestId: answer.requestId, expiresAt: answer.expiresAt });
      setCode('');
      setOutcome({ kind: 'sent', message: `Te enviamos un código nuevo a ${sent.body.email}.` });
      input.current?.focus();
    } catch (error) {
      setOutcome(outcomeOf(error));
    } finally {
      setBusy(false);
    }
  }

  const error = outcome?.kind === 'error' ? outcome : null;
  return (
    <form onSubmit={(event) => void confirm(event)} noValidate className="pb-form">
      <p>
        Enviamos un código de {BOOKING_CODE_LENGTH} caracteres a <strong>{sent.body.email}</strong>.
        Vence en {BOOKING_REQUEST_MINUTES} minutos.
      </p>
      <div className={`pb-field${error ? ' pb-field--error' : ''}`}>
        <label className="pb-label" htmlFor="codigo">
          Código
        </label>
        <input
          ref={input}
          id="codigo"
          name="code"
          className="pb-input pb-input--code"
          value={code}
          autoComplete="one-time-code"
          autoCapitalize="characters"
          spellCheck={false}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? 'codigo-error' : undefined}
          onChange={(event) => setCode(event.target.value.toUpperCase())}
        />
      </div>
      {error && (
        <div id="codigo-error">
          <ErrorBox message={error.message}>
            {error.then === 'newCode' && (
              <button
                type="button"
                className="pb-button pb-button--secondary"
                disabled={busy}
                onClick={() => void newCode()}
              >
                Enviar un código nuevo
              </button>
            )}
            {error.then === 'phone' && (
              <p className="pb-alert__more">
                Teléfono de la sucursal: <PhoneLink phone={phone} />
              </p>
            )}
            {error.then === 'time' && (
              <button
                type="button"
                className="pb-button pb-button--secondary"
                onClick={onChooseTime}
              >
                Elegir otro horario
              </button>
            )}
          </ErrorBox>
        </div>
      )}
      {outcome?.kind === 'sent' && (
        <p className="pb-alert pb-alert--info" role="status">
          {outcome.message}
        </p>
      )}
      <div className="pb-actions">
        <button
          type="submit"
          className="pb-button pb-button--primary"
          disabled={busy}
          aria-busy={busy || undefined}
        >
          {busy ? 'Confirmando…' : 'Confirmar cita'}
        </button>
        {error?.then !== 'newCode' && (
          <button
            type="button"
            className="pb-button pb-button--secondary"
            disabled={busy}
            onClick={() => void newCode()}
          >
            Enviar un código nuevo
          </button>
        )}
        <button type="button" className="pb-button pb-button--link" onClick={onChangeData}>
          Cambiar mis datos
        </button>
      </div>
    </form>
  );
}
