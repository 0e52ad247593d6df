import { Conflict, NotFound } from '../errors';
import { idParams, listOf } from '../schemas/common';
import {
  commissionAgentBody,
  commissionQuery,
  commissionUserParams,
  cosmetologyCommissionLine,
  cosmetologyCommissionSummary,
  medicCommissionRow,
  medicCommissionSummary,
} from '../schemas/commissions';
import { route, sortedBy } from './define';

/**
 * Commissions (CONTRACT §12 "Commissions"). Who sees what: a Médico (a Cosmetóloga) only their own
 * rows, another's detail 404 code 4; otherwise, with `approve` and either a role not fixed to a
 * branch or a session at the distribution centre, every branch; else only the session's branch.
 * A list's totals are the sums of its people's detail rows under the same filters.
 */

const tag = 'Comisiones';
const who =
  'Un Médico (una Cosmetóloga) ve solo sus propias filas; con el privilegio approve y un rol de todas las sucursales o una sesión en el centro de distribución, todas las sucursales; si no, solo la sucursal de la sesión.';
const filters =
  'Filtros branchId, startDate y endDate (el día de la comisión, en la zona de su sucursal, ambos incluidos)';

export const COMMISSION_LIST = {
  sortable: ['total', 'count', 'employeeNumber', 'name', 'lastName'],
  defaultSort: 'total',
  searchable: ['name', 'employeeNumber'],
  defaultSearch: ['name', 'employeeNumber'],
} as const;

export const COMMISSION_DETAIL = {
  sortable: ['date'],
  defaultSort: 'date',
  searchable: ['customer'],
  defaultSearch: ['customer'],
} as const;

/** The detail's page size by default (spec 002 §7: 5, with 10 and 15). */
export const COMMISSION_DETAIL_TAKE = 5;

const view = (resource: 'medic_comission' | 'cosmetologic_comission') => ({
  privilege: { resource, action: 'view' as const },
});

export const commissionRoutes = {
  list: route({
    method: 'GET',
    path: '/commission',
    access: view('medic_comission'),
    tag,
    summary: `Comisiones médicas por médico: número de empleado, nombre, cuántas, total (Σ comisión), isr (Σ ISR) y subtotal (Σ neto). ${filters}; búsqueda por nombre completo o número de empleado. ${who}`,
    query: sortedBy(commissionQuery, COMMISSION_LIST.sortable),
    answer: listOf(medicCommissionSummary),
    list: COMMISSION_LIST,
  }),
  byUser: route({
    method: 'GET',
    path: '/commission/:userId/user',
    access: view('medic_comission'),
    tag,
    summary: `Las comisiones médicas de un médico, una por cita terminada (5 por página por omisión, la más reciente primero): cita, sucursal, día, hora, cliente, tratamiento, médico, comisión, ISR y subtotal. ${filters}; búsqueda por nombre del cliente. Un médico que pide las de otro: 404 código 4.`,
    params: commissionUserParams,
    query: sortedBy(commissionQuery, COMMISSION_DETAIL.sortable),
    answer: listOf(medicCommissionRow),
    list: COMMISSION_DETAIL,
    errors: [[404, NotFound.user]],
  }),
  updateAgent: route({
    method: 'PATCH',
    path: '/commission/:id/update-commission-agent',
    access: { privilege: { resource: 'medic_comission', action: 'edit' } },
    tag,
    summary:
      'Reasignar la comisión de una cita a otro médico: un usuario activo cuyo puesto es de médico (Médico…) y que trabaja en la sucursal de la comisión (si no, 404 código 5); el ISR se recalcula con su porcentaje. Una comisión que no existe o que la sesión no ve: 404 código 12 (la cita). 409 código 45 si el día de la comisión ya tiene corte. Queda en la bitácora.',
    params: idParams,
    body: commissionAgentBody,
    answer: medicCommissionRow,
    errors: [
      [404, NotFound.appointment],
      [404, NotFound.doctorRequired],
      [409, Conflict.dayClosed],
    ],
  }),
};

export const cosmetologyCommissionRoutes = {
  list: route({
    method: 'GET',
    path: '/cash-order/commissions',
    access: view('cosmetologic_comission'),
    tag,
    summary: `Comisiones cosmetológicas por vendedora: número de empleado, nombre, cuántas filas, salePrice (Σ precio sin IVA) y total (Σ comisión); las devoluciones restan. ${filters}; búsqueda por nombre completo o número de empleado. ${who}`,
    query: sortedBy(commissionQuery, COMMISSION_LIST.sortable),
    answer: listOf(cosmetologyCommissionSummary),
    list: COMMISSION_LIST,
  }),
  byUser: route({
    method: 'GET',
    path: '/cash-order/:userId/user',
    access: view('cosmetologic_comission'),
    tag,
    summary: `Las comisiones cosmetológicas de una vendedora, una por línea vendida y una negativa por línea devuelta (5 por página por omisión, la más reciente primero): venta, sucursal, día, hora, cliente, producto, precio, porcentaje y comisión. ${filters}; búsqueda por nombre del cliente. Una cosmetóloga que pide las de otra: 404 código 4.`,
    params: commissionUserParams,
    query: sortedBy(commissionQuery, COMMISSION_DETAIL.sortable),
    answer: listOf(cosmetologyCommissionLine),
    list: COMMISSION_DETAIL,
    errors: [[404, NotFound.user]],
  }),
};
