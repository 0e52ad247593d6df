import type { FastifyInstance } from 'fastify';
import {
  addDays,
  type AppointmentRecord,
  type WaitlistDetail,
  type WaitlistRecord,
} from '@clinica/domain';
import { call } from '../../test/harness';
import { MONDAY, booking, type AgendaWorld } from '../agenda/agenda-fixtures.testing';

/**
 * What the waitlist's tests share: the agenda's world (its own clinic), an entry for the world's
 * toxin (30 minutes, the medical cabins), a booking to cancel, the test hook's run.
 */

export {
  MONDAY,
  MONDAY_8AM,
  agendaWorld,
  book,
  booking,
  createLock,
  lockBodyFor,
  newCustomer,
  type AgendaWorld,
} from '../agenda/agenda-fixtures.testing';

let days = 0;
/** A fresh working day after the Monday (Monday to Saturday), so tests never share entries. */
export function freshDay(): string {
  days += 1;
  const offset = days + Math.floor(days / 6);
  return addDays(MONDAY, offset);
}

export const wait = (
  app: FastifyInstance,
  token: string,
  w: AgendaWorld,
  customerId: number,
  date: string,
  overrides: Record<string, unknown> = {},
) =>
  call<WaitlistRecord>(app, 'POST', '/v1/waitlist/create', {
    token,
    body: {
      customerId,
      branchId: w.branch,
      treatmentId: w.treatments.toxin.id,
      fromDate: date,
      toDate: date,
      ...overrides,
    },
  });

export const entryOf = async (app: FastifyInstance, token: string, id: number) =>
  (await call<WaitlistDetail>(app, 'GET', `/v1/waitlist/${id}`, { token })).body.data;

/** A toxin booked for the customer on `date` at `startTime` in the medical cabin. */
export async function bookAt(
  app: FastifyInstance,
  token: string,
  w: AgendaWorld,
  customerId: number,
  date: string,
  startTime = '10:00',
  cabin: number = w.cabins.medical,
) {
  const answer = await call<AppointmentRecord>(app, 'POST', '/v1/appointment/create', {
    token,
    body: booking(w, customerId, { date, startTime, cabainId: cabin }),
  });
  if (answer.status !== 201) throw new Error(JSON.stringify(answer.body));
  return answer.body.data;
}

export const cancel = (app: FastifyInstance, token: string, id: number) =>
  call<AppointmentRecord>(app, 'POST', `/v1/appointment/${id}/cancel`, {
    token,
    body: { cancellationReason: 'Work', customerCancellation: false, type: 'Cancellation' },
  });

export const runJobs = (app: FastifyInstance, token: string, now: Date) =>
  call<{ reminders: Record<string, number>; holds: { expired: number; offered: number } }>(
    app,
    'POST',
    '/v1/system/jobs/run',
    { token, body: { now: now.toISOString() } },
  );

/** The token of an offer's link (`/oferta/{token}`). */
export const tokenOf = (link: string) => link.split('/oferta/')[1]!;
