import {
  memo,
  useCallback,
  useEffect,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
} from 'react';
import {
  DAY_STATUS_LABELS,
  ONLINE_APPOINTMENT_METHOD,
  type AgendaDayAppointment,
} from '@clinica/domain';
import { customerName, moveFocus, treatmentNames, type GridModel, type Slot } from './grid';
import './agenda.css';

/** A cabin type's colour: stored as hex without '#' (spec 000 §3). */
const cssColor = (color: string) => (/^[0-9a-f]{3,8}$/i.test(color) ? `#${color}` : color);

interface AgendaGridProps {
  model: GridModel;
  /** A free slot chosen (click or Enter): book it. */
  onBook: (cabinId: number, time: string) => void;
  /** An appointment chosen (click or Enter): open its actions. */
  onOpen: (appointment: AgendaDayAppointment) => void;
  /** The user may book (agenda create): free slots read 'agendar' and react. */
  canBook: boolean;
}

interface CellProps {
  slot: Slot;
  row: number;
  column: number;
  active: boolean;
  canBook: boolean;
  onChoose: (row: number, column: number) => void;
}

type AppointmentSlot = Extract<Slot, { kind: 'appointment' }>;

/**
 * An appointment on the grid: who, what and when. A half-hour one has room for two lines, so it
 * shows the name, then the time and the treatment; the whole text is its tooltip (`title`) and,
 * unclipped, what a screen reader reads.
 */
/** "Apartada · 25 min" (or "Apartada · vence ya" once it has run out). */
function holdLeft(expiresAt: string): string {
  const minutes = Math.ceil((new Date(expiresAt).getTime() - Date.now()) / 60_000);
  return `Apartada · ${minutes > 0 ? `${minutes} min` : 'vence ya'}`;
}

function AppointmentBlock({ slot, cabin }: { slot: AppointmentSlot; cabin: string }) {
  const a = slot.appointment;
  const name = customerName(a.customer);
  const treatments = treatmentNames(a);
  const time = `${a.startTime.slice(0, 5)}–${a.endTime.slice(0, 5)}`;
  const status = DAY_STATUS_LABELS[a.status];
  const short = slot.rows <= 1;
  // Online bookings and reminders that could not be sent are marked (CONTRACT §15).
  const marks = [
    a.appointmentMethod === ONLINE_APPOINTMENT_METHOD ? 'En línea' : null,
    a.reminderFailed ? 'Recordatorio no enviado' : null,
    // A waitlist hold (CONTRACT §15): what is left of it.
    a.holdExpiresAt ? holdLeft(a.holdExpiresAt) : null,
  ].filter((mark): mark is string => mark !== null);
  return (
    <div
      className={`agenda-appointment agenda-appointment--${a.status}${short ? ' agenda-appointment--short' : ''}`}
      style={{ height: `calc(${slot.rows} * var(--agenda-row) - 4px)` }}
      title={[name, treatments, `${time} · ${status}`, ...marks].filter(Boolean).join('\n')}
    >
      <span className="visually-hidden">
        {`${cabin}, ${a.startTime.slice(0, 5)} a ${a.endTime.slice(0, 5)}: cita de `}
      </span>
      <strong>{name}</strong>{' '}
      {marks.map((mark) => (
        <span
          key={mark}
          className={`agenda-appointment__mark${mark === 'En línea' ? '' : ' agenda-appointment__mark--alert'}`}
        >
          {mark}
        </span>
      ))}{' '}
      {short ? (
        <span className="agenda-appointment__status">
          {time} · {treatments || status}
          {treatments && <span className="visually-hidden">{`, ${status}`}</span>}
        </span>
      ) : (
        <>
          <span>{treatments}</span>{' '}
          <span className="agenda-appointment__status">
            {time} · {status}
          </span>
        </>
      )}
    </div>
  );
}

/** One slot; memoized, so moving the focus re-renders the two cells it leaves and enters. */
const Cell = memo(function Cell({ slot, row, column, active, canBook, onChoose }: CellProps) {
  const chosen = () => onChoose(row, column);
  const label = slot.kind === 'free' && !canBook ? slot.label.replace(', agendar', '') : slot.label;
  const cabin = label.slice(0, label.indexOf(','));
  return (
    <div
      role="gridcell"
      aria-colindex={column + 2}
      tabIndex={active ? 0 : -1}
      // An appointment is named by its own visible text (with a hidden prefix for where and
      // when), so what is read and what is seen agree; other slots by their label.
      aria-label={slot.kind === 'appointment' ? undefined : label}
      data-cell={`${row}-${column}`}
      className={`agenda-cell agenda-cell--${slot.kind}`}
      onClick={chosen}
    >
      {slot.kind === 'appointment' && <AppointmentBlock slot={slot} cabin={cabin} />}
      {slot.kind === 'locked' && (
        <span className="agenda-cell__note" aria-hidden="true">
          Bloqueado · {slot.lock.reason}
        </span>
      )}
      {slot.kind === 'free' && canBook && (
        <span className="agenda-cell__hint" aria-hidden="true">
          + Agendar
        </span>
      )}
    </div>
  );
});

/**
 * The agenda (spec 002 §2) as an ARIA grid: a header row of cabins (name and type colour), a row
 * per half hour whose header is the time, a roving tabindex moved by the arrows (Home/End,
 * PageUp/PageDown, Ctrl+Home/End), Enter or Space on a free slot books it and on an appointment
 * opens its actions. Every slot says its cabin, time and what it holds.
 */
export function AgendaGrid({ model, onBook, onOpen, canBook }: AgendaGridProps) {
  const { times, cabins, slots } = model;
  const [position, setPosition] = useState({ row: 0, column: 0 });
  const gridRef = useRef<HTMLDivElement>(null);
  const moved = useRef(false);
  const rows = times.length;
  const columns = cabins.length;

  // The first free slot is where the keyboard enters the grid.
  useEffect(() => {
    const row = slots.findIndex((line) => line.some((slot) => slot.kind === 'free'));
    if (row >= 0)
      setPosition({ row, column: slots[row]!.findIndex((slot) => slot.kind === 'free') });
    else setPosition({ row: 0, column: 0 });
  }, [slots]);

  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    gridRef.current
      ?.querySelector<HTMLElement>(`[data-cell="${position.row}-${position.column}"]`)
      ?.focus();
  }, [position]);

  const choose = useCallback(
    (row: number, column: number) => {
      setPosition({ row, column });
      const slot = slots[row]?.[column];
      const cabin = cabins[column];
      if (!slot || !cabin) return;
      if (slot.kind === 'free' && canBook) onBook(cabin.id, times[row]!);
      if (slot.kind === 'appointment' || slot.kind === 'continued') onOpen(slot.appointment);
    },
    [slots, cabins, times, canBook, onBook, onOpen],
  );

  // A slot focused by a click or a screen reader's cursor becomes the roving position.
  const onFocus = (event: FocusEvent<HTMLDivElement>) => {
    const cell = (event.target as HTMLElement).dataset.cell;
    if (!cell) return;
    const [row, column] = cell.split('-').map(Number);
    if (row !== position.row || column !== position.column)
      setPosition({ row: row ?? 0, column: column ?? 0 });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (rows === 0 || columns === 0) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      choose(position.row, position.column);
      return;
    }
    const next = moveFocus(event.key, position, { rows, columns }, event.ctrlKey);
    if (!next) return;
    event.preventDefault();
    moved.current = true;
    setPosition(next);
  };

  return (
    <div className="agenda-scroll">
      <div
        ref={gridRef}
        role="grid"
        aria-label="Agenda del día: cabinas por columnas y horas por filas"
        aria-rowcount={rows + 1}
        aria-colcount={columns + 1}
        className="agenda-grid"
        style={{ ['--agenda-columns' as string]: `72px repeat(${columns}, minmax(150px, 1fr))` }}
        onKeyDown={onKeyDown}
        onFocus={onFocus}
      >
        <div role="row" aria-rowindex={1} className="agenda-row agenda-row--head">
          <div role="columnheader" aria-colindex={1} className="agenda-corner">
            Hora
          </div>
          {cabins.map((cabin, index) => (
            <div
              key={cabin.id}
              role="columnheader"
              aria-colindex={index + 2}
              className="agenda-cabin"
              style={{ borderTopColor: cssColor(cabin.type.color) }}
            >
              <span
                className="agenda-cabin__swatch"
                style={{ background: cssColor(cabin.type.color) }}
                aria-hidden="true"
              />
              <span>
                <strong>{cabin.name}</strong>
                <small>{cabin.type.name}</small>
              </span>
            </div>
          ))}
        </div>
        {times.map((time, row) => (
          <div role="row" key={time} aria-rowindex={row + 2} className="agenda-row">
            <div role="rowheader" aria-colindex={1} className="agenda-time">
              {time}
            </div>
            {slots[row]!.map((slot, column) => (
              <Cell
                key={cabins[column]!.id}
                slot={slot}
                row={row}
                column={column}
                active={position.row === row && position.column === column}
                canBook={canBook}
                onChoose={choose}
              />
            ))}
          </div>
        ))}
      </div>
    </div>
  );
}
