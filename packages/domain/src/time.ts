/**
 * The chain's clock in a branch's zone (CONTRACT §8: "today" and a time of day are read where the
 * branch is). One module for the API, the seeds and the screens: the local day of an instant, its
 * local day and time, and the instant of a local day and time.
 */

/** The branch-local calendar day (`YYYY-MM-DD`) of an instant. */
export const localDay = (instant: Date, zone: string): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(instant);

/** The branch-local calendar day (`YYYY-MM-DD`) and time (`HH:mm:ss`) of an instant (CONTRACT §8). */
export function localDayAndTime(instant: Date, zone: string): { date: string; time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  ) as Record<string, string>;
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
