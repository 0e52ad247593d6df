import { z } from 'zod';
import { BadRequest, Conflict, NotFound, Unprocessable } from '../errors';
import { idParams, listOf } from '../schemas/common';
import {
  orderBody,
  orderQuery,
  orderRecord,
  orderSettlementBody,
  orderSummary,
} from '../schemas/orders';
import { orderNumberParams, orderQuote, orderRefundBody } from '../schemas/sales';
import { route, sortedBy } from './define';

/**
 * Orders of treatments, packages and promotions (CONTRACT §12): the point of sale and the customer
 * app create them (`sales.create`; the app calls as a staff account holding it), the sales screens
 * list and open them (`sales.view`, `sales.show`). A role fixed to its branch sells and sees only
 * its branch; another branch's order answers 404 code 19.
 */

const privilege = (action: 'view' | 'show' | 'create' | 'refund') => ({
  privilege: { resource: 'sales' as const, action },
});
const tag = 'Órdenes';
const notFound = [404, NotFound.order] as const;
const pdf = z.unknown().describe('El PDF (application/pdf), no el sobre JSON');

/** What pricing an order may answer (create and quote alike). */
const pricingErrors = [
  [400, BadRequest.couponExhausted],
  [400, BadRequest.couponAlreadyUsed],
  [404, NotFound.branch],
  [404, NotFound.customer],
  [404, NotFound.user],
  [404, NotFound.treatment],
  [404, NotFound.packageOrPromotion],
  [404, NotFound.coupon],
  [404, NotFound.appointment],
  [409, Conflict.customerBlacklisted],
  [409, Conflict.customerInactive],
  [409, Conflict.offerNotOnSale],
  [409, Conflict.appointmentStatusLocked],
  [409, Conflict.purchasedProductUnavailable],
] as const;

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
      'Listar órdenes: búsqueda por número (con o sin prefijo POS) o nombre completo del cliente; filtros branchId (roles fijos: la suya), customerId, startDate, endDate (día de creación en la zona de la sucursal de la orden), paidDate, refundDate (día exacto), paymentStatus, paymentMethod (alguno de sus pagos; varios separados por comas), saleType u origin (POS | App | online o SUCURSAL | APP | LINEA, sin distinguir mayúsculas); orden por ' +
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
      'Crear una orden (punto de venta SUCURSAL, app APP, en línea LINEA), en una transacción. El servidor pone cada precio: un tratamiento a su precio de catálogo; un paquete o promoción a su `price` (lista: `regularPrice`) solo si está a la venta en esa sucursal, en ese momento y con cada método de pago (409 código 43 nombrando la línea). Un cupón (400 código 10 u 11, 404 código 30) descuenta precio × descuento / 100 en cada unidad de las líneas de su tratamiento (400 si no hay ninguna). Los dólares se convierten al tipo de cambio vigente, que la orden guarda. Los pagos deben cubrir el total (400); el excedente solo puede ser efectivo y es el cambio (`changeAmount`). `Puntos` paga 1 MXN por punto, en MXN y enteros, solo en SUCURSAL (422 código 8 si no alcanzan). Cliente en lista negra 409 código 38, inactivo 409 código 42, inexistente 404 código 14. Con appointmentId cobra una cita agendada o en proceso de ese cliente en esa sucursal, sin producto adquirido (409 código 41 si ya tiene), y la orden debe llevar una línea de su tratamiento (409 código 39): el producto adquirido que crea queda ligado a la cita. SUCURSAL queda `paid` y gana los puntos de sus líneas; APP y LINEA quedan `pending_payment` hasta `PATCH /order/{id}/payment`. Crea un producto adquirido por tratamiento comprado y unidad (sesiones y límite de la línea del paquete, 1 en promociones y tratamientos sueltos; áreas de la línea o del tratamiento).',
    body: orderBody,
    answer: orderRecord,
    status: 201,
    errors: [...pricingErrors, [409, Conflict.dayClosed], [422, Unprocessable.insufficientPoints]],
  }),
  quote: route({
    method: 'POST',
    path: '/order/quote',
    access: privilege('create'),
    tag,
    summary:
      'Cotizar una orden: el mismo cuerpo que crear; responde la orden como la crearía (líneas, descuento, cupón, total, pagos en MXN, lo que falta por pagar, cambio, puntos que gana) sin escribir nada (ni uso del cupón, ni puntos, ni folio). Los pagos que aún no cubren el total no son error: `owed` dice cuánto falta y `paymentProblem` el rechazo que daría crear.',
    body: orderBody,
    answer: orderQuote,
    errors: pricingErrors,
  }),
  refund: route({
    method: 'POST',
    path: '/order/:orderNumber/refund',
    access: privilege('refund'),
    tag,
    summary:
      'Devolver una orden completa (orderNumber: el número o el folio POS-000042). Revisa en este orden: orden de otra sucursal (rol fijo) o branchId distinto al de la orden 404/19; contraseña del usuario incorrecta 404/3; ya devuelta 409/33 (de devoluciones simultáneas gana una); no pagada 409/34; alguna sesión de sus productos adquiridos ya dada 409/34; día de la sucursal con corte 409/45. En una transacción: refundedAt, refundDate (hoy en la zona de la sucursal), refundedBy, refundAmount = total − puntos pagados; devuelve los puntos pagados y quita los ganados (sin bajar de 0); libera el uso del cupón; productos adquiridos `refunded`; bitácora `refund`.',
    params: orderNumberParams,
    body: orderRefundBody,
    answer: orderRecord,
    errors: [
      notFound,
      [404, NotFound.passwordMismatch],
      [409, Conflict.orderCancelled],
      [409, Conflict.orderNotCancellable],
      [409, Conflict.dayClosed],
    ],
  }),
  ticket: route({
    method: 'GET',
    path: '/order/:id/ticket',
    access: privilege('show'),
    tag,
    summary:
      'El ticket de la orden en PDF (80 mm): sucursal, folio, fecha y hora, cliente, líneas, cupón, total, pagos, cambio, puntos y vendedor; cada impresión después de la primera dice COPIA',
    params: idParams,
    answer: pdf,
    errors: [notFound],
  }),
  refundTicket: route({
    method: 'GET',
    path: '/order/:id/ticket/refund',
    access: privilege('show'),
    tag,
    summary:
      'El ticket de devolución en PDF (80 mm): el de la orden más fecha, motivo, método, monto y quién devolvió; 404/19 si la orden no está devuelta; cada impresión después de la primera dice COPIA',
    params: idParams,
    answer: pdf,
    errors: [notFound],
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
