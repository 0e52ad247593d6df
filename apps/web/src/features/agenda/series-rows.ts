import type { SeriesCreateBody, SeriesPreview } from '@clinica/domain';
import type { Tone } from '../../shared/Tone';

/**
 * The series dialog's table apart from its screen (unit-tested): the preview's proposals as rows
 * the user may edit or leave out, the create's sessions from them, and the server's refusal put
 * back on the session it names (`sessions.{i}` counts only the sessions sent).
 */

export type SeriesRowStatus = 'available' | 'moved' | 'unavailable' | 'edited';

export interface SeriesRow {
  session: number;
  date: string;
  startTime: string | null;
  cabainId: number | null;
  status: SeriesRowStatus;
  /** Why the asked start could not be kept (moved or unavailable). */
  reason: string | null;
  /** Booked with the series; an unavailable session starts left out. */
  include: boolean;
  /** The server's refusal of this session at the last try. */
  refusal: string | null;
}

/** What each status says, and its tag's tone. */
export const ROW_STATUS: Record<SeriesRowStatus, { label: string; tone: Tone }> = {
  available: { label: 'Disponible', tone: 'green' },
  moved: { label: 'Hora cambiada', tone: 'gold' },
  unavailable: { label: 'Sin horario libre', tone: 'red' },
  edited: { label: 'Editada', tone: 'blue' },
};

export function rowsOf(preview: SeriesPreview): SeriesRow[] {
  return preview.items.map((item) => ({
    session: item.session,
    date: item.date,
    startTime: item.startTime,
    cabainId: item.cabain?.id ?? null,
    status: !item.available ? 'unavailable' : item.moved ? 'moved' : 'available',
    reason: item.reason?.message ?? null,
    include: item.available,
    refusal: null,
  }));
}

const complete = (row: SeriesRow) => row.startTime !== null && row.cabainId !== null;

/** A row the user changed: the server checks it when the series is booked. */
export function editRow(
  row: SeriesRow,
  change: Partial<Pick<SeriesRow, 'date' | 'startTime' | 'cabainId'>>,
): SeriesRow {
  const next = { ...row, ...change, status: 'edited' as const, refusal: null };
  return { ...next, include: row.include || complete(next) };
}

const sent = (rows: SeriesRow[]) => rows.filter((row) => row.include);

/** The sessions to book: the rows left in, in order. */
export function sessionsOf(rows: SeriesRow[]): SeriesCreateBody['sessions'] {
  return sent(rows)
    .filter(complete)
    .map((row) => ({ date: row.date, startTime: row.startTime!, cabainId: row.cabainId! }));
}

/** Why the series cannot be booked yet; null when it can. */
export function notReady(rows: SeriesRow[]): string | null {
  const chosen = sent(rows);
  if (chosen.length === 0) return 'Incluye al menos una sesión.';
  const open = chosen.find((row) => !complete(row));
  return open ? `Elige la hora y la cabina de la sesión ${open.session}.` : null;
}

/** The refusal's details on the rows they name (`sessions.{i}` of the sessions sent). */
export function withRefusals(
  rows: SeriesRow[],
  details: readonly { field: string; message: string }[],
): SeriesRow[] {
  const chosen = sent(rows);
  const named = new Map<number, string>();
  for (const detail of details) {
    const match = /^sessions\.(\d+)/.exec(detail.field);
    const row = match ? chosen[Number(match[1])] : undefined;
    if (row) named.set(row.session, detail.message);
  }
  return rows.map((row) => ({ ...row, refusal: named.get(row.session) ?? null }));
}
