import type { ReactNode } from 'react';
import type { Branch, Treatment } from './BookingPage';
import { fetchBranches, fetchTreatments } from './api';
import { ErrorBox, PhoneLink, Spinner } from './PublicLayout';
import { durationText, formatMoney, messageOf } from './text';
import { useLoad } from './useLoad';

/** Step 1: the clinics (never the distribution centre), each a large button. */
export function BranchStep({
  selected,
  onPick,
}: {
  selected: Branch | null;
  onPick: (branch: Branch) => void;
}) {
  const branches = useLoad((signal) => fetchBranches(signal), []);
  if (branches.loading) return <Spinner label="Cargando sucursales…" />;
  if (branches.error)
    return (
      <ErrorBox message={messageOf(branches.error)}>
        <RetryButton onClick={branches.reload} />
      </ErrorBox>
    );
  const list = branches.data ?? [];
  if (list.length === 0) return <p>Por ahora no hay sucursales con reserva en línea.</p>;
  return (
    <ul className="pb-choices">
      {list.map((branch) => (
        <li key={branch.id}>
          <button
            type="button"
            className="pb-choice"
            aria-pressed={branch.id === selected?.id}
            onClick={() => onPick(branch)}
          >
            <span className="pb-choice__title">{branch.name}</span>
            <span className="pb-choice__detail">{branch.address}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

/** Step 2: the treatments the branch offers online, with duration and price. */
export function TreatmentStep({
  branch,
  selected,
  onPick,
  onBack,
}: {
  branch: Branch;
  selected: Treatment | null;
  onPick: (treatment: Treatment) => void;
  onBack: () => void;
}) {
  const treatments = useLoad((signal) => fetchTreatments(branch.id, signal), [branch.id]);
  let body;
  if (treatments.loading) body = <Spinner label="Cargando tratamientos…" />;
  else if (treatments.error)
    body = (
      <ErrorBox message={messageOf(treatments.error)}>
        <RetryButton onClick={treatments.reload} />
      </ErrorBox>
    );
  else if ((treatments.data ?? []).length === 0)
    body = (
      <p>
        Esta sucursal aún no ofrece tratamientos en línea. Llámanos para agendar:{' '}
        <PhoneLink phone={branch.phone} />
      </p>
    );
  else
    body = (
      <ul className="pb-choices">
        {treatments.data!.map((treatment) => (
          <li key={treatment.id}>
            <button
              type="button"
              className="pb-choice"
              aria-pressed={treatment.id === selected?.id}
              onClick={() => onPick(treatment)}
            >
              <span className="pb-choice__title">{treatment.name}</span>
              {treatment.description && (
                <span className="pb-choice__detail">{treatment.description}</span>
              )}
              <span className="pb-choice__meta">
                <span>{durationText(treatment.duration)}</span>
                <strong>{formatMoney(treatment.price)}</strong>
              </span>
            </button>
          </li>
        ))}
      </ul>
    );
  return (
    <>
      {body}
      <StepActions onBack={onBack} />
    </>
  );
}

export function RetryButton({ onClick }: { onClick: () => void }) {
  return (
    <button type="button" className="pb-button pb-button--secondary" onClick={onClick}>
      Reintentar
    </button>
  );
}

/** "Atrás" (and the step's own main action, when it has one) at the end of a step. */
export function StepActions({ onBack, children }: { onBack: () => void; children?: ReactNode }) {
  return (
    <div className="pb-actions">
      {children}
      <button type="button" className="pb-button pb-button--secondary" onClick={onBack}>
        Atrás
      </button>
    </div>
  );
}
