import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  Conflict,
  NotFound,
  formatOrderNumber,
  instantOf,
  type AppointmentRecord,
} from '@clinica/domain';
import { branch } from '../../db/schema';
import { conflict, notFound } from '../../platform/errors';
import {
  cancelAppointment,
  confirmAppointment,
  type Actor,
  type Guard,
} from '../agenda/appointment.service';
import { readAppointment } from '../agenda/appointment-read';
import { appointmentOfToken } from '../reminders/appointment-link';
import { addressLine } from './slot-day';

/**
 * The customer's link `/cita/{token}` (CONTRACT §15): read the appointment, confirm it, cancel it.
 * It acts only while the appointment is scheduled and not started; a cancellation closer to the
 * start than CUSTOMER_CANCEL_HOURS is 409 code 47. Changes are recorded with user null.
 */

function appointmentIdOf(app: FastifyInstance, token: string): number {
  const id = appointmentOfToken(app.signingKey, token);
  if (id === null) throw notFound(NotFound.appointment);
  return id;
}

async function placeOf(app: FastifyInstance, branchId: number) {
  const [row] = await app.db.select().from(branch).where(eq(branch.id, branchId));
  if (!row) throw notFound(NotFound.appointment);
  return row;
}

async function present(app: FastifyInstance, record: AppointmentRecord) {
  const place = await placeOf(app, record.branch.id);
  const start = instantOf(record.date, record.startTime, place.zone);
  return {
    folio: formatOrderNumber('appointment', record.appointmentNumber),
    date: record.date,
    startTime: record.startTime,
    endTime: record.endTime,
    status: record.status,
    confirmMethod: record.confirmMethod,
    branch: { name: place.name, address: addressLine(place), phone: place.phone },
    treatment: { name: record.treatments.map((entry) => entry.name).join(', ') },
    cancelUntil: new Date(
      start.getTime() - app.config.customerCancelHours * 3_600_000,
    ).toISOString(),
  };
}

/** Scheduled and not started (409 code 39), read on the locked row. */
function startInstant(app: FastifyInstance, before: AppointmentRecord, zone: string) {
  const start = instantOf(before.date, before.startTime, zone);
  if (before.status !== 'scheduled' || start <= app.clock.now())
    throw conflict(Conflict.appointmentStatusLocked);
  return start;
}

const customer = (app: FastifyInstance): Actor => ({
  db: app.db,
  clock: app.clock,
  session: null,
  reminderHours: app.config.reminderHours,
  holdMinutes: app.config.waitlistHoldMinutes,
});

async function recordOf(app: FastifyInstance, id: number): Promise<AppointmentRecord> {
  const record = (await readAppointment(app.db, id)) as AppointmentRecord | undefined;
  if (!record) throw notFound(NotFound.appointment);
  return record;
}

/** GET /public/appointment/{token}. */
export async function linkedAppointment(app: FastifyInstance, token: string) {
  return present(app, await recordOf(app, appointmentIdOf(app, token)));
}

/** POST /public/appointment/{token}/confirm. */
export async function confirmFromLink(app: FastifyInstance, token: string) {
  const id = appointmentIdOf(app, token);
  const zone = await zoneOfAppointment(app, id);
  const guard: Guard = (before) => void startInstant(app, before, zone);
  const after = await confirmAppointment(customer(app), id, { confirmMethod: 'si' }, guard);
  return present(app, after);
}

/** POST /public/appointment/{token}/cancel: a customer cancellation, as §13 counts it. */
export async function cancelFromLink(app: FastifyInstance, token: string) {
  const id = appointmentIdOf(app, token);
  const zone = await zoneOfAppointment(app, id);
  const guard: Guard = (before) => {
    const start = startInstant(app, before, zone);
    const until = start.getTime() - app.config.customerCancelHours * 3_600_000;
    if (app.clock.now().getTime() > until) throw conflict(Conflict.customerCancelTooLate);
  };
  const after = await cancelAppointment(
    customer(app),
    id,
    {
      type: 'Cancellation',
      cancellationReason: 'Unspecified',
      customerCancellation: true,
      comment: 'Cancelada por la clienta desde el enlace',
    },
    guard,
  );
  return present(app, after);
}

async function zoneOfAppointment(app: FastifyInstance, id: number) {
  return (await placeOf(app, (await recordOf(app, id)).branch.id)).zone;
}
