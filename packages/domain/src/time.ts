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

/** The branch-local calendar day (`YYYY-MM-DD`) and time (`HH:mm:ss`) of an instant (CONTRACT §8). */
export function localDayAndTime(instant: Date, zone: string): { date: string; time: string } {
  const parts: Record<string, string> = {};
  for (const part of dayAndTimeFormat(zone).formatToParts(instant)) parts[part.type] = part.value;
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${parts.hour}:${parts.minute}:${parts.second}`,
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
