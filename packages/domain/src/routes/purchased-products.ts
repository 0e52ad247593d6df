import { z } from 'zod';
import { BadRequest, Conflict, NotFound, Unprocessable } from '../errors';
import { appointmentRecord } from '../schemas/agenda';
import { idParams } from '../schemas/common';
import {
  missedAppointment,
  purchasedProductDetail,
  purchasedProductFinishBody,
} from '../schemas/sales';
import type { Action } from '../privileges';
import { route } from './define';

/**
 * The spec's purchased-product calls (spec 002 §7): a customer's purchased products, finishing one
 * (the CONTRACT §13 finish of its in-process appointment) and the appointments of it the customer
 * missed. Purchased products are the chain's: any branch may book them (CONTRACT §5).
 */

const either = (action: Action, ...resources: ('agenda' | 'appointment' | 'clients')[]) => ({
  anyOf: resources.map((resource) => ({ resource, action })),
});
const tag = 'Agenda';

export const purchasedProductRoutes = {
  ofCustomer: route({
    method: 'GET',
    path: '/purchased-product/customer/:id',
    access: either('view', 'agenda', 'appointment', 'clients'),
    tag,
    summary:
      'Los productos adquiridos de un cliente (más recientes primero) con su tratamiento, productos por sesión, áreas, orden y la lista de sesiones dadas',
    params: idParams,
    answer: z.array(purchasedProductDetail),
    errors: [[404, NotFound.customer]],
  }),
  finish: route({
    method: ['PUT', 'POST'],
    path: '/purchased-product/:id/finish',
    access: either('edit', 'agenda', 'appointment'),
    tag,
    summary:
      'Terminar la cita en proceso de un producto adquirido (o la cita appointmentId, si tiene varias): el mismo terminar de PATCH /appointment/{id}/finish con status finished. Sin cita en proceso 404/12',
    params: idParams,
    body: purchasedProductFinishBody,
    answer: appointmentRecord,
    errors: [
      [404, NotFound.appointment],
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
  missed: route({
    method: 'GET',
    path: '/missed-appointment/:id/purchased-product',
    access: either('view', 'agenda', 'appointment', 'clients'),
    tag,
    summary:
      'Las citas de un producto adquirido a las que el cliente faltó (estatus absence), más recientes primero; un rol fijo a su sucursal ve las de ella (vacía si no hay ninguna o el producto no existe)',
    params: idParams,
    answer: z.array(missedAppointment),
  }),
};
