import { useEffect, useRef, useState } from 'react';
import { WAITLIST_OFFER_STATUS_LABELS } from '@clinica/domain';
import { isApiError } from '../shared/api/client';
import { AppointmentCard } from './AppointmentCard';
import { answerOffer, fetchOffer } from './api';
import { RetryButton } from './ChooseSteps';
import { ErrorBox, PublicLayout, Spinner } from './PublicLayout';
import { instantText, messageOf } from './text';
import { useLoad } from './useLoad';

type Offer = Awaited<ReturnType<typeof fetchOffer>>;

/**
 * `/oferta/{token}` (CONTRACT §15): the slot the waitlist holds for the customer, until when, with
 * Aceptar and Rechazar while the offer is open. An answer after it lapsed, was declined or was
 * cancelled is the API's 409/48, shown with what to do next.
 */
export function OfferPage({ token }: { token: string }) {
  const loaded = useLoad((signal) => fetchOffer(token, signal), [token]);
  const [changed, setChanged] = useState<Offer | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const live = useRef<HTMLDivElement>(null);
  const offer = changed ?? loaded.data;
  useEffect(() => {
    document.title = 'Horario liberado · Clínica Estética';
  }, []);

  async function answer(choice: 'accept' | 'decline') {
    setBusy(true);
    setResult(null);
    try {
      setChanged(await answerOffer(token, choice));
      setResult({
        ok: true,
        text:
          choice === 'accept'
            ? 'Tu cita quedó agendada. Te enviaremos un recordatorio.'
            : 'Gracias por avisarnos: liberamos el horario.',
      });
    } catch (error) {
      setResult({ ok: false, text: messageOf(error) });
    } finally {
      setBusy(false);
      live.current?.focus();
    }
  }

  let body;
  if (loaded.loading) body = <Spinner label="Cargando la oferta…" />;
  else if (!offer)
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
    const open = offer.status === 'open';
    body = (
      <>
        <AppointmentCard appointment={offer} status={WAITLIST_OFFER_STATUS_LABELS[offer.status]} />
        <div ref={live} tabIndex={-1} className="pb-outcome">
          {result?.ok && (
            <p className="pb-alert pb-alert--success" role="status">
              {result.text}
            </p>
          )}
          {result && !result.ok && <ErrorBox message={result.text} />}
        </div>
        {open && (
          <>
            <p className="pb-hint">
              Lo apartamos para ti hasta el {instantText(offer.expiresAt)}; después se ofrece a otra
              persona.
            </p>
            <div className="pb-actions">
              <button
                type="button"
                className="pb-button pb-button--primary"
                disabled={busy}
                onClick={() => void answer('accept')}
              >
                Aceptar
              </button>
              <button
                type="button"
                className="pb-button pb-button--secondary"
                disabled={busy}
                onClick={() => void answer('decline')}
              >
                Rechazar
              </button>
            </div>
          </>
        )}
        {!open && !result?.ok && (
          <p>
            Esta oferta ya no está disponible. <a href="/reservar">Reservar una cita</a>
          </p>
        )}
      </>
    );
  }
  return <PublicLayout title="Se liberó un horario para ti">{body}</PublicLayout>;
}
