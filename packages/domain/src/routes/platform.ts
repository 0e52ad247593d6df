import { z } from 'zod';
import { idParams, listOf } from '../schemas/common';
import {
  auditEntry,
  auditQuery,
  branchOption,
  color,
  department,
  jobPosition,
  moduleEntry,
  productType,
  role,
  treatmentType,
  updateRoleBody,
} from '../schemas/platform';
import { colorQuery } from '../schemas/organization';
import { route, sortedBy } from './define';

/** Roles and their privilege maps (CONTRACT §5): `/role`, `/module`. */
export const roleRoutes = {
  list: route({
    method: 'GET',
    path: '/role',
    access: {
      signedIn:
        'el formulario de personal elige el rol y la aplicación muestra según el mapa; cambiarlo pide role edit',
    },
    tag: 'Roles y privilegios',
    summary: 'Roles con su mapa de privilegios',
    answer: z.array(role),
  }),
  update: route({
    method: 'PUT',
    path: '/role/:id/update',
    access: { privilege: { resource: 'role', action: 'edit' } },
    tag: 'Roles y privilegios',
    summary: 'Reemplazar el mapa de privilegios de un rol (solo Super Administrador)',
    params: idParams,
    body: updateRoleBody,
    answer: role,
    errors: [[404, 0]],
  }),
  modules: route({
    method: 'GET',
    path: '/module',
    access: { signedIn: 'es la lista fija de claves de la aplicación, sin datos de nadie' },
    tag: 'Roles y privilegios',
    summary: 'Recursos (módulos) sobre los que se otorgan privilegios; alias es la clave',
    answer: z.array(moduleEntry),
  }),
};

const logSortable = ['created_at', 'id', 'module', 'action'] as const;

/** The audit log (CONTRACT §5): `GET /log`. */
export const auditRoutes = {
  list: route({
    method: 'GET',
    path: '/log',
    access: { privilege: { resource: 'history', action: 'view' } },
    tag: 'Bitácora',
    summary:
      'Bitácora de cambios: filtros module, action, userId, branchId, productId, from, to (AAAA-MM-DD); user busca por el correo de quien hizo el cambio',
    query: sortedBy(auditQuery, [...logSortable]),
    answer: listOf(auditEntry),
    list: {
      sortable: logSortable,
      defaultSort: 'created_at',
      searchable: ['module', 'action', 'detail', 'user'],
      // module and action are exact filters of their own; free text looks at the detail and the user.
      defaultSearch: ['detail', 'user'],
    },
  }),
};

const lookup = 'catálogo fijo de solo lectura que cargan los formularios de todas las áreas';

/** The read-only lookups the forms load (spec 000 §7). */
export const lookupRoutes = {
  branches: route({
    method: 'GET',
    path: '/branch/all',
    access: { public: true },
    tag: 'Catálogos',
    summary:
      'Sucursales activas para la pantalla de inicio de sesión (sin sesión): id, nombre y código',
    answer: z.array(branchOption),
  }),
  departments: route({
    method: 'GET',
    path: '/department',
    access: { signedIn: lookup },
    tag: 'Catálogos',
    summary: 'Departamentos',
    answer: z.array(department),
  }),
  jobPositions: route({
    method: 'GET',
    path: '/job-position',
    access: { signedIn: lookup },
    tag: 'Catálogos',
    summary: 'Puestos, cada uno con su departamento',
    answer: z.array(jobPosition),
  }),
  colors: route({
    method: 'GET',
    path: '/color',
    access: { signedIn: lookup },
    tag: 'Catálogos',
    summary:
      'Colores para los tipos de cabina (hex sin #); available=1 omite los que ya usa otro tipo de cabina (salvo el de cabinTypeId)',
    query: colorQuery,
    answer: z.array(color),
  }),
  treatmentTypes: route({
    method: 'GET',
    path: '/treatment-type',
    access: { signedIn: lookup },
    tag: 'Catálogos',
    summary: 'Tipos de tratamiento',
    answer: z.array(treatmentType),
  }),
  productTypes: route({
    method: 'GET',
    path: '/product-type',
    access: { signedIn: lookup },
    tag: 'Catálogos',
    summary: 'Tipos de producto',
    answer: z.array(productType),
  }),
};
