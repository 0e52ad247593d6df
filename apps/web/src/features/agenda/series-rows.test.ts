import { describe, expect, it } from 'vitest';
import type { SeriesPreview } from '@clinica/domain';
import { editRow, notReady, rowsOf, sessionsOf, withRefusals } from './series-rows';

const preview: SeriesPreview = {
  purchasedProduct: { id: 9, treatment: { id: 4, name: 'Láser' }, sessions: 6, currentSession: 3 },
  remaining: 3,
  items: [
    {
      session: 4,
      date: '2027-06-08',
      startTime: '10:00',
      endTime: '10:30',
      cabain: { id: 11, name: 'Cabina 1' },
      available: true,
      moved: false,
      reason: null,
    },
    {
      session: 5,
      date: '2027-07-08',
      startTime: '09:30',
      endTime: '10:00',
      cabain: { id: 12, name: 'Cabina 2' },
      available: true,
      moved: true,
      reason: { code: 5, message: 'El horario no está disponible' },
    },
    {
      session: 6,
      date: '2027-08-07',
      startTime: null,
      endTime: null,
      cabain: null,
      available: false,
      moved: false,
      reason: { code: 17, message: 'Fuera del horario' },
    },
  ],
};

describe('the series table', () => {
  it('marks moved and unavailable sessions, leaving the unavailable one out', () => {
    const rows = rowsOf(preview);
    expect(rows.map((row) => [row.status, row.include, row.reason])).toEqual([
      ['available', true, null],
      ['moved', true, 'El horario no está disponible'],
      ['unavailable', false, 'Fuera del horario'],
    ]);
    expect(sessionsOf(rows)).toEqual([
      { date: '2027-06-08', startTime: '10:00', cabainId: 11 },
      { date: '2027-07-08', startTime: '09:30', cabainId: 12 },
    ]);
    expect(notReady(rows)).toBeNull();
  });

  it('takes an unavailable session in once it has a time and a cabin', () => {
    const [, , last] = rowsOf(preview);
    const timed = editRow(last!, { startTime: '11:00', date: '2027-08-09' });
    expect([timed.include, timed.status]).toEqual([false, 'edited']);
    expect(notReady([{ ...timed, include: true }])).toBe(
      'Elige la hora y la cabina de la sesión 6.',
    );
    expect(editRow(timed, { cabainId: 11 }).include).toBe(true);
    expect(notReady(rowsOf(preview).map((row) => ({ ...row, include: false })))).toBe(
      'Incluye al menos una sesión.',
    );
  });

  it('puts a refusal on the session it names, counting only the sessions sent', () => {
    const rows = rowsOf(preview);
    const refused = withRefusals(rows, [
      {
        field: 'sessions.1',
        message: 'Sesión 5 (2027-07-08 09:30): El horario no está disponible',
      },
    ]);
    expect(refused.map((row) => row.refusal)).toEqual([
      null,
      'Sesión 5 (2027-07-08 09:30): El horario no está disponible',
      null,
    ]);
  });
});
