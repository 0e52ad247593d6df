import { BadRequest, NotFound } from '../errors';
import { idParams, listOf } from '../schemas/common';
import {
  couponBody,
  couponDetail,
  couponQuery,
  couponRecord,
  couponUpdateBody,
} from '../schemas/coupons';
import { deletedAnswer, route, sortedBy } from './define';

/**
 * Coupons (spec 002 §7, CONTRACT §11), at the specification's paths: the list and the writes
 * under `/coupon`, the detail and the delete under `/coupons`. A role fixed to its branch sees
 * the coupons valid at its branch; another branch's coupon answers 404 code 30.
 */

const privilege = (action: 'view' | 'show' | 'create' | 'edit' | 'delete') => ({
  privilege: { resource: 'coupons' as const, action },
});
const tag = 'Cupones';
const notFound = [404, NotFound.coupon] as const;
const writeErrors = [
  [400, BadRequest.couponCodeExists],
  [404, NotFound.branch],
] as const;

const list = {
  sortable: [
    'code',
    'name',
    'limit',
    'used',
    'expireDate',
    'discount',
    'type',
    'status',
    'id',
    'created_at',
  ],
  defaultSort: 'created_at',
  searchable: ['code', 'name'],
  defaultSearch: ['code', 'name'],
} as const;

export const couponRoutes = {
  list: route({
    method: 'GET',
    path: '/coupon',
    access: privilege('view'),
    tag,
    summary:
      'Listar cupones: búsqueda por code, name; filtros type (Treatment|Product), branchId, status; orden por ' +
      list.sortable.join(', '),
    query: sortedBy(couponQuery, list.sortable),
    answer: listOf(couponRecord),
    list,
  }),
  get: route({
    method: 'GET',
    path: '/coupons/:id',
    access: privilege('show'),
    tag,
    summary:
      'Obtener un cupón con los usos restantes y las órdenes y órdenes en efectivo que lo usaron',
    params: idParams,
    answer: couponDetail,
    errors: [notFound],
  }),
  create: route({
    method: 'POST',
    path: '/coupon/create',
    access: privilege('create'),
    tag,
    summary:
      'Crear un cupón: código de 5 a 15 caracteres único (400 código 9), descuento 0 < % ≤ 100; el tipo decide si lleva treatmentId o productId',
    body: couponBody,
    answer: couponRecord,
    status: 201,
    errors: writeErrors,
  }),
  update: route({
    method: 'PUT',
    path: '/coupon/:id/update',
    access: privilege('edit'),
    tag,
    summary:
      'Actualizar un cupón; los campos omitidos conservan su valor; el tipo y el tratamiento o producto no cambian; el límite no baja de los usos',
    params: idParams,
    body: couponUpdateBody,
    answer: couponRecord,
    errors: [notFound, ...writeErrors],
  }),
  remove: route({
    method: 'DELETE',
    path: '/coupons/:id/delete',
    access: privilege('delete'),
    tag,
    summary: 'Eliminar (baja lógica) un cupón',
    params: idParams,
    answer: deletedAnswer,
    errors: [notFound],
  }),
};
