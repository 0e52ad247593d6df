import { z } from 'zod';
import { BadRequest, Conflict, NotFound, Unprocessable } from '../errors';
import type { Resource } from '../privileges';
import { idParams } from '../schemas/common';
import {
  assortmentApproveBody,
  assortmentConfirmBody,
  assortmentProductChoice,
  assortmentProductsQuery,
  assortmentOrderBody,
  assortmentOrderQuery,
  assortmentOrderRecord,
  assortmentOrderUpdateBody,
  flowRejectBody,
  saleOrderBody,
  saleOrderQuery,
  saleOrderRecord,
  saleOrderUpdateBody,
  transferApproveBody,
  transferBody,
  transferConfirmBody,
  transferQuery,
  transferRecord,
  transferUpdateBody,
} from '../schemas/stock-flows';
import { crudRoutes, route, type ErrorCode } from './define';

/** Stock on the move: sale orders, assortment orders and transfers (CONTRACT §9). */

const pdf = z.unknown().describe('El PDF (application/pdf), no el sobre JSON');
const insufficient = [422, Unprocessable.insufficientInventory] as const;

const download = (
  path: string,
  resource: Resource,
  action: 'show' | 'reports',
  tag: string,
  notFound: number,
) =>
  route({
    method: 'GET',
    path: `/${path}/:id/download` as const,
    access: { privilege: { resource, action } },
    tag,
    summary: 'La orden en PDF',
    params: idParams,
    answer: pdf,
    errors: [[404, notFound]],
  });

// The path and the answer keep their literal types: the web app fills `:id` and reads the record.
const transition = <const P extends string, B extends z.ZodType, A extends z.ZodType>(spec: {
  method: 'PUT' | 'PATCH' | readonly ('PUT' | 'PATCH')[];
  path: P;
  resource: Resource;
  action: 'approve' | 'edit' | 'delete';
  tag: string;
  summary: string;
  body: B;
  answer: A;
  errors: readonly ErrorCode[];
}) =>
  route({
    method: spec.method,
    path: spec.path,
    access: { privilege: { resource: spec.resource, action: spec.action } },
    tag: spec.tag,
    summary: spec.summary,
    params: idParams,
    body: spec.body,
    answer: spec.answer,
    errors: spec.errors,
  });

const saleTag = 'Órdenes de venta';
export const saleOrderRoutes = {
  ...crudRoutes({
    path: 'sale-order',
    resource: 'saleOrder',
    tag: saleTag,
    noun: 'una orden de venta',
    notFound: NotFound.saleOrder,
    record: saleOrderRecord,
    query: saleOrderQuery,
    create: saleOrderBody,
    update: saleOrderUpdateBody,
    list: {
      sortable: ['orderNumber', 'name', 'note', 'branch', 'totalAmount', 'created_at'],
      defaultSort: 'created_at',
      searchable: ['orderNumber', 'phone', 'rfc', 'name', 'note'],
      defaultSearch: ['orderNumber', 'phone', 'rfc', 'name', 'note'],
    },
    filters:
      'filtros branchId (roles fijos: la suya), startDate, endDate, withDeleted; el número se busca con o sin prefijo SO',
    writeErrors: [[404, NotFound.stock], insufficient],
  }),
  download: download('sale-order', 'saleOrder', 'show', saleTag, NotFound.saleOrder),
};

const assortmentTag = 'Órdenes de surtido';
const assortmentErrors = [[404, NotFound.assortmentOrder]] as const;
export const assortmentOrderRoutes = {
  ...crudRoutes({
    path: 'assortment-order',
    resource: 'assortmentOrder',
    tag: assortmentTag,
    noun: 'una orden de surtido',
    notFound: NotFound.assortmentOrder,
    record: assortmentOrderRecord,
    query: assortmentOrderQuery,
    create: assortmentOrderBody,
    update: assortmentOrderUpdateBody,
    list: {
      sortable: ['orderNumber', 'orderType', 'branch', 'status', 'created_at'],
      defaultSort: 'created_at',
      searchable: ['orderNumber', 'branch', 'orderType'],
      defaultSearch: ['orderNumber', 'branch'],
    },
    filters:
      'filtros branchId (roles fijos: la suya), orderStatus (En proceso, En transito, Terminada, Rechazada, Eliminada), orderType, startDate, endDate, withDeleted; el número se busca con o sin prefijo OR',
    writeErrors: [
      [400, BadRequest.validation],
      [404, NotFound.branch],
      [404, NotFound.product],
      [409, Conflict.orderFinished],
      [409, Conflict.orderCancelled],
    ],
    deleteErrors: [[409, Conflict.orderNotCancellable]],
  }),
  approve: transition({
    method: 'PUT',
    path: '/assortment-order/:id/approve',
    resource: 'assortmentOrder',
    action: 'approve',
    tag: assortmentTag,
    summary:
      'Aprobar: cada producto de la orden se surte de uno o más lotes del CEDIS (un lote una sola vez; una línea por lote, la cantidad pedida en la primera); las unidades salen de inventario (422 código 1 nombrando la línea si no alcanza, y nada cambia) y la orden queda En transito. Nunca quien la creó (409 código 31) ni un Sucursal Gerente o Gerente Operativo (403); solo En proceso (409 código 30 o 33).',
    body: assortmentApproveBody,
    answer: assortmentOrderRecord,
    errors: [
      ...assortmentErrors,
      [404, NotFound.stock],
      insufficient,
      [409, Conflict.creatorCannotApprove],
      [409, Conflict.orderFinished],
      [409, Conflict.orderCancelled],
    ],
  }),
  confirm: transition({
    method: 'PUT',
    path: '/assortment-order/:id/confirm',
    resource: 'assortmentOrder',
    action: 'edit',
    tag: assortmentTag,
    summary:
      'Confirmar la recepción en la sucursal (un usuario de ella, o de un rol de todas las sucursales): la cantidad recibida de cada línea, ≤ la enviada; lo recibido entra al lote de la sucursal con el mismo lote y caducidad y la diferencia queda como merma en tránsito; Terminada, con hasDifference si faltó algo. Solo En transito (409 código 29 antes de aprobarse; 30 si ya terminó; 33 si fue rechazada).',
    body: assortmentConfirmBody,
    answer: assortmentOrderRecord,
    errors: [
      ...assortmentErrors,
      [409, Conflict.orderNotApproved],
      [409, Conflict.orderFinished],
      [409, Conflict.orderCancelled],
    ],
  }),
  reject: transition({
    method: 'PATCH',
    path: '/assortment-order/:id/reject',
    resource: 'assortmentOrder',
    action: 'approve',
    tag: assortmentTag,
    summary:
      'Rechazar: En proceso o En transito pasan a Rechazada (lo enviado regresa a sus lotes); terminada 409 código 30, ya rechazada 409 código 33.',
    // The screen may send no body at all: the reason is optional.
    body: flowRejectBody.nullish(),
    answer: assortmentOrderRecord,
    errors: [...assortmentErrors, [409, Conflict.orderFinished], [409, Conflict.orderCancelled]],
  }),
  products: route({
    method: 'GET',
    path: '/assortment-order/products',
    access: {
      anyOf: [
        { resource: 'assortmentOrder', action: 'create' },
        { resource: 'assortmentOrder', action: 'edit' },
      ],
    },
    tag: assortmentTag,
    summary:
      'Los productos que la sucursal puede pedir al CEDIS (activos y aprobados), cada uno con el máximo y mínimo que la sucursal tiene de él (null: sin registro; máximo 0: sin límite): una cantidad pedida mayor al máximo se rechaza. Roles fijos: su sucursal (otra es 404 código 6); los demás, la indicada o la de su sesión.',
    query: assortmentProductsQuery,
    answer: z.array(assortmentProductChoice),
    errors: [[404, NotFound.branch]],
  }),
  download: download(
    'assortment-order',
    'assortmentOrder',
    'reports',
    assortmentTag,
    NotFound.assortmentOrder,
  ),
};

const transferTag = 'Transferencias';
const transferErrors = [[404, NotFound.transfer]] as const;
export const transferRoutes = {
  ...crudRoutes({
    path: 'transfer',
    resource: 'transfers',
    tag: transferTag,
    noun: 'una transferencia',
    notFound: NotFound.transfer,
    record: transferRecord,
    query: transferQuery,
    create: transferBody,
    update: transferUpdateBody,
    list: {
      sortable: ['transferNumber', 'originBranch', 'destinyBranch', 'status', 'created_at'],
      defaultSort: 'created_at',
      searchable: ['transferNumber', 'originBranch', 'destinyBranch'],
      defaultSearch: ['transferNumber'],
    },
    filters:
      'filtros originBranchId, destinyBranchId, orderStatus, startDate, endDate, withDeleted; roles fijos ven las de su sucursal (origen o destino); el número se busca con o sin prefijo TR',
    writeErrors: [
      [404, NotFound.stock],
      [404, NotFound.branch],
      insufficient,
      [409, Conflict.orderFinished],
      [409, Conflict.orderCancelled],
    ],
    deleteErrors: [[409, Conflict.orderNotCancellable]],
  }),
  approve: transition({
    method: 'PUT',
    path: '/transfer/:id/approve',
    resource: 'transfers',
    action: 'approve',
    tag: transferTag,
    summary:
      'Aprobar con las cantidades a enviar (las líneas omitidas se envían como se pidieron): las unidades salen de los lotes del origen (422 código 1 si no alcanza; nada cambia); En transito.',
    body: transferApproveBody,
    answer: transferRecord,
    errors: [
      ...transferErrors,
      [404, NotFound.stock],
      insufficient,
      [409, Conflict.orderFinished],
      [409, Conflict.orderCancelled],
    ],
  }),
  confirm: transition({
    method: 'PUT',
    path: '/transfer/:id/confirm',
    resource: 'transfers',
    action: 'edit',
    tag: transferTag,
    summary:
      'Confirmar en el destino las cantidades recibidas (≤ enviadas): entran al lote del destino con el mismo lote y caducidad, la diferencia queda como merma en tránsito; Terminada con acceptedBy y acceptedAt.',
    body: transferConfirmBody,
    answer: transferRecord,
    errors: [
      ...transferErrors,
      [409, Conflict.orderNotApproved],
      [409, Conflict.orderFinished],
      [409, Conflict.orderCancelled],
    ],
  }),
  reject: transition({
    method: ['PUT', 'PATCH'],
    path: '/transfer/:id/reject',
    resource: 'transfers',
    action: 'approve',
    tag: transferTag,
    summary:
      'Rechazar: En proceso o En transito pasan a Rechazada (lo enviado regresa a sus lotes); terminada 409 código 30, ya rechazada 409 código 33.',
    // The screen may send no body at all: the reason is optional.
    body: flowRejectBody.nullish(),
    answer: transferRecord,
    errors: [...transferErrors, [409, Conflict.orderFinished], [409, Conflict.orderCancelled]],
  }),
  download: download('transfer', 'transfers', 'reports', transferTag, NotFound.transfer),
};
