import { z } from 'zod';
import { Conflict, NotFound } from '../errors';
import {
  availability,
  availabilityQuery,
  appointmentTokenParams,
  bookedAppointment,
  linkedAppointment,
  bookingConfirmBody,
  bookingRequestAnswer,
  bookingRequestBody,
  publicBranch,
  publicTreatment,
  publicTreatmentsQuery,
} from '../schemas/online-booking';
import { route } from './define';

/**
 * Online booking (CONTRACT §15): public calls, no session, under the tag `Público`. They book
 * through the agenda's booking path, so no channel can double-book.
 */

const tag = 'Público';
const access = { public: true } as const;

/** The slot's refusals, §13's codes: they tell nothing about a person. */
const slotRefusals = [
  [409, Conflict.bookingInPast],
  [409, Conflict.timeNotAvailable],
  [409, Conflict.cabinBlocked],
  [409, Conflict.noAppliancesAvailable],
  [409, Conflict.outsideHours],
] as const;

export const onlineBookingRoutes = {
  branches: route({
    method: 'GET',
    path: '/public/branches',
    access,
    tag,
    summary: 'Clínicas activas para reservar en línea (nunca el centro de distribución)',
    answer: z.array(publicBranch),
  }),
  treatments: route({
    method: 'GET',
    path: '/public/treatments',
    access,
    tag,
    summary:
      'Tratamientos activos marcados para reserva en línea que la sucursal puede dar (una cabina activa de su tipo); 404 código 6 si la sucursal no existe o no está activa',
    query: publicTreatmentsQuery,
    answer: z.array(publicTreatment),
    errors: [[404, NotFound.branch]],
  }),
  availability: route({
    method: 'GET',
    path: '/public/availability',
    access,
    tag,
    summary:
      'Horarios libres de un día (pasos de 30 minutos) para el tratamiento en la sucursal: solo horas, nunca cabinas ni personal. date antes de hoy o más allá de ONLINE_BOOKING_DAYS es 400; un tratamiento no ofrecido ahí, 404 código 2',
    query: availabilityQuery,
    answer: availability,
    errors: [
      [404, NotFound.branch],
      [404, NotFound.treatment],
    ],
  }),
  request: route({
    method: 'POST',
    path: '/public/booking/request',
    access,
    tag,
    summary:
      'Solicitar una cita: guarda la solicitud y envía un código de 6 caracteres al correo (201 código 1). Límites por hora: 5 por celular, 5 por correo, 20 por dirección (429 código 1). Responde igual sea quien sea la persona',
    body: bookingRequestBody,
    answer: bookingRequestAnswer,
    status: 201,
    code: 1,
    errors: [[429, 1], [404, NotFound.branch], [404, NotFound.treatment], ...slotRefusals],
  }),
  confirm: route({
    method: 'POST',
    path: '/public/booking/confirm',
    access,
    tag,
    summary:
      'Confirmar la solicitud con su código: agenda la cita (método En línea). 404 código 37: solicitud inexistente, vencida, anulada o usada; 404 código 21: código incorrecto (el quinto anula la solicitud); 409 código 46: la negativa neutral',
    body: bookingConfirmBody,
    answer: bookedAppointment,
    status: 201,
    errors: [
      [404, NotFound.bookingRequest],
      [404, NotFound.resetCode],
      [409, Conflict.onlineBookingRefused],
      ...slotRefusals,
    ],
  }),
  appointment: route({
    method: 'GET',
    path: '/public/appointment/:token',
    access,
    tag,
    summary:
      'La cita del enlace /cita/{token}, sin datos de la clienta; un token que no verifica es 404 código 12',
    params: appointmentTokenParams,
    answer: linkedAppointment,
    errors: [[404, NotFound.appointment]],
  }),
  confirmAppointment: route({
    method: 'POST',
    path: '/public/appointment/:token/confirm',
    access,
    tag,
    summary:
      'La clienta confirma su cita desde el enlace (confirmMethod si, confirmedBy customer); 409 código 39 si ya no está agendada o ya empezó',
    params: appointmentTokenParams,
    answer: linkedAppointment,
    errors: [
      [404, NotFound.appointment],
      [409, Conflict.appointmentStatusLocked],
    ],
  }),
  cancelAppointment: route({
    method: 'POST',
    path: '/public/appointment/:token/cancel',
    access,
    tag,
    summary:
      'La clienta cancela su cita desde el enlace (cuenta como cancelación de la clienta); 409 código 47 a menos de CUSTOMER_CANCEL_HOURS del inicio, 409 código 39 si ya no está agendada o ya empezó',
    params: appointmentTokenParams,
    answer: linkedAppointment,
    errors: [
      [404, NotFound.appointment],
      [409, Conflict.appointmentStatusLocked],
      [409, Conflict.customerCancelTooLate],
    ],
  }),
};
