import { describe, expect, it } from 'vitest';
import { instantOf, localDay, localDayAndTime } from './time';

const TIJUANA = { id: 1, zone: 'America/Tijuana' };
const CANCUN = { id: 2, zone: 'America/Cancun' };
const at = (iso: string) => new Date(iso);

describe('localDay is the calendar day in the branch zone (CONTRACT §8)', () => {
  it('is still yesterday in Tijuana when it is already today in UTC', () => {
    expect(localDay(at('2026-01-15T07:30:00Z'), TIJUANA.zone)).toBe('2026-01-14');
    expect(localDay(at('2026-01-15T08:30:00Z'), TIJUANA.zone)).toBe('2026-01-15');
  });

  it('agrees with the day of localDayAndTime', () => {
    const instant = at('2026-07-15T05:00:00Z');
    expect(localDay(instant, CANCUN.zone)).toBe(localDayAndTime(instant, CANCUN.zone).date);
  });
});

describe('localDayAndTime reads the branch zone (CONTRACT §8)', () => {
  it('gives the day and time of Tijuana in winter (UTC−8) and summer (UTC−7)', () => {
    expect(localDayAndTime(at('2026-01-15T07:30:00Z'), TIJUANA.zone)).toEqual({
      date: '2026-01-14',
      time: '23:30:00',
    });
    expect(localDayAndTime(at('2026-07-15T07:30:00Z'), TIJUANA.zone)).toEqual({
      date: '2026-07-15',
      time: '00:30:00',
    });
  });
  it('gives midnight as 00, never 24', () => {
    expect(localDayAndTime(at('2026-01-15T05:00:00Z'), CANCUN.zone).time).toBe('00:00:00');
  });
});

describe('instantOf is the inverse of localDayAndTime', () => {
  it('gives the instant of a Tijuana day and time in winter and summer, and of Cancún', () => {
    expect(instantOf('2026-01-14', '23:30', TIJUANA.zone).toISOString()).toBe(
      '2026-01-15T07:30:00.000Z',
    );
    expect(instantOf('2026-07-15', '00:30:00', TIJUANA.zone).toISOString()).toBe(
      '2026-07-15T07:30:00.000Z',
    );
    expect(instantOf('2026-03-03', '10:00', CANCUN.zone).toISOString()).toBe(
      '2026-03-03T15:00:00.000Z',
    );
  });
});
