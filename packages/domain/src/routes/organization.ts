import { Conflict, NotFound } from '../errors';
import { listOf } from '../schemas/common';
import {
  branchBody,
  branchQuery,
  branchRecord,
  branchUpdateBody,
  cabinBody,
  cabinQuery,
  cabinRecord,
  cabinTypeBody,
  cabinTypeQuery,
  cabinTypeRecord,
  cabinTypeUpdateBody,
  cabinUpdateBody,
  categoryBody,
  categoryQuery,
  categoryRecord,
  categoryUpdateBody,
} from '../schemas/organization';
import { crudRoutes, route, sortedBy } from './define';

/** Categories of treatments and products (spec 000 §7). */
export const categoryRoutes = crudRoutes({
  path: 'category',
  resource: 'category',
  tag: 'Categorías',
  noun: 'una categoría',
  notFound: NotFound.category,
  record: categoryRecord,
  query: categoryQuery,
  create: categoryBody,
  update: categoryUpdateBody,
  list: {
    sortable: ['name', 'type', 'id', 'created_at'],
    defaultSort: 'name',
    searchable: ['name'],
    defaultSearch: ['name'],
  },
  filters: 'filtro type (treatment o product)',
  writeErrors: [],
  deleteErrors: [[404, NotFound.categoryInUse]],
});

const branchList = {
  sortable: ['name', 'code', 'city', 'created_at', 'id'],
  defaultSort: 'name',
  searchable: ['name', 'phone', 'code', 'city'],
  defaultSearch: ['name'],
} as const;

const branchCrud = crudRoutes({
  path: 'branch',
  resource: 'branch',
  tag: 'Sucursales',
  noun: 'una sucursal',
  notFound: NotFound.branch,
  record: branchRecord,
  query: branchQuery,
  create: branchBody,
  update: branchUpdateBody,
  list: branchList,
  filters:
    'filtros status y franchise; horarios con días 0 (lunes) a 6 (domingo), un día de descanso es 00:00–00:00',
  writeErrors: [],
  deleteErrors: [
    [409, Conflict.distributionCenter],
    [409, Conflict.branchHasInventory],
  ],
});

/**
 * Branches with their weekly schedules (spec 000 §3–§5). A role fixed to its branch reaches only
 * its own. `GET /branch/paginated` is the list under the name the specification also uses.
 */
export const branchRoutes = {
  ...branchCrud,
  paginated: route({
    ...branchCrud.list,
    path: '/branch/paginated',
    query: sortedBy(branchQuery, branchList.sortable),
    answer: listOf(branchRecord),
  }),
};

/** Cabins, with weekly schedules checked against their branch's (spec 000 §3, §5). */
export const cabinRoutes = crudRoutes({
  path: 'cabain',
  resource: 'cabain',
  tag: 'Cabinas',
  noun: 'una cabina',
  notFound: NotFound.cabin,
  record: cabinRecord,
  query: cabinQuery,
  create: cabinBody,
  update: cabinUpdateBody,
  list: {
    sortable: ['name', 'id', 'branch', 'type', 'created_at'],
    defaultSort: 'name',
    searchable: ['name', 'description'],
    defaultSearch: ['name'],
  },
  filters: 'filtros status, typeId y branchId; horarios con días 0 (lunes) a 6 (domingo)',
  writeErrors: [[404, NotFound.branch]],
  deleteErrors: [[409, Conflict.cabinHasAppointments]],
});

/** Cabin types (spec 000 §3). */
export const cabinTypeRoutes = crudRoutes({
  path: 'cabain-type',
  resource: 'cabain_types',
  tag: 'Tipos de cabina',
  noun: 'un tipo de cabina',
  notFound: NotFound.cabinType,
  record: cabinTypeRecord,
  query: cabinTypeQuery,
  create: cabinTypeBody,
  update: cabinTypeUpdateBody,
  list: {
    sortable: ['order', 'name', 'color', 'id'],
    defaultSort: 'order',
    searchable: ['name', 'color'],
    defaultSearch: ['name'],
  },
  filters: 'filtro treatmentTypeId',
  writeErrors: [],
  deleteErrors: [[409, Conflict.cabinTypeInUse]],
});
