import { z } from 'zod';
import { Conflict, NotFound } from '../errors';
import {
  closingBody,
  closingDetail,
  closingPaymentsQuery,
  closingPreview,
  closingPreviewQuery,
  closingQuery,
  closingRecord,
} from '../schemas/cash-closings';
import { idParams, listOf } from '../schemas/common';
import { route, sortedBy } from './define';

/**
 * Daily cash closings (CONTRACT §12 "Daily cash closing", `cashClosing`): the preview of a
 * branch-day, its close (once), the two lists (the whole day, and the cash orders' figures), the
 * detail with the payments it counted, and its PDF. A role fixed to its branch reaches only its
 * branch: another branch's closing is 404 code 26, another branch's preview or close 404 code 6.
 */

const privilege = (action: 'view' | 'show' | 'create') => ({
  privilege: { resource: 'cashClosing' as const, action },
});
const tag = 'Cortes de caja';
const notFound = [404, NotFound.cashClosing] as const;

const list = {
  sortable: ['date', 'number', 'total', 'branch', 'created_at'],
  defaultSort: 'date',
  searchable: ['number'],
  defaultSearch: ['number'],
} as const;

export const cashClosingRoutes = {
  preview: route({
    method: 'GET',
    path: '/daily-cash-closing/preview',
    access: privilege('create'),
    tag,
    summary:
      'Las cifras (CONTRACT §12) que registraría el corte de una sucursal en un día (date, hoy por omisión), sin escribir nada, con su página de pagos (page, take; 5); closed y el registro si ya tiene corte',
    query: closingPreviewQuery,
    answer: closingPreview,
    errors: [[404, NotFound.branch], notFound],
  }),
  create: route({
    method: 'POST',
    path: '/daily-cash-closing/create',
    access: privilege('create'),
    tag,
    summary:
      'Cerrar el día de una sucursal una vez (409/44): cifras, conteo y difference = countedCash − (cashTotal − refundCash); después de hoy 400 (date); luego nada se fecha en ese día (409/45)',
    body: closingBody,
    answer: closingRecord,
    status: 201,
    errors: [[404, NotFound.branch], notFound, [409, Conflict.cashClosingExists]],
  }),
  list: route({
    method: 'GET',
    path: '/daily-cash-closing',
    access: privilege('view'),
    tag,
    summary:
      'Listar cortes de caja: filtros branchId, startDate, endDate (el día cerrado); orden por ' +
      list.sortable.join(', '),
    query: sortedBy(closingQuery, list.sortable),
    answer: listOf(closingRecord),
    list,
  }),
  listCash: route({
    method: 'GET',
    path: '/daily-cash-closing-cash',
    access: privilege('view'),
    tag,
    summary:
      'Los cortes con las cifras de `products` (solo ventas de productos); filtros branchId, startDate, endDate; orden por ' +
      list.sortable.join(', '),
    query: sortedBy(closingQuery, list.sortable),
    answer: listOf(closingRecord),
    list,
  }),
  get: route({
    method: 'GET',
    path: '/daily-cash-closing/:id',
    access: privilege('show'),
    tag,
    summary: 'Un corte con la página de pagos y devoluciones que contó (page, take; 5 por omisión)',
    params: idParams,
    query: closingPaymentsQuery,
    answer: closingDetail,
    errors: [notFound],
  }),
  download: route({
    method: 'GET',
    path: '/daily-cash-closing/:id/download',
    access: privilege('show'),
    tag,
    summary:
      'El corte de caja en PDF: cifras por método, dólares, devoluciones, conteo y diferencia',
    params: idParams,
    answer: z.unknown().describe('El PDF (application/pdf), no el sobre JSON'),
    errors: [notFound],
  }),
};
