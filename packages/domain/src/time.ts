/**
 * The chain's clock in a branch's zone (CONTRACT §8: "today" and a time of day are read where the
 * branch is). One module for the API, the seeds and the screens: the local day of an instant, its
 * local day and time, and the instant of a local day and time.
 */

/** Each zone's day formatter, made once (see `dayAndTimeFormat`). */
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The branch-local calendar day (`YYYY-MM-DD`) of an instant. */
export const localDay = (instant: Date, zone: string): string => {
  let format = dayFormats.get(zone);
  if (!format)
    dayFormats.set(zone, (format = new Intl.DateTimeFormat('en-CA', { timeZone: zone })));
  return format.format(instant);
};

/**
 * A zone's formatter of day and time, made once per zone: building an `Intl.DateTimeFormat` costs
 * about a millisecond (ICU loads the zone), more than formatting with it, and the server asks for
 * the branch's day and time on every agenda request.
 */
const dayAndTimeFormats = new Map<string, Intl.DateTimeFormat>();
function dayAndTimeFormat(zone: string): Intl.DateTimeFormat {
  let format = dayAndTimeFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    dayAndTimeFormats.set(zone, format);
  }
  return format;
}

/** A zone's offset from UTC (ms) at an instant, read from ICU's local day and time. */
function offsetFromParts(ms: number, zone: string): number {
  const parts: Record<string, string> = {};
  for (const part of dayAndTimeFormat(zone).formatToParts(new Date(ms))) {
    parts[part.type] = part.value;
  }
  const local = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return local - (ms - (((ms % 1000) + 1000) % 1000));
}

/**
 * Each zone's offset by quarter hour of UTC. Every zone's offset is a whole number of quarter
 * hours and changes at a local whole hour or half hour, so at a UTC instant that is a multiple of
 * fifteen minutes: one offset holds for a whole quarter. A list of a hundred rows asks ICU once per
 * zone and quarter instead of once per row (`formatToParts` is about 7 µs a call).
 */
const QUARTER_HOUR = 900_000;
const offsets = new Map<string, number>();
function offsetAt(ms: number, zone: string): number {
  const quarter = Math.floor(ms / QUARTER_HOUR);
  const key = `${zone}|${quarter}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    offset = offsetFromParts(quarter * QUARTER_HOUR, zone);
    if (offsets.size >= 10_000) offsets.clear();
    offsets.set(key, offset);
  }
  return offset;
}

const two = (n: number) => (n < 10 ? `0${n}` : String(n));

/** The branch-local calendar day (`YYYY-MM-DD`) and time (`HH:mm:ss`) of an instant (CONTRACT §8). */
export function localDayAndTime(instant: Date, zone: string): { date: string; time: string } {
  const ms = instant.getTime();
  const local = new Date(ms + offsetAt(ms, zone));
  const year = local.getUTCFullYear();
  return {
    date: `${year < 1000 ? String(year).padStart(4, '0') : year}-${two(local.getUTCMonth() + 1)}-${two(local.getUTCDate())}`,
    time: `${two(local.getUTCHours())}:${two(local.getUTCMinutes())}:${two(local.getUTCSeconds())}`,
  };
}

/**
 * The instant of a branch-local day and time ('HH:mm' or 'HH:mm:ss') in a zone: the inverse of
 * `localDayAndTime` (twice corrected, for the zone's offset at that very instant).
 */
export function instantOf(date: string, time: string, zone: string): Date {
  const wanted = Date.parse(`${date}T${time.length === 5 ? `${time}:00` : time}Z`);
  let instant = wanted;
  for (let pass = 0; pass < 2; pass += 1) {
    const local = localDayAndTime(new Date(instant), zone);
    instant += wanted - Date.parse(`${local.date}T${local.time}Z`);
  }
  return new Date(instant);
}
