import { z } from 'zod';
import { idParams, listOf } from '../schemas/common';
import {
  loyaltyCustomerRecord,
  loyaltyLevelBody,
  loyaltyLevelRecord,
  loyaltyListQuery,
} from '../schemas/loyalty';
import { route, sortedBy, type Privilege } from './define';

/**
 * Loyalty (CONTRACT §10, spec 002 §2): the levels' thresholds and the three lists of customers
 * with their level, points and paid purchases over 365 days. Paths ours, as the contract says.
 */

const tag = 'Lealtad';
const view = (resource: 'loyalty_system' | 'members' | 'miss_you' | 'clients'): Privilege => ({
  resource,
  action: 'view',
});

/** The loyalty lists sort by the customer's own indexed columns and search as the customers do. */
const list = {
  sortable: ['customerId', 'name', 'lastName', 'points', 'cancellations'],
  defaultSort: 'customerId',
  searchable: ['name', 'mobilePhone', 'email', 'customerId'],
  defaultSearch: ['name', 'mobilePhone', 'email'],
} as const;

const loyaltyList = (
  path: string,
  access: { privilege: Privilege } | { anyOf: Privilege[] },
  summary: string,
) =>
  route({
    method: 'GET',
    path,
    access,
    tag,
    summary: `${summary}; búsqueda por ${list.searchable.join(', ')}; filtro loyaltyScale; orden por ${list.sortable.join(', ')}`,
    query: sortedBy(loyaltyListQuery, list.sortable),
    answer: listOf(loyaltyCustomerRecord),
    list,
  });

export const loyaltyRoutes = {
  levels: route({
    method: 'GET',
    path: '/loyalty-level',
    access: { anyOf: [view('loyalty_system'), view('members'), view('miss_you'), view('clients')] },
    tag,
    summary: 'Los cinco niveles de lealtad y la compra mínima de 365 días de cada uno',
    answer: z.array(loyaltyLevelRecord),
  }),
  updateLevel: route({
    method: 'PUT',
    path: '/loyalty-level/:id/update',
    access: { privilege: { resource: 'loyalty_system', action: 'edit' } },
    tag,
    summary:
      'Cambiar el mínimo de un nivel: Bronce queda en 0 y cada mínimo es mayor que el del nivel anterior y menor que el del siguiente (400 en minimum)',
    params: idParams,
    body: loyaltyLevelBody,
    answer: loyaltyLevelRecord,
    errors: [[404, 0]],
  }),
  system: loyaltyList(
    '/loyalty-system',
    { privilege: view('loyalty_system') },
    'Sistema de lealtad: cada cliente con su nivel, puntos, compras pagadas de 365 días y cancelaciones',
  ),
  members: loyaltyList(
    '/member',
    { privilege: view('members') },
    'Miembros: clientes con una compra pagada en los últimos 365 días',
  ),
  missYou: loyaltyList(
    '/miss-you',
    { privilege: view('miss_you') },
    'We miss you: clientes que ya vinieron y cuya última visita o compra tiene más de 30 días',
  ),
  totalsPurchases: loyaltyList(
    '/customer/totals-purchases',
    { anyOf: [view('clients'), view('loyalty_system')] },
    'Las compras pagadas de los últimos 365 días de cada cliente, netas de reembolsos',
  ),
};
