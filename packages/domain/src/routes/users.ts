import { z } from 'zod';
import { BadRequest, Conflict, NotFound } from '../errors';
import { idParams, listOf, listQuery } from '../schemas/common';
import { attendanceEntry, attendanceQuery } from '../schemas/platform';
import { checkInBody, invitationSent } from '../schemas/auth';
import {
  createStaffBody,
  staffByRoleQuery,
  staffListItem,
  staffListQuery,
  staffOption,
  staffPhotoAnswer,
  staffRecord,
  updateStaffBody,
} from '../schemas/staff';
import { crudRoutes, publicImage, route, sortedBy } from './define';

/** Staff and their employee file (spec 000 §2–§7; issue 4): `/user…`. */

const tag = 'Personal';
const notFound = [404, NotFound.user] as const;

const sortable = [
  'id',
  'name',
  'lastName',
  'username',
  'employeeNumber',
  'branch',
  'role',
  'jobPosition',
  'status',
  'admissionDate',
  'createdAt',
] as const;

const crud = crudRoutes({
  path: 'user',
  resource: 'users',
  tag,
  noun: 'un empleado con su expediente',
  notFound: NotFound.user,
  record: staffRecord,
  // The list's own query (its status also takes activo/inactivo) replaces this one below.
  query: listQuery,
  create: createStaffBody,
  update: updateStaffBody,
  list: {
    sortable,
    defaultSort: 'id',
    searchable: ['fullName', 'name', 'lastName', 'motherLastName', 'username', 'employeeNumber'],
    defaultSearch: ['fullName', 'username', 'employeeNumber'],
  },
  filters:
    "filtros status (1|0|activo|inactivo), branchId, roleId; contract es 'Contrato N - DD-MM-AAAA' (N 'Final' para 4)",
  // A branch-fixed role naming another branch: 404 code 6, as if that branch did not exist.
  writeErrors: [
    [400, BadRequest.employeeNumberExists],
    [409, Conflict.userExists],
    [404, NotFound.branch],
  ],
});

/** Active staff of one role at a branch, for the agenda and the sales (any session). */
const staffOfRole = <const P extends string>(path: P, label: string) =>
  route({
    method: 'GET',
    path,
    access: { signedIn: 'la agenda y las ventas eligen a quien atiende' },
    tag,
    summary: `${label} activos, filtro branchId; los roles fijos a una sucursal ven solo la suya`,
    query: staffByRoleQuery,
    answer: z.array(staffOption),
  });

export const staffRoutes = {
  ...crud,
  list: route({
    ...crud.list,
    query: staffListQuery.extend({ field: sortedBy(listQuery, sortable).shape.field }),
    answer: listOf(staffListItem),
  }),
  get: route({
    ...crud.get,
    summary:
      'Un empleado con su expediente completo (404 código 4 si no existe o es de otra sucursal)',
  }),
  create: route({
    ...crud.create,
    summary:
      'Crear un empleado con su expediente. password y pin son opcionales: sin password la cuenta recibe una aleatoria y el empleado recibe por correo una invitación (enlace de un solo uso, válido 72 horas) para definir su contraseña y su PIN. Número de empleado repetido: 400 código 2; usuario repetido: 409 código 19; los roles Super Administrador y Logística Gerente solo los asigna el Super Administrador (403); un rol fijo a su sucursal que nombra otra: 404 código 6.',
  }),
  update: route({
    ...crud.update,
    summary:
      'Actualizar un empleado: los campos omitidos conservan su valor; una parte anidada enviada (domicilio, contactos, firmas…) reemplaza la guardada. Un password nuevo cierra las sesiones del empleado; un rol fijo a su sucursal que nombra otra: 404 código 6.',
  }),
  remove: route({
    ...crud.remove,
    summary: 'Eliminar (baja lógica) un empleado y su expediente; nadie se elimina a sí mismo',
  }),
  invite: route({
    method: 'POST',
    path: '/user/:id/invitation',
    access: {
      anyOf: [
        { resource: 'users', action: 'create' },
        { resource: 'users', action: 'edit' },
      ],
    },
    tag,
    summary:
      'Enviar de nuevo la invitación por correo: un enlace de un solo uso, válido 72 horas, para que el empleado defina su contraseña y su PIN; la anterior deja de valer. 404 código 4 si no existe o es de otra sucursal.',
    params: idParams,
    answer: invitationSent,
    errors: [notFound],
  }),
  // The spec writes these two with a trailing slash; the API also answers without it.
  doctors: staffOfRole('/user/doctors/', 'Médicos'),
  cosmetologists: staffOfRole('/user/cosmetologists/', 'Cosmetólogas'),
  uploadPhoto: route({
    method: 'POST',
    path: '/user/:id/photo',
    // The create form uploads the photo right after the save (spec 000 §2), so creating is enough
    // for a file without a photo yet; replacing one is an edit (checked in the service).
    access: {
      anyOf: [
        { resource: 'users', action: 'create' },
        { resource: 'users', action: 'edit' },
      ],
    },
    tag,
    summary:
      'Subir la foto (multipart, campo image): png, jpg, jpeg, webp o gif de menos de 1 MB; se revisa el contenido, no solo la extensión. Responde el nombre de la foto nueva. Requiere users:create o users:edit; reemplazar una foto existente requiere users:edit (403).',
    params: idParams,
    multipart: true,
    answer: staffPhotoAnswer,
    errors: [notFound],
  }),
  photo: publicImage('/user/photo/:name', tag, 'Foto original de un empleado'),
  thumbnail: publicImage(
    '/user/photo/thumbnail/:name',
    tag,
    'Miniatura (160 px, webp) de la foto de un empleado',
  ),
};

/** 'Registrar Entrada' and the attendance list managers read. */
export const attendanceRoutes = {
  checkIn: route({
    method: 'POST',
    path: '/user/checkin',
    access: {
      signedIn:
        'el equipo de la recepción registra a quien llega, y lo que prueba la identidad son el usuario y la contraseña del empleado, no el privilegio de quien tiene la sesión',
    },
    tag,
    summary:
      'Registrar la entrada de un empleado en la sucursal de la sesión (409 código 9: credenciales incorrectas; código 8: empleado de otra sucursal)',
    body: checkInBody,
    answer: attendanceEntry,
    status: 201,
    errors: [
      [409, Conflict.unauthorizedCheckIn],
      [409, Conflict.invalidCredentials],
      [429, 0],
    ],
  }),
  list: route({
    method: 'GET',
    path: '/user/checkin',
    access: { privilege: { resource: 'users', action: 'view' } },
    tag,
    summary: 'Registros de entrada: filtros branchId, userId, from, to (AAAA-MM-DD)',
    query: sortedBy(attendanceQuery, ['checkedInAt', 'id', 'name']),
    answer: listOf(attendanceEntry),
    list: {
      sortable: ['checkedInAt', 'id', 'name'],
      defaultSort: 'checkedInAt',
      searchable: ['name', 'lastName', 'username'],
      defaultSearch: ['name', 'lastName', 'username'],
    },
  }),
};
