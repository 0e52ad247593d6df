import { BadRequest, Conflict, NotFound, Unprocessable } from '../errors';
import { idParams, listOf } from '../schemas/common';
import {
  orderBody,
  orderQuery,
  orderRecord,
  orderSettlementBody,
  orderSummary,
} from '../schemas/orders';
import { route, sortedBy } from './define';

/**
 * Orders of treatments, packages and promotions (CONTRACT §12): the point of sale and the customer
 * app create them (`sales.create`; the app calls as a staff account holding it), the sales screens
 * list and open them (`sales.view`, `sales.show`). A role fixed to its branch sells and sees only
 * its branch; another branch's order answers 404 code 19.
 */

const privilege = (action: 'view' | 'show' | 'create') => ({
  privilege: { resource: 'sales' as const, action },
});
const tag = 'Órdenes';
const notFound = [404, NotFound.order] as const;

const list = {
  sortable: ['orderNumber', 'total', 'paymentStatus', 'origin', 'branch', 'paidAt', 'created_at'],
  defaultSort: 'created_at',
  searchable: ['orderNumber', 'customer'],
  defaultSearch: ['orderNumber', 'customer'],
} as const;

export const orderRoutes = {
  list: route({
    method: 'GET',
    path: '/order',
    access: privilege('view'),
    tag,
    summary:
      'Listar órdenes: búsqueda por número (con o sin prefijo POS) o nombre del cliente; filtros branchId (roles fijos: la suya), customerId, startDate, endDate (día de Tijuana), paymentStatus, origin, saleType (POS, App, online); orden por ' +
      list.sortable.join(', '),
    query: sortedBy(orderQuery, list.sortable),
    answer: listOf(orderSummary),
    list,
  }),
  get: route({
    method: 'GET',
    path: '/order/:id',
    access: privilege('show'),
    tag,
    summary: 'Una orden con sus líneas, pagos y productos adquiridos',
    params: idParams,
    answer: orderRecord,
    errors: [notFound],
  }),
  create: route({
    method: 'POST',
    path: '/order/create',
    access: privilege('create'),
    tag,
    summary:
      'Crear una orden (punto de venta SUCURSAL, app APP, en línea LINEA), en una transacción. El servidor pone cada precio: un tratamiento a su precio de catálogo; un paquete o promoción a su `price` (lista: `regularPrice`) solo si está a la venta en esa sucursal, en ese momento y con cada método de pago (409 código 40 nombrando la línea). Un cupón (400 código 10 u 11, 404 código 30) descuenta precio × descuento / 100 en cada unidad de las líneas de su tratamiento (400 si no hay ninguna). Los dólares se convierten al tipo de cambio vigente, que la orden guarda. Los pagos deben cubrir el total (400); el excedente solo puede ser efectivo y es el cambio (`changeAmount`). `Puntos` paga 1 MXN por punto, en MXN y enteros, solo en SUCURSAL (422 código 8 si no alcanzan). Cliente en lista negra 409 código 38, inactivo 409 código 39, inexistente 404 código 14. SUCURSAL queda `paid` y gana los puntos de sus líneas; APP y LINEA quedan `pending_payment` hasta `PATCH /order/{id}/payment`. Crea un producto adquirido por tratamiento comprado y unidad (sesiones y límite de la línea del paquete, 1 en promociones y tratamientos sueltos; áreas de la línea o del tratamiento).',
    body: orderBody,
    answer: orderRecord,
    status: 201,
    errors: [
      [400, BadRequest.couponExhausted],
      [400, BadRequest.couponAlreadyUsed],
      [404, NotFound.branch],
      [404, NotFound.customer],
      [404, NotFound.user],
      [404, NotFound.treatment],
      [404, NotFound.packageOrPromotion],
      [404, NotFound.coupon],
      [409, Conflict.customerBlacklisted],
      [409, Conflict.customerInactive],
      [409, Conflict.offerNotOnSale],
      [422, Unprocessable.insufficientPoints],
    ],
  }),
  settle: route({
    method: 'PATCH',
    path: '/order/:id/payment',
    access: privilege('create'),
    tag,
    summary:
      'Registrar la respuesta del pago de una orden de la app o en línea: solo desde pending_payment o pending_confirmation (409 código 30 si ya se pagó o falló); `paid` fija paidAt y suma los puntos de la orden una sola vez, aun con llamadas simultáneas.',
    params: idParams,
    body: orderSettlementBody,
    answer: orderRecord,
    errors: [notFound, [409, Conflict.orderFinished]],
  }),
};
