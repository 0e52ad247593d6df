import { describe, expect, it } from 'vitest';
import {
  isSeriesInterval,
  nearestStarts,
  remainingSessions,
  seriesDates,
  seriesSessionMessage,
} from './series';

describe('session series (CONTRACT §15)', () => {
  it('takes spec 002 §9 intervals but 0', () => {
    expect([0, 7, 15, 30, 45, 60, 90, 120].filter(isSeriesInterval)).toEqual([15, 30, 45, 60, 90]);
  });

  it('puts session i on date + i × interval, across months and years', () => {
    expect(seriesDates('2027-12-20', 15, 3)).toEqual(['2027-12-20', '2028-01-04', '2028-01-19']);
    expect(seriesDates('2027-06-08', 90, 0)).toEqual([]);
  });

  it('orders the other starts by distance, the earlier on a tie', () => {
    expect(nearestStarts('12:00', ['10:30', '11:00', '11:30', '12:00', '12:30', '13:00'])).toEqual([
      '11:30',
      '12:30',
      '11:00',
      '13:00',
      '10:30',
    ]);
  });

  it('counts what is left, never below zero', () => {
    expect(remainingSessions({ sessions: 6, currentSession: 1, booked: 1 })).toBe(4);
    expect(remainingSessions({ sessions: 3, currentSession: 2, booked: 2 })).toBe(0);
  });

  it('names a refused session', () => {
    expect(seriesSessionMessage(3, '2027-07-08', '15:00', 'El horario no está disponible')).toBe(
      'Sesión 3 (2027-07-08 15:00): El horario no está disponible',
    );
  });
});
