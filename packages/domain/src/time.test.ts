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

describe('localDayAndTime by quarter-hour offsets equals ICU at every instant', () => {
  const icu = (instant: Date, zone: string) => {
    const parts: Record<string, string> = {};
    const format = new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    for (const part of format.formatToParts(instant)) parts[part.type] = part.value;
    return {
      date: `${parts.year}-${parts.month}-${parts.day}`,
      time: `${parts.hour}:${parts.minute}:${parts.second}`,
    };
  };

  it('agrees minute by minute around changes of time, and at odd seconds', () => {
    const changes: [string, string][] = [
      ['2026-03-08T10:00:00Z', TIJUANA.zone],
      ['2026-11-01T09:00:00Z', TIJUANA.zone],
      // Lord Howe moves its clocks by half an hour.
      ['2026-04-04T15:00:00Z', 'Australia/Lord_Howe'],
      ['2026-10-03T15:30:00Z', 'Australia/Lord_Howe'],
    ];
    for (const [change, zone] of changes) {
      const start = Date.parse(change) - 3 * 3_600_000;
      for (let minute = 0; minute <= 6 * 60; minute += 1) {
        const instant = new Date(start + minute * 60_000 + (minute % 60) * 997);
        expect(localDayAndTime(instant, zone)).toEqual(icu(instant, zone));
      }
    }
  });

  it('agrees in zones off the hour and with half-hour changes, over two years', () => {
    const zones = ['Asia/Kathmandu', 'America/St_Johns', 'Australia/Lord_Howe', CANCUN.zone];
    let seed = 42;
    for (let draw = 0; draw < 4000; draw += 1) {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      const instant = new Date(Date.parse('2025-01-01T00:00:00Z') + (seed % 63_072_000) * 1000);
      const zone = zones[draw % zones.length]!;
      expect(localDayAndTime(instant, zone)).toEqual(icu(instant, zone));
    }
  });
});
