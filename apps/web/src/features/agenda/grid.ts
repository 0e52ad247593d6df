import {
  DAY_STATUS_LABELS,
  SLOT_MINUTES,
  holdsSlot,
  isLockedPastSlot,
  minutesOfDay,
  slotsBetween,
  type AgendaDay,
  type AgendaDayAppointment,
  type AppointmentRecord,
} from '@clinica/domain';

/**
 * The agenda grid as data (spec 002 §2, §4): one column per cabin, one row per half hour of the
 * branch's hours that date, and what each slot holds. Pure, so it is computed once per answer
 * (memoized by the page) and tested without a browser.
 */

export type Cabin = AgendaDay['cabins'][number];
export type DayLock = AgendaDay['locks'][number];

export type Slot =
  | { kind: 'free'; label: string }
  | { kind: 'appointment'; label: string; appointment: AgendaDayAppointment; rows: number }
  | { kind: 'continued'; label: string; appointment: AgendaDayAppointment }
  | { kind: 'locked'; label: string; lock: DayLock }
  | { kind: 'past'; label: string }
  | { kind: 'off'; label: string };

export interface GridModel {
  times: string[];
  cabins: Cabin[];
  /** slots[row][column]. */
  slots: Slot[][];
}

export const customerName = (
  customer: Pick<AppointmentRecord['customer'], 'name' | 'lastName' | 'motherLastName'>,
) => [customer.name, customer.lastName, customer.motherLastName].filter(Boolean).join(' ');

/** What an appointment does, as the grid and the actions dialog name it. */
export const treatmentNames = (
  appointment: Pick<AgendaDayAppointment, 'treatments' | 'package' | 'promotion'>,
) =>
  appointment.treatments.map((treatment) => treatment.name).join(', ') ||
  appointment.package?.name ||
  appointment.promotion?.name ||
  '';

const STATUS_TEXT = DAY_STATUS_LABELS;

/** The window [from, to) in minutes covers the slot starting at `start`. */
const overlaps = (start: number, from: string, to: string) =>
  minutesOfDay(from) < start + SLOT_MINUTES && minutesOfDay(to) > start;

export function buildGrid(day: AgendaDay, appointments: AgendaDayAppointment[]): GridModel {
  const times = day.hours ? slotsBetween(day.hours.opening, day.hours.closing) : [];
  const cabins = day.cabins;
  const now = { date: day.today, time: day.now };
  const byCabin = new Map<number, AgendaDayAppointment[]>();
  for (const appointment of appointments) {
    if (!holdsSlot(appointment.status)) continue;
    const list = byCabin.get(appointment.cabain.id) ?? [];
    list.push(appointment);
    byCabin.set(appointment.cabain.id, list);
  }
  const slots = times.map((time) => {
    const start = minutesOfDay(time);
    return cabins.map((cabin): Slot => {
      const where = `${cabin.name}, ${time}`;
      const own = byCabin.get(cabin.id) ?? [];
      const starting = own.find((item) => item.startTime.slice(0, 5) === time);
      if (starting) {
        const length = minutesOfDay(starting.endTime) - minutesOfDay(starting.startTime);
        return {
          kind: 'appointment',
          appointment: starting,
          rows: Math.max(1, Math.ceil(length / SLOT_MINUTES)),
          label: `${where} a ${starting.endTime.slice(0, 5)}: cita de ${customerName(
            starting.customer,
          )}, ${treatmentNames(starting)}, ${STATUS_TEXT[starting.status]}`,
        };
      }
      const running = own.find((item) => overlaps(start, item.startTime, item.endTime));
      if (running)
        return {
          kind: 'continued',
          appointment: running,
          label: `${where}: continúa la cita de ${customerName(running.customer)}`,
        };
      const lock = day.locks.find(
        (candidate) =>
          candidate.cabainId === cabin.id &&
          candidate.windows.some((window) => overlaps(start, window.startTime, window.endTime)),
      );
      if (lock) return { kind: 'locked', lock, label: `${where}: bloqueado, ${lock.reason}` };
      const hours = cabin.hours;
      const inside =
        hours !== null &&
        minutesOfDay(hours.opening) <= start &&
        minutesOfDay(hours.closing) >= start + SLOT_MINUTES;
      if (!inside) return { kind: 'off', label: `${where}: fuera del horario de la cabina` };
      if (isLockedPastSlot({ date: day.date, startTime: time }, now))
        return { kind: 'past', label: `${where}: horario pasado` };
      return { kind: 'free', label: `${where}: libre, agendar` };
    });
  });
  return { times, cabins, slots };
}

/** The next position of the roving focus for a key, or null when the key is not a move. */
export function moveFocus(
  key: string,
  position: { row: number; column: number },
  size: { rows: number; columns: number },
  ctrl = false,
): { row: number; column: number } | null {
  const clamp = (value: number, max: number) => Math.min(Math.max(value, 0), max - 1);
  const { row, column } = position;
  switch (key) {
    case 'ArrowUp':
      return { row: clamp(row - 1, size.rows), column };
    case 'ArrowDown':
      return { row: clamp(row + 1, size.rows), column };
    case 'ArrowLeft':
      return { row, column: clamp(column - 1, size.columns) };
    case 'ArrowRight':
      return { row, column: clamp(column + 1, size.columns) };
    case 'Home':
      return ctrl ? { row: 0, column: 0 } : { row, column: 0 };
    case 'End':
      return ctrl
        ? { row: size.rows - 1, column: size.columns - 1 }
        : { row, column: size.columns - 1 };
    case 'PageUp':
      return { row: clamp(row - 4, size.rows), column };
    case 'PageDown':
      return { row: clamp(row + 4, size.rows), column };
    default:
      return null;
  }
}
