import { z } from 'zod';
import { BadRequest, Conflict, NotFound, Unprocessable } from '../errors';
import { idParams, listOf } from '../schemas/common';
import {
  cashOrderBody,
  cashOrderLot,
  cashOrderLotQuery,
  cashOrderQuery,
  cashOrderQuote,
  cashOrderRecord,
  cashOrderSellerBody,
  cashOrderSummary,
} from '../schemas/cash-orders';
import { orderNumberParams, orderRefundBody } from '../schemas/sales';
import { route, sortedBy } from './define';

/**
 * Cash orders (CONTRACT §12 "Cash orders"): products of the branch's lots sold at the counter
 * (`sales`), their refund, tickets, and the seller's reassignment (`cosmetologic_comission.edit`).
 * A role fixed to its branch reaches only its branch; another branch's cash order is 404 code 36.
 */

const privilege = (action: 'view' | 'show' | 'create' | 'refund') => ({
  privilege: { resource: 'sales' as const, action },
});
const tag = 'Ventas de productos';
const notFound = [404, NotFound.cashOrder] as const;
const pdf = z.unknown().describe('El PDF (application/pdf), no el sobre JSON');

const pricingErrors = [
  [400, BadRequest.couponExhausted],
  [400, BadRequest.couponAlreadyUsed],
  [404, NotFound.stock],
  [404, NotFound.branch],
  [404, NotFound.customer],
  [404, NotFound.user],
  [404, NotFound.coupon],
  [409, Conflict.customerBlacklisted],
  [409, Conflict.customerInactive],
  [422, Unprocessable.insufficientInventory],
] as const;

const list = {
  sortable: ['orderNumber', 'total', 'branch', 'paidAt', 'created_at'],
  defaultSort: 'created_at',
  searchable: ['orderNumber', 'customer'],
  defaultSearch: ['orderNumber', 'customer'],
} as const;

export const cashOrderRoutes = {
  list: route({
    method: 'GET',
    path: '/cash-order',
    access: privilege('view'),
    tag,
    summary:
      'Listar ventas de productos: búsqueda por número (con o sin prefijo VP) o nombre del cliente; filtros branchId, customerId, startDate, endDate (día de creación en la zona de la sucursal), paidDate, refundDate, paymentStatus, paymentMethod; orden por ' +
      list.sortable.join(', '),
    query: sortedBy(cashOrderQuery, list.sortable),
    answer: listOf(cashOrderSummary),
    list,
  }),
  lots: route({
    method: 'GET',
    path: '/cash-order/lots',
    access: privilege('create'),
    tag,
    summary:
      'Los lotes con existencias de una sucursal que se pueden vender (productos Cosmetólogo/Venta y Médico/Venta aprobados y activos), por producto y con la caducidad más próxima primero; búsqueda por nombre o SKU',
    query: cashOrderLotQuery,
    answer: z.array(cashOrderLot),
    errors: [[404, NotFound.branch]],
  }),
  get: route({
    method: 'GET',
    path: '/cash-order/:id',
    access: privilege('show'),
    tag,
    summary: 'Una venta de productos con sus líneas (lote y caducidad), pagos y comisiones',
    params: idParams,
    answer: cashOrderRecord,
    errors: [notFound],
  }),
  create: route({
    method: 'POST',
    path: '/cash-order/create',
    access: privilege('create'),
    tag,
    summary:
      'Vender productos en sucursal: cada línea nombra su lote (stockId) de la sucursal (404 código 1 si no) y la cantidad (422 código 1 si el lote no la tiene; nada cambia). Solo productos Cosmetólogo/Venta o Médico/Venta (400). El vendedor es personal activo de la sucursal (404 código 4). Precios sin IVA: price = salePrice × cantidad − descuento del cupón de producto; subtotal = Σ price; taxes = Σ round(price × IVA / 100, 2) con el IVA del producto (16 si no tiene); total = subtotal + taxes. Pagos, cambio, dólares y puntos como las órdenes. Las unidades salen de los lotes como movimientos `cash-order`. Folio VP-000042. Gana los puntos de los productos si hay cliente. Cada línea Cosmetólogo/Venta escribe la comisión del vendedor. Día con corte 409/45.',
    body: cashOrderBody,
    answer: cashOrderRecord,
    status: 201,
    errors: [...pricingErrors, [409, Conflict.dayClosed], [422, Unprocessable.insufficientPoints]],
  }),
  quote: route({
    method: 'POST',
    path: '/cash-order/quote',
    access: privilege('create'),
    tag,
    summary:
      'Cotizar una venta de productos: el mismo cuerpo que crear; responde líneas, subtotal, IVA, total, pagos, cambio y puntos como los pondría crear, sin escribir nada',
    body: cashOrderBody,
    answer: cashOrderQuote,
    errors: pricingErrors,
  }),
  refund: route({
    method: 'POST',
    path: '/cash-order/:orderNumber/refund',
    access: privilege('refund'),
    tag,
    summary:
      'Devolver una venta de productos completa (número o folio VP-000042), con las verificaciones y códigos de las órdenes (404 código 36 si no se encuentra): cada unidad vuelve al mismo lote del que salió como movimiento `refund`; puntos y cupón como las órdenes; las comisiones se revierten con filas negativas del día de la devolución.',
    params: orderNumberParams,
    body: orderRefundBody,
    answer: cashOrderRecord,
    errors: [
      notFound,
      [404, NotFound.passwordMismatch],
      [409, Conflict.orderCancelled],
      [409, Conflict.dayClosed],
    ],
  }),
  updateSeller: route({
    method: 'PATCH',
    path: '/cash-order/:id/update-seller',
    access: { privilege: { resource: 'cosmetologic_comission', action: 'edit' } },
    tag,
    summary:
      'Reasignar la venta y sus comisiones a otra cosmetóloga activa de la sucursal de la venta (404 código 5 si no lo es); 409 código 45 si el día de la venta ya tiene corte; queda en la bitácora',
    params: idParams,
    body: cashOrderSellerBody,
    answer: cashOrderRecord,
    errors: [notFound, [404, NotFound.doctorRequired], [409, Conflict.dayClosed]],
  }),
  ticket: route({
    method: 'GET',
    path: '/cash-order/:id/ticket',
    access: privilege('show'),
    tag,
    summary:
      'El ticket de la venta de productos en PDF (80 mm): sucursal, folio, líneas, subtotal, IVA, cupón, total, pagos, cambio, puntos y vendedor; cada impresión después de la primera dice COPIA',
    params: idParams,
    answer: pdf,
    errors: [notFound],
  }),
  refundTicket: route({
    method: 'GET',
    path: '/cash-order/:id/ticket/refund',
    access: privilege('show'),
    tag,
    summary:
      'El ticket de devolución de la venta de productos en PDF; 404 código 36 si no está devuelta',
    params: idParams,
    answer: pdf,
    errors: [notFound],
  }),
};
