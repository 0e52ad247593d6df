import { Conflict, NotFound } from '../errors';
import { idParams } from '../schemas/common';
import {
  offerTokenParams,
  publicWaitlistOffer,
  waitlistBody,
  waitlistDetail,
  waitlistList,
  waitlistQuery,
  waitlistRecord,
  waitlistStatusFilter,
} from '../schemas/waitlist';
import { route, sortedBy } from './define';

/**
 * The waitlist (CONTRACT §15): staff's entries (privilege `waitlist`), and the customer's offer
 * link (public). A freed slot is offered as a hold (an appointment `held`) for
 * WAITLIST_HOLD_MINUTES; accepting it books it.
 */

const TAG = 'Lista de espera';
const privilege = (action: 'view' | 'show' | 'create' | 'edit' | 'delete') => ({
  privilege: { resource: 'waitlist' as const, action },
});
const sortable = ['created_at', 'fromDate', 'toDate', 'status', 'id'] as const;

export const waitlistRoutes = {
  list: route({
    method: 'GET',
    path: '/waitlist',
    access: privilege('view'),
    tag: TAG,
    summary:
      'Solicitudes de la lista de espera; filtros branchId, customerId, treatmentId, status (waiting, offered, booked, cancelled, expired) y date (las que la cubren); offer es la oferta abierta o null',
    query: sortedBy(waitlistQuery, sortable).extend(waitlistStatusFilter),
    answer: waitlistList,
    list: {
      sortable,
      defaultSort: 'created_at',
      searchable: ['customer'],
      defaultSearch: ['customer'],
    },
  }),
  get: route({
    method: 'GET',
    path: '/waitlist/:id',
    access: privilege('show'),
    tag: TAG,
    summary: 'Una solicitud de la lista de espera con todas sus ofertas; 404 código 38',
    params: idParams,
    answer: waitlistDetail,
    errors: [[404, NotFound.waitlistEntry]],
  }),
  create: route({
    method: 'POST',
    path: '/waitlist/create',
    access: privilege('create'),
    tag: TAG,
    summary:
      'Poner a una clienta en la lista de espera de un tratamiento en una sucursal: fromDate desde hoy, toDate hasta 90 días, horas en pasos de 30 minutos (400); lista negra 409 código 38; ya espera ese tratamiento ahí en fechas que se cruzan 409 código 22',
    body: waitlistBody,
    answer: waitlistRecord,
    status: 201,
    errors: [
      [404, NotFound.customer],
      [404, NotFound.branch],
      [404, NotFound.treatment],
      [409, Conflict.customerBlacklisted],
      [409, Conflict.recordExists],
    ],
  }),
  cancel: route({
    method: ['POST', 'DELETE'],
    path: '/waitlist/:id/cancel',
    access: privilege('delete'),
    tag: TAG,
    summary:
      'Cancelar la solicitud: su apartado abierto se libera (y se ofrece a la siguiente); 409 código 49 si no está en espera ni con oferta',
    params: idParams,
    answer: waitlistRecord,
    errors: [
      [404, NotFound.waitlistEntry],
      [409, Conflict.waitlistEntryInactive],
    ],
  }),
  accept: route({
    method: 'POST',
    path: '/waitlist/:id/accept',
    access: privilege('edit'),
    tag: TAG,
    summary:
      'Aceptar la oferta abierta por la clienta: el apartado se vuelve una cita agendada (mismo id) con sus recordatorios; 409 código 48 si ya venció, se rechazó o se canceló',
    params: idParams,
    answer: waitlistRecord,
    errors: [
      [404, NotFound.waitlistEntry],
      [409, Conflict.waitlistOfferGone],
    ],
  }),
  publicOffer: route({
    method: 'GET',
    path: '/public/waitlist-offer/:token',
    access: { public: true },
    tag: 'Público',
    summary:
      'La oferta del enlace /oferta/{token}, sin datos de la clienta; un token que no verifica es 404 código 38',
    params: offerTokenParams,
    answer: publicWaitlistOffer,
    errors: [[404, NotFound.waitlistEntry]],
  }),
  publicAccept: route({
    method: 'POST',
    path: '/public/waitlist-offer/:token/accept',
    access: { public: true },
    tag: 'Público',
    summary:
      'La clienta acepta la oferta: queda agendada; 409 código 48 si ya venció, se rechazó o se canceló',
    params: offerTokenParams,
    answer: publicWaitlistOffer,
    errors: [
      [404, NotFound.waitlistEntry],
      [409, Conflict.waitlistOfferGone],
    ],
  }),
  publicDecline: route({
    method: 'POST',
    path: '/public/waitlist-offer/:token/decline',
    access: { public: true },
    tag: 'Público',
    summary:
      'La clienta rechaza la oferta: el apartado se libera y se ofrece a la siguiente; 409 código 48 si ya no está abierta',
    params: offerTokenParams,
    answer: publicWaitlistOffer,
    errors: [
      [404, NotFound.waitlistEntry],
      [409, Conflict.waitlistOfferGone],
    ],
  }),
};
