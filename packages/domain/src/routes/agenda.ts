import { z } from 'zod';
import { BadRequest, Conflict, NotFound, Unprocessable } from '../errors';
import { id } from '../fields';
import { idParams, listOf } from '../schemas/common';
import {
  agendaDayAnswer,
  appointmentBody,
  appointmentAttendants,
  appointmentAttendantsQuery,
  appointmentByCustomerQuery,
  appointmentCancelBody,
  appointmentConfirmBody,
  appointmentFinishBody,
  appointmentFinishForm,
  appointmentLogEntry,
  appointmentLogQuery,
  appointmentQuery,
  appointmentRecord,
  appointmentStatusFilter,
  appointmentUpdateBody,
  lockBody,
  lockQuery,
  lockRecord,
  lockUpdateBody,
} from '../schemas/agenda';
import {
  seriesCreateBody,
  seriesCreated,
  seriesPreview,
  seriesPreviewQuery,
} from '../schemas/appointment-series';
import type { Action } from '../privileges';
import { deletedAnswer, route, sortedBy } from './define';

/**
 * The agenda (spec 002 §2–§8, CONTRACT §13). Privileges (spec 002 §6): `agenda` for the grid
 * (create books and opens the lock button; edit moves, changes status and confirms; delete
 * cancels and deletes a lock), `appointment` for the table, `blockers` for the locks' screen.
 */

const either = (action: Action, ...resources: ('agenda' | 'appointment' | 'blockers')[]) => ({
  anyOf: resources.map((resource) => ({ resource, action })),
});

const TAG = 'Agenda';
const appointmentNotFound = [404, NotFound.appointment] as const;
const lockNotFound = [404, NotFound.lock] as const;

/** The refusals of a booking or a move, each with its code (CONTRACT §13). */
const bookingErrors = [
  [404, NotFound.branch],
  [404, NotFound.cabin],
  [404, NotFound.customer],
  [404, NotFound.treatment],
  [404, NotFound.category],
  [404, NotFound.packageOrPromotion],
  [404, NotFound.user],
  [409, Conflict.bookingInPast],
  [409, Conflict.timeNotAvailable],
  [409, Conflict.cabinBlocked],
  [409, Conflict.cosmeticAfterMedical],
  [409, Conflict.medicalBeforeCosmetic],
  [409, Conflict.noAppliancesAvailable],
  [409, Conflict.tooManyCancellations],
  [409, Conflict.outsideHours],
  [409, Conflict.customerBlacklisted],
  [409, Conflict.purchasedProductUnavailable],
  [409, Conflict.offerNotOnSale],
] as const;

const appointmentSortable = [
  'date',
  'appointmentNumber',
  'startTime',
  'status',
  'appointmentType',
  'created_at',
] as const;

export const appointmentRoutes = {
  /**
   * One call for a day of a branch (with `date`): every appointment of that day in `items` as
   * the grid draws it (`agendaDayAppointment`), and `day` with the cabins, hours and locks.
   * Without `date`: the table of /dashboard/citas, whole records.
   */
  list: route({
    method: 'GET',
    path: '/appointment',
    access: either('view', 'agenda', 'appointment'),
    tag: TAG,
    summary:
      'Citas. Con date (y branchId, o la sucursal de la sesión): el día completo de la sucursal para la agenda, todas sus citas en items como la cuadrícula las dibuja (horario, cabina, estatus, paciente, tratamientos; el detalle en GET /appointment/{id}) y en day las cabinas con su color, el horario de ese día y los bloqueos; sin date: la tabla de citas, filtros branchId, dateFrom, dateTo, status, appointmentType, appointmentMethod, cabainId, attendedById y customerId',
    query: sortedBy(appointmentQuery, appointmentSortable).extend(appointmentStatusFilter),
    // The day first: a table's answer has no `day`, so it never reads as a day.
    answer: z.union([agendaDayAnswer, listOf(appointmentRecord)]),
    errors: [[404, NotFound.branch]],
    list: {
      sortable: appointmentSortable,
      defaultSort: 'date',
      searchable: ['customer', 'appointmentNumber'],
      defaultSearch: ['customer'],
    },
  }),
  byCustomer: route({
    method: 'GET',
    path: '/appointment/get-by-customer',
    access: {
      anyOf: [
        ...either('view', 'agenda', 'appointment').anyOf,
        { resource: 'clients', action: 'show' },
      ],
    },
    tag: TAG,
    summary: 'Las citas de un cliente (customerId), las más recientes primero',
    query: sortedBy(appointmentByCustomerQuery, appointmentSortable),
    answer: listOf(appointmentRecord),
    errors: [[404, NotFound.customer]],
    list: {
      sortable: appointmentSortable,
      defaultSort: 'date',
      searchable: ['appointmentNumber'],
      defaultSearch: ['appointmentNumber'],
    },
  }),
  get: route({
    method: 'GET',
    path: '/appointment/:id',
    access: either('show', 'agenda', 'appointment'),
    tag: TAG,
    summary: 'Una cita, con sus cancelaciones',
    params: idParams,
    answer: appointmentRecord,
    errors: [appointmentNotFound],
  }),
  create: route({
    method: 'POST',
    path: '/appointment/create',
    access: either('create', 'agenda', 'appointment'),
    tag: TAG,
    summary:
      'Agendar una cita: endTime = inicio + duración de los tratamientos (o cabainTime del paquete o promoción). Rechazos: pasado 409/4, cabina o personal ocupado 409/5 (restricción EXCLUDE), bloqueo 409/6, tratamiento cosmetológico después de uno médico 409/7, médico antes de cosmetológico 409/35, sin aparato disponible 409/14, 3 cancelaciones (4 para Super Administrador y Gerente Operativo) 409/15 salvo purchasedProducts, fuera de horario 409/17, cliente en lista negra 409/38. Con purchasedProductId, el tratamiento es el del producto adquirido y las categorías las de ese tratamiento (400 en treatmentsIds o categoriesIds)',
    body: appointmentBody,
    answer: appointmentRecord,
    status: 201,
    errors: bookingErrors,
  }),
  update: route({
    method: 'PUT',
    path: '/appointment/:id/update',
    access: either('edit', 'agenda', 'appointment'),
    tag: TAG,
    summary:
      'Modificar una cita agendada cuyo fin no ha pasado (otro estatus 409/39); cambiar fecha, hora, cabina o sucursal cuenta como un cambio: con dos cambios o cancelaciones 409/16. Los mismos rechazos que al agendar',
    params: idParams,
    body: appointmentUpdateBody,
    answer: appointmentRecord,
    errors: [
      appointmentNotFound,
      ...bookingErrors,
      [409, Conflict.tooManyReschedules],
      [409, Conflict.appointmentStatusLocked],
    ],
  }),
  cancel: route({
    method: 'POST',
    path: '/appointment/:id/cancel',
    access: either('delete', 'agenda', 'appointment'),
    tag: TAG,
    summary:
      'Cancelar (o reagendar) una cita agendada o en proceso: comentario obligatorio con motivo Other; customerCancellation suma a las cancelaciones del cliente; la tercera cancelación o cambio termina el tratamiento adquirido',
    params: idParams,
    body: appointmentCancelBody,
    answer: appointmentRecord,
    errors: [appointmentNotFound, [409, Conflict.appointmentStatusLocked]],
  }),
  setOnProcess: route({
    method: 'PATCH',
    path: '/appointment/:id/set-on-process',
    access: either('edit', 'agenda', 'appointment'),
    tag: TAG,
    summary:
      'Poner en proceso una cita agendada, solo el día de la cita (otro día 409/40, otro estatus 409/39)',
    params: idParams,
    answer: appointmentRecord,
    errors: [
      appointmentNotFound,
      [409, Conflict.appointmentStatusLocked],
      [409, Conflict.notAppointmentDay],
    ],
  }),
  confirm: route({
    method: 'PATCH',
    path: '/appointment/:id/confirm',
    access: either('edit', 'agenda', 'appointment'),
    tag: TAG,
    summary:
      'Registrar la confirmación de una cita agendada o en proceso (si, no, whatsapp, buzón)',
    params: idParams,
    body: appointmentConfirmBody,
    answer: appointmentRecord,
    errors: [appointmentNotFound, [409, Conflict.appointmentStatusLocked]],
  }),
  seriesPreview: route({
    method: 'GET',
    path: '/appointment/series/preview',
    access: { privilege: { resource: 'appointment', action: 'create' } },
    tag: TAG,
    summary:
      'Vista previa de una serie de sesiones de un producto adquirido (en proceso y con sesiones restantes, si no 409/41): una sesión por cada restante (sessions − currentSession − citas agendadas, en proceso o apartadas), la i-ésima en date + i × intervalDays (15, 30, 45, 60 o 90; otro 400), a la hora pedida en cabainId o en la primera cabina del tipo del tratamiento libre; si no, la hora libre más cercana de ese día (moved: true); si no, available: false con el rechazo (reason). No escribe nada. Un rol fijo a su sucursal usa la suya',
    query: seriesPreviewQuery,
    answer: seriesPreview,
    errors: [
      [404, NotFound.branch],
      [404, NotFound.cabin],
      [409, Conflict.purchasedProductUnavailable],
    ],
  }),
  seriesCreate: route({
    method: 'POST',
    path: '/appointment/series/create',
    access: { privilege: { resource: 'appointment', action: 'create' } },
    tag: TAG,
    summary:
      'Agendar una serie de sesiones de un producto adquirido en una sola transacción, cada una por el mismo camino que POST /appointment/create (appointmentOption purchasedProducts, con sus recordatorios): entre 1 y las sesiones restantes (más 409/41). Un rechazo de cualquier sesión deshace todas y responde su estatus y código con details [{ field: sessions.{i}, message: Sesión {n} ({date} {startTime}): {mensaje} }]. Cada cita lleva seriesId',
    body: seriesCreateBody,
    answer: seriesCreated,
    status: 201,
    errors: bookingErrors,
  }),
  attendants: route({
    method: 'GET',
    path: '/appointment/attendants',
    access: either('view', 'agenda', 'appointment'),
    tag: TAG,
    summary:
      'Quién puede atender una cita de un tipo (appointmentType) en una sucursal (branchId; un rol fijo a su sucursal lee la suya): el personal activo con expediente en la sucursal, médicos para Médico, cosmetólogas para Cosmetóloga, ambos para Valoración',
    query: appointmentAttendantsQuery,
    answer: appointmentAttendants,
  }),
  finishForm: route({
    method: 'GET',
    path: '/appointment/:id/finish-form',
    access: either('edit', 'agenda', 'appointment'),
    tag: TAG,
    summary:
      'Lo que ofrece el diálogo de terminar una cita: el tratamiento de su producto adquirido (consentimiento, áreas, productos por sesión), las sesiones que quedan, los lotes de esos productos en la sucursal y el personal que puede atenderla',
    params: idParams,
    answer: appointmentFinishForm,
    errors: [appointmentNotFound],
  }),
  finish: route({
    method: 'PATCH',
    path: '/appointment/:id/finish',
    access: either('edit', 'agenda', 'appointment'),
    tag: TAG,
    summary:
      'Terminar una cita en proceso de un producto adquirido (status finished: sesiones con sus áreas sin repetir, productos de los lotes de la sucursal hasta la cantidad del tratamiento × sesiones, que salen como movimientos de la cita; consentimiento antes si el tratamiento lo pide; avanza la sesión del producto adquirido y escribe la comisión médica) o registrar una inasistencia de una cita agendada (status absence, suma a las faltas del cliente). Solo el día de la cita (409/40); otro estatus 409/39; quien atiende ya tiene otra cita a esa hora 409/5; sin existencia 422/1',
    params: idParams,
    body: appointmentFinishBody,
    answer: appointmentRecord,
    errors: [
      appointmentNotFound,
      [400, BadRequest.validation],
      [404, NotFound.doctorRequired],
      [404, NotFound.user],
      [404, NotFound.stock],
      [409, Conflict.timeNotAvailable],
      [409, Conflict.appointmentStatusLocked],
      [409, Conflict.notAppointmentDay],
      [409, Conflict.purchasedProductUnavailable],
      [422, Unprocessable.insufficientInventory],
    ],
  }),
};

/** The consent document of an appointment (spec 002 §7: consent/{consentId}/{appointmentId}). */
export const consentRoutes = {
  document: route({
    method: 'GET',
    path: '/consent/:consentId/:appointmentId',
    access: either('show', 'agenda', 'appointment'),
    tag: TAG,
    summary:
      'El documento de consentimiento en PDF con los datos del cliente y del tratamiento de la cita',
    params: z.object({ consentId: id('Consentimiento'), appointmentId: id('Cita') }),
    answer: z.unknown().describe('El PDF (application/pdf), no el sobre JSON'),
    errors: [appointmentNotFound, [404, NotFound.treatment]],
  }),
};

const logSortable = ['created_at', 'appointmentNumber'] as const;

/** The bitácora of appointment changes (/dashboard/bitacora). */
export const appointmentLogRoutes = {
  list: route({
    method: 'GET',
    path: '/appointment-log',
    access: either('view', 'agenda', 'appointment'),
    tag: TAG,
    summary:
      'Bitácora de citas: cada cambio con sus valores antes y después; filtros branchId, appointmentId, customerId, userId, action, dateFrom y dateTo (día local del cambio)',
    query: sortedBy(appointmentLogQuery, logSortable),
    answer: listOf(appointmentLogEntry),
    list: {
      sortable: logSortable,
      defaultSort: 'created_at',
      searchable: ['customer', 'appointmentNumber'],
      defaultSearch: ['customer'],
    },
  }),
};

const lockSortable = ['created_at', 'date', 'type'] as const;

/** Locks (`blockers`; the agenda's lock button with `agenda.create`). */
export const lockRoutes = {
  list: route({
    method: 'GET',
    path: '/lock',
    access: either('view', 'blockers', 'agenda'),
    tag: TAG,
    summary:
      'Bloqueos de una sucursal (branchId); filtros cabainId, type, date (los que aplican ese día) y mine=true (los del usuario)',
    query: sortedBy(lockQuery, lockSortable),
    answer: listOf(lockRecord),
    errors: [[404, NotFound.branch]],
    list: {
      sortable: lockSortable,
      defaultSort: 'created_at',
      searchable: ['reasonDescription'],
      defaultSearch: ['reasonDescription'],
    },
  }),
  get: route({
    method: 'GET',
    path: '/lock/:id',
    access: either('show', 'blockers', 'agenda'),
    tag: TAG,
    summary: 'Un bloqueo',
    params: idParams,
    answer: lockRecord,
    errors: [lockNotFound],
  }),
  create: route({
    method: 'POST',
    path: '/lock/create',
    access: either('create', 'blockers', 'agenda'),
    tag: TAG,
    summary:
      'Bloquear tiempo de una cabina (hour, cabain, day, hours_range, days_range; días 0 = Domingo); uno que se cruza con otro bloqueo de la misma cabina 409/32',
    body: lockBody,
    answer: lockRecord,
    status: 201,
    errors: [
      [404, NotFound.branch],
      [404, NotFound.cabin],
      [409, Conflict.lockExists],
    ],
  }),
  update: route({
    method: 'PUT',
    path: '/lock/:id/update',
    access: either('edit', 'blockers', 'agenda'),
    tag: TAG,
    summary: 'Modificar un bloqueo; los campos omitidos conservan su valor (cruce 409/32)',
    params: idParams,
    body: lockUpdateBody,
    answer: lockRecord,
    errors: [lockNotFound, [404, NotFound.cabin], [409, Conflict.lockExists]],
  }),
  remove: route({
    method: ['DELETE', 'POST'],
    path: '/lock/:id/delete',
    access: either('delete', 'blockers', 'agenda'),
    tag: TAG,
    summary: 'Eliminar un bloqueo',
    params: idParams,
    answer: deletedAnswer,
    errors: [lockNotFound],
  }),
};
