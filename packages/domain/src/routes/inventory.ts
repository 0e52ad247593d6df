import { z } from 'zod';
import { BadRequest, Conflict, NotFound, Unprocessable } from '../errors';
import { id } from '../fields';
import { idParams, listOf } from '../schemas/common';
import {
  adjustmentAnswer,
  adjustmentBody,
  maxMinBody,
  maxMinRecord,
  maxMinUpdateBody,
  mmIdParams,
  purchaseOrderBody,
  purchaseOrderQuery,
  purchaseOrderRecord,
  purchaseOrderUpdateBody,
  stockByTreatmentQuery,
  stockChoice,
  stockChoiceQuery,
  stockDetail,
  stockDetailParams,
  stockMovementQuery,
  stockMovementRecord,
  stockQuery,
  stockReportQuery,
  stockReportRow,
  stockRow,
  stockTrace,
} from '../schemas/inventory';
import { crudRoutes, route, sortedBy } from './define';

/** Inventory and purchase orders (spec 001 §2–§9, CONTRACT §9). */

const inventory = (action: 'view' | 'show' | 'reports' | 'adjustment' | 'maxmin') => ({
  privilege: { resource: 'inventory' as const, action },
});
const tag = 'Inventario';
const noPrices =
  'Para el Sucursal Gerente y el Franquiciatario la respuesta no lleva precios (unitPrice).';

const stockList = {
  sortable: ['product', 'sku', 'branch', 'quantity', 'expiresIn', 'category'],
  defaultSort: 'product',
  searchable: ['sku', 'product'],
  defaultSearch: ['sku', 'product'],
} as const;

const movementList = {
  sortable: ['created_at', 'quantity', 'cause'],
  defaultSort: 'created_at',
  searchable: ['documentNumber', 'allotment'],
  defaultSearch: ['documentNumber', 'allotment'],
} as const;

export const stockRoutes = {
  list: route({
    method: 'GET',
    path: '/stock',
    access: inventory('view'),
    tag,
    summary: `Inventario: una fila por sucursal y producto, con sus lotes, máximo y mínimo y color (danger por caducidad, volcano fuera de máximo/mínimo); filtros branchId, productId, categoryId, productTypeId, color, status; búsqueda por SKU y nombre. ${noPrices}`,
    query: sortedBy(stockQuery, stockList.sortable),
    answer: listOf(stockRow),
    list: stockList,
  }),
  movements: route({
    method: 'GET',
    path: '/stock/movements',
    access: inventory('show'),
    tag,
    summary:
      'Movimientos del libro de inventario (más recientes primero): filtros stockId, productId, branchId, cause, startDate, endDate.',
    query: sortedBy(stockMovementQuery, movementList.sortable),
    answer: listOf(stockMovementRecord),
    list: movementList,
  }),
  detail: route({
    method: 'GET',
    path: '/stock/:branchId/:productId/details',
    access: inventory('show'),
    tag,
    summary: `Detalle del inventario de un producto en una sucursal: lotes con días restantes y color (danger ≤ 0, warning ≤ 30, alert ≤ 60, okay), y sus movimientos recientes. ${noPrices}`,
    params: stockDetailParams,
    answer: stockDetail,
    errors: [
      [404, NotFound.branch],
      [404, NotFound.product],
    ],
  }),
  byBranch: route({
    method: 'GET',
    path: '/stock/get-stock-by-branch-id',
    access: {
      anyOf: [
        { resource: 'inventory', action: 'view' },
        { resource: 'saleOrder', action: 'create' },
        { resource: 'transfers', action: 'create' },
        // The approver of a transfer sets the quantities to send against what its lots hold.
        { resource: 'transfers', action: 'approve' },
        { resource: 'assortmentOrder', action: 'approve' },
      ],
    },
    tag,
    summary: `Lotes con existencia de una sucursal (la propia para roles fijos a su sucursal), opcionalmente de un producto, para elegir en un formulario. ${noPrices}`,
    query: stockChoiceQuery,
    answer: z.array(stockChoice),
    errors: [[404, NotFound.branch]],
  }),
  byTreatment: route({
    method: 'GET',
    path: '/stock/get-stock-by-branch-and-treatment',
    access: {
      anyOf: [
        { resource: 'inventory', action: 'view' },
        { resource: 'appointment', action: 'edit' },
      ],
    },
    tag,
    summary: `Lotes con existencia de una sucursal de los productos que consume un tratamiento. ${noPrices}`,
    query: stockByTreatmentQuery,
    answer: z.array(stockChoice),
    errors: [
      [404, NotFound.branch],
      [404, NotFound.treatment],
    ],
  }),
  trace: route({
    method: 'GET',
    path: '/stock/:stockId/trace',
    access: inventory('show'),
    tag,
    summary:
      'Rastreo de un lote: sus renglones en cada sucursal que lo tuvo (mismo producto, lote y caducidad), todos sus movimientos y cada cliente en cuya cita se usó',
    params: z.object({ stockId: id('Lote') }),
    answer: stockTrace,
    errors: [[404, NotFound.stock]],
  }),
  report: route({
    method: 'GET',
    path: '/report/get-stock-by-branch',
    access: inventory('reports'),
    tag,
    summary: `Reporte de inventario de una sucursal (la propia para roles fijos): un renglón por lote con existencia. ${noPrices}`,
    query: stockReportQuery,
    answer: z.array(stockReportRow),
    errors: [[404, NotFound.branch]],
  }),
  adjustment: route({
    method: 'POST',
    path: '/stock/adjustment',
    access: inventory('adjustment'),
    tag,
    summary:
      'Ajuste de inventario: Baja (drop) de un lote, a lo más lo que tiene (422 código 1), o Registro (registration) en el lote indicado o en el de ese lote y caducidad, creándolo. Queda en el historial con la justificación.',
    body: adjustmentBody,
    answer: adjustmentAnswer,
    status: 201,
    errors: [
      [404, NotFound.stock],
      [404, NotFound.product],
      [404, NotFound.branch],
      [422, Unprocessable.insufficientInventory],
    ],
  }),
  createMaxMin: route({
    method: 'POST',
    path: '/stock/create-max-min',
    access: inventory('maxmin'),
    tag,
    summary:
      'Crear el máximo y mínimo de un producto en una sucursal (máximo 0: sin límite). Mínimo mayor al máximo: 400 código 7; ya existe: 400 código 8.',
    body: maxMinBody,
    answer: maxMinRecord,
    status: 201,
    errors: [
      [400, BadRequest.minGreaterThanMax],
      [400, BadRequest.maxMinExists],
      [404, NotFound.product],
      [404, NotFound.branch],
    ],
  }),
  getMaxMin: route({
    method: 'GET',
    path: '/stock/:mmId/get-max-min-by-branch',
    access: {
      anyOf: [
        { resource: 'inventory', action: 'show' },
        { resource: 'inventory', action: 'maxmin' },
      ],
    },
    tag,
    summary: 'Obtener un máximo y mínimo',
    params: mmIdParams,
    answer: maxMinRecord,
    errors: [[404, NotFound.maxMin]],
  }),
  updateMaxMin: route({
    method: 'PUT',
    path: '/stock/:mmId/update-max-min',
    access: inventory('maxmin'),
    tag,
    summary: 'Actualizar un máximo y mínimo (mínimo mayor al máximo: 400 código 7)',
    params: mmIdParams,
    body: maxMinUpdateBody,
    answer: maxMinRecord,
    errors: [
      [404, NotFound.maxMin],
      [400, BadRequest.minGreaterThanMax],
    ],
  }),
};

const purchaseOrderCrud = crudRoutes({
  path: 'purchase-order',
  resource: 'purchaseOrder',
  tag: 'Órdenes de compra',
  noun: 'una orden de compra',
  notFound: NotFound.purchaseOrder,
  record: purchaseOrderRecord,
  query: purchaseOrderQuery,
  create: purchaseOrderBody,
  update: purchaseOrderUpdateBody,
  list: {
    sortable: ['orderNumber', 'invoiceNumber', 'provider', 'arrivedAt', 'amount', 'created_at'],
    defaultSort: 'created_at',
    searchable: ['orderNumber', 'invoiceNumber', 'provider'],
    defaultSearch: ['orderNumber', 'invoiceNumber', 'provider'],
  },
  filters:
    'filtros providerId, payStatus (Pendiente|Completado), startDate y endDate (llegada), withDeleted; el número se busca con o sin prefijo OC',
  writeErrors: [
    [404, NotFound.provider],
    [404, NotFound.product],
    [404, NotFound.branch],
    [422, Unprocessable.insufficientInventory],
    [409, Conflict.orderFinished],
    [409, Conflict.cannotAddStock],
  ],
  deleteErrors: [[409, Conflict.cannotDeletePurchaseOrder]],
});

export const purchaseOrderRoutes = {
  ...purchaseOrderCrud,
  get: {
    ...purchaseOrderCrud.get,
    summary:
      'Obtener una orden de compra, también eliminada (con deleted_at: la lista con withDeleted la muestra y su detalle se abre desde ahí)',
  },
  create: {
    ...purchaseOrderCrud.create,
    summary:
      'Crear una orden de compra: cada renglón entra al lote del CEDIS de ese lote y caducidad (lote y caducidad obligatorios salvo para Insumo; producto aprobado: 404 código 13); creditExpiration = llegada + 1 día + días de crédito del proveedor; la respuesta lleva linesTotal',
  },
  update: {
    ...purchaseOrderCrud.update,
    summary:
      'Actualizar una orden de compra mientras está Pendiente: campos y renglones (los renglones solo mientras sus lotes conservan esas unidades: 422 código 1). Pagarla (payStatus Completado con payedAt) requiere purchaseOrder.approve; pagada es de solo lectura (409 código 30)',
  },
  remove: {
    ...purchaseOrderCrud.remove,
    summary:
      'Eliminar (baja lógica) una orden de compra sin pagar cuyas unidades siguen en sus lotes (si no, 409 código 11); las unidades salen de los lotes',
  },
  download: route({
    method: 'GET',
    path: '/purchase-order/:id/download',
    access: { privilege: { resource: 'purchaseOrder', action: 'reports' } },
    tag: 'Órdenes de compra',
    summary: 'La orden de compra en PDF (proveedor, productos, lotes, totales)',
    params: idParams,
    answer: z.unknown().describe('El PDF (application/pdf), no el sobre JSON'),
    errors: [[404, NotFound.purchaseOrder]],
  }),
};
