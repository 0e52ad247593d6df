import { NotFound } from '../errors';
import { idParams, listOf } from '../schemas/common';
import { goalBody, goalQuery, goalRecord, goalUpdateBody } from '../schemas/goals';
import {
  exchangeRateAtQuery,
  exchangeRateEntry,
  exchangeRateHistoryQuery,
  settingRecord,
  settingUpdateBody,
} from '../schemas/settings';
import { crudRoutes, route, sortedBy } from './define';

/** The record's codes: a missing settings record is the generic 404 (the catalogue numbers none). */
const settingNotFound = [404, 0] as const;
const view = { privilege: { resource: 'setting', action: 'view' } } as const;

const rateHistoryList = {
  sortable: ['effectiveFrom', 'exchangeRate', 'id'],
  defaultSort: 'effectiveFrom',
  searchable: ['exchangeRate'],
  defaultSearch: ['exchangeRate'],
} as const;

/**
 * The chain's settings (spec 002 §7): one record, read and updated. Every change is audited, and
 * each new exchange rate joins the rate history with the instant it took effect, so the rate of any
 * past sale or closing can be read back.
 */
export const settingRoutes = {
  get: route({
    method: 'GET',
    path: '/setting',
    access: view,
    tag: 'Configuraciones',
    summary:
      'Obtener la configuración: tipo de cambio (MXN por dólar, 4 decimales), tipo de proceso de pago (manual: terminal bancaria con referencia; gateway: pasarela de pago) y porcentaje de comisión de cosmetología',
    answer: settingRecord,
  }),
  update: route({
    method: ['PUT', 'PATCH'],
    path: '/setting/:id/update',
    access: { privilege: { resource: 'setting', action: 'edit' } },
    tag: 'Configuraciones',
    summary:
      'Actualizar la configuración; los campos omitidos conservan su valor. Un tipo de cambio nuevo entra en vigor en ese instante y se agrega al historial',
    params: idParams,
    body: settingUpdateBody,
    answer: settingRecord,
    errors: [settingNotFound],
  }),
  rateHistory: route({
    method: 'GET',
    path: '/setting/exchange-rate/history',
    access: view,
    tag: 'Configuraciones',
    summary:
      'Historial del tipo de cambio: cada valor con el instante desde el que rige y quién lo fijó; por omisión el más reciente primero',
    query: sortedBy(exchangeRateHistoryQuery, rateHistoryList.sortable),
    answer: listOf(exchangeRateEntry),
    list: rateHistoryList,
  }),
  rateAt: route({
    method: 'GET',
    path: '/setting/exchange-rate',
    access: view,
    tag: 'Configuraciones',
    summary:
      'El tipo de cambio vigente en un instante (`at`, ISO 8601; ahora si se omite): el último que entró en vigor a esa hora o antes',
    query: exchangeRateAtQuery,
    answer: exchangeRateEntry,
  }),
};

const goalCrud = crudRoutes({
  path: 'goal',
  resource: 'goal',
  tag: 'Metas',
  noun: 'una meta',
  notFound: NotFound.goal,
  record: goalRecord,
  query: goalQuery,
  create: goalBody,
  update: goalUpdateBody,
  list: {
    sortable: ['period', 'branch', 'goal', 'id', 'created_at'],
    defaultSort: 'period',
    searchable: ['branch'],
    defaultSearch: ['branch'],
  },
  filters:
    'filtros branchId, month (MM) y year (YYYY); totalSale son las ventas pagadas de la sucursal en ese mes menos reembolsos, remaining = max(goal − totalSale, 0), dailyGoal = goal ÷ días del mes, percentage = totalSale ÷ goal × 100 con 2 decimales; los roles de una sucursal ven y fijan solo las de la suya',
  writeErrors: [
    [404, NotFound.branch],
    [500, 37],
  ],
});

/** Monthly sales goals per branch (spec 002 §7): one per branch and month. */
export const goalRoutes = {
  ...goalCrud,
  update: route({ ...goalCrud.update, method: ['PUT', 'PATCH'] }),
};
