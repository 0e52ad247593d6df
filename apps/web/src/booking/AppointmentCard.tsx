import type { ReactNode } from 'react';
import { PhoneLink } from './PublicLayout';
import { hhmm, longDate } from './text';

interface Shown {
  /** Absent for a waitlist offer (a hold, not yet an appointment of hers). */
  folio?: string;
  date: string;
  startTime: string;
  endTime: string;
  branch: { name: string; address: string; phone: string | null };
  treatment: { name: string };
}

/** An appointment as the customer sees it: what, when, where, and the branch's phone. */
export function AppointmentCard({
  appointment,
  status,
}: {
  appointment: Shown;
  status?: ReactNode;
}) {
  const a = appointment;
  return (
    <dl className="pb-card">
      {status && (
        <div className="pb-card__row">
          <dt>Estado</dt>
          <dd>{status}</dd>
        </div>
      )}
      <div className="pb-card__row">
        <dt>Tratamiento</dt>
        <dd>{a.treatment.name}</dd>
      </div>
      <div className="pb-card__row">
        <dt>Día</dt>
        <dd>{longDate(a.date)}</dd>
      </div>
      <div className="pb-card__row">
        <dt>Hora</dt>
        <dd>
          {hhmm(a.startTime)} a {hhmm(a.endTime)}
        </dd>
      </div>
      <div className="pb-card__row">
        <dt>Sucursal</dt>
        <dd>
          {a.branch.name}
          <span className="pb-card__detail">{a.branch.address}</span>
          <PhoneLink phone={a.branch.phone} />
        </dd>
      </div>
      {a.folio && (
        <div className="pb-card__row">
          <dt>Folio</dt>
          <dd>{a.folio}</dd>
        </div>
      )}
    </dl>
  );
}
