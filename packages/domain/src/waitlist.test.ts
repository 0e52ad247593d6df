import { describe, expect, it } from 'vitest';
import { freedWindows } from './waitlist';

/** What a lock deleted or narrowed frees (CONTRACT §15), in minutes of the day. */
describe('freedWindows', () => {
  const w = (start: number, end: number) => ({ start, end });

  it('answers what the lock no longer blocks: an end cut off, a middle cut out, all of it', () => {
    expect(freedWindows([w(720, 960)], [w(720, 840)])).toEqual([w(840, 960)]);
    expect(freedWindows([w(720, 960)], [w(780, 840)])).toEqual([w(720, 780), w(840, 960)]);
    expect(freedWindows([w(720, 960)], [])).toEqual([w(720, 960)]);
    expect(freedWindows([w(720, 960)], [w(600, 1000)])).toEqual([]);
  });

  it("joins the 30-minute windows of an `hour` lock's consecutive times", () => {
    const hours = [w(750, 780), w(720, 750), w(780, 810), w(900, 930)];
    expect(freedWindows(hours, [w(720, 750)])).toEqual([w(750, 810), w(900, 930)]);
    expect(freedWindows(hours, [])).toEqual([w(720, 810), w(900, 930)]);
  });
});
