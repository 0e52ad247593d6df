import type { Page } from 'playwright-core';
import { USERS, api, apiOk, assert } from './harness';

/**
 * The tests that finish an appointment must book it today (a finish is only allowed on the
 * appointment's day, and a booking never in the past), so the hour the suite runs at decided
 * whether Zona Río (09:00–20:00 on weekdays) had a half hour left: after about 19:00 in Tijuana
 * (03:00 UTC) none was. These open the branch and the cabins given from 00:00 to 23:30 on
 * `date`'s weekday, as the administrator through the API, and answer how to put their hours back,
 * so the day has room until 23:00 (at the branch) whenever the suite runs.
 */

interface Week {
  schedules: { day: number; opening: string; closing: string }[];
}

/** The latest start these tests try: an appointment stays within its branch's day. */
export const LAST_START_MINUTES = 23 * 60;

async function adminToken(baseUrl: string, branchId: number): Promise<string> {
  const response = await fetch(`${baseUrl}/v1/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      branchId,
      username: USERS.admin.username,
      password: USERS.admin.password,
    }),
  });
  assert.equal(response.status, 200, 'the administrator signs in through the API');
  return ((await response.json()) as { data: { token: string } }).data.token;
}

export async function openAllDay(
  baseUrl: string,
  branchId: number,
  cabinIds: number[],
  date: string,
): Promise<() => Promise<void>> {
  const token = await adminToken(baseUrl, branchId);
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${baseUrl}/v1${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await response.json()) as { data: T };
    assert.ok(
      response.ok,
      `${method} ${path} answered ${response.status}: ${JSON.stringify(json)}`,
    );
    return json.data;
  };
  // Schedule days count 0 (Monday) to 6 (Sunday) (CONTRACT §8).
  const weekday = (new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7;
  const week = ({ schedules }: Week) =>
    schedules.map(({ day, opening, closing }) => ({ day, opening, closing }));
  const allDay = (record: Week) => [
    ...week(record).filter((entry) => entry.day !== weekday),
    { day: weekday, opening: '00:00', closing: '23:30' },
  ];
  const branch = await call<Week>('GET', `/branch/${branchId}`);
  const cabins = await Promise.all(
    cabinIds.map(async (id) => ({ id, record: await call<Week>('GET', `/cabain/${id}`) })),
  );
  // The branch first: a cabin's hours lie within its branch's.
  await call('PUT', `/branch/${branchId}/update`, { schedule: allDay(branch) });
  for (const cabin of cabins)
    await call('PUT', `/cabain/${cabin.id}/update`, { schedule: allDay(cabin.record) });
  // Put back as far as the API lets (the day's own appointments may now lie past the old hours).
  return async () => {
    for (const cabin of cabins)
      await call('PUT', `/cabain/${cabin.id}/update`, { schedule: week(cabin.record) }).catch(
        (error: unknown) => console.log(`    (cabin ${cabin.id}'s hours not put back: ${error})`),
      );
    await call('PUT', `/branch/${branchId}/update`, { schedule: week(branch) }).catch(
      (error: unknown) => console.log(`    (the branch's hours not put back: ${error})`),
    );
  };
}

interface DayAnswer {
  day: { today: string; now: string; cabins: { id: number }[] };
}

/** The agenda's day at the branch's today, as the page's user sees it (its cabins, its clock). */
async function branchToday(page: Page, branchId: number): Promise<DayAnswer['day']> {
  // Any date answers the branch's today; today's own answer names the cabins open on it.
  const probe = await apiOk<DayAnswer>(
    page,
    'GET',
    `/appointment?branchId=${branchId}&date=2030-01-07`,
  );
  const { day } = await apiOk<DayAnswer>(
    page,
    'GET',
    `/appointment?branchId=${branchId}&date=${probe.day.today}`,
  );
  return day;
}

/**
 * `openAllDay` for the branch's today, read from the agenda's day as the page's user: always, not
 * only late, so the tests take one path whatever the hour and the weekday (Saturday closes at
 * 15:00, Sunday not at all).
 */
export async function keepOpenLate(
  page: Page,
  baseUrl: string,
  branchId: number,
): Promise<() => Promise<void>> {
  const day = await branchToday(page, branchId);
  return openAllDay(
    baseUrl,
    branchId,
    day.cabins.map((cabin) => cabin.id),
    day.today,
  );
}

const clock = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/**
 * Books the first free cabin and half hour from now on the branch's today (the demo fills part of
 * the day); with `attendants`, also the first of them free then, so a finish can name someone not
 * busy elsewhere at that time (which day and hour the suite runs at decides who is).
 */
export async function bookToday<T extends { id: number } = BookedToday>(
  page: Page,
  branchId: number,
  body: Record<string, unknown>,
  attendants: { id: number; name?: string }[] = [],
): Promise<T & { attendant: { id: number; name?: string } | null }> {
  const day = await branchToday(page, branchId);
  const [hours, minutes] = day.now.split(':').map(Number) as [number, number];
  const from = Math.max(Math.ceil((hours * 60 + minutes + 30) / 30) * 30, 8 * 60);
  for (let at = from; at <= LAST_START_MINUTES; at += 30) {
    for (const cabin of day.cabins) {
      for (const attendant of attendants.length > 0 ? attendants : [null]) {
        const answer = await api<T>(page, 'POST', '/appointment/create', {
          ...body,
          branchId,
          date: day.today,
          startTime: clock(at),
          cabainId: cabin.id,
          ...(attendant ? { attendedById: attendant.id } : {}),
        });
        if (answer.status < 300) return { ...answer.data, attendant };
      }
    }
  }
  throw new Error(`no free cabin today at branch ${branchId}`);
}

export interface BookedToday {
  id: number;
  appointmentNumber: number;
  date: string;
  attendedBy: { name: string } | null;
}
