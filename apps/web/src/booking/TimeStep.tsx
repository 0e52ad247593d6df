import { useState } from 'react';
import type { Branch, Treatment } from './BookingPage';
import { fetchTimes } from './api';
import { RetryButton, StepActions } from './ChooseSteps';
import { ErrorBox, Spinner } from './PublicLayout';
import { addDays, hhmm, longDate, messageOf, shortDate, todayIn, weekdayOf } from './text';
import { useLoad } from './useLoad';

/** How far ahead the page offers days (ONLINE_BOOKING_DAYS' default; the server decides). */
const DAYS_AHEAD = 60;
/** Days offered as buttons; any other within DAYS_AHEAD through the date field. */
const CHIPS = 14;

/** The branch's weekdays open (its schedule counts 0 = Monday … 6 = Sunday). */
function openDays(branch: Branch, from: string): string[] {
  const open = new Set(branch.schedule.map((entry) => (entry.day + 1) % 7));
  const days: string[] = [];
  for (let offset = 0; offset <= DAYS_AHEAD && days.length < CHIPS; offset += 1) {
    const day = addDays(from, offset);
    if (open.size === 0 || open.has(weekdayOf(day))) days.push(day);
  }
  return days;
}

/** Step 3: a day (the next open days, or any through the date field), then a free start. */
export function TimeStep({
  branch,
  treatment,
  date: initialDate,
  time,
  onPick,
  onBack,
}: {
  branch: Branch;
  treatment: Treatment;
  date: string | null;
  time: string | null;
  onPick: (date: string, time: string) => void;
  onBack: () => void;
}) {
  const today = todayIn(branch.zone);
  const days = openDays(branch, today);
  const [date, setDate] = useState(initialDate ?? days[0] ?? today);
  const times = useLoad(
    (signal) => fetchTimes(branch.id, treatment.id, date, signal),
    [branch.id, treatment.id, date],
  );

  return (
    <>
      <div className="pb-days" role="group" aria-label="Próximos días">
        {days.map((day) => {
          const text = shortDate(day);
          return (
            <button
              key={day}
              type="button"
              className="pb-day"
              aria-pressed={day === date}
              onClick={() => setDate(day)}
            >
              <span className="pb-day__weekday" aria-hidden="true">
                {text.weekday}
              </span>
              <span className="pb-day__number" aria-hidden="true">
                {text.day}
              </span>
              <span className="pb-day__month" aria-hidden="true">
                {text.month}
              </span>
              <span className="visually-hidden">{longDate(day)}</span>
            </button>
          );
        })}
      </div>
      <div className="pb-field pb-field--inline">
        <label className="pb-label" htmlFor="otra-fecha">
          Otra fecha
        </label>
        <input
          id="otra-fecha"
          className="pb-input"
          type="date"
          min={today}
          max={addDays(today, DAYS_AHEAD)}
          value={date}
          onChange={(event) => {
            if (/^\d{4}-\d{2}-\d{2}$/.test(event.target.value)) setDate(event.target.value);
          }}
        />
      </div>

      <h3 className="pb-subtitle" id="horarios">
        Horarios del {longDate(date)}
      </h3>
      {times.loading && <Spinner label="Buscando horarios libres…" />}
      {Boolean(times.error) && (
        <ErrorBox message={messageOf(times.error)}>
          <RetryButton onClick={times.reload} />
        </ErrorBox>
      )}
      {times.data && times.data.times.length === 0 && (
        <p className="pb-empty" role="status">
          No hay horarios libres este día. Elige otro día.
        </p>
      )}
      {times.data && times.data.times.length > 0 && (
        <ul className="pb-times" aria-labelledby="horarios">
          {times.data.times.map((start) => (
            <li key={start}>
              <button
                type="button"
                className="pb-time"
                aria-pressed={date === initialDate && start === time}
                onClick={() => onPick(date, start)}
              >
                {hhmm(start)}
              </button>
            </li>
          ))}
        </ul>
      )}
      <StepActions onBack={onBack} />
    </>
  );
}
