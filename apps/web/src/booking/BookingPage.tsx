import { useEffect, useRef, useState } from 'react';
import type { z } from 'zod';
import type { bookedAppointment, publicBranch, publicTreatment } from '@clinica/domain';
import type { BookingRequest } from './api';
import { BranchStep, TreatmentStep } from './ChooseSteps';
import { CodeStep } from './CodeStep';
import { Booked } from './Booked';
import { PersonStep } from './PersonStep';
import { PublicLayout } from './PublicLayout';
import { TimeStep } from './TimeStep';
import { formatMoney, hhmm, longDate } from './text';

export type Branch = z.output<typeof publicBranch>;
export type Treatment = z.output<typeof publicTreatment>;
export type BookedAppointment = z.output<typeof bookedAppointment>;

/** The steps of `/reservar` (CONTRACT §15), in order. */
const STEPS = ['branch', 'treatment', 'time', 'person', 'code', 'done'] as const;
type Step = (typeof STEPS)[number];
const TITLES: Record<Step, string> = {
  branch: 'Elige la sucursal',
  treatment: 'Elige el tratamiento',
  time: 'Elige el día y la hora',
  person: 'Tus datos',
  code: 'Escribe el código',
  done: 'Tu cita está agendada',
};

export interface Picks {
  branch: Branch | null;
  treatment: Treatment | null;
  date: string | null;
  time: string | null;
}

/** The request sent, kept to send it again for a new code. */
export interface Sent {
  body: BookingRequest;
  requestId: string;
  expiresAt: string;
}

/**
 * `/reservar`: branch → treatment → day and time → the person's data → the mailed code → the
 * booked appointment with its link. One step at a time; each step's heading takes the focus and
 * the step is announced (aria-live), so a screen reader follows; "Atrás" keeps what was chosen.
 */
export function BookingPage() {
  const [step, setStep] = useState<Step>('branch');
  const [picks, setPicks] = useState<Picks>({
    branch: null,
    treatment: null,
    date: null,
    time: null,
  });
  const [person, setPerson] = useState<BookingRequest | null>(null);
  const [sent, setSent] = useState<Sent | null>(null);
  const [booked, setBooked] = useState<BookedAppointment | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  const index = STEPS.indexOf(step);

  useEffect(() => {
    // Not on the first paint: the page's own heading is where a reader starts.
    if (moved.current) heading.current?.focus();
    moved.current = true;
    document.title = `${TITLES[step]} · Reserva tu cita`;
  }, [step]);

  const go = (next: Step) => {
    setStep(next);
    window.scrollTo(0, 0);
  };
  const back = () => go(STEPS[Math.max(0, index - 1)]!);

  return (
    <PublicLayout title="Reserva tu cita">
      <ol className="pb-progress" aria-label="Pasos">
        {STEPS.map((name, position) => (
          <li
            key={name}
            className={`pb-progress__step${position <= index ? ' pb-progress__step--done' : ''}`}
            aria-current={position === index ? 'step' : undefined}
          >
            <span className="visually-hidden">{TITLES[name]}</span>
          </li>
        ))}
      </ol>
      <p className="visually-hidden" aria-live="polite">
        Paso {index + 1} de {STEPS.length}: {TITLES[step]}
      </p>
      <p className="pb-step-count" aria-hidden="true">
        Paso {index + 1} de {STEPS.length}
      </p>
      <h2 className="pb-step-title" ref={heading} tabIndex={-1}>
        {TITLES[step]}
      </h2>
      {index > 0 && step !== 'done' && <Summary picks={picks} upTo={index} />}

      {step === 'branch' && (
        <BranchStep
          selected={picks.branch}
          onPick={(branch) => {
            const same = branch.id === picks.branch?.id;
            setPicks(
              same ? { ...picks, branch } : { branch, treatment: null, date: null, time: null },
            );
            go('treatment');
          }}
        />
      )}
      {step === 'treatment' && picks.branch && (
        <TreatmentStep
          branch={picks.branch}
          selected={picks.treatment}
          onBack={back}
          onPick={(treatment) => {
            const same = treatment.id === picks.treatment?.id;
            setPicks({ ...picks, treatment, ...(same ? {} : { date: null, time: null }) });
            go('time');
          }}
        />
      )}
      {step === 'time' && picks.branch && picks.treatment && (
        <TimeStep
          branch={picks.branch}
          treatment={picks.treatment}
          date={picks.date}
          time={picks.time}
          onBack={back}
          onPick={(date, time) => {
            setPicks({ ...picks, date, time });
            go('person');
          }}
        />
      )}
      {step === 'person' && picks.branch && picks.treatment && picks.date && picks.time && (
        <PersonStep
          slot={{
            branchId: picks.branch.id,
            treatmentId: picks.treatment.id,
            date: picks.date,
            startTime: picks.time,
          }}
          initial={person}
          onBack={back}
          onChooseTime={() => go('time')}
          onSent={(request) => {
            setPerson(request.body);
            setSent(request);
            go('code');
          }}
        />
      )}
      {step === 'code' && sent && (
        <CodeStep
          sent={sent}
          phone={picks.branch?.phone ?? null}
          onResent={setSent}
          onChangeData={() => go('person')}
          onChooseTime={() => go('time')}
          onBooked={(appointment) => {
            setBooked(appointment);
            go('done');
          }}
        />
      )}
      {step === 'done' && booked && <Booked appointment={booked} />}
    </PublicLayout>
  );
}

/** What has been chosen so far, above the current step. */
function Summary({ picks, upTo }: { picks: Picks; upTo: number }) {
  const rows: [string, string][] = [];
  if (picks.branch && upTo > 0) rows.push(['Sucursal', picks.branch.name]);
  if (picks.treatment && upTo > 1)
    rows.push(['Tratamiento', `${picks.treatment.name} · ${formatMoney(picks.treatment.price)}`]);
  if (picks.date && picks.time && upTo > 2)
    rows.push(['Día y hora', `${longDate(picks.date)}, ${hhmm(picks.time)}`]);
  return (
    <dl className="pb-summary">
      {rows.map(([label, value]) => (
        <div key={label} className="pb-summary__row">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
