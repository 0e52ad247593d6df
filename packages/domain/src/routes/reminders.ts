import { Conflict, NotFound } from '../errors';
import { idParams } from '../schemas/common';
import {
  jobsRunAnswer,
  jobsRunBody,
  reminderItems,
  reminderResendBody,
} from '../schemas/reminders';
import { route } from './define';

/**
 * The reminder outbox (CONTRACT §15): staff read an appointment's reminders and resend them; with
 * TEST_HOOKS=true a Super Administrador runs the jobs as if at another time.
 */

const either = (action: 'show' | 'edit') => ({
  anyOf: (['agenda', 'appointment'] as const).map((resource) => ({ resource, action })),
});

export const reminderRoutes = {
  list: route({
    method: 'GET',
    path: '/appointment/:id/reminders',
    access: either('show'),
    tag: 'Agenda',
    summary: 'Los recordatorios de una cita (correo y WhatsApp), por sendAt',
    params: idParams,
    answer: reminderItems,
    errors: [[404, NotFound.appointment]],
  }),
  resend: route({
    method: 'POST',
    path: '/appointment/:id/reminders/resend',
    access: either('edit'),
    tag: 'Agenda',
    summary:
      'Reenviar el recordatorio (un canal o todos): se planea uno nuevo, vence ya y se envía en la misma solicitud; 409 código 39 si la cita no está agendada o ya empezó',
    params: idParams,
    body: reminderResendBody,
    answer: reminderItems,
    status: 201,
    errors: [
      [404, NotFound.appointment],
      [409, Conflict.appointmentStatusLocked],
    ],
  }),
  runJobs: route({
    method: 'POST',
    path: '/system/jobs/run',
    access: { signedIn: 'solo con TEST_HOOKS=true y una sesión de Super Administrador' },
    tag: 'Sistema',
    summary:
      'Pruebas: corre una vez el envío de recordatorios y el barrido de apartados como si fuera now (solo con TEST_HOOKS=true; sin él la ruta no existe)',
    body: jobsRunBody,
    answer: jobsRunAnswer,
  }),
};
