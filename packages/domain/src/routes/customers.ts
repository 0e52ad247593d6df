import { z } from 'zod';
import { BadRequest, Conflict, NotFound } from '../errors';
import { idParams } from '../schemas/common';
import {
  customerBody,
  customerDetail,
  customerDetailQuery,
  customerOrdersAnswer,
  customerQuery,
  customerRecord,
  customerSingleQuery,
  customerUpdateBody,
  noteBody,
  noteQuery,
  noteRecord,
} from '../schemas/customers';
import { photoRef } from '../schemas/catalogue-fields';
import { appointmentRecord } from '../schemas/agenda';
import { listOf } from '../schemas/common';
import { crudRoutes, deletedAnswer, publicImage, route } from './define';

const clients = (action: 'view' | 'show' | 'edit' | 'note' | 'unban') => ({
  privilege: { resource: 'clients' as const, action },
});
const notFound = [404, NotFound.customer] as const;

/**
 * Customers (spec 002 §2–§8, CONTRACT §10): customers belong to the chain; age rules on the
 * branch's today; mobile unique (400 code 5 on create, 409 code 24 on update), e-mail unique
 * (409 code 23).
 */
export const customerRoutes = {
  ...crudRoutes({
    path: 'customer',
    resource: 'clients',
    tag: 'Clientes',
    noun: 'un cliente',
    notFound: NotFound.customer,
    record: customerRecord,
    query: customerQuery,
    create: customerBody,
    update: customerUpdateBody,
    filters: 'filtros isTutor, blackList, registryBranchId, gender y adult (mayores de 18)',
    list: {
      sortable: [
        'customerId',
        'name',
        'lastName',
        'birthday',
        'points',
        'cancellations',
        'created_at',
      ],
      defaultSort: 'customerId',
      searchable: ['name', 'mobilePhone', 'phone', 'email', 'customerId'],
      defaultSearch: ['name', 'mobilePhone', 'phone', 'email'],
    },
    writeErrors: [
      [400, BadRequest.mobileExists],
      [409, Conflict.emailExists],
      [409, Conflict.duplicatePhone],
      [404, NotFound.branch],
    ],
  }),
  single: route({
    method: 'GET',
    path: '/customer/single',
    access: clients('show'),
    tag: 'Clientes',
    summary: 'Un cliente por celular, correo electrónico o número de cliente (punto de venta)',
    query: customerSingleQuery,
    answer: customerRecord,
    errors: [notFound],
  }),
  detail: route({
    method: 'GET',
    path: '/customer/:id/single',
    access: clients('show'),
    tag: 'Clientes',
    summary:
      'Un cliente con su tutor, puntos, nivel, cancelaciones y faltas; con purchasedProducts=true, sus productos adquiridos',
    params: idParams,
    query: customerDetailQuery,
    answer: customerDetail,
    errors: [notFound],
  }),
  orders: route({
    method: 'GET',
    path: '/customer/:id/orders',
    access: clients('show'),
    tag: 'Clientes',
    summary:
      'Las órdenes y órdenes en efectivo del cliente; un rol fijo a su sucursal ve solo las de ella',
    params: idParams,
    answer: customerOrdersAnswer,
    errors: [notFound],
  }),
  appointments: route({
    method: 'GET',
    path: '/customer/:id/appointments',
    access: clients('show'),
    tag: 'Clientes',
    summary: 'Las citas del cliente (pestaña Citas del detalle), las más recientes primero',
    params: idParams,
    answer: z.array(appointmentRecord),
    errors: [notFound],
  }),
  clearCancellations: route({
    method: ['PUT', 'PATCH', 'POST'],
    path: '/customer/:id/clear-cancellations',
    access: clients('unban'),
    tag: 'Clientes',
    summary: 'Desbanear: pone en 0 las cancelaciones del cliente',
    params: idParams,
    answer: customerRecord,
    errors: [notFound],
  }),
};

/** Notes of a customer (CONTRACT §10, `clients.note`), with at most one photo. */
export const noteRoutes = {
  list: route({
    method: 'GET',
    path: '/note',
    access: clients('note'),
    tag: 'Clientes',
    summary: 'Notas de un cliente (customerId), las más recientes primero',
    query: noteQuery,
    answer: listOf(noteRecord),
    errors: [notFound],
  }),
  create: route({
    method: 'POST',
    path: '/note/create',
    access: clients('note'),
    tag: 'Clientes',
    summary: 'Crear una nota (General, Clínica, Seguimiento o Queja) de un cliente',
    body: noteBody,
    answer: noteRecord,
    status: 201,
    errors: [notFound],
  }),
  photo: route({
    method: 'POST',
    path: '/note/:id/photo',
    access: clients('note'),
    tag: 'Clientes',
    summary:
      'Subir la foto de la nota (multipart, campo image, una sola; reemplaza la anterior): png, jpg, jpeg, webp o gif de menos de 1 MB. Sin imágenes: 400 código 6',
    params: idParams,
    multipart: true,
    answer: z.object({ id: z.number().int(), photo: photoRef }),
    errors: [
      [404, NotFound.note],
      [400, BadRequest.noImages],
    ],
  }),
  remove: route({
    method: ['DELETE', 'POST'],
    path: '/note/:id/delete',
    access: clients('note'),
    tag: 'Clientes',
    summary: 'Eliminar una nota',
    params: idParams,
    answer: deletedAnswer,
    errors: [[404, NotFound.note]],
  }),
  image: publicImage('/note/photo/:name', 'Clientes', 'Foto de una nota'),
};
